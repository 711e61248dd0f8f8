"""Quarantine: rows set aside (never deleted) when they are damaged or no longer replay, and
games the players set aside; listed, restored and exported from here."""
from __future__ import annotations

import json
import time
from typing import Any

from companion.errors import JournalError
from companion.journal.base import JournalBase
from companion.journal.rows import LoadedEvents, QuarantinedEvent, check_rows, sql_crc
from companion.journal.schema import GAME_COLUMNS


class Quarantine(JournalBase):
    """Moves rows between the events and the quarantine tables, in one transaction each."""

    def set_aside_game(self, game_id: int, reason: str) -> int:
        """"Delete" a game the players no longer want: its events move to the quarantine
        table with a copy of its games row (kind ``game``), all kept in the file; it is no
        longer listed.  Returns how many events were set aside."""
        row = self._read(f"SELECT {GAME_COLUMNS} FROM games WHERE id=?", (game_id,))
        if not row:
            raise JournalError(f"{self.path}: no game #{game_id}", "damaged", self.path)
        copy = json.dumps(dict(zip(GAME_COLUMNS.split(", "), row[0])), ensure_ascii=False)
        batch = time.time()
        cursors = self._write([
            ("INSERT INTO quarantine (game_id, seq, kind, payload, crc, at, reason, batch, joined) "
             "SELECT game_id, seq, kind, payload, crc, at, ?, ?, joined FROM events "
             "WHERE game_id=? ORDER BY seq", (reason, batch, game_id)),
            ("DELETE FROM events WHERE game_id=?", (game_id,)),
            ("INSERT INTO quarantine (game_id, seq, kind, payload, crc, at, reason, batch) "
             "VALUES (?, NULL, 'game', ?, ?, ?, ?, ?)",
             (game_id, copy, sql_crc(copy), batch, reason, batch)),
        ])
        return cursors[0].rowcount

    def quarantine(self, game_id: int, from_seq: int, reason: str) -> int:
        """Move the events from ``from_seq`` on out of the game into the
        quarantine table (kept in the file); returns how many were moved."""
        batch = time.time()
        cursors = self._write([
            ("INSERT INTO quarantine (game_id, seq, kind, payload, crc, at, reason, batch, joined) "
             "SELECT game_id, seq, kind, payload, crc, at, ?, ?, joined FROM events "
             "WHERE game_id=? AND seq>=? ORDER BY seq", (reason, batch, game_id, from_seq)),
            ("DELETE FROM events WHERE game_id=? AND seq>=?", (game_id, from_seq)),
            # the next moves take these numbers again: the venue has not heard of them yet
            ("DELETE FROM published WHERE game_id=? AND seq>=?", (game_id, from_seq)),
        ])
        return cursors[0].rowcount

    def quarantined(self, game_id: int | None = None) -> list[QuarantinedEvent]:
        """Rows set aside by recovery (of one game, or all), oldest batch first."""
        where, params = ("WHERE game_id=?", (game_id,)) if game_id is not None else ("", ())
        rows = self._read("SELECT game_id, seq, kind, payload, at, reason, batch FROM quarantine "
                          f"{where} ORDER BY batch, id", params)
        return [QuarantinedEvent(*row) for row in rows]

    def quarantined_events(self, game_id: int, batch: float) -> LoadedEvents:
        """A quarantined batch as events (checked like the journal's own rows)."""
        rows = self._read(f"SELECT {self._row_columns('quarantine')} FROM quarantine "
                          "WHERE game_id=? AND batch=? ORDER BY id", (game_id, batch))
        first = rows[0][0] if rows else 0
        return check_rows(game_id, rows, "", first=first if isinstance(first, int) else 0)

    def restore_quarantine(self, game_id: int, batch: float) -> int:
        """Put a quarantined batch back into the game (it applies again)."""
        cursors = self._write([
            ("INSERT INTO events (game_id, seq, kind, payload, crc, at, joined) "
             "SELECT game_id, seq, kind, payload, crc, at, joined FROM quarantine "
             "WHERE game_id=? AND batch=? ORDER BY id", (game_id, batch)),
            ("DELETE FROM quarantine WHERE game_id=? AND batch=?", (game_id, batch)),
        ])
        return cursors[0].rowcount

    def export_quarantine(self) -> list[dict[str, Any]]:
        """Every quarantined row as JSON-safe data (``companion journal`` prints it)."""
        return [{"game_id": q.game_id, "seq": q.seq, "kind": q.kind, "payload": q.payload,
                 "at": q.at, "reason": q.reason, "set_aside": q.batch}
                for q in self.quarantined()]
