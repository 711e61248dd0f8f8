"""Backup and restore of the journal.

``backup`` uses SQLite's online backup API: a consistent copy even while the app
is writing (it reads one snapshot of the file and its write-ahead log), written
as one self-contained file.  ``restore`` puts a backup in place of the journal
while the app is stopped; the journal it replaces is kept beside it under a
dated name (nothing is deleted).
"""
from __future__ import annotations

import fcntl
import os
import shutil
import sqlite3
import time
from pathlib import Path

from companion.journal import SCHEMA_VERSION, Journal, JournalError, problem_of


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
                    journal._db.backup(target)
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
    returns that path (None when there was no journal)."""
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
        kept = None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = journal_path.with_name(f"{journal_path.stem}.before-restore-{stamp}{journal_path.suffix}")
        try:
            for suffix in ("", "-wal", "-shm"):
                current = journal_path.with_name(journal_path.name + suffix)
                if current.exists():
                    os.replace(current, aside.with_name(aside.name + suffix))
                    kept = kept or aside
            tmp = journal_path.with_name(journal_path.name + ".restoring")
            shutil.copyfile(source, tmp)
            with open(tmp, "rb+") as handle:
                os.fsync(handle.fileno())
            os.replace(tmp, journal_path)
            os.ftruncate(fd, 0)  # the last-write mark speaks of the journal set aside
        except OSError as exc:
            raise JournalError(f"{journal_path}: restore failed ({exc}); the journal kept aside "
                               f"is {kept or '-'}", problem_of(exc), journal_path) from exc
        return kept
    finally:
        os.close(fd)
