"""The journal as the venue link's outbox.

The publisher reads the journal's rows that the broker has not acknowledged yet, turns
each into its message (:mod:`companion.venue.messages`) and marks it in the journal's
``published`` table only once the broker acknowledged it (QoS 1's PUBACK).  A Wi-Fi
drop, a broker restart or a power cut of the table leaves the rows unmarked, and they
are sent when the link returns.  A row can be sent twice (acknowledged, then the power
cut before the mark): the hub counts each (table, game, sequence) once.

The outbox has its own SQLite connection to the journal file (WAL: it reads beside the
session's writes and its marks are short transactions), used from one thread, the
publisher's.  Games started before a venue was first set are never sent: the first game
sent is kept in the journal's meta as ``venue_since``.  Games imported (records of games
played elsewhere, listed in meta as ``games_imported``) are never sent either, even when
they are numbered after it or resumed here.
"""
from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from companion.journal.rows import event_crc, json_or_none
from companion.journal.schema import DB_ERRORS, GAMES_IMPORTED, VENUE_SINCE
from companion.venue.messages import ABANDON_SEQ, START_SEQ, abandoned_message, event_message, started_message

log = logging.getLogger("companion.venue")

#: the published table, for a journal opened by a version that had none (the journal
#: itself makes it on open; a table made here has the same text)
PUBLISHED_SQL = """CREATE TABLE IF NOT EXISTS published (
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
)"""

#: a game's number is not in the list of games imported (meta ``games_imported``, "3,7");
#: ``{id}`` is the column holding the number
NOT_IMPORTED = ("instr(',' || COALESCE((SELECT value FROM meta WHERE key='" + GAMES_IMPORTED + "'), '') || ',', "
                "',' || {id} || ',') = 0")

#: an abandoned game a venue is told of (``?``: the first game sent) whose start was sent
#: (the rest of the condition, that its rows were, is the query's)
ABANDONED_UNSENT = ("games.status = 'abandoned' AND games.id >= ? AND " + NOT_IMPORTED.format(id="games.id")
                    + " AND EXISTS (SELECT 1 FROM published s WHERE s.game_id = games.id AND s.seq = ?)")


@dataclass(frozen=True)
class Pending:
    """One message waiting for the broker's acknowledgement."""

    game_id: int
    seq: int
    at: float
    message: dict[str, Any]


class OutboxError(Exception):
    """The journal could not be read or marked (the link waits and tries again)."""


class Outbox:
    """The unsent rows of one journal file, for one table id."""

    def __init__(self, journal_path: str | Path, table_id: str):
        self.path = Path(journal_path)
        self.table_id = table_id
        try:
            self._db = sqlite3.connect(str(self.path), isolation_level=None, timeout=5.0)
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(PUBLISHED_SQL)
            self.since = self._since()
        except DB_ERRORS as exc:
            raise OutboxError(f"{self.path}: cannot open the journal as the venue's outbox ({exc})") from None

    def close(self) -> None:
        self._db.close()

    def _since(self) -> int:
        """The first game sent to a venue; set on the first use: the game being played, or
        the next one started."""
        row = self._db.execute("SELECT value FROM meta WHERE key=?", (VENUE_SINCE,)).fetchone()
        if row is not None and isinstance(row[0], int):
            return int(row[0])
        playing = self._db.execute("SELECT MAX(id) FROM games WHERE status='playing' AND "
                                   f"{NOT_IMPORTED.format(id='games.id')}").fetchone()[0]
        top = self._db.execute("SELECT MAX(id) FROM games").fetchone()[0]
        since = int(playing) if isinstance(playing, int) else (int(top) + 1 if isinstance(top, int) else 1)
        self._db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING",
                         (VENUE_SINCE, since))
        return since

    def pending(self, limit: int = 100, live_since: float | None = None) -> list[Pending]:
        """Up to ``limit`` unsent messages, oldest game first, in journal order.  A row written
        before ``live_since`` (when the link came up) is sent as history.  A row that fails its
        checksum is not sent (the journal says so when it opens)."""
        try:
            return self._pending(limit, live_since)
        except DB_ERRORS as exc:
            raise OutboxError(f"{self.path}: cannot read the journal's unsent rows ({exc})") from None

    def _pending(self, limit: int, live_since: float | None) -> list[Pending]:
        found: list[Pending] = []

        def history(at: float) -> bool:
            return live_since is not None and at < live_since

        games = self._db.execute(
            "SELECT id, game, config, started, status, result FROM games WHERE id >= ? AND "
            f"{NOT_IMPORTED.format(id='games.id')} AND NOT EXISTS "
            "(SELECT 1 FROM published p WHERE p.game_id = games.id AND p.seq = ?) ORDER BY id LIMIT ?",
            (self.since, START_SEQ, limit)).fetchall()
        for game_id, game, config_text, started, _, _ in games:
            config = json_or_none(config_text)
            found.append(Pending(game_id, START_SEQ, started, started_message(
                self.table_id, game_id, str(game), config if isinstance(config, dict) else {}, started,
                history(started))))
        rows = self._db.execute(
            "SELECT e.game_id, e.seq, e.kind, e.payload, e.crc, e.at, e.joined, g.status, g.result, "
            "(SELECT MAX(seq) FROM events m WHERE m.game_id = e.game_id) "
            "FROM events e JOIN games g ON g.id = e.game_id "
            f"WHERE e.game_id >= ? AND {NOT_IMPORTED.format(id='e.game_id')} AND NOT EXISTS "
            "(SELECT 1 FROM published p WHERE p.game_id = e.game_id AND p.seq = e.seq) "
            "ORDER BY e.game_id, e.seq LIMIT ?", (self.since, max(0, limit - len(found)))).fetchall()
        for game_id, seq, kind, text, crc, at, joined, status, result_text, last in rows:
            if crc != event_crc(game_id, seq, kind, text, bool(joined)):
                log.warning("%s: game #%s entry %s fails its checksum; not sent to the venue", self.path,
                            game_id, seq)
                continue
            payload = json_or_none(text) if text is not None else None
            result = json_or_none(result_text) if status == "finished" and seq == last and result_text else None
            found.append(Pending(game_id, seq, at, event_message(
                self.table_id, game_id, seq, kind, payload if isinstance(payload, dict) else None, at,
                history(at), result if isinstance(result, dict) else None)))
        found.extend(Pending(game_id, ABANDON_SEQ, at, abandoned_message(self.table_id, game_id, at, history(at)))
                     for game_id, at in self._db.execute(
                         f"SELECT id, COALESCE(finished, started) FROM games WHERE {ABANDONED_UNSENT} "
                         "AND NOT EXISTS (SELECT 1 FROM published p WHERE p.game_id = games.id AND p.seq = ?) "
                         "AND NOT EXISTS (SELECT 1 FROM events e WHERE e.game_id = games.id AND NOT EXISTS "
                         "(SELECT 1 FROM published p WHERE p.game_id = e.game_id AND p.seq = e.seq)) "
                         "ORDER BY id LIMIT ?",
                         (self.since, START_SEQ, ABANDON_SEQ, max(0, limit - len(found)))).fetchall())
        # a game's abandon is sent after its rows (it waits for their marks, so it never
        # shares a batch with them); the rest in journal order
        found.sort(key=lambda p: (p.game_id, p.seq))
        return found[:limit]

    def mark(self, game_id: int, seq: int) -> None:
        """The broker acknowledged this message."""
        self.mark_many([(game_id, seq)])

    def mark_many(self, acknowledged: Sequence[tuple[int, int]]) -> None:
        """The broker acknowledged these messages ((game, sequence) pairs): marked in one
        transaction (a backlog of thousands is one write per batch, not one per row)."""
        if not acknowledged:
            return
        at = time.time()
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany("INSERT OR IGNORE INTO published (game_id, seq, at) VALUES (?, ?, ?)",
                                     [(game_id, seq, at) for game_id, seq in acknowledged])
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except DB_ERRORS as exc:
            raise OutboxError(f"{self.path}: cannot mark the sent rows ({exc})") from None

    def backlog(self) -> int:
        """How many messages are waiting."""
        try:
            games = self._db.execute(
                f"SELECT COUNT(*) FROM games WHERE id >= ? AND {NOT_IMPORTED.format(id='games.id')} "
                "AND NOT EXISTS (SELECT 1 FROM published p "
                "WHERE p.game_id = games.id AND p.seq = ?)", (self.since, START_SEQ)).fetchone()[0]
            rows = self._db.execute(
                f"SELECT COUNT(*) FROM events e WHERE e.game_id >= ? AND {NOT_IMPORTED.format(id='e.game_id')} "
                "AND NOT EXISTS (SELECT 1 FROM published p "
                "WHERE p.game_id = e.game_id AND p.seq = e.seq)", (self.since,)).fetchone()[0]
            abandoned = self._db.execute(
                f"SELECT COUNT(*) FROM games WHERE {ABANDONED_UNSENT} AND NOT EXISTS (SELECT 1 FROM published p "
                "WHERE p.game_id = games.id AND p.seq = ?)", (self.since, START_SEQ, ABANDON_SEQ)).fetchone()[0]
        except DB_ERRORS as exc:
            raise OutboxError(f"{self.path}: cannot count the unsent rows ({exc})") from None
        return int(games) + int(rows) + int(abandoned)


def dumps(pending: Pending) -> str:
    """A pending message as text (for logs of what is waiting: no credentials in it)."""
    return json.dumps(pending.message, ensure_ascii=False, sort_keys=True)
