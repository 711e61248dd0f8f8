"""The crash-safe game journal: SQLite in WAL mode with ``synchronous=FULL``.

Every confirmed action, undo and redo is one row written in its own
transaction *before* anything shows it; the move that ends a game marks the
game finished in the same transaction.  A row carries a CRC of its content,
so a damaged tail (a torn write, a disk that lied, a hand-edited file) is
found on load.  Nothing is ever deleted to recover: a damaged or no longer
replayable tail is moved to the ``quarantine`` table (kept in the file,
listed by :meth:`Journal.quarantined`, restored when it applies again).

Only one process may use a journal: an exclusive ``flock`` on
``journal.sqlite3.lock`` (holding the owner's pid) is taken on open.  Before
SQLite reads the write-ahead log after an unclean stop, :mod:`companion.wal`
checks it: SQLite silently drops every transaction after a damaged frame, so
the damage is reported and a copy of the log is kept aside.  The log is
checkpointed into the main file after each finished game, at idle
(:meth:`Journal.checkpoint_if_dirty`) and on close, so a copy of
``journal.sqlite3`` alone holds (nearly) everything.

Every failure is a :class:`JournalError` whose ``problem`` says what kind
(``damaged``, ``newer``, ``readonly``, ``full``, ``busy``, ``io``), so the
app can tell the players what to do.

Schema (``PRAGMA user_version = 2``; the quarantine table, the index and the
games' ``crc`` were added in version 1 without changing it, older versions ignore them)::

    games(id, game, config JSON, started, finished, status, result JSON, crc)
    events(game_id, seq, kind in {do, undo, redo}, payload JSON, crc, at, joined)
    quarantine(id, game_id, seq, kind, payload, crc, at, reason, batch, joined)

Version 2 added ``joined`` (1 on a ``do`` confirmed together with the ``do``
before it: the steps of one camera proposal, undone and redone as one player
action; part of the row's crc when set).  A version-1 journal gets the columns,
all 0, when it is opened for writing; read-only, it is read as it is.  Version-1
programs refuse a version-2 journal ("written by a newer version") rather than
take a joined row's checksum for damage.
"""
from __future__ import annotations

import errno
import fcntl
import json
import logging
import os
import shutil
import sqlite3
import tempfile
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from companion.dates import sane_time
from companion.errors import JournalError
from companion.i18n import Text
from companion.wal import check_wal

SCHEMA_VERSION = 2
EVENT_KINDS = ("do", "undo", "redo")
PROBLEMS = ("damaged", "newer", "readonly", "full", "busy", "io")
log = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,
    game     TEXT NOT NULL,
    config   TEXT NOT NULL,
    started  REAL NOT NULL,
    finished REAL,
    status   TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished', 'abandoned')),
    result   TEXT,
    crc      INTEGER
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    kind    TEXT NOT NULL,
    payload TEXT,
    crc     INTEGER NOT NULL,
    at      REAL NOT NULL,
    joined  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS quarantine (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    seq     INTEGER,
    kind    TEXT,
    payload TEXT,
    crc     INTEGER,
    at      REAL,
    reason  TEXT NOT NULL,
    batch   REAL NOT NULL,
    joined  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_by_status ON games(status, finished, id);
"""

_GAME_COLUMNS = "id, game, config, started, finished, status, result, crc"
#: a games row's checksum, computed by SQLite with the function below in the
#: same statement that changes the row (older rows without one are not checked)
_GAME_CRC = "tc_crc(id || '|' || game || '|' || config || '|' || status || '|' || COALESCE(result, ''))"
#: what a damaged file can make sqlite3 raise besides sqlite3.Error (text that
#: is not UTF-8, numbers out of range)
_DB_ERRORS = (sqlite3.Error, UnicodeDecodeError, OverflowError, MemoryError)
#: the columns every version's tables have (crc and joined came later)
_COLUMNS = {"games": ("id", "game", "config", "started", "finished", "status", "result"),
            "events": ("game_id", "seq", "kind", "payload", "crc", "at"),
            "quarantine": ("id", "game_id", "seq", "kind", "payload", "crc", "at", "reason", "batch")}
#: the high-water mark in the lock file: "pid game_id seq", fixed width
_MARK_WIDTH = 80


@dataclass(frozen=True)
class JournalEvent:
    """One journal row: ``kind`` is do/undo/redo; ``payload`` the action dict for do;
    ``joined``: a do confirmed together with the do before it (one player action)."""

    seq: int
    kind: str
    payload: dict[str, Any] | None
    at: float
    joined: bool = False


@dataclass(frozen=True)
class NewEvent:
    """An event to write (:meth:`Journal.append_many`): ``finish`` (the result) marks
    the game finished, ``reopen`` marks it played again, with the event; ``joined``
    (a do only): one more step of the player action begun by the do before."""

    kind: str
    payload: dict[str, Any] | None = None
    finish: dict[str, Any] | None = None
    reopen: bool = False
    joined: bool = False


@dataclass(frozen=True)
class QuarantinedEvent:
    """A row set aside by recovery: kept in the file, never deleted.

    ``payload`` is the row's text as it was stored (it may not be JSON)."""

    game_id: int
    seq: Any
    kind: Any
    payload: Any
    at: Any
    reason: str
    batch: float


@dataclass(frozen=True)
class GameEntry:
    """A game as listed on the home screen (resume and history).

    ``damage`` says why the stored config or result could not be read (they
    are then empty); such an entry is listed but cannot be resumed."""

    id: int
    game: str
    config: dict[str, Any]
    started: float
    finished: float | None
    status: str
    result: dict[str, Any] | None
    damage: str = ""


@dataclass(frozen=True)
class PlayedRow:
    """A finished game as the statistics read it (:meth:`Journal.played`): seat
    ``totals`` and ``winners`` from its result, ``start_seat`` when the game's
    summary names it; ``damage`` says why a row has no scores."""

    id: int
    game: str
    config: dict[str, Any]
    started: float
    finished: float
    totals: tuple[Any, ...]
    winners: tuple[Any, ...]
    start_seat: int | None = None
    damage: str = ""


@dataclass(frozen=True)
class LoadedEvents:
    """The whole events of a game, and what was damaged at the tail."""

    events: tuple[JournalEvent, ...]
    damaged_from: int | None = None   # seq of the first damaged row, if any
    damage: str = ""


def event_crc(game_id: int, seq: int, kind: str, payload: str | None, joined: bool = False) -> int:
    """A row's checksum; ``joined`` counts only when set, so version-1 rows keep theirs."""
    mark = "|joined" if joined else ""
    return zlib.crc32(f"{game_id}|{seq}|{kind}|{payload or ''}{mark}".encode("utf-8"))


def game_crc(game_id: Any, game: Any, config: Any, status: Any, result: Any) -> int:
    """The checksum of a games row (what :data:`_GAME_CRC` computes in SQL)."""
    return zlib.crc32(f"{game_id}|{game}|{config}|{status}|{result or ''}".encode("utf-8"))


def _sql_crc(text: Any) -> int | None:
    return None if text is None else zlib.crc32(str(text).encode("utf-8"))


#: free space (bytes) below which an I/O error is taken for a full disk: SQLite's
#: shared-memory file grows by 32 KiB and a write needs a few pages of log
LOW_SPACE_BYTES = 128 * 1024


def out_of_space(path: Path) -> bool:
    """True when the filesystem holding ``path`` (or its nearest existing folder) has
    less than :data:`LOW_SPACE_BYTES` free (False when it cannot be measured)."""
    for folder in (path, *path.parents):
        try:
            return shutil.disk_usage(folder).free < LOW_SPACE_BYTES
        except OSError:
            continue
    return False


def problem_of(exc: BaseException) -> str:
    """The kind of a storage failure (one of :data:`PROBLEMS`)."""
    if isinstance(exc, JournalError):
        return exc.problem
    if isinstance(exc, OSError) and not isinstance(exc, BlockingIOError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return "full"
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return "readonly"
        return "io"
    if isinstance(exc, (UnicodeDecodeError, OverflowError)):
        return "damaged"
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc).lower()
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return "full"
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return "readonly"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text \
            or "not a database" in text or "could not decode to utf-8" in text \
            or "no such table" in text or "no such column" in text:   # the journal's own tables
        return "damaged"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return "busy"
    return "io"


class Journal:
    """One SQLite file holding every game played on this table.

    Not shared between threads: the session that owns it calls it from one
    thread.  ``close()`` is safe to call twice; usable as a context manager.
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
        self._db: sqlite3.Connection | None = None
        try:
            if self.in_memory:
                self._db = sqlite3.connect(":memory:", isolation_level=None)
                self._db.create_function("tc_crc", 1, _sql_crc, deterministic=True)
                self._db.executescript(_SCHEMA)
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

    @property
    def in_memory(self) -> bool:
        return str(self.path) == ":memory:"

    # -- opening -------------------------------------------------------------
    def _fail(self, exc: BaseException, doing: str) -> JournalError:
        problem = problem_of(exc)
        if problem == "io" and not self.in_memory and out_of_space(self.path):
            # a full disk often reaches us as SQLITE_IOERR (the shared-memory file or
            # the log could not grow), not SQLITE_FULL: call it what it is
            problem = "full"
        return JournalError(f"{self.path}: {doing} ({exc})", problem, self.path)

    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise self._fail(exc, "cannot create the data folder") from exc
        self._take_lock()
        self._existed = self.path.exists()
        self._check_wal()
        try:
            self._db = sqlite3.connect(str(self.path), isolation_level=None, timeout=5.0)
            self._db.create_function("tc_crc", 1, _sql_crc, deterministic=True)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._check_version()
            self._check_integrity()
            self._check_tables()
            self._check_columns()
            self._db.executescript(_SCHEMA)
            self._check_orphans()
            self._add_game_checksums()
            self._add_joined_columns()
            self._check_mark()
            if self._db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except _DB_ERRORS as exc:
            raise self._fail(exc, "cannot open the journal") from exc

    def _open_read_only(self) -> None:
        if not self.path.exists():
            raise JournalError(f"{self.path}: there is no journal", "io", self.path)
        uri = self.path.resolve().as_uri()
        try:
            self._db = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
            self._check_version()
        except _DB_ERRORS:
            # A write-ahead log needs a writable folder even to read; without
            # one, read the main file alone (the log's last changes are not shown).
            try:
                if self._db is not None:
                    self._db.close()
                self._db = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True,
                                           isolation_level=None)
                self._check_version()
            except _DB_ERRORS as exc:
                raise self._fail(exc, "cannot read the journal") from exc
            self.notices.append(Text(
                "Only the saved part of the journal can be shown; the most recent changes "
                "are in a file this folder does not let us read."))
        self._check_columns()

    def _take_lock(self) -> None:
        lock_path = self.path.with_name(self.path.name + ".lock")
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise self._fail(exc, "cannot create the lock file") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            owner = os.read(fd, 32).decode("ascii", "replace").split()
            os.close(fd)
            raise JournalError(
                f"{self.path}: Table Companion is already running with this journal"
                + (f" (process {owner[0]})" if owner else ""), "busy", self.path) from None
        self._lock_fd = fd
        self._previous_mark = os.read(fd, _MARK_WIDTH).decode("ascii", "replace").split()
        # the mark outlives a run that writes nothing: it was reset here, so a main file
        # emptied after a restart went unnoticed
        last = self._previous_mark[1:] if len(self._previous_mark) == 3 \
            and all(v.isdigit() for v in self._previous_mark[1:]) else (None, None)
        self._mark(*last)

    def _mark(self, game_id: int | None, seq: int | None) -> None:
        """Note the last event written, beside the journal (no fsync: a lower bound
        after a power cut, exact after a crash).  On the next open, a journal
        holding less than this lost saved changes, which SQLite would not say."""
        if self._lock_fd is None:
            return
        try:
            text = f"{os.getpid()} {game_id if game_id is not None else '-'} " \
                   f"{seq if seq is not None else '-'}"
            os.pwrite(self._lock_fd, text.ljust(_MARK_WIDTH).encode("ascii"), 0)
        except OSError:
            pass  # a full disk: the lock holds without the mark

    def _add_game_checksums(self) -> None:
        """Journals of older versions: add the games' crc column and fill it."""
        assert self._db is not None
        columns = [row[1] for row in self._db.execute("PRAGMA table_info(games)")]
        if "crc" not in columns:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute("ALTER TABLE games ADD COLUMN crc INTEGER")
                self._db.execute(f"UPDATE games SET crc = {_GAME_CRC}")

    def _add_joined_columns(self) -> None:
        """Version-1 journals: add ``joined`` (0: every action its own) to events and quarantine."""
        assert self._db is not None
        missing = [table for table in ("events", "quarantine") if not self._has_joined(table)]
        if missing:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                for table in missing:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN joined INTEGER NOT NULL DEFAULT 0")

    def _has_joined(self, table: str) -> bool:
        return "joined" in [row[1] for row in self._read(f"PRAGMA table_info({table})")]

    def _row_columns(self, table: str) -> str:
        """The columns of an event row as read (a version-1 journal opened read-only has no ``joined``)."""
        return "seq, kind, payload, crc, at, " + ("joined" if self._has_joined(table) else "0")

    def _check_mark(self) -> None:
        """Compare the journal with the mark the previous run left (see :meth:`_mark`)."""
        mark = getattr(self, "_previous_mark", [])
        if not self._existed or len(mark) != 3 or not all(v.isdigit() for v in mark[1:]):
            return  # a new file, or nothing written last time
        game_id, seq = (int(v) for v in mark[1:])
        assert self._db is not None
        row = self._db.execute("SELECT MAX(seq) FROM events WHERE game_id=?", (game_id,)).fetchone()
        quarantined = self._db.execute("SELECT MAX(seq) FROM quarantine WHERE game_id=?",
                                       (game_id,)).fetchone()
        found = max(v for v in (row[0], quarantined[0], -1) if isinstance(v, int))
        if found >= seq:
            return
        wal = self.path.with_name(self.path.name + "-wal")
        kept = ""
        if wal.exists():
            aside = wal.with_name(f"{wal.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                shutil.copy2(wal, aside)
                kept = str(aside)
            except OSError:
                pass
        log.warning("%s: game #%d ends at entry %d, the last write was entry %d", self.path,
                    game_id, found, seq)
        self.notices.append(Text(
            "The journal holds less than was saved: the last {count} change of game {game} is "
            "missing (the file was cut short or damaged). A copy of its log is kept as {file}.",
            "The journal holds less than was saved: the last {count} changes of game {game} are "
            "missing (the file was cut short or damaged). A copy of its log is kept as {file}.",
            count=seq - found, game=self._game_name(game_id), file=kept or "-"))

    def _game_name(self, game_id: int) -> str:
        """A game as the players know it: its title and their names."""
        from companion.games import game_title

        row = self._db.execute("SELECT game, config FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            return f"#{game_id}"
        config = _json_or_none(row[1])
        players = config.get("players") if isinstance(config, dict) else None
        names = ", ".join(str(p.get("name", "?")) for p in players if isinstance(p, dict)) \
            if isinstance(players, list) else ""
        title = game_title(str(row[0]))
        return f"{title} ({names})" if names else title

    def _check_wal(self) -> None:
        wal = self.path.with_name(self.path.name + "-wal")
        try:
            found = check_wal(wal)
        except OSError as exc:
            raise self._fail(exc, "cannot read the write-ahead log") from exc
        if not found.damaged:
            return
        aside = wal.with_name(f"{wal.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            shutil.copy2(wal, aside)
            kept = str(aside)
        except OSError:
            kept = ""
        log.warning("%s: %s; copy kept as %s", wal, found.problem, kept or "(no copy)")
        self.notices.append(Text(
            "The journal's log of recent changes was damaged: the last {count} "
            "saved change could not be read. A copy is kept as {file}.",
            "The journal's log of recent changes was damaged: the last {count} "
            "saved changes could not be read. A copy is kept as {file}.",
            count=found.lost_commits, file=kept or "-"))

    def _check_version(self) -> None:
        assert self._db is not None
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise JournalError(
                f"{self.path}: journal was written by a newer version (schema {version})",
                "newer", self.path)

    def _check_tables(self) -> None:
        """A journal that has some of its tables has them all: a table dropped (by
        damage or by hand) is damage, not a table to make again, empty, in silence."""
        assert self._db is not None
        found = {row[0] for row in self._db.execute(
            "SELECT name FROM sqlite_master WHERE type='table'")}
        missing = [table for table in _COLUMNS if table not in found]
        if found & set(_COLUMNS) and missing:
            raise JournalError(
                f"{self.path}: the journal file is damaged (its table {', '.join(missing)} is "
                f"missing)", "damaged", self.path)

    def _check_orphans(self) -> None:
        """Moves whose game's row is gone (a row deleted by damage or by hand): said,
        with the game's number and how many moves can no longer be shown."""
        assert self._db is not None
        rows = self._db.execute(
            "SELECT game_id, COUNT(*) FROM events WHERE game_id NOT IN (SELECT id FROM games) "
            "GROUP BY game_id ORDER BY game_id").fetchall()
        for game_id, count in rows:
            log.warning("%s: %d moves of game #%d have no games row", self.path, count, game_id)
            self.notices.append(Text(
                "The journal is damaged: the entry of game #{game} is missing, so its {count} "
                "saved move cannot be shown. It stays in the journal.",
                "The journal is damaged: the entry of game #{game} is missing, so its {count} "
                "saved moves cannot be shown. They stay in the journal.", game=game_id, count=count))

    def _check_columns(self) -> None:
        """The tables that exist have the columns this version reads (a damaged schema
        text can rename one: every read would then fail)."""
        for table, needed in _COLUMNS.items():
            found = [row[1] for row in self._read(f"PRAGMA table_info({table})")]
            missing = [c for c in needed if c not in found]
            if found and missing:
                raise JournalError(
                    f"{self.path}: the journal file is damaged (its table {table} has no column "
                    f"{', '.join(missing)})", "damaged", self.path)

    def _check_integrity(self) -> None:
        assert self._db is not None
        rows = self._db.execute("PRAGMA integrity_check(5)").fetchall()
        if [r[0] for r in rows] != ["ok"]:
            raise JournalError(
                f"{self.path}: the journal file is damaged ({'; '.join(str(r[0]) for r in rows)})",
                "damaged", self.path)

    # -- lifecycle -------------------------------------------------------
    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._db is not None:
            try:
                if self._dirty and not self.read_only:
                    self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except _DB_ERRORS:
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
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except _DB_ERRORS as exc:
            raise self._fail(exc, "checkpoint failed") from exc
        self._dirty = False

    def checkpoint_if_dirty(self) -> bool:
        """Checkpoint when something was written since the last one (at idle)."""
        if not self._dirty:
            return False
        self.checkpoint()
        return True

    # -- low level -------------------------------------------------------
    def _write(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[sqlite3.Cursor]:
        """Run ``statements`` in one transaction, committed (and fsynced) on return."""
        if self.read_only:
            raise JournalError(f"{self.path}: opened read-only; nothing can be saved",
                               "readonly", self.path)
        assert self._db is not None
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                cursors = [self._db.execute(sql, params) for sql, params in statements]
        except _DB_ERRORS as exc:
            raise self._fail(exc, "write failed") from exc
        self._dirty = True
        return cursors

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        assert self._db is not None
        try:
            return self._db.execute(sql, params).fetchall()
        except _DB_ERRORS as exc:
            raise self._fail(exc, "read failed") from exc

    # -- games -----------------------------------------------------------
    def start_game(self, game: str, config: dict[str, Any]) -> int:
        cur, _ = self._write([
            ("INSERT INTO games (game, config, started) VALUES (?, ?, ?)",
             (game, json.dumps(config, ensure_ascii=False), time.time())),
            (f"UPDATE games SET crc = {_GAME_CRC} WHERE id = last_insert_rowid()", ())])
        return int(cur.lastrowid)

    @staticmethod
    def _finish_sql(game_id: int, result: dict[str, Any]) -> tuple[str, Sequence[Any]]:
        return ("UPDATE games SET status='finished', finished=?, result=? WHERE id=?",
                (time.time(), json.dumps(result, ensure_ascii=False), game_id))

    @staticmethod
    def _reopen_sql(game_id: int) -> tuple[str, Sequence[Any]]:
        return ("UPDATE games SET status='playing', finished=NULL, result=NULL WHERE id=?",
                (game_id,))

    @staticmethod
    def _crc_sql(game_id: int) -> tuple[str, Sequence[Any]]:
        return (f"UPDATE games SET crc = {_GAME_CRC} WHERE id=?", (game_id,))

    def finish_game(self, game_id: int, result: dict[str, Any]) -> None:
        self._write([self._finish_sql(game_id, result), self._crc_sql(game_id)])
        self.checkpoint()

    def reopen_game(self, game_id: int) -> None:
        """A finished game became unfinished again (its last action was undone)."""
        self._write([self._reopen_sql(game_id), self._crc_sql(game_id)])

    def abandon_game(self, game_id: int) -> None:
        self._write([("UPDATE games SET status='abandoned', finished=? WHERE id=?",
                      (time.time(), game_id)), self._crc_sql(game_id)])

    def game(self, game_id: int) -> GameEntry:
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE id=?", (game_id,))
        if not rows:
            raise JournalError(f"{self.path}: no game #{game_id}", "damaged", self.path)
        return _entry(rows[0])

    def unfinished(self) -> GameEntry | None:
        """The most recent game still being played, offered for resume."""
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM games "
                          "WHERE status='playing' ORDER BY id DESC LIMIT 1")
        return _entry(rows[0]) if rows else None

    def playing(self) -> list[GameEntry]:
        """Every game still marked as being played, newest first."""
        return [_entry(r) for r in self._read(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status='playing' ORDER BY id DESC")]

    def history(self, limit: int = 100) -> list[GameEntry]:
        """Finished games, newest first."""
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE status='finished' "
                          "ORDER BY finished DESC, id DESC LIMIT ?", (limit,))
        return [_entry(r) for r in rows]

    def played(self) -> list["PlayedRow"]:
        """Every finished game with only what the statistics need, oldest first.

        The scores are read with SQLite's JSON functions (the stored summary can be
        large); each row's checksum is still checked: a damaged row comes back with
        ``damage`` set and no scores."""
        rows = self._read(
            "SELECT id, game, config, started, finished, status, result, crc, "
            "CASE WHEN json_valid(result) THEN "
            "json_extract(result, '$.scores.totals', '$.scores.winners', '$.summary.start_seat') END "
            "FROM games WHERE status='finished' ORDER BY finished, id")
        found = []
        for gid, game, config_text, started, finished, status, result_text, crc, picked in rows:
            totals, winners, start = _json_or_none(picked) or (None, None, None)
            damage = ""
            if crc is not None and crc != game_crc(gid, game, config_text, status, result_text):
                damage = "its record was altered or damaged (checksum)"
            config = _json_or_none(config_text)
            if not damage and not (isinstance(config, dict) and isinstance(totals, list)
                                   and isinstance(winners, list)):
                damage = "its set-up or result is not readable"
            found.append(PlayedRow(
                id=gid, game=str(game), config=config if isinstance(config, dict) else {},
                started=sane_time(started) or 0.0, finished=sane_time(finished) or 0.0,
                totals=tuple(totals) if not damage else (), winners=tuple(winners) if not damage else (),
                start_seat=start if isinstance(start, int) and not damage else None, damage=damage))
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
        return [_entry(r) for r in self._read(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('abandoned', 'playing') AND id NOT IN "
            "(SELECT game_id FROM quarantine WHERE kind='game') ORDER BY started DESC, id DESC")]

    def set_aside_game(self, game_id: int, reason: str) -> int:
        """"Delete" a game the players no longer want: its events move to the quarantine
        table with a copy of its games row (kind ``game``), all kept in the file; it is no
        longer listed.  Returns how many events were set aside."""
        row = self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE id=?", (game_id,))
        if not row:
            raise JournalError(f"{self.path}: no game #{game_id}", "damaged", self.path)
        copy = json.dumps(dict(zip(_GAME_COLUMNS.split(", "), row[0])), ensure_ascii=False)
        batch = time.time()
        cursors = self._write([
            ("INSERT INTO quarantine (game_id, seq, kind, payload, crc, at, reason, batch, joined) "
             "SELECT game_id, seq, kind, payload, crc, at, ?, ?, joined FROM events "
             "WHERE game_id=? ORDER BY seq", (reason, batch, game_id)),
            ("DELETE FROM events WHERE game_id=?", (game_id,)),
            ("INSERT INTO quarantine (game_id, seq, kind, payload, crc, at, reason, batch) "
             "VALUES (?, NULL, 'game', ?, ?, ?, ?, ?)",
             (game_id, copy, _sql_crc(copy), batch, reason, batch)),
        ])
        return cursors[0].rowcount

    def add_played_game(self, game: str, config: dict[str, Any], started: float,
                        finished: float | None, status: str, result: dict[str, Any] | None,
                        actions: Sequence[dict[str, Any]]) -> int:
        """Add a whole game played elsewhere (an imported record) in one transaction,
        keeping its dates; returns its id."""
        if status not in ("playing", "finished", "abandoned"):
            raise ValueError(f"unknown game status {status!r}")
        assert self._db is not None
        if self.read_only:
            self._write([])  # raises
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                cur = self._db.execute(
                    "INSERT INTO games (game, config, started, finished, status, result) "
                    "VALUES (?,?,?,?,?,?)",
                    (game, json.dumps(config, ensure_ascii=False), started, finished, status,
                     None if result is None else json.dumps(result, ensure_ascii=False)))
                game_id = int(cur.lastrowid)
                self._db.execute(*self._crc_sql(game_id))
                for seq, action in enumerate(actions):
                    text = json.dumps(action, ensure_ascii=False, sort_keys=True)
                    self._db.execute(
                        "INSERT INTO events (game_id, seq, kind, payload, crc, at) "
                        "VALUES (?,?,?,?,?,?)",
                        (game_id, seq, "do", text, event_crc(game_id, seq, "do", text),
                         finished or started))
        except _DB_ERRORS as exc:
            raise self._fail(exc, "write failed") from exc
        self._dirty = True
        return game_id

    def latest_config(self, game: str, players: int) -> dict[str, Any] | None:
        """The config of the newest game of ``game`` with ``players`` players (any status):
        what the setup screen remembers of a copy of the game (its tiles, its fleets)."""
        rows = self._read("SELECT config FROM games WHERE game=? ORDER BY id DESC LIMIT 50", (game,))
        for (text,) in rows:
            config = _json_or_none(text)
            if isinstance(config, dict) and len(config.get("players") or ()) == players:
                return config
        return None

    # -- events ----------------------------------------------------------
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
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                row = self._db.execute(
                    "SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE game_id=?",
                    (game_id,)).fetchone()
                for seq, event in enumerate(events, start=int(row[0])):
                    self._insert_event(game_id, seq, event)
                    seqs.append(seq)
        except _DB_ERRORS as exc:
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
        self._db.execute(
            "INSERT INTO events (game_id, seq, kind, payload, crc, at, joined) VALUES (?,?,?,?,?,?,?)",
            (game_id, seq, event.kind, text, event_crc(game_id, seq, event.kind, text, event.joined),
             time.time(), int(event.joined)))
        if event.finish is not None:
            self._db.execute(*self._finish_sql(game_id, event.finish))
        if event.reopen:
            self._db.execute(*self._reopen_sql(game_id))
        if event.finish is not None or event.reopen:
            self._db.execute(*self._crc_sql(game_id))

    def events(self, game_id: int) -> LoadedEvents:
        """Every whole event of a game in order; stops at the first damaged row
        (a row that fails its checks, or a part of the file SQLite cannot read)."""
        return _check_rows(game_id, *self._raw_rows(game_id))

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

    def quarantine(self, game_id: int, from_seq: int, reason: str) -> int:
        """Move the events from ``from_seq`` on out of the game into the
        quarantine table (kept in the file); returns how many were moved."""
        batch = time.time()
        cursors = self._write([
            ("INSERT INTO quarantine (game_id, seq, kind, payload, crc, at, reason, batch, joined) "
             "SELECT game_id, seq, kind, payload, crc, at, ?, ?, joined FROM events "
             "WHERE game_id=? AND seq>=? ORDER BY seq", (reason, batch, game_id, from_seq)),
            ("DELETE FROM events WHERE game_id=? AND seq>=?", (game_id, from_seq)),
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
        return _check_rows(game_id, rows, "", first=first if isinstance(first, int) else 0)

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


def _check_rows(game_id: int, rows: Sequence[tuple], unreadable: str, first: int = 0) -> LoadedEvents:
    good: list[JournalEvent] = []
    for expected, (seq, kind, text, crc, at, joined) in enumerate(rows, start=first):
        problem = _check_row(game_id, expected, seq, kind, text, crc, joined)
        payload = None
        if problem is None:
            payload = _json_or_none(text) if text is not None else None
            if text is not None and not isinstance(payload, dict):
                problem = "payload is not a JSON object"
        if problem is not None:
            return LoadedEvents(tuple(good), damaged_from=seq if isinstance(seq, int) else expected,
                                damage=f"entry {expected}: {problem}")
        good.append(JournalEvent(seq, kind, payload, sane_time(at) or 0.0, bool(joined)))
    if unreadable:
        after = first + len(good)
        return LoadedEvents(tuple(good), damaged_from=after, damage=f"entry {after}: {unreadable}")
    return LoadedEvents(tuple(good))


def _check_row(game_id: int, expected: int, seq: Any, kind: Any, text: Any, crc: Any,
               joined: Any) -> str | None:
    if seq != expected:
        return f"sequence number {seq!r} where {expected} was expected"
    if kind not in EVENT_KINDS:
        return f"unknown kind {kind!r}"
    if text is not None and not isinstance(text, str):
        return "payload is not text"
    if joined not in (0, 1):
        return f"joined is {joined!r}, not 0 or 1"
    if crc != event_crc(game_id, seq, kind, text, bool(joined)):
        return "checksum does not match (torn or altered entry)"
    if joined and kind != "do":
        return f"a joined {kind} entry (only actions are joined)"
    if kind == "do" and text is None:
        return "an action entry without its action"
    return None


def _json_or_none(text: Any) -> Any:
    if not isinstance(text, str):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _entry(row: Iterable[Any]) -> GameEntry:
    gid, game, config_text, started, finished, status, result_text, crc = row
    config = _json_or_none(config_text)
    damage = ""
    if crc is not None and crc != game_crc(gid, game, config_text, status, result_text):
        config, damage = {}, "its record was altered or damaged (checksum)"
    elif status not in ("playing", "finished", "abandoned"):
        damage = "its status is not readable"
    if not isinstance(config, dict):
        config, damage = {}, damage or "its set-up is not readable"
    result = None
    if result_text is not None:
        result = _json_or_none(result_text)
        if not isinstance(result, dict):
            result, damage = None, damage or "its result is not readable"
    return GameEntry(id=gid, game=str(game), config=config,
                     started=sane_time(started) or 0.0, finished=sane_time(finished),
                     status=str(status), result=result, damage=damage)


@dataclass(frozen=True)
class SalvageReport:
    """What :func:`set_aside_and_salvage` did: where the damaged file went and what was copied."""

    kept_as: Path
    games: int
    events: int
    games_lost: int
    events_set_aside: int


def set_aside_and_salvage(path: str | Path) -> tuple[Journal, SalvageReport]:
    """Start a fresh journal at ``path``, keeping the damaged one (and its log)
    beside it under a dated name and copying every game and event that can
    still be read.  Never deletes anything."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    lock = path.with_name(path.name + ".lock")
    try:
        for suffix in ("", "-wal", "-shm"):
            source = path.with_name(path.name + suffix)
            if source.exists():
                os.replace(source, kept.with_name(kept.name + suffix))
    except OSError as exc:
        raise JournalError(f"{path}: cannot set the damaged journal aside ({exc})",
                           problem_of(exc), path) from exc
    try:  # the last-write mark speaks of the damaged file, not the fresh one
        if lock.exists():
            lock.write_text("")
    except OSError:
        pass
    fresh = Journal(path)
    try:
        with tempfile.TemporaryDirectory(prefix="table-companion-salvage-") as scratch:
            old = _readable_copy(kept, Path(scratch))
            report = _salvage_into(fresh, old, kept) if old is not None \
                else SalvageReport(kept, 0, 0, 0, 0)
        fresh.checkpoint()
    except BaseException:
        fresh.close()   # its lock too: the app must not then find itself "already running"
        raise
    return fresh, report


def _readable_copy(kept: Path, scratch: Path) -> "Journal | None":
    """The damaged journal ``kept`` opened read-only, or a repaired copy of it in
    ``scratch`` (pages counted again, the tables' schema text written again) that
    reads; None when none does."""
    def opened(path: Path) -> Journal | None:
        try:
            journal = Journal(path, read_only=True)
        except JournalError:
            return None
        try:
            journal._read("SELECT id FROM games LIMIT 1")
            journal._check_columns()
        except JournalError:
            journal.close()
            return None
        return journal

    found = opened(kept)
    for repair in (_repaired_copy, _schema_copy,
                   lambda d, f: _schema_copy(_repaired_copy(d, f), f, "schema-pages")):
        if found is not None:
            return found
        try:
            found = opened(repair(kept, scratch))
        except (OSError, sqlite3.Error, ValueError):
            found = None
    return found


#: what sqlite_master holds (type, name, table), in the order the tables were created
#: (the same in every version)
_SCHEMA_ROWS = (("table", "games", "games"), ("table", "events", "events"),
                ("index", "sqlite_autoindex_events_1", "events"), ("table", "quarantine", "quarantine"),
                ("index", "games_by_status", "games"))


def _schema_sql() -> dict[str, str]:
    """The CREATE statements of :data:`_SCHEMA` by name, as SQLite keeps them."""
    found = {}
    for statement in _SCHEMA.split(";"):
        statement = " ".join(statement.replace("IF NOT EXISTS ", "").split())
        if statement:
            found[statement.split()[2]] = statement
    return found


def _schema_copy(damaged: Path, folder: Path, name: str = "schema") -> Path:
    """A copy of ``damaged`` (and its log) whose schema text (sqlite_master) is written
    again from :data:`_SCHEMA`, keeping each table's root page: rows stay readable when
    only the text that describes the tables was damaged."""
    copy = folder / f"{name}.sqlite3"
    shutil.copy(damaged, copy)
    wal = damaged.with_name(damaged.name + "-wal")
    if wal.exists():
        shutil.copy(wal, folder / f"{name}.sqlite3-wal")
    sql = _schema_sql()
    db = sqlite3.connect(copy, isolation_level=None)
    try:
        db.text_factory = bytes
        db.execute("PRAGMA writable_schema=ON")
        rows = db.execute("SELECT rowid FROM sqlite_master ORDER BY rowid").fetchall()
        if not rows or len(rows) > len(_SCHEMA_ROWS):
            raise ValueError("not the tables of a journal")
        db.execute("BEGIN")
        for (rowid,), (kind, entry, table) in zip(rows, _SCHEMA_ROWS):
            db.execute("UPDATE sqlite_master SET type=?, name=?, tbl_name=?, sql=? WHERE rowid=?",
                       (kind, entry, table, sql.get(entry), rowid))
        db.execute("PRAGMA schema_version=" + str(int(time.time()) % 1_000_000 + 1000))
        db.execute("COMMIT")
    finally:
        db.close()
    return copy


def _repaired_copy(damaged: Path, folder: Path) -> Path:
    """A copy of ``damaged`` (and its log) padded to whole pages, with the page
    count in its header set to what the file holds (SQLite refuses a file
    shorter than its header says, as a cut-off copy or a torn disk leaves)."""
    data = bytearray(damaged.read_bytes())
    page_size = int.from_bytes(data[16:18], "big") if len(data) >= 100 else 0
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512:
        raise OSError("no page size in the header")
    data += bytes((-len(data)) % page_size)
    data[28:32] = (len(data) // page_size).to_bytes(4, "big")
    copy = folder / "salvage.sqlite3"
    copy.write_bytes(bytes(data))
    wal = damaged.with_name(damaged.name + "-wal")
    if wal.exists():
        shutil.copy(wal, folder / "salvage.sqlite3-wal")
    return copy


def _salvage_into(fresh: Journal, old: Journal, kept: Path) -> SalvageReport:
    games = events = lost = set_aside = 0
    with old:
        try:
            ids = [r[0] for r in old._read("SELECT id FROM games ORDER BY id")]
        except JournalError:
            ids = []
        for game_id in ids:
            try:
                row = old._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE id=?", (game_id,))[0]
                rows, _unreadable = old._raw_rows(game_id)
            except (JournalError, IndexError):
                lost += 1
                continue
            good = len(_check_rows(game_id, rows, "").events)
            statements: list[tuple[str, Sequence[Any]]] = [(
                f"INSERT INTO games ({_GAME_COLUMNS}) VALUES (?,?,?,?,?,?,?,?)", row)]
            statements += [(
                "INSERT INTO events (game_id, seq, kind, payload, crc, at, joined) VALUES (?,?,?,?,?,?,?)",
                (game_id, *raw)) for raw in rows[:good]]
            tail = rows[good:]
            statements += [(
                "INSERT INTO quarantine (game_id, seq, kind, payload, crc, at, joined, reason, batch) "
                "VALUES (?,?,?,?,?,?,?,?,?)",
                (game_id, *raw, "damaged when the journal was repaired", time.time()))
                for raw in tail]
            try:
                fresh._write(statements)
            except JournalError:
                lost += 1
                continue
            games += 1
            events += good
            set_aside += len(tail)
    return SalvageReport(kept, games, events, lost, set_aside)
