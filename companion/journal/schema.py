"""The journal's tables (schema version, columns, the games rows' checksum in SQL) and the
kinds of storage failure."""
from __future__ import annotations

import errno
import shutil
import sqlite3
from pathlib import Path

from companion.errors import JournalError


SCHEMA_VERSION = 2


EVENT_KINDS = ("do", "undo", "redo")


#: the game clock's marks (companion.clock.MARK_KINDS): a tap's pause/resume, the table left/shown
CLOCK_MARKS = ("pause", "resume", "away", "back")


def jump_row_ok(row: tuple) -> bool:
    """A clock_jumps row (at, skipped, ticks, marks) that reads as one: numbers, counts."""
    at, skipped, ticks, marks = row
    return (all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (at, skipped))
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (ticks, marks)))


PROBLEMS = ("damaged", "newer", "readonly", "full", "busy", "io")


SCHEMA = """
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
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY NOT NULL,
    value
);
CREATE TABLE IF NOT EXISTS clock (
    game_id INTEGER NOT NULL,
    at      REAL NOT NULL,
    kind    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS clock_by_game ON clock(game_id);
CREATE TABLE IF NOT EXISTS published (
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS clock_jumps (
    game_id INTEGER NOT NULL,
    at      REAL NOT NULL,
    skipped REAL NOT NULL,
    ticks   INTEGER NOT NULL,
    marks   INTEGER NOT NULL
);
"""


#: meta: the highest game number ever given (a game's row deleted, even one with no
#: moves, leaves its number missing below it)
GAMES_CREATED = "games_created"
#: meta: numbers known to be missing (games a Repair could not keep), "3,7"
GAMES_ABSENT = "games_absent"
#: the number of a new game: above every number given so far, even of a game whose row is
#: gone (SQLite would give the highest row's number + 1 again, and the new game would take
#: a deleted game's leftover moves as its own)
NEXT_GAME_ID_SQL = ("(SELECT MAX(n) + 1 FROM (SELECT COALESCE(MAX(id), 0) AS n FROM games "
                    "UNION ALL SELECT COALESCE(MAX(game_id), 0) FROM events "
                    "UNION ALL SELECT COALESCE(MAX(game_id), 0) FROM quarantine "
                    f"UNION ALL SELECT COALESCE(MAX(value), 0) FROM meta WHERE key='{GAMES_CREATED}'))")
#: counting a game started, in the transaction that adds its row
COUNT_GAME_SQL = (f"INSERT INTO meta (key, value) VALUES ('{GAMES_CREATED}', (SELECT MAX(id) FROM games)) "
                  "ON CONFLICT(key) DO UPDATE SET value=MAX(COALESCE(value, 0), excluded.value)")


GAME_COLUMNS = "id, game, config, started, finished, status, result, crc"


#: meta: the first game a venue is told of (games played before a venue was set stay private)
VENUE_SINCE = "venue_since"
#: meta: the games imported from records played elsewhere ("3,7"): never sent to a venue
GAMES_IMPORTED = "games_imported"


#: a games row's checksum, computed by SQLite with the function below in the
#: same statement that changes the row (older rows without one are not checked)
GAME_CRC_SQL = "tc_crc(id || '|' || game || '|' || config || '|' || status || '|' || COALESCE(result, ''))"


#: what a damaged file can make sqlite3 raise besides sqlite3.Error (text that
#: is not UTF-8, numbers out of range)
DB_ERRORS = (sqlite3.Error, UnicodeDecodeError, OverflowError, MemoryError)


#: the columns every version's tables have (crc and joined came later)
COLUMNS = {"games": ("id", "game", "config", "started", "finished", "status", "result"),
            "events": ("game_id", "seq", "kind", "payload", "crc", "at"),
            "quarantine": ("id", "game_id", "seq", "kind", "payload", "crc", "at", "reason", "batch")}


#: tables added later: their columns are checked when a file has them (an older file is
#: given them, empty, on open)
LATER_COLUMNS = {"clock": ("game_id", "at", "kind"),
                 "clock_jumps": ("game_id", "at", "skipped", "ticks", "marks")}


#: the high-water mark in the lock file: "pid game_id seq", fixed width
MARK_WIDTH = 80


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
    name = getattr(exc, "sqlite_errorname", "") or ""   # a sqlite3.Error's; other exceptions have none
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
