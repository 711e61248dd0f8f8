"""The journal itself: one SQLite file holding every game played on this table; games
started, finished and reopened, and their events appended and read back."""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from companion.errors import JournalError
from companion.messages import Text
from companion.journal.history import HistoryQueries
from companion.journal.opening import Opening
from companion.journal.quarantine import Quarantine
from companion.journal.rows import LoadedEvents, NewEvent, check_rows, event_crc, sql_crc
from companion.journal.schema import (CLOCK_MARKS, COUNT_GAME_SQL, DB_ERRORS, NEXT_GAME_ID_SQL, EVENT_KINDS,
                                      GAME_CRC_SQL, GAMES_IMPORTED, SCHEMA, jump_row_ok)


class Journal(Opening, HistoryQueries, Quarantine):
    """One SQLite file holding every game played on this table.

    Its writes may come from another thread than the one that opened it (the journal's
    writer, :mod:`companion.journal.writer`): every use of the connection holds one lock,
    so a read or a write waits for the transaction in progress.  ``close()`` is safe to call twice; usable as a context manager.
    ``read_only=True`` opens without the lock and refuses every write (to
    look at the history of a journal that cannot be written).
    ``notices`` are texts for the screen about what was found on open.
    """

    def __init__(self, path: str | Path, read_only: bool = False):
        self.path = Path(path)
        self.read_only = read_only
        self.notices: list[Text] = []
        self._closed = False
        self._dirty = False
        self._lock_fd: int | None = None
        self._previous_mark: list[str] = []   # the lock file's mark, read on opening
        self._db: sqlite3.Connection | None = None
        self._using = threading.RLock()
        #: the clock every time written comes from (seconds since the epoch; tests put a fake one)
        self.now: Callable[[], float] = time.time
        #: the steady clock beside ``now`` (seconds from any start; a jump of ``now`` against it
        #: is the wall clock being set, not time played); None: ``time.monotonic`` beside the
        #: system's wall clock, and a ``now`` put in its place (tests, imports) is its own steady clock
        self.monotonic: Callable[[], float] | None = None
        try:
            if self.in_memory:
                self._db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
                self._db.create_function("tc_crc", 1, sql_crc, deterministic=True)
                self._db.executescript(SCHEMA)
                return
            if read_only:
                self._open_read_only()
            else:
                self._open()
        except BaseException:
            self.close()
            raise

    @classmethod
    def in_memory_journal(cls) -> "Journal":
        """A journal that keeps nothing (play without saving)."""
        return cls(":memory:")

    def close(self) -> None:
        with self._using:
            self._close()

    def _close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._db is not None:
            try:
                if self._dirty and not self.read_only:
                    self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except DB_ERRORS:
                pass  # the log stays; the next open replays it
            self._db.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # releases the flock
            self._lock_fd = None

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the main file and empty it."""
        if self.read_only or self.in_memory or self._db is None:
            return
        try:
            with self._using:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except DB_ERRORS as exc:
            raise self._fail(exc, "checkpoint failed") from exc
        self._dirty = False

    def copy_into(self, target: sqlite3.Connection) -> None:
        """Copy the whole journal into the database ``target`` (SQLite's online backup:
        one consistent snapshot of the file and its log)."""
        if self._db is None:
            raise JournalError(f"{self.path}: the journal is not open", "io", self.path)
        with self._using:
            self._db.backup(target)

    def checkpoint_if_dirty(self) -> bool:
        """Checkpoint when something was written since the last one (at idle)."""
        if not self._dirty:
            return False
        self.checkpoint()
        return True

    def start_game(self, game: str, config: dict[str, Any]) -> int:
        cur, _, _ = self._write([
            (f"INSERT INTO games (id, game, config, started) VALUES ({NEXT_GAME_ID_SQL}, ?, ?, ?)",
             (game, json.dumps(config, ensure_ascii=False), self.now())),
            (f"UPDATE games SET crc = {GAME_CRC_SQL} WHERE id = last_insert_rowid()", ()),
            (COUNT_GAME_SQL, ())])
        return _inserted_id(cur)

    def _finish_sql(self, game_id: int, result: dict[str, Any], at: float | None = None) -> tuple[str, Sequence[Any]]:
        return ("UPDATE games SET status='finished', finished=?, result=? WHERE id=?",
                (self.now() if at is None else at, json.dumps(result, ensure_ascii=False), game_id))

    @staticmethod
    def _reopen_sql(game_id: int) -> tuple[str, Sequence[Any]]:
        return ("UPDATE games SET status='playing', finished=NULL, result=NULL WHERE id=?",
                (game_id,))

    @staticmethod
    def _crc_sql(game_id: int) -> tuple[str, Sequence[Any]]:
        return (f"UPDATE games SET crc = {GAME_CRC_SQL} WHERE id=?", (game_id,))

    def finish_game(self, game_id: int, result: dict[str, Any]) -> None:
        self._write([self._finish_sql(game_id, result), self._crc_sql(game_id)])
        self.checkpoint()

    def reopen_game(self, game_id: int) -> None:
        """A finished game became unfinished again (its last action was undone)."""
        self._write([self._reopen_sql(game_id), self._crc_sql(game_id)])

    def abandon_game(self, game_id: int) -> None:
        self._write([("UPDATE games SET status='abandoned', finished=? WHERE id=?",
                      (self.now(), game_id)), self._crc_sql(game_id)])

    def add_played_game(self, game: str, config: dict[str, Any], started: float,
                        finished: float | None, status: str, result: dict[str, Any] | None,
                        actions: Sequence[dict[str, Any]]) -> int:
        """Add a whole game played elsewhere (an imported record) in one transaction,
        keeping its dates; returns its id.  Its number is noted in meta (``games_imported``):
        a venue is never told of it, it was not played at this table tonight."""
        if status not in ("playing", "finished", "abandoned"):
            raise ValueError(f"unknown game status {status!r}")
        assert self._db is not None
        if self.read_only:
            self._write([])  # raises
        try:
            with self._using, self._db:
                self._db.execute("BEGIN IMMEDIATE")
                cur = self._db.execute(
                    "INSERT INTO games (id, game, config, started, finished, status, result) "
                    f"VALUES ({NEXT_GAME_ID_SQL},?,?,?,?,?,?)",
                    (game, json.dumps(config, ensure_ascii=False), started, finished, status,
                     None if result is None else json.dumps(result, ensure_ascii=False)))
                game_id = _inserted_id(cur)
                self._db.execute(*self._crc_sql(game_id))
                self._db.execute(COUNT_GAME_SQL)
                self._db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) "
                                 "DO UPDATE SET value = value || ',' || excluded.value",
                                 (GAMES_IMPORTED, str(game_id)))
                for seq, action in enumerate(actions):
                    text = json.dumps(action, ensure_ascii=False, sort_keys=True)
                    self._db.execute(
                        "INSERT INTO events (game_id, seq, kind, payload, crc, at) "
                        "VALUES (?,?,?,?,?,?)",
                        (game_id, seq, "do", text, event_crc(game_id, seq, "do", text),
                         finished or started))
        except DB_ERRORS as exc:
            raise self._fail(exc, "write failed") from exc
        self._dirty = True
        return game_id

    def append(self, game_id: int, kind: str, payload: dict[str, Any] | None = None, *,
               finish: dict[str, Any] | None = None, reopen: bool = False) -> int:
        """Write one event durably and return its sequence number.

        ``finish`` (the result) marks the game finished and ``reopen`` marks it
        played again, in the same transaction as the event."""
        return self.append_many(game_id, [NewEvent(kind, payload, finish, reopen)])[0]

    def append_many(self, game_id: int, events: Sequence[NewEvent]) -> list[int]:
        """Write ``events`` (one player's action: a card drawn and what it was, a
        turn undone) in one transaction: after a kill or a power cut either all of
        them are in the journal or none is.  Returns their sequence numbers."""
        for event in events:
            if event.kind not in EVENT_KINDS:
                raise ValueError(f"unknown journal event kind {event.kind!r}")
            if event.joined and event.kind != "do":
                raise ValueError(f"only an action can be joined to the one before, not {event.kind!r}")
        if not events:
            return []
        if self.read_only:
            self._write([])  # raises
        assert self._db is not None
        seqs: list[int] = []
        try:
            with self._using, self._db:
                self._db.execute("BEGIN IMMEDIATE")
                row = self._db.execute(
                    "SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE game_id=?",
                    (game_id,)).fetchone()
                for seq, event in enumerate(events, start=int(row[0])):
                    self._insert_event(game_id, seq, event)
                    seqs.append(seq)
        except DB_ERRORS as exc:
            raise self._fail(exc, "write failed") from exc
        self._dirty = True
        self._mark(game_id, seqs[-1])
        if any(event.finish is not None for event in events):
            try:
                self.checkpoint()
            except JournalError:
                pass  # the game is saved in the log; the next checkpoint will do
        return seqs

    def _insert_event(self, game_id: int, seq: int, event: NewEvent) -> None:
        """One event row, and the game's finish or reopening with it (transaction open)."""
        assert self._db is not None
        text = None if event.payload is None else json.dumps(event.payload, ensure_ascii=False,
                                                               sort_keys=True)
        at = self.now() if event.at is None else event.at
        self._db.execute(
            "INSERT INTO events (game_id, seq, kind, payload, crc, at, joined) VALUES (?,?,?,?,?,?,?)",
            (game_id, seq, event.kind, text, event_crc(game_id, seq, event.kind, text, event.joined),
             at, int(event.joined)))
        if event.finish is not None:
            self._db.execute(*self._finish_sql(game_id, event.finish, at))
        if event.reopen:
            self._db.execute(*self._reopen_sql(game_id))
        if event.finish is not None or event.reopen:
            self._db.execute(*self._crc_sql(game_id))

    def add_clock_mark(self, game_id: int, kind: str, at: float) -> None:
        """Keep one of the game clock's marks (:class:`companion.clock.Mark`: a pause or
        resume by a tap, the table left or shown again)."""
        self._write([("INSERT INTO clock (game_id, at, kind) VALUES (?,?,?)", (game_id, at, kind))])

    def clock_marks(self, game_id: int) -> tuple[tuple[float, str], ...]:
        """A game's clock marks as (time, kind), in the order they were made; none from a file
        that predates them (read-only) and rows that are not readable marks are left out."""
        try:
            rows = self._read("SELECT at, kind FROM clock WHERE game_id=? ORDER BY rowid", (game_id,))
        except JournalError as exc:
            if exc.problem != "damaged" or not self.read_only:
                raise
            return ()
        return tuple((float(at), str(kind)) for at, kind in rows
                     if isinstance(at, (int, float)) and kind in CLOCK_MARKS)

    def steady(self) -> float:
        """The steady clock's reading (seconds; see :attr:`monotonic`)."""
        if self.monotonic is not None:
            return self.monotonic()
        return time.monotonic() if self.now is time.time else self.now()

    def add_clock_jump(self, game_id: int, at: float, skipped: float, ticks: int, marks: int) -> None:
        """Keep a jump of the wall clock during a game (:class:`companion.clock.Jump`)."""
        self._write([("INSERT INTO clock_jumps (game_id, at, skipped, ticks, marks) VALUES (?,?,?,?,?)",
                      (game_id, at, skipped, ticks, marks))])

    def clock_jumps(self, game_id: int) -> tuple[tuple[float, float, int, int], ...]:
        """A game's wall clock jumps as (time after, seconds skipped, ticks before, marks
        before), in the order they were seen; none from a file that predates them (read-only)
        and rows that do not read as jumps are left out."""
        try:
            rows = self._read("SELECT at, skipped, ticks, marks FROM clock_jumps WHERE game_id=? ORDER BY rowid",
                              (game_id,))
        except JournalError as exc:
            if exc.problem != "damaged" or not self.read_only:
                raise
            return ()
        return tuple((float(at), float(skipped), int(ticks), int(marks)) for at, skipped, ticks, marks in rows
                     if jump_row_ok((at, skipped, ticks, marks)))

    def events(self, game_id: int) -> LoadedEvents:
        """Every whole event of a game in order; stops at the first damaged row
        (a row that fails its checks, or a part of the file SQLite cannot read)."""
        return check_rows(game_id, *self._raw_rows(game_id))

    def _raw_rows(self, game_id: int) -> tuple[list[tuple], str]:
        """A game's rows as stored, and why the rest cannot be read ("" when all could)."""
        try:
            return self._read(f"SELECT {self._row_columns('events')} FROM events "
                              "WHERE game_id=? ORDER BY seq", (game_id,)), ""
        except JournalError as exc:
            if exc.problem != "damaged":
                raise
            return self._rows_one_by_one(game_id)

    def _rows_one_by_one(self, game_id: int) -> tuple[list[tuple], str]:
        """The readable prefix of a game's rows when a page of the file is damaged."""
        rows: list[tuple] = []
        while True:
            try:
                found = self._read(f"SELECT {self._row_columns('events')} FROM events "
                                   "WHERE game_id=? AND seq=?", (game_id, len(rows)))
            except JournalError as exc:
                return rows, f"cannot be read ({exc})"
            if not found:
                return rows, ""
            rows.append(found[0])


def _inserted_id(cur: sqlite3.Cursor) -> int:
    """The id of the row ``cur`` has just inserted."""
    assert cur.lastrowid is not None   # every INSERT sets it
    return cur.lastrowid
