"""Opening a journal: the lock, the write-ahead log's check, the schema version, the
checks of tables, columns and rows, and the migrations of older files."""
from __future__ import annotations

import fcntl
import logging
import os
import shutil
import sqlite3
import time

from companion.errors import JournalError
from companion.messages import Text
from companion.journal.base import JournalBase
from companion.journal.rows import json_or_none, sql_crc
from companion.journal.schema import (COLUMNS, DB_ERRORS, GAME_CRC_SQL, GAMES_ABSENT, GAMES_CREATED, LATER_COLUMNS,
                                      MARK_WIDTH, SCHEMA, SCHEMA_VERSION)
from companion.wal import check_wal

log = logging.getLogger("companion.journal")


class Opening(JournalBase):
    """Opens the file (or a read-only view of it) and checks it before any game is read."""

    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise self._fail(exc, "cannot create the data folder") from exc
        self._take_lock()
        self._existed = self.path.exists()
        self._check_wal()
        try:
            self._db = sqlite3.connect(str(self.path), isolation_level=None, timeout=5.0,
                                       check_same_thread=False)   # the writer thread writes
            self._db.create_function("tc_crc", 1, sql_crc, deterministic=True)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._check_version()
            self._check_integrity()
            self._check_tables()
            self._check_columns()
            self._db.executescript(SCHEMA)
            self._check_orphans()
            self._check_missing_games()
            self._add_game_checksums()
            self._add_joined_columns()
            self._check_mark()
            if self._db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except DB_ERRORS as exc:
            raise self._fail(exc, "cannot open the journal") from exc

    def _open_read_only(self) -> None:
        if not self.path.exists():
            raise JournalError(f"{self.path}: there is no journal", "io", self.path)
        uri = self.path.resolve().as_uri()
        try:
            self._db = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
            self._check_version()
        except DB_ERRORS:
            # A write-ahead log needs a writable folder even to read; without
            # one, read the main file alone (the log's last changes are not shown).
            try:
                if self._db is not None:
                    self._db.close()
                self._db = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True,
                                           isolation_level=None)
                self._check_version()
            except DB_ERRORS as exc:
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
        self._previous_mark = os.read(fd, MARK_WIDTH).decode("ascii", "replace").split()
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
            os.pwrite(self._lock_fd, text.ljust(MARK_WIDTH).encode("ascii"), 0)
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
                self._db.execute(f"UPDATE games SET crc = {GAME_CRC_SQL}")

    def _add_joined_columns(self) -> None:
        """Version-1 journals: add ``joined`` (0: every action its own) to events and quarantine."""
        assert self._db is not None
        missing = [table for table in ("events", "quarantine") if not self._has_joined(table)]
        if missing:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                for table in missing:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN joined INTEGER NOT NULL DEFAULT 0")

    def _check_mark(self) -> None:
        """Compare the journal with the mark the previous run left (see :meth:`_mark`)."""
        mark = self._previous_mark
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

        assert self._db is not None   # called while opening, on the open file
        row = self._db.execute("SELECT game, config FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            return f"#{game_id}"
        config = json_or_none(row[1])
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
        missing = [table for table in COLUMNS if table not in found]
        if found & set(COLUMNS) and missing:
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

    def _check_missing_games(self) -> None:
        """Games whose number was given but that the journal no longer holds at all (a
        game's row deleted, by damage or by hand, when it had no moves: no orphan moves
        tell of it).  The journal counts the games started (meta ``games_created``); a
        missing one is said once, then noted as known (``games_absent``): nothing of it is
        left to show or to repair."""
        assert self._db is not None
        meta = dict(self._db.execute("SELECT key, value FROM meta WHERE key IN (?, ?)",
                                     (GAMES_CREATED, GAMES_ABSENT)).fetchall())
        top = meta.get(GAMES_CREATED)
        top = top if isinstance(top, int) and not isinstance(top, bool) and top > 0 else 0
        absent = {int(v) for v in str(meta.get(GAMES_ABSENT) or "").split(",") if v.strip().isdigit()}
        db = self._db
        games = {row[0] for row in db.execute("SELECT id FROM games") if isinstance(row[0], int)}
        set_aside = {row[0] for row in self._db.execute("SELECT DISTINCT game_id FROM quarantine")}
        highest = max([*games, *set_aside, self._db.execute("SELECT MAX(game_id) FROM events").fetchone()[0]],
                      key=lambda v: v if isinstance(v, int) else 0, default=0)
        highest = highest if isinstance(highest, int) else 0
        if top > highest + 100_000:   # a damaged count, not a hundred thousand lost games
            log.warning("%s: the count of games started (%d) is damaged; counted again", self.path, top)
            top = highest

        def gone(upto: int) -> set[int]:
            """Numbers up to ``upto`` with no row anywhere (moves looked up one game at a time)."""
            if upto > 1_000_000:
                return set()
            return {n for n in range(1, upto + 1) if n not in games and n not in set_aside
                    and db.execute("SELECT 1 FROM events WHERE game_id=? LIMIT 1", (n,)).fetchone() is None}

        if GAMES_CREATED not in meta:
            # counted from now on (an older version's journal): the gaps it has are not known to be new
            absent |= gone(highest)
        missing = sorted(gone(top) - absent)
        if missing:
            shown = ", ".join(f"#{n}" for n in missing[:8]) + (", …" if len(missing) > 8 else "")
            log.warning("%s: games %s are missing from the journal (their rows are gone)", self.path,
                        ", ".join(map(str, missing)))
            self.notices.append(Text(
                "The journal is damaged: game {games} is missing from it (it had no saved moves). "
                "The other games are not affected; if it was being played, set it up again with New game.",
                "The journal is damaged: {count} games ({games}) are missing from it (they had no saved "
                "moves). The other games are not affected; if one was being played, set it up again "
                "with New game.", count=len(missing), games=shown))
        if missing or highest > top or GAMES_CREATED not in meta or GAMES_ABSENT not in meta:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                for key, value in ((GAMES_CREATED, max(highest, top)),
                                   (GAMES_ABSENT, ",".join(map(str, sorted(absent | set(missing)))))):
                    self._db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) "
                                     "DO UPDATE SET value=excluded.value", (key, value))

    def _check_columns(self) -> None:
        """The tables that exist have the columns this version reads (a damaged schema
        text can rename one: every read would then fail)."""
        for table, needed in {**COLUMNS, **LATER_COLUMNS}.items():
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
