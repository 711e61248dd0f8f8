"""``companion export|import|backup|restore|stats``: the history from the command line.

    companion export records DIR [--game ID ...]   one record file per game (all by default)
    companion export csv FILE                      one row per player per finished game
    companion export bgstats FILE                  a file BG Stats imports
    companion export all DIR                       all three (DIR/records/, games.csv, bgstats.json),
                                                   and the result pictures kept (DIR/pictures/)
    companion import FILE|DIR ...                  add record files; duplicates are skipped
    companion backup FILE                          a consistent copy of the journal (app may run)
    companion restore FILE                         put a backup in place (app stopped)
    companion stats [--game NAME] [--period P]     players and games as JSON

Every command takes ``--data-dir DIR``.  Exit 0 on success; 1 when something was
refused or skipped (each named on stderr); 2 when the journal cannot be used.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.journal import Journal
from companion.errors import JournalError
from companion.journal_cli import JOURNAL_FILE
from companion.settings import default_data_dir

COMMANDS = ("export", "import", "backup", "restore", "stats")


def history_main(command: str, argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=f"companion {command}")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help=f"the app's data folder (default {default_data_dir()})")
    if command == "export":
        parser.add_argument("what", choices=("records", "csv", "bgstats", "all"))
        parser.add_argument("dest", type=Path)
        parser.add_argument("--game", type=int, action="append", default=[],
                            help="a game's number (records only; repeat for several)")
    elif command == "import":
        parser.add_argument("files", type=Path, nargs="+")
    elif command in ("backup", "restore"):
        parser.add_argument("file", type=Path)
    else:
        from companion.stats import PERIODS

        parser.add_argument("--game", default=None)
        parser.add_argument("--period", choices=tuple(PERIODS), default="all")
    args = parser.parse_args(argv)
    data_dir = args.data_dir or default_data_dir()
    path = data_dir / JOURNAL_FILE
    try:
        if command == "backup":
            from companion.backup import backup

            backup(path, args.file)
            print(f"backup written to {args.file}")
            return 0
        if command == "restore":
            from companion.backup import restore

            kept = restore(args.file, path)
            print(f"restored {args.file} as {path}" + (f"; the journal it replaced is kept as {kept}"
                                                      if kept else ""))
            return 0
        if command == "import":
            return _import(path, args.files)
        with Journal(path, read_only=True) as journal:
            return _export(journal, data_dir, args) if command == "export" else \
                _stats(journal, data_dir, args)
    except JournalError as exc:
        print(f"companion {command}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"companion {command}: {exc}", file=sys.stderr)
        return 2


def _export(journal: Journal, data_dir: Path, args: argparse.Namespace) -> int:
    from companion import exports
    from companion.stats import PlayerNames, plays_from_rows

    names = PlayerNames.load(data_dir)
    if names.problem:
        print(f"companion export: {names.problem}", file=sys.stderr)
    if args.what == "records":
        ids = args.game or [p.id for p in journal.played()] + [e.id for e in journal.abandoned()]
        written, problems = exports.export_records(journal, args.dest, ids)
        print(f"{len(written)} records written to {args.dest}")
    elif args.what == "all":
        report = exports.export_all(journal, args.dest, names, data_dir=data_dir)
        problems = report.problems
        print(f"{report.records} records, {report.plays} finished games, {report.pictures} result pictures "
              f"written to {args.dest}")
    else:
        plays = plays_from_rows(journal.played(), names)
        text = exports.csv_text(plays) if args.what == "csv" else \
            json.dumps(exports.bgstats_export(plays), ensure_ascii=False, indent=1)
        args.dest.write_text(text, encoding="utf-8")
        problems = []
        print(f"{len(plays)} finished games written to {args.dest}")
    for problem in problems:
        print(f"companion export: skipped {problem}", file=sys.stderr)
    return 1 if problems else 0


def _import(path: Path, files: list[Path]) -> int:
    from companion.exports import import_records

    with Journal(path) as journal:
        report = import_records(journal, files)
    print(f"{len(report.added)} games added, {len(report.duplicates)} already in the journal, "
          f"{len(report.refused)} refused")
    for problem in report.refused:
        print(f"companion import: refused {problem}", file=sys.stderr)
    return 1 if report.refused else 0


def _stats(journal: Journal, data_dir: Path, args: argparse.Namespace) -> int:
    from companion import stats

    names = stats.PlayerNames.load(data_dir)
    if names.problem:
        print(f"companion stats: {names.problem}", file=sys.stderr)
    plays = stats.select(stats.plays_from_rows(journal.played(), names), args.game, args.period)
    json.dump({"players": [stats.as_dict(s) for s in stats.players(plays)],
               "games": [stats.as_dict(s) for s in stats.games(plays)]},
              sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0
