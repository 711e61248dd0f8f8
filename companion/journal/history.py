"""The history queries: the games a journal holds, as the home screen, the history and the
statistics list them."""
from __future__ import annotations

from typing import Any

from companion.dates import sane_time
from companion.errors import JournalError
from companion.journal.base import JournalBase
from companion.journal.rows import GameEntry, PlayedRow, game_crc, game_entry, json_or_none
from companion.journal.schema import GAME_COLUMNS


class HistoryQueries(JournalBase):
    """Reads the games table; never writes."""

    def game(self, game_id: int) -> GameEntry:
        rows = self._read(f"SELECT {GAME_COLUMNS} FROM games WHERE id=?", (game_id,))
        if not rows:
            raise JournalError(f"{self.path}: no game #{game_id}", "damaged", self.path)
        return game_entry(rows[0])

    def unfinished(self) -> GameEntry | None:
        """The most recent game still being played, offered for resume."""
        rows = self._read(f"SELECT {GAME_COLUMNS} FROM games "
                          "WHERE status='playing' ORDER BY id DESC LIMIT 1")
        return game_entry(rows[0]) if rows else None

    def playing(self) -> list[GameEntry]:
        """Every game still marked as being played, newest first."""
        return [game_entry(r) for r in self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status='playing' ORDER BY id DESC")]

    def history(self, limit: int = 100) -> list[GameEntry]:
        """Finished games, newest first."""
        rows = self._read(f"SELECT {GAME_COLUMNS} FROM games WHERE status='finished' "
                          "ORDER BY finished DESC, id DESC LIMIT ?", (limit,))
        return [game_entry(r) for r in rows]

    def played(self) -> list["PlayedRow"]:
        """Every finished game with only what the statistics need, oldest first.

        The scores are read with SQLite's JSON functions (the stored summary can be
        large); each row's checksum is still checked: a damaged row comes back with
        ``damage`` set and no scores."""
        rows = self._read(
            "SELECT id, game, config, started, finished, status, result, crc, "
            "CASE WHEN json_valid(result) THEN "
            "json_extract(result, '$.scores.totals', '$.scores.winners', '$.summary.start_seat', "
            "'$.clock.seconds', '$.clock.thinking') END "
            "FROM games WHERE status='finished' ORDER BY finished, id")
        found = []
        for gid, game, config_text, started, finished, status, result_text, crc, picked in rows:
            values = json_or_none(picked)
            values = values if isinstance(values, list) and len(values) == 5 else [None] * 5
            totals, winners, start, seconds, thinking = values
            damage = ""
            if crc is not None and crc != game_crc(gid, game, config_text, status, result_text):
                damage = "its record was altered or damaged (checksum)"
            config = json_or_none(config_text)
            if not damage and not (isinstance(config, dict) and isinstance(totals, list)
                                   and isinstance(winners, list)):
                damage = "its set-up or result is not readable"
            found.append(PlayedRow(
                id=gid, game=str(game), config=config if isinstance(config, dict) else {},
                started=sane_time(started) or 0.0, finished=sane_time(finished) or 0.0,
                totals=tuple(totals) if isinstance(totals, list) and not damage else (),
                winners=tuple(winners) if isinstance(winners, list) and not damage else (),
                start_seat=start if isinstance(start, int) and not damage else None, damage=damage,
                clock_seconds=float(seconds) if _number(seconds) and not damage else None,
                thinking=tuple(float(t) for t in thinking) if isinstance(thinking, list) and not damage
                and all(_number(t) for t in thinking) else ()))
        return found

    def finished_mark(self) -> tuple[Any, ...]:
        """What changes whenever a game is finished, reopened, set aside or imported
        (to know when figures computed from :meth:`played` must be computed again)."""
        return tuple(self._read("SELECT COUNT(*), SUM(id), SUM(finished) FROM games "
                                "WHERE status='finished'")[0])  # read from the index alone

    def abandoned(self) -> list[GameEntry]:
        """Every game not finished (marked abandoned, or still marked as being played),
        newest first; games the players deleted (kept aside in the quarantine table)
        are not listed."""
        return [game_entry(r) for r in self._read(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ('abandoned', 'playing') AND id NOT IN "
            "(SELECT game_id FROM quarantine WHERE kind='game') ORDER BY started DESC, id DESC")]

    def latest_config(self, game: str, players: int) -> dict[str, Any] | None:
        """The config of the newest game of ``game`` with ``players`` players (any status):
        what the setup screen remembers of a copy of the game (its tiles, its fleets)."""
        rows = self._read("SELECT config FROM games WHERE game=? ORDER BY id DESC LIMIT 50", (game,))
        for (text,) in rows:
            config = json_or_none(text)
            if isinstance(config, dict) and len(config.get("players") or ()) == players:
                return config
        return None


def _number(value: Any) -> bool:
    """A stored count of seconds (not a boolean, not below zero)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0
