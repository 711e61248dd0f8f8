"""Backup and restore of the journal.

``backup`` uses SQLite's online backup API: a consistent copy even while the app
is writing (it reads one snapshot of the file and its write-ahead log), written
as one self-contained file.  ``restore`` puts a backup in place of the journal
while the app is stopped; the journal it replaces is kept beside it under a
dated name (nothing is deleted), and the backup's games are never sent to a venue.
"""
from __future__ import annotations

import errno
import fcntl
import os
import shutil
import sqlite3
import time
from pathlib import Path

from companion.journal import SCHEMA_VERSION, Journal, problem_of
from companion.journal.schema import NEXT_GAME_ID_SQL, VENUE_SINCE
from companion.errors import JournalError


def backup(journal_path: Path, dest: Path) -> None:
    """Copy the journal at ``journal_path`` to the new file ``dest`` (JournalError
    when it exists, or when either file cannot be used)."""
    if dest.exists():
        raise JournalError(f"{dest}: already exists; choose a new file", "io", dest)
    with Journal(journal_path, read_only=True) as journal:
        try:
            target = sqlite3.connect(dest)
            try:
                with target:
                    journal.copy_into(target)
                target.execute("PRAGMA journal_mode=DELETE")
            finally:
                target.close()
        except (sqlite3.Error, OSError) as exc:
            raise JournalError(f"{dest}: backup failed ({exc})", problem_of(exc), dest) from exc


def check_backup(path: Path) -> int:
    """How many games the backup at ``path`` holds; JournalError when it is not a
    whole journal of this version."""
    if not path.is_file():
        raise JournalError(f"{path}: no such backup file", "io", path)
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            if [r[0] for r in db.execute("PRAGMA integrity_check")] != ["ok"]:
                raise JournalError(f"{path}: the backup is damaged", "damaged", path)
            if db.execute("PRAGMA user_version").fetchone()[0] > SCHEMA_VERSION:
                raise JournalError(f"{path}: written by a newer version", "newer", path)
            return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise JournalError(f"{path}: not a journal backup ({exc})", "damaged", path) from exc


def restore(source: Path, journal_path: Path) -> Path | None:
    """Put the backup ``source`` in place of the journal (the app must be stopped).
    The journal it replaces, with its log, is kept as ``<name>.before-restore-<date>``;
    returns that path (None when there was no journal).

    Atomic: the backup is copied beside the journal and checked first; only a whole,
    checked copy takes the journal's place (a rename), and until then the journal is
    untouched.  A restore that fails (a full disk) leaves the journal as it was and no
    partial copy."""
    check_backup(source)
    lock_path = journal_path.with_name(journal_path.name + ".lock")
    journal_path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise JournalError(f"{journal_path}: Table Companion is running with this journal; "
                               "stop it first (sudo systemctl stop table-companion)",
                               "busy", journal_path) from None
        tmp = journal_path.with_name(journal_path.name + ".restoring")
        try:
            _copy_whole(source, tmp)
            _keep_from_the_venue(tmp)
            check_backup(tmp)
        except (OSError, sqlite3.Error, JournalError) as exc:
            _remove(tmp)
            if isinstance(exc, JournalError):
                raise
            raise JournalError(f"{journal_path}: restore failed ({exc}); the journal is unchanged",
                               problem_of(exc), journal_path) from exc
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = journal_path.with_name(f"{journal_path.stem}.before-restore-{stamp}{journal_path.suffix}")
        try:
            kept = _keep_aside(journal_path, aside)
        except OSError as exc:
            _remove(tmp)
            raise JournalError(f"{journal_path}: restore failed, the journal cannot be kept aside "
                               f"({exc}); the journal is unchanged", problem_of(exc),
                               journal_path) from exc
        try:
            for suffix in ("-wal", "-shm"):   # kept aside (linked); the backup has no log
                _remove(journal_path.with_name(journal_path.name + suffix), strict=True)
            os.replace(tmp, journal_path)
            _sync_folder(journal_path.parent)
        except OSError as exc:
            _put_back(journal_path, aside)
            _remove(tmp)
            raise JournalError(f"{journal_path}: restore failed ({exc}); the journal is unchanged "
                               f"(also kept as {kept or '-'})", problem_of(exc), journal_path) from exc
        try:
            os.ftruncate(fd, 0)  # the last-write mark speaks of the journal set aside
        except OSError:
            pass
        return kept
    finally:
        os.close(fd)


def _keep_from_the_venue(copy: Path) -> None:
    """The games of a restored backup were played on another evening (or elsewhere): a venue
    is told only of the games started after the restore (meta ``venue_since`` set to the next
    game's number).  A backup from before the journal had its meta table is left as it is."""
    db = sqlite3.connect(copy, isolation_level=None)
    try:
        if db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'").fetchone() is None:
            return
        db.execute(f"INSERT INTO meta (key, value) VALUES (?, {NEXT_GAME_ID_SQL}) "
                   "ON CONFLICT(key) DO UPDATE SET value=excluded.value", (VENUE_SINCE,))
    finally:
        db.close()
    with open(copy, "rb+") as handle:
        os.fsync(handle.fileno())


def _copy_whole(source: Path, dest: Path) -> None:
    """``source`` copied to ``dest``, on disk (fsynced) when this returns."""
    shutil.copyfile(source, dest)
    with open(dest, "rb+") as handle:
        os.fsync(handle.fileno())


def _keep_aside(journal_path: Path, aside: Path) -> Path | None:
    """The journal and its log, also under the ``aside`` name: hard links (no space
    needed; the journal stays in place), copies where links are not possible."""
    kept = None
    made: list[Path] = []
    try:
        for suffix in ("", "-wal", "-shm"):
            current = journal_path.with_name(journal_path.name + suffix)
            if not current.exists():
                continue
            target = aside.with_name(aside.name + suffix)
            try:
                os.link(current, target)
            except OSError as exc:
                if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS):
                    raise
                shutil.copy2(current, target)
            made.append(target)
            kept = kept or aside
    except OSError:
        for path in made:
            _remove(path)
        raise
    _sync_folder(journal_path.parent)
    return kept


def _put_back(journal_path: Path, aside: Path) -> None:
    """After a failed switch: the journal's log back under its own name (from the aside links)."""
    for suffix in ("-wal", "-shm"):
        current = journal_path.with_name(journal_path.name + suffix)
        kept = aside.with_name(aside.name + suffix)
        if kept.exists() and not current.exists():
            try:
                os.link(kept, current)
            except OSError:
                pass


def _remove(path: Path, strict: bool = False) -> None:
    """Remove our own file ``path`` (a partial copy, a name kept elsewhere) if it is there."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        if strict:
            raise


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
