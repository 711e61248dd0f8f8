"""Statistics over the finished games of the journal: players across games,
head-to-head, per game; filtered by game and by period.

Players are people: the same name (spaces around it ignored) is the same person
in every game.  :class:`PlayerNames` renames or merges them (kept in
``players.json`` in the data folder), without touching the journal.

Everything here works on :class:`Play` values (one finished game, read once with
:meth:`companion.journal.Journal.played`), so it works for every registered game
without importing any engine.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from companion.messages import N_
from companion.inputs import read_bounded_text, reason_of
from companion.journal import PlayedRow
from companion.match import Match, match_in_options

#: periods the history screen offers: name -> seconds back from now (None: all time)
PERIODS: dict[str, float | None] = {"all": None, "year": 365 * 86400.0, "month": 30 * 86400.0,
                                    "week": 7 * 86400.0}
#: what the screen calls them
PERIOD_LABELS = {"all": N_("All time"), "year": N_("Last 12 months"), "month": N_("Last 30 days"),
                 "week": N_("Last 7 days")}
PLAYERS_FILE = "players.json"
#: the largest players.json read (a name is a few words; thousands of renames fit in 1 MB)
MAX_NAMES_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Play:
    """One finished game: names by seat (merged/renamed), totals, winning seats."""

    id: int
    game: str
    names: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    started: float
    finished: float
    start_seat: int | None = None
    #: the match this game belongs to (several games added together), if any
    match: Match | None = None
    #: seconds of the game clock (first move to last, pauses left out), when it was kept
    clock_seconds: float | None = None
    #: each seat's thinking seconds, when the game clock kept them
    thinking: tuple[float, ...] = ()

    @property
    def duration(self) -> float:
        """Seconds of play: the game clock's, else from set-up to the last move."""
        if self.clock_seconds is not None:
            return self.clock_seconds
        return max(0.0, self.finished - self.started)

    def margin(self, seat: int) -> int:
        """``seat``'s total minus the best total of the others (positive when ahead)."""
        if len(self.totals) < 2:
            return 0
        first, second = self._top_two
        return self.totals[seat] - (second if self.totals[seat] == first else first)

    @cached_property
    def _top_two(self) -> tuple[int, int]:
        ordered = sorted(self.totals, reverse=True)
        return ordered[0], ordered[1]


class PlayerNames:
    """Renames and merges: ``aliases`` maps a name as typed at set-up to the person's
    name.  Saved as JSON; a file that cannot be read is reported in ``problem`` and
    left as it is.  When the players change a name while it is unreadable, it is
    first set aside (``players.json.damaged-<time>``, named in ``set_aside``), never
    overwritten."""

    def __init__(self, aliases: dict[str, str] | None = None, path: Path | None = None):
        self.aliases: dict[str, str] = dict(aliases or {})
        self.path = path
        self.problem = ""
        self.set_aside: Path | None = None

    @classmethod
    def load(cls, data_dir: Path) -> "PlayerNames":
        path = Path(data_dir) / PLAYERS_FILE
        names = cls(path=path)
        try:
            data = json.loads(read_bounded_text(path, MAX_NAMES_BYTES))
        except FileNotFoundError:
            return names
        except (OSError, ValueError) as exc:   # InputError (a FIFO, too large), not UTF-8, not JSON
            names.problem = f"{path}: cannot be read ({reason_of(exc)}); names are shown as typed"
            return names
        except RecursionError:
            names.problem = f"{path}: cannot be read (nested too deeply); names are shown as typed"
            return names
        aliases = data.get("aliases") if isinstance(data, dict) else None
        if not isinstance(aliases, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in aliases.items()):
            names.problem = f"{path}: 'aliases' must map names to names; names are shown as typed"
            return names
        names.aliases = dict(aliases)
        return names

    def person(self, name: str) -> str:
        """Who ``name`` is (follows renames of renames; a loop stops where it started)."""
        name = name.strip()
        seen = {name}
        while name in self.aliases and self.aliases[name] not in seen:
            name = self.aliases[name].strip()
            seen.add(name)
        return name

    def rename(self, old: str, new: str) -> None:
        """``old`` is now called ``new``; when ``new`` is someone already known, the two
        are merged.  Saved at once (OSError when it cannot be)."""
        old, new = self.person(old), new.strip()
        if not new or old == new:
            return
        for name, target in list(self.aliases.items()):
            if self.person(target) == old:
                self.aliases[name] = new
        self.aliases[old] = new
        self.aliases.pop(new, None)
        self.save()

    def save(self) -> None:
        if self.path is None:
            return
        if self.problem and self.path.exists():
            stamp = time.strftime("%Y%m%d-%H%M%S")
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
            os.replace(self.path, aside)
            self.set_aside = aside
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps({"aliases": self.aliases}, ensure_ascii=False, indent=1),
                       encoding="utf-8")
        os.replace(tmp, self.path)
        self.problem = ""


def plays_from_rows(rows: Iterable[PlayedRow], names: PlayerNames | None = None) -> list[Play]:
    """The readable finished games (damaged rows are left out: the history lists them)."""
    names = names or PlayerNames()
    found = []
    for row in rows:
        players = row.config.get("players")
        if row.damage or not isinstance(players, list):
            continue
        seats = [p.get("name") if isinstance(p, dict) else None for p in players]
        named = [s for s in seats if isinstance(s, str)]
        totals = row.totals
        if len(totals) != len(seats) or len(named) != len(seats) \
                or not all(isinstance(t, int) and not isinstance(t, bool) for t in totals):
            continue
        winners = tuple(w for w in row.winners if isinstance(w, int) and 0 <= w < len(seats))
        start = row.start_seat if row.start_seat is not None and 0 <= row.start_seat < len(seats) \
            else None
        options = row.config.get("options")
        match = match_in_options(options, tuple(totals)) if isinstance(options, dict) else None
        found.append(Play(row.id, row.game, tuple(names.person(s) for s in named), tuple(totals),
                          winners, row.started, row.finished, start, match, row.clock_seconds,
                          row.thinking if len(row.thinking) == len(seats) else ()))
    return found


@dataclass(frozen=True)
class KnownPlayer:
    """A person from History as set-up offers them: their name and usual colour."""

    name: str
    colour: str


def known_players(rows: Iterable[PlayedRow], names: PlayerNames | None = None,
                  leave_out: Callable[[str], bool] | None = None) -> list[KnownPlayer]:
    """The people of the finished games (renames and merges of ``players.json``
    applied), the most recent first, each with the colour they played most often
    (a tie: the latest).  Damaged rows and seats without a name are skipped; so are
    names ``leave_out`` rejects (e.g. default names such as "Player 2")."""
    names = names or PlayerNames()
    last: dict[str, tuple[float, int, int]] = {}   # (finished, game id, -seat): one game in seat order
    colours: dict[str, dict[str, tuple[int, float]]] = {}
    for row in rows:
        players = row.config.get("players")
        if row.damage or not isinstance(players, list):
            continue
        for seat, player in enumerate(players):
            name = player.get("name") if isinstance(player, dict) else None
            if not isinstance(name, str) or not name.strip():
                continue
            person = names.person(name)
            if leave_out is not None and leave_out(person):
                continue
            when = (row.finished, row.id, -seat)
            last[person] = max(last.get(person, when), when)
            colour = player.get("colour")
            if isinstance(colour, str) and colour.strip():
                count, latest = colours.setdefault(person, {}).get(colour, (0, 0.0))
                colours[person][colour] = (count + 1, max(latest, row.finished))
    ordered = sorted(last, key=lambda p: last[p], reverse=True)
    return [KnownPlayer(p, max(colours[p], key=lambda c: colours[p][c]) if p in colours else "")
            for p in ordered]


def select(plays: Iterable[Play], game: str | None = None, period: str = "all",
           now: float | None = None) -> list[Play]:
    """The plays of ``game`` (None: every game) finished within ``period`` (see PERIODS)."""
    back = PERIODS[period]
    since = None if back is None else (time.time() if now is None else now) - back
    return [p for p in plays if (game is None or p.game == game)
            and (since is None or p.finished >= since)]


@dataclass(frozen=True)
class PlayerStats:
    name: str
    plays: int
    wins: int
    average: float
    best: int
    average_margin: float
    last_played: float
    #: seconds of thinking a game on average, over the games whose clock kept it (None: none did)
    thinking: float | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


def _player_stats(name: str, entries: Sequence[tuple[Play, int]]) -> PlayerStats:
    wins = total = margins = 0
    best = None
    last = 0.0
    for play, seat in entries:
        score = play.totals[seat]
        total += score
        best = score if best is None or score > best else best
        wins += seat in play.winners
        margins += play.margin(seat)
        last = max(last, play.finished)
    timed = [play.thinking[seat] for play, seat in entries if seat < len(play.thinking)]
    return PlayerStats(name=name, plays=len(entries), wins=wins, average=total / len(entries),
                       best=best if best is not None else 0, average_margin=margins / len(entries),
                       last_played=last, thinking=sum(timed) / len(timed) if timed else None)


def _seats_by_person(plays: Iterable[Play]) -> dict[str, list[tuple[Play, int]]]:
    found: dict[str, list[tuple[Play, int]]] = {}
    for play in plays:
        for seat, name in enumerate(play.names):
            found.setdefault(name, []).append((play, seat))
    return found


def players(plays: Iterable[Play]) -> list[PlayerStats]:
    """Every person's figures, most plays first (then most wins, then name)."""
    found = [_player_stats(name, entries) for name, entries in _seats_by_person(plays).items()]
    return sorted(found, key=lambda s: (-s.plays, -s.wins, s.name))


def most_wins(plays: Iterable[Play], count: int = 3) -> list[PlayerStats]:
    """The ``count`` people with the most wins, most first (fewer plays first among equal
    wins, then by name), and everyone tied with the last of them: nobody with as many wins
    as someone shown is left out."""
    ranked = sorted(players(plays), key=lambda s: (-s.wins, s.plays, s.name))
    if len(ranked) <= count:
        return ranked
    last = ranked[count - 1].wins
    return [s for s in ranked if s.wins >= last]


def played_with(plays: Iterable[Play], name: str) -> list[str]:
    """Everyone who played at least one game with ``name``, most games together first."""
    together: dict[str, int] = {}
    for play in plays:
        if name in play.names:
            for other in set(play.names) - {name}:
                together[other] = together.get(other, 0) + 1
    return sorted(together, key=lambda other: (-together[other], other))


def player(plays: Iterable[Play], name: str) -> tuple[PlayerStats | None, dict[str, PlayerStats]]:
    """One person's figures over ``plays``, and per game (by machine name)."""
    entries = [(p, p.names.index(name)) for p in plays if name in p.names]
    if not entries:
        return None, {}
    by_game: dict[str, list[tuple[Play, int]]] = {}
    for play, seat in entries:
        by_game.setdefault(play.game, []).append((play, seat))
    return _player_stats(name, entries), {g: _player_stats(name, e) for g, e in sorted(by_game.items())}


@dataclass(frozen=True)
class HeadToHead:
    """Two people over the games they both played: who finished ahead of the other."""

    first: str
    second: str
    together: int
    first_ahead: int
    second_ahead: int
    first_wins: int
    second_wins: int
    first_average: float
    second_average: float

    @property
    def level(self) -> int:
        return self.together - self.first_ahead - self.second_ahead


def head_to_head(plays: Iterable[Play], first: str, second: str) -> HeadToHead:
    together = [p for p in plays if first in p.names and second in p.names]
    ahead = [0, 0]
    wins = [0, 0]
    scores: list[list[int]] = [[], []]
    for play in together:
        seats = (play.names.index(first), play.names.index(second))
        totals = [play.totals[s] for s in seats]
        for i, seat in enumerate(seats):
            scores[i].append(totals[i])
            wins[i] += seat in play.winners
        if totals[0] != totals[1]:
            ahead[0 if totals[0] > totals[1] else 1] += 1
        elif (seats[0] in play.winners) != (seats[1] in play.winners):  # a tie-breaker decided
            ahead[0 if seats[0] in play.winners else 1] += 1

    def mean(values: list[int]) -> float:
        return sum(values) / len(values) if values else 0.0

    return HeadToHead(first, second, len(together), ahead[0], ahead[1], wins[0], wins[1],
                      mean(scores[0]), mean(scores[1]))


@dataclass(frozen=True)
class GameStats:
    game: str
    plays: int
    average_winning_score: float
    average_duration: float          # seconds
    start_seat_plays: int            # plays whose start seat is known
    start_seat_wins: int

    @property
    def start_seat_win_rate(self) -> float | None:
        """The share of plays the start seat won; None when no play says who started."""
        return self.start_seat_wins / self.start_seat_plays if self.start_seat_plays else None


def games(plays: Iterable[Play]) -> list[GameStats]:
    """Figures per game, most played first."""
    by_game: dict[str, list[Play]] = {}
    for play in plays:
        by_game.setdefault(play.game, []).append(play)
    found = []
    for game, entries in by_game.items():
        best = [max(p.totals) for p in entries if p.totals]
        known = [p for p in entries if p.start_seat is not None]
        found.append(GameStats(
            game=game, plays=len(entries),
            average_winning_score=sum(best) / len(best) if best else 0.0,
            average_duration=sum(p.duration for p in entries) / len(entries),
            start_seat_plays=len(known),
            start_seat_wins=sum(1 for p in known if p.start_seat in p.winners)))
    return sorted(found, key=lambda s: (-s.plays, s.game))


def as_dict(value: Any) -> dict[str, Any]:
    """A stats value as JSON-able data (for ``companion stats`` and the tests)."""
    from dataclasses import asdict

    data = asdict(value)
    for name in ("win_rate", "start_seat_win_rate", "level"):
        if hasattr(value, name):   # the computed properties this stats type has (not fields)
            data[name] = getattr(value, name)   # serialisation, by name
    return data
