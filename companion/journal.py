"""The crash-safe game journal: SQLite in WAL mode with ``synchronous=FULL``.

Every confirmed action, undo and redo is one row written in its own
transaction *before* anything shows it.  A row carries a CRC of its content,
so a damaged tail (a torn write, a disk that lied, a hand-edited file) is
found on load and the game is recovered up to the last whole entry.

Schema (``PRAGMA user_version = 1``)::

    games(id, game, config JSON, started, finished, status, result JSON)
    events(game_id, seq, kind in {do, undo, redo}, payload JSON, crc, at)
"""
from __future__ import annotations

import json
import sqlite3
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from companion.engine import CompanionError

SCHEMA_VERSION = 1
EVENT_KINDS = ("do", "undo", "redo")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,
    game     TEXT NOT NULL,
    config   TEXT NOT NULL,
    started  REAL NOT NULL,
    finished REAL,
    status   TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished', 'abandoned')),
    result   TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    kind    TEXT NOT NULL,
    payload TEXT,
    crc     INTEGER NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class JournalError(CompanionError):
    """The journal file cannot be opened or written."""


@dataclass(frozen=True)
class JournalEvent:
    """One journal row: ``kind`` is do/undo/redo; ``payload`` the action dict for do."""

    seq: int
    kind: str
    payload: dict[str, Any] | None
    at: float


@dataclass(frozen=True)
class GameEntry:
    """A game as listed on the home screen (resume and history)."""

    id: int
    game: str
    config: dict[str, Any]
    started: float
    finished: float | None
    status: str
    result: dict[str, Any] | None


@dataclass(frozen=True)
class LoadedEvents:
    """The whole events of a game, and what was damaged at the tail."""

    events: tuple[JournalEvent, ...]
    damaged_from: int | None = None   # seq of the first damaged row, if any
    damage: str = ""


def event_crc(game_id: int, seq: int, kind: str, payload: str | None) -> int:
    return zlib.crc32(f"{game_id}|{seq}|{kind}|{payload or ''}".encode("utf-8"))


class Journal:
    """One SQLite file holding every game played on this table.

    Not shared between threads: the session that owns it calls it from one
    thread.  ``close()`` is safe to call twice; usable as a context manager.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(self.path), isolation_level=None, timeout=5.0)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise JournalError(
                    f"{self.path}: journal was written by a newer version (schema {version})")
            self._db.executescript(_SCHEMA)
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: cannot open the journal ({exc})") from exc
        except OSError as exc:
            raise JournalError(f"{self.path}: cannot create the journal ({exc})") from exc
        self._closed = False

    # -- lifecycle -------------------------------------------------------
    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._db.close()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        try:
            with self._db:  # one transaction, committed (and fsynced) on exit
                self._db.execute("BEGIN IMMEDIATE")
                return self._db.execute(sql, params)
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: write failed ({exc})") from exc

    # -- games -----------------------------------------------------------
    def start_game(self, game: str, config: dict[str, Any]) -> int:
        cur = self._write(
            "INSERT INTO games (game, config, started) VALUES (?, ?, ?)",
            (game, json.dumps(config, ensure_ascii=False), time.time()))
        return int(cur.lastrowid)

    def finish_game(self, game_id: int, result: dict[str, Any]) -> None:
        self._write(
            "UPDATE games SET status='finished', finished=?, result=? WHERE id=?",
            (time.time(), json.dumps(result, ensure_ascii=False), game_id))

    def reopen_game(self, game_id: int) -> None:
        """A finished game became unfinished again (its last action was undone)."""
        self._write(
            "UPDATE games SET status='playing', finished=NULL, result=NULL WHERE id=?", (game_id,))

    def abandon_game(self, game_id: int) -> None:
        self._write("UPDATE games SET status='abandoned', finished=? WHERE id=?",
                    (time.time(), game_id))

    def game(self, game_id: int) -> GameEntry:
        row = self._db.execute(
            "SELECT id, game, config, started, finished, status, result FROM games WHERE id=?",
            (game_id,)).fetchone()
        if row is None:
            raise JournalError(f"{self.path}: no game #{game_id}")
        return _entry(row)

    def unfinished(self) -> GameEntry | None:
        """The most recent game still being played, offered for resume."""
        row = self._db.execute(
            "SELECT id, game, config, started, finished, status, result FROM games "
            "WHERE status='playing' ORDER BY id DESC LIMIT 1").fetchone()
        return None if row is None else _entry(row)

    def history(self, limit: int = 100) -> list[GameEntry]:
        """Finished games, newest first."""
        rows = self._db.execute(
            "SELECT id, game, config, started, finished, status, result FROM games "
            "WHERE status='finished' ORDER BY finished DESC, id DESC LIMIT ?", (limit,)).fetchall()
        return [_entry(r) for r in rows]

    def latest_config(self, game: str, players: int) -> dict[str, Any] | None:
        """The config of the newest game of ``game`` with ``players`` players (any status):
        what the setup screen remembers of a copy of the game (its tiles, its fleets)."""
        rows = self._db.execute("SELECT config FROM games WHERE game=? ORDER BY id DESC LIMIT 50", (game,))
        for (text,) in rows:
            config = json.loads(text)
            if isinstance(config, dict) and len(config.get("players") or ()) == players:
                return config
        return None

    # -- events ----------------------------------------------------------
    def append(self, game_id: int, kind: str, payload: dict[str, Any] | None = None) -> int:
        """Write one event durably and return its sequence number."""
        if kind not in EVENT_KINDS:
            raise ValueError(f"unknown journal event kind {kind!r}")
        text = None if payload is None else json.dumps(payload, ensure_ascii=False, sort_keys=True)
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                row = self._db.execute(
                    "SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE game_id=?",
                    (game_id,)).fetchone()
                seq = int(row[0])
                self._db.execute(
                    "INSERT INTO events (game_id, seq, kind, payload, crc, at) VALUES (?,?,?,?,?,?)",
                    (game_id, seq, kind, text, event_crc(game_id, seq, kind, text), time.time()))
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: write failed ({exc})") from exc
        return seq

    def events(self, game_id: int) -> LoadedEvents:
        """Every whole event of a game in order; stops at the first damaged row."""
        rows = self._db.execute(
            "SELECT seq, kind, payload, crc, at FROM events WHERE game_id=? ORDER BY seq",
            (game_id,)).fetchall()
        good: list[JournalEvent] = []
        for expected, (seq, kind, text, crc, at) in enumerate(rows):
            problem = _check_row(game_id, expected, seq, kind, text, crc)
            if problem is None:
                try:
                    payload = None if text is None else json.loads(text)
                except (json.JSONDecodeError, TypeError):
                    problem = "payload is not valid JSON"
            if problem is not None:
                return LoadedEvents(tuple(good), damaged_from=seq if isinstance(seq, int) else expected,
                                    damage=f"entry {expected}: {problem}")
            good.append(JournalEvent(seq, kind, payload, float(at)))
        return LoadedEvents(tuple(good))

    def truncate(self, game_id: int, from_seq: int) -> int:
        """Drop events from ``from_seq`` on (a damaged tail); returns how many."""
        cur = self._write("DELETE FROM events WHERE game_id=? AND seq>=?", (game_id, from_seq))
        return cur.rowcount


def _check_row(game_id: int, expected: int, seq: Any, kind: Any, text: Any, crc: Any) -> str | None:
    if seq != expected:
        return f"sequence number {seq!r} where {expected} was expected"
    if kind not in EVENT_KINDS:
        return f"unknown kind {kind!r}"
    if text is not None and not isinstance(text, str):
        return "payload is not text"
    if crc != event_crc(game_id, seq, kind, text):
        return "checksum does not match (torn or altered entry)"
    if kind == "do" and text is None:
        return "an action entry without its action"
    return None


def _entry(row: Iterable[Any]) -> GameEntry:
    gid, game, config, started, finished, status, result = row
    return GameEntry(
        id=gid, game=game, config=json.loads(config), started=started, finished=finished,
        status=status, result=None if result is None else json.loads(result))

