"""Salvage: a damaged journal is set aside under a dated name (never deleted) and every game
and event that can still be read is copied into a fresh one, with the venue's marks of the rows
copied (what the broker acknowledged is not sent again, what it did not is sent) and the venue's
notes in meta (the first game a venue is told of, the games imported)."""
from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from companion.errors import JournalError
from companion.journal.rows import check_rows
from companion.journal.pages import FoundRows, find_rows, sound_event
from companion.journal.schema import (CLOCK_MARKS, GAME_COLUMNS, GAMES_IMPORTED, SCHEMA, SCHEMA_VERSION,
                                      VENUE_SINCE, jump_row_ok, problem_of)
from companion.journal.store import Journal

log = logging.getLogger("companion.journal")

#: the sequence number of a game's start in the venue's marks (a game's first row is 0)
START_MARK = -1


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
    """The damaged journal ``kept`` opened read-only when it opens, else the copy of it in
    ``scratch`` that reads the most: pages counted again, the tables' schema text written
    again, or the rows read from the pages without SQLite.  The first copy that reads every
    row the pages hold is taken; None when none reads."""
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

    best = opened(kept)
    if best is not None:   # SQLite reads the file as it is: its reading of each row is taken
        return best
    try:
        found: FoundRows | None = find_rows(kept)
    except (OSError, MemoryError):
        found = None
    everything = _rows_of(found) if found is not None else None
    best_rows = -1
    for repair in (_repaired_copy, _schema_copy,
                   lambda d, f: _schema_copy(_repaired_copy(d, f), f, "schema-pages"),
                   lambda d, f: _recovered_copy(d, f, found)):
        try:
            candidate = opened(repair(kept, scratch))
        except (OSError, sqlite3.Error, ValueError):
            candidate = None
        if candidate is None:
            continue
        rows = _readable_rows(candidate)
        if rows > best_rows:
            if best is not None:
                best.close()
            best, best_rows = candidate, rows
        else:
            candidate.close()
        if everything is not None and best_rows >= everything:
            break
    return best


def _rows_of(found: FoundRows) -> int:
    """The games the pages hold and their sound moves (each passes its checksum)."""
    return len(found.games) + sum(1 for row in found.events.values()
                                  if row[0] in found.games and sound_event(row))


def _readable_rows(journal: Journal) -> int:
    """The games whose row ``journal`` reads, and the sound moves of each, in order."""
    try:
        ids = [r[0] for r in journal._read("SELECT id FROM games ORDER BY id")]
    except JournalError:
        return 0
    rows = 0
    for game_id in ids:
        try:
            journal._read(f"SELECT {GAME_COLUMNS} FROM games WHERE id=?", (game_id,))
            rows += 1 + len(check_rows(game_id, *journal._raw_rows(game_id)).events)
        except JournalError:
            continue
    return rows


#: what sqlite_master holds (type, name, table), in the order the tables were created
#: (the same in every version; a later table comes last, in a new file as in an older one)
_SCHEMA_ROWS = (("table", "games", "games"), ("table", "events", "events"),
                ("index", "sqlite_autoindex_events_1", "events"), ("table", "quarantine", "quarantine"),
                ("index", "games_by_status", "games"), ("table", "meta", "meta"),
                ("index", "sqlite_autoindex_meta_1", "meta"), ("table", "clock", "clock"),
                ("index", "clock_by_game", "clock"), ("table", "published", "published"),
                ("index", "sqlite_autoindex_published_1", "published"), ("table", "clock_jumps", "clock_jumps"))


def _schema_sql() -> dict[str, str]:
    """The CREATE statements of :data:`SCHEMA` by name, as SQLite keeps them."""
    found = {}
    for statement in SCHEMA.split(";"):
        statement = " ".join(statement.replace("IF NOT EXISTS ", "").split())
        if statement:
            found[statement.split()[2]] = statement
    return found


def _schema_copy(damaged: Path, folder: Path, name: str = "schema") -> Path:
    """A copy of ``damaged`` (and its log) whose schema text (sqlite_master) is written
    again from :data:`SCHEMA`, keeping each table's root page: rows stay readable when
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


def _recovered_copy(damaged: Path, folder: Path, found: FoundRows | None = None) -> Path:
    """A new journal in ``folder`` holding every row of the journal's tables that the pages of
    ``damaged`` (and its log) hold, read without SQLite (:mod:`~companion.journal.pages`):
    for a file whose schema records themselves cannot be read."""
    found = find_rows(damaged) if found is None else found
    if not found.games:
        raise ValueError("no game found in the file's pages")
    copy = folder / "recovered.sqlite3"
    db = sqlite3.connect(copy, isolation_level=None)
    try:
        db.executescript(SCHEMA)
        db.execute("BEGIN")
        db.executemany(f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?,?,?,?,?,?,?,?)", found.games.values())
        db.executemany("INSERT INTO events (game_id, seq, kind, payload, crc, at, joined) VALUES (?,?,?,?,?,?,?)",
                       found.events.values())
        db.executemany("INSERT INTO quarantine (id, game_id, seq, kind, payload, crc, at, reason, batch, joined) "
                       "VALUES (?,?,?,?,?,?,?,?,?,?)", found.quarantine.values())
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.execute("COMMIT")
    finally:
        db.close()
    return copy


def _repaired_copy(damaged: Path, folder: Path) -> Path:
    """A copy of ``damaged`` (and its log) padded to whole pages, with the page
    count in its header set to what the file holds (SQLite refuses a file
    shorter than its header says, as a cut-off copy or a torn disk leaves) and
    its text encoding UTF-8 again."""
    data = bytearray(damaged.read_bytes())
    page_size = int.from_bytes(data[16:18], "big") if len(data) >= 100 else 0
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512:
        raise OSError("no page size in the header")
    data += bytes((-len(data)) % page_size)
    data[28:32] = (len(data) // page_size).to_bytes(4, "big")
    data[56:60] = (1).to_bytes(4, "big")   # a journal's text is always UTF-8
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
                row = old._read(f"SELECT {GAME_COLUMNS} FROM games WHERE id=?", (game_id,))[0]
                rows, _unreadable = old._raw_rows(game_id)
            except (JournalError, IndexError):
                lost += 1
                continue
            good = len(check_rows(game_id, rows, "").events)
            statements: list[tuple[str, Sequence[Any]]] = [(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?,?,?,?,?,?,?,?)", row)]
            statements += [(
                "INSERT INTO events (game_id, seq, kind, payload, crc, at, joined) VALUES (?,?,?,?,?,?,?)",
                (game_id, *raw)) for raw in rows[:good]]
            tail = rows[good:]
            try:   # the game clock's marks, when they read (a file before them has none)
                marks = old._read("SELECT at, kind FROM clock WHERE game_id=? ORDER BY rowid", (game_id,))
            except JournalError:
                marks = []
            statements += [("INSERT INTO clock (game_id, at, kind) VALUES (?,?,?)", (game_id, at, kind))
                           for at, kind in marks if isinstance(at, (int, float)) and kind in CLOCK_MARKS]
            try:   # the wall clock's jumps during the game (a file before them has none)
                jumps = old._read("SELECT at, skipped, ticks, marks FROM clock_jumps WHERE game_id=? "
                                  "ORDER BY rowid", (game_id,))
            except JournalError:
                jumps = []
            statements += [("INSERT INTO clock_jumps (game_id, at, skipped, ticks, marks) VALUES (?,?,?,?,?)",
                            (game_id, *jump)) for jump in jumps if jump_row_ok(jump)]
            statements += [(
                "INSERT INTO quarantine (game_id, seq, kind, payload, crc, at, joined, reason, batch) "
                "VALUES (?,?,?,?,?,?,?,?,?)",
                (game_id, *raw, "damaged when the journal was repaired", time.time()))
                for raw in tail]
            statements += [("INSERT OR IGNORE INTO published (game_id, seq, at) VALUES (?,?,?)", mark)
                           for mark in _marks(old, game_id, {raw[0] for raw in rows[:good]})]
            try:
                fresh._write(statements)
            except JournalError:
                lost += 1
                continue
            games += 1
            events += good
            set_aside += len(tail)
        _copy_venue_notes(fresh, old)
    return SalvageReport(kept, games, events, lost, set_aside)


def _marks(old: Journal, game_id: int, copied: set[Any]) -> list[tuple[int, int, float]]:
    """The venue's marks of a game's start and of its rows that are copied (a row set aside
    loses its mark: the move played next under its number is sent), when they read."""
    try:
        marks = old._read("SELECT seq, at FROM published WHERE game_id=?", (game_id,))
    except JournalError:   # an older file has no marks, or their pages are damaged
        return []
    return [(game_id, seq, at) for seq, at in marks
            if isinstance(seq, int) and isinstance(at, (int, float)) and (seq == START_MARK or seq in copied)]


def _copy_venue_notes(fresh: Journal, old: Journal) -> None:
    """The venue's notes in meta, when they read: the first game a venue is told of (so games
    from before the venue stay private) and the games imported (never sent)."""
    try:
        notes = old._read("SELECT key, value FROM meta WHERE key IN (?, ?)", (VENUE_SINCE, GAMES_IMPORTED))
    except JournalError:
        return
    statements: list[tuple[str, Sequence[Any]]] = [
        ("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING", (key, value))
        for key, value in notes if isinstance(value, (int, str))]
    if statements:
        try:
            fresh._write(statements)
        except JournalError as exc:   # the games are copied; the venue starts afresh from the next game
            log.warning("the venue's notes were not copied into the repaired journal: %s", exc)
