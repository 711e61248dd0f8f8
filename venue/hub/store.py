"""The hub's own SQLite store: each table's latest state and availability, every event once
(its key is (table, game, sequence): a message sent twice counts once), and the games (a game
the players abandoned counts in no standings)."""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable

from companion.venue.messages import ABANDONED, STARTED, idle_state
from companion.venue.standings import FinishedGame, Standing, finished_game, standings

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY NOT NULL, state TEXT, status TEXT, since REAL, seen REAL
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL, game INTEGER NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,
    body TEXT NOT NULL, received REAL NOT NULL, history INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, game, seq)
);
CREATE TABLE IF NOT EXISTS games (
    table_id TEXT NOT NULL, game INTEGER NOT NULL, title TEXT, seats TEXT,
    totals TEXT, finished_seq INTEGER, finished REAL,
    PRIMARY KEY (table_id, game)
);
"""


def same_row(kept: dict[str, Any], message: dict[str, Any]) -> bool:
    """``message`` is the row ``kept`` sent again (live, or later from the backlog), not a new
    row under its number."""
    return all(kept.get(key) == message.get(key) for key in ("kind", "action", "at", "title", "seats"))


class HubStore:
    """Thread-safe (one connection behind a lock); ``version`` grows with every change and
    ``changed`` is notified, for the page's live updates."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()
        self.changed = threading.Condition()
        self.version = 0
        self.duplicates = 0
        #: rows a table sent again under a number it had given a row since set aside
        self.replaced = 0

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _bump(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def _write(self, work: Callable[[sqlite3.Connection], bool]) -> bool:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                done = work(self._db)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        if done:
            self._bump()
        return done

    # -- what arrives -----------------------------------------------------------
    def add_event(self, table: str, message: dict[str, Any], received: float | None = None) -> bool:
        """Keep one event; False when (table, game, seq) was already counted."""
        game, seq, kind = message.get("game"), message.get("seq"), message.get("kind")
        if not isinstance(game, int) or not isinstance(seq, int) or not isinstance(kind, str):
            raise ValueError("an event needs game, seq and kind")
        at = time.time() if received is None else received

        def work(db: sqlite3.Connection) -> bool:
            cur = db.execute("INSERT OR IGNORE INTO events (table_id, game, seq, kind, body, received, history) "
                             "VALUES (?,?,?,?,?,?,?)", (table, game, seq, kind, json.dumps(message), at,
                                                        int(bool(message.get("history")))))
            if cur.rowcount == 0:
                kept = db.execute("SELECT body FROM events WHERE table_id=? AND game=? AND seq=?",
                                  (table, game, seq)).fetchone()
                if kept is None or same_row(json.loads(kept[0]), message):
                    self.duplicates += 1
                    return False
                # the table set this number's row aside (a damaged journal's tail) and played on
                # under the same numbers: what it had sent from there on is gone there too
                db.execute("DELETE FROM events WHERE table_id=? AND game=? AND seq>=?", (table, game, seq))
                db.execute("UPDATE games SET totals=NULL, finished_seq=NULL, finished=NULL "
                           "WHERE table_id=? AND game=? AND finished_seq >= ?", (table, game, seq))
                self.replaced += 1
                db.execute("INSERT INTO events (table_id, game, seq, kind, body, received, history) "
                           "VALUES (?,?,?,?,?,?,?)", (table, game, seq, kind, json.dumps(message), at,
                                                      int(bool(message.get("history")))))
            db.execute("INSERT OR IGNORE INTO tables (id, seen) VALUES (?, ?)", (table, at))
            if kind == STARTED:
                db.execute("INSERT INTO games (table_id, game, title, seats) VALUES (?,?,?,?) ON CONFLICT "
                           "DO UPDATE SET title=excluded.title, seats=excluded.seats",
                           (table, game, str(message.get("title", "")), json.dumps(message.get("seats", []))))
            result = message.get("result")
            scores = result.get("scores") if isinstance(result, dict) else None
            if isinstance(scores, dict) and scores.get("final"):
                db.execute("INSERT INTO games (table_id, game, totals, finished_seq, finished) VALUES (?,?,?,?,?) "
                           "ON CONFLICT DO UPDATE SET totals=excluded.totals, finished_seq=excluded.finished_seq, "
                           "finished=excluded.finished", (table, game, json.dumps(scores.get("totals", [])), seq, at))
            elif kind == ABANDONED:
                # the players gave the game up: it counts in no standings, and the table is free
                # (unless its state already tells of a later game)
                db.execute("UPDATE games SET totals=NULL, finished_seq=NULL, finished=NULL "
                           "WHERE table_id=? AND game=?", (table, game))
                row = db.execute("SELECT state FROM tables WHERE id=?", (table,)).fetchone()
                shown = json.loads(row[0]) if row is not None and row[0] else None
                if isinstance(shown, dict) and isinstance(shown.get("game"), dict) \
                        and shown["game"].get("number") == game:
                    db.execute("UPDATE tables SET state=? WHERE id=?", (json.dumps(idle_state(table, at)), table))
            elif kind == "undo":
                # the move that ended the game taken back: the game is played again
                db.execute("UPDATE games SET totals=NULL, finished_seq=NULL, finished=NULL "
                           "WHERE table_id=? AND game=? AND finished_seq < ?", (table, game, seq))
            return True

        return self._write(work)

    def set_state(self, table: str, message: dict[str, Any], received: float | None = None) -> None:
        at = time.time() if received is None else received
        self._write(lambda db: db.execute(
            "INSERT INTO tables (id, state, seen) VALUES (?,?,?) ON CONFLICT(id) DO UPDATE SET "
            "state=excluded.state, seen=excluded.seen", (table, json.dumps(message), at)).rowcount > 0)

    def set_availability(self, table: str, status: str, received: float | None = None) -> None:
        at = time.time() if received is None else received

        def work(db: sqlite3.Connection) -> bool:
            row = db.execute("SELECT status FROM tables WHERE id=?", (table,)).fetchone()
            if row is not None and row[0] == status:
                return False
            db.execute("INSERT INTO tables (id, status, since, seen) VALUES (?,?,?,?) ON CONFLICT(id) DO UPDATE "
                       "SET status=excluded.status, since=excluded.since", (table, status, at, at))
            return True

        self._write(work)

    # -- what is shown ------------------------------------------------------------
    def tables(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT id, state, status, since FROM tables ORDER BY id").fetchall()
        found = []
        for table, state, status, since in rows:
            found.append({"table": table, "state": json.loads(state) if state else None,
                          "status": status or "unknown", "since": since})
        return found

    def finished_games(self) -> list[FinishedGame]:
        with self._lock:
            rows = self._db.execute("SELECT table_id, game, title, seats, totals FROM games "
                                    "WHERE finished IS NOT NULL AND seats IS NOT NULL ORDER BY table_id, game").fetchall()
        return [finished_game(t, g, title or "", json.loads(seats), json.loads(totals))
                for t, g, title, seats, totals in rows]

    def standings(self) -> list[Standing]:
        return standings(self.finished_games())

    def event_count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM events").fetchone()[0])

    def events_of(self, table: str) -> list[tuple[int, int]]:
        with self._lock:
            return [(g, s) for g, s in self._db.execute(
                "SELECT game, seq FROM events WHERE table_id=? ORDER BY game, seq", (table,))]
