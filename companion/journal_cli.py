"""``companion journal``: look after the game journal from the command line.

    companion journal check [--data-dir DIR]        open it, check it, say what was found
    companion journal backup FILE [--data-dir DIR]  a consistent copy, also while the app runs
    companion journal quarantine [--data-dir DIR]   the entries recovery set aside, as JSON
    companion journal repair [--data-dir DIR]       a fresh journal; the damaged one kept aside

Exit 0 on success; 2 with one line on stderr when the journal cannot be used.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.backup import backup
from companion.journal import Journal, set_aside_and_salvage
from companion.errors import JournalError
from companion.settings import default_data_dir

JOURNAL_FILE = "journal.sqlite3"


def journal_main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion journal",
                                     description="Check, back up or repair the game journal.")
    parser.add_argument("command", choices=("check", "backup", "quarantine", "repair"))
    parser.add_argument("file", nargs="?", help="where to write the backup (backup only)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help=f"the app's data folder (default {default_data_dir()})")
    args = parser.parse_args(argv)
    path = (args.data_dir or default_data_dir()) / JOURNAL_FILE
    try:
        if args.command == "check":
            return _check(path)
        if args.command == "backup":
            if not args.file:
                parser.error("backup needs the FILE to write")
            return _backup(path, Path(args.file))
        if args.command == "quarantine":
            with Journal(path, read_only=True) as journal:
                json.dump(journal.export_quarantine(), sys.stdout, ensure_ascii=False, indent=1)
                sys.stdout.write("\n")
            return 0
        fresh, report = set_aside_and_salvage(path)
        fresh.close()
        print(f"repaired: {report.games} games and {report.events} entries copied, "
              f"{report.events_set_aside} set aside, {report.games_lost} unreadable; "
              f"the damaged journal is kept as {report.kept_as}")
        return 0
    except JournalError as exc:
        print(f"companion journal: {exc}", file=sys.stderr)
        return 2


def _check(path: Path) -> int:
    with Journal(path, read_only=True) as journal:
        journal._check_integrity()
        for notice in journal.notices:
            print(f"notice: {notice}")
        finished = len(journal.history(limit=1_000_000))
        playing = len(journal.playing())
        damaged = [e.id for e in journal.history(limit=1_000_000) + journal.playing() if e.damage]
        kept = len(journal.quarantined())
    print(f"{path}: ok; {finished} finished games, {playing} being played, "
          f"{kept} entries set aside" + (f", damaged records: {damaged}" if damaged else ""))
    return 1 if damaged else 0


def _backup(path: Path, dest: Path) -> int:
    """SQLite's online backup (see companion.backup): consistent even while the app
    writes, and self-contained (the write-ahead log is folded in)."""
    backup(path, dest)
    print(f"backup written to {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(journal_main())
