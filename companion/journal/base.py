"""The connection a journal holds and its low-level reads and writes, which the opening checks,
the history queries, quarantine and the store share."""
from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any, Sequence

from companion.errors import JournalError
from companion.messages import Text
from companion.journal.schema import DB_ERRORS, out_of_space, problem_of


class JournalBase:
    """What every part of :class:`~companion.journal.Journal` works on: the file, the
    connection, and one transaction per write."""

    path: Path
    read_only: bool
    notices: list[Text]
    _closed: bool
    _dirty: bool
    _lock_fd: int | None
    _previous_mark: list[str]
    _existed: bool
    _db: sqlite3.Connection | None
    #: held around every use of the connection: the journal's writer thread writes while the
    #: screen's thread may read (History) or write (a new game), one statement or
    #: transaction at a time, never one inside the other's transaction
    _using: threading.RLock

    @property
    def in_memory(self) -> bool:
        return str(self.path) == ":memory:"

    def _fail(self, exc: BaseException, doing: str) -> JournalError:
        problem = problem_of(exc)
        if problem == "io" and not self.in_memory and out_of_space(self.path):
            # a full disk often reaches us as SQLITE_IOERR (the shared-memory file or
            # the log could not grow), not SQLITE_FULL: call it what it is
            problem = "full"
        return JournalError(f"{self.path}: {doing} ({exc})", problem, self.path)

    def _write(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[sqlite3.Cursor]:
        """Run ``statements`` in one transaction, committed (and fsynced) on return."""
        if self.read_only:
            raise JournalError(f"{self.path}: opened read-only; nothing can be saved",
                               "readonly", self.path)
        assert self._db is not None
        try:
            with self._using, self._db:
                self._db.execute("BEGIN IMMEDIATE")
                cursors = [self._db.execute(sql, params) for sql, params in statements]
        except DB_ERRORS as exc:
            raise self._fail(exc, "write failed") from exc
        self._dirty = True
        return cursors

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        assert self._db is not None
        try:
            with self._using:
                return self._db.execute(sql, params).fetchall()
        except DB_ERRORS as exc:
            raise self._fail(exc, "read failed") from exc

    def _has_joined(self, table: str) -> bool:
        return "joined" in [row[1] for row in self._read(f"PRAGMA table_info({table})")]

    def _row_columns(self, table: str) -> str:
        """The columns of an event row as read (a version-1 journal opened read-only has no ``joined``)."""
        return "seq, kind, payload, crc, at, " + ("joined" if self._has_joined(table) else "0")
