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

The ``published`` table (added in version 2 without changing it; made on open for writing,
older programs ignore it) is the venue link's outbox marks: ``published(game_id, seq, at)``
holds the rows a venue's broker has acknowledged (seq -1: the game's start), see
:mod:`companion.venue.outbox`.  Losing a mark only sends a row again, which the hub counts once.

The ``clock_jumps`` table (added in version 2 without changing it, like ``published``; older
programs ignore it) holds the wall clock's jumps during a game, ``clock_jumps(game_id, at,
skipped, ticks, marks)``: seen at ``at``, ``skipped`` seconds, after that many of the game's
events and clock marks (see :mod:`companion.clock`); a repair keeps them.

Version 2 added ``joined`` (1 on a ``do`` confirmed together with the ``do``
before it: the steps of one camera proposal, undone and redone as one player
action; part of the row's crc when set).  A version-1 journal gets the columns,
all 0, when it is opened for writing; read-only, it is read as it is.  Version-1
programs refuse a version-2 journal ("written by a newer version") rather than
take a joined row's checksum for damage.

The parts: :mod:`~companion.journal.schema` (tables, failure kinds), :mod:`~companion.journal.rows`
(rows as values, checksums, row checks), :mod:`~companion.journal.opening` (the lock, the log's
check, migrations), :mod:`~companion.journal.store` (:class:`Journal`), :mod:`~companion.journal.history`
(history queries), :mod:`~companion.journal.quarantine` and :mod:`~companion.journal.salvage`.
"""
from companion.errors import JournalError
from companion.journal.rows import (GameEntry, JournalEvent, LoadedEvents, NewEvent, PlayedRow, QuarantinedEvent,
                                    event_crc, game_crc)
from companion.journal.salvage import SalvageReport, set_aside_and_salvage
from companion.journal.schema import EVENT_KINDS, LOW_SPACE_BYTES, PROBLEMS, SCHEMA_VERSION, out_of_space, problem_of
from companion.journal.store import Journal

__all__ = ["EVENT_KINDS", "LOW_SPACE_BYTES", "PROBLEMS", "SCHEMA_VERSION", "GameEntry", "Journal", "JournalError",
           "JournalEvent", "LoadedEvents", "NewEvent", "PlayedRow", "QuarantinedEvent", "SalvageReport",
           "event_crc", "game_crc", "out_of_space", "problem_of", "set_aside_and_salvage"]
