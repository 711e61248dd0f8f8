"""Games leaving the Pi, and coming back: records, CSV, BG Stats; import with
duplicates detected.

- **records**: one ``table-companion-record`` v1 file per game (what ``companion
  replay`` reads), with a ``played`` object keeping the journal's dates and status;
- **CSV**: one row per player per game;
- **BG Stats**: the JSON shape of BG Stats' own export (players, locations, games
  with their BoardGameGeek ids, plays with player scores, winners, start player,
  date, duration), which BG Stats imports;
- **result pictures** (``pictures/``): each finished game's picture kept in the data
  folder (:mod:`companion.result_picture`), named like its record;
- **import** of record files (another table's games, a restored backup): each is
  replayed by its engine first; a game already in the journal (same game, set-up
  and actions) is counted as a duplicate and not added again.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

# BG Stats' ids: a game's BoardGameGeek id, and uuids stable from export to export (a file
# exported twice updates the same plays in BG Stats instead of adding them again)
from companion.bgstats_link import APP, BGG_IDS, ranks, stable_uuid
from companion.dates import date_problem, local_text
from companion.engine import GameConfig
from companion.errors import CompanionError, JournalError, RecordError
from companion.games import game_title, load_game
from companion.inputs import read_bounded_text
from companion.journal import Journal
from companion.result_picture import picture_path
from companion.record import GameRecord, parse_json, record_from_dict, replay
from companion.timeline import game_result
from companion.stats import Play, PlayerNames, plays_from_rows
from companion.story import journal_actions

CSV_COLUMNS = ("game_id", "date", "game", "title", "bgg_id", "seat", "player", "score", "winner",
               "start_player", "players", "duration_min")

Progress = Callable[[int, int], None]


# -- records ---------------------------------------------------------------------------
def journal_record(journal: Journal, game_id: int) -> dict[str, Any]:
    """A journal game as a record (dict), with its dates in ``played``."""
    game, config, actions = journal_actions(journal, game_id)
    entry = journal.game(game_id)
    data = GameRecord(config, tuple(actions)).to_dict()
    data["played"] = {"started": entry.started, "finished": entry.finished, "status": entry.status,
                      "table_game_id": entry.id}
    return data


def record_name(data: dict[str, Any]) -> str:
    played = data.get("played") or {}
    when = local_text(played.get("started") or 0, "%Y%m%d-%H%M%S", "00000000-000000")
    return f"{when}-{data['config']['game']}-{played.get('table_game_id', 0)}.json"


def export_records(journal: Journal, folder: Path, ids: Sequence[int],
                   progress: Progress | None = None) -> tuple[list[Path], list[str]]:
    """Write one record file per game into ``folder``; (files written, problems: a game
    whose record cannot be read is named and skipped, the others are written)."""
    folder.mkdir(parents=True, exist_ok=True)
    written, problems = [], []
    for done, game_id in enumerate(ids, start=1):
        try:
            data = journal_record(journal, game_id)
        except RecordError as exc:
            problems.append(str(exc))
        else:
            path = folder / record_name(data)
            path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
            written.append(path)
        if progress is not None:
            progress(done, len(ids))
    return written, problems


# -- CSV -------------------------------------------------------------------------------
def _local(seconds: float) -> str:
    return local_text(seconds, "%Y-%m-%d %H:%M:%S", "")


def csv_text(plays: Iterable[Play]) -> str:
    """One row per player per game (columns CSV_COLUMNS)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        for seat, name in enumerate(play.names):
            start = "" if play.start_seat is None else int(play.start_seat == seat)
            writer.writerow([play.id, _local(play.finished), play.game,
                             game_title(play.game), BGG_IDS.get(play.game, ""), seat,
                             name, play.totals[seat], int(seat in play.winners), start,
                             len(play.names), round(play.duration / 60)])
    return out.getvalue()


# -- BG Stats --------------------------------------------------------------------------
def bgstats_export(plays: Sequence[Play], now: float | None = None) -> dict[str, Any]:
    """The plays as a BG Stats export file (the shape kept in
    tests/data/bgstats/export-sample.json)."""
    stamp = _local(time.time() if now is None else now)
    people: dict[str, int] = {}
    for play in plays:
        for name in play.names:
            people.setdefault(name, len(people) + 1)
    game_ids = {name: index for index, name in enumerate(sorted({p.game for p in plays}), start=1)}
    counts: dict[str, int] = {}
    for play in plays:
        for name in play.names:
            counts[name] = counts.get(name, 0) + 1
    me = max(counts, key=lambda n: (counts[n], -people[n])) if counts else None
    games = []
    for name, ref in game_ids.items():
        try:
            engine = load_game(name)
            low, high = engine.min_players, engine.max_players
        except CompanionError:
            low = high = 0
        title = game_title(name)
        games.append({
            "uuid": stable_uuid("game", name), "id": ref, "name": title, "modificationDate": stamp,
            "cooperative": False, "highestWins": True, "noPoints": False, "usesTeams": False,
            "urlThumb": "", "urlImage": "", "bggName": title, "bggYear": 0,
            "bggId": BGG_IDS.get(name, 0), "designers": "", "isBaseGame": 1, "isExpansion": 0,
            "rating": 0, "minPlayerCount": low, "maxPlayerCount": high, "minPlayTime": 0,
            "maxPlayTime": 0, "minAge": 0})
    out_plays = []
    for play in plays:
        order = ranks(play.totals, play.winners)
        out_plays.append({
            "uuid": stable_uuid("play", play.game, play.started),  # stays the same after a rename
            "modificationDate": stamp, "entryDate": _local(play.finished),
            "playDate": _local(play.started), "usesTeams": False,
            "durationMin": round(play.duration / 60), "ignored": False, "manualWinner": False,
            "rounds": 0, "locationRefId": 1, "gameRefId": game_ids[play.game], "board": "",
            "scoringSetting": 0, "expansionPlays": [],
            "playerScores": [{
                "score": str(play.totals[seat]), "winner": seat in play.winners,
                "newPlayer": False, "startPlayer": play.start_seat == seat,
                "playerRefId": people[name], "role": "", "rank": order[seat], "seatOrder": seat}
                for seat, name in enumerate(play.names)]})
    return {
        "about": f"Exported by {APP}: every finished game of its journal.",
        "tags": [], "groups": [],
        "players": [{"uuid": stable_uuid("player", name), "id": ref, "name": name, "isAnonymous": False,
                     "modificationDate": stamp, "bggUsername": ""} for name, ref in people.items()],
        "locations": [{"uuid": stable_uuid("location", APP), "id": 1, "name": APP,
                       "modificationDate": stamp}],
        "games": games, "plays": out_plays, "challenges": [], "deletedObjects": [],
        "userInfo": {"meRefId": people[me] if me else 0, "exportDate": stamp,
                     "appVersion": APP},
    }


# -- everything at once ---------------------------------------------------------------
@dataclass
class ExportReport:
    folder: Path
    records: int = 0
    plays: int = 0
    problems: list[str] = field(default_factory=list)
    pictures: int = 0


def export_pictures(plays: Iterable[Play], data_dir: Path, folder: Path) -> int:
    """Copy the result picture of each of ``plays`` kept in ``data_dir`` into ``folder``,
    named like the game's record (``<date>-<game>-<id>.png``); how many were there."""
    copied = 0
    for play in plays:
        source = picture_path(data_dir, play.id)
        if not source.exists():        # a game whose scores were never shown since pictures are kept
            continue
        folder.mkdir(parents=True, exist_ok=True)
        when = local_text(play.started, "%Y%m%d-%H%M%S", "00000000-000000")
        shutil.copyfile(source, folder / f"{when}-{play.game}-{play.id}.png")
        copied += 1
    return copied


def export_all(journal: Journal, folder: Path, names: PlayerNames | None = None,
               progress: Progress | None = None, data_dir: Path | None = None) -> ExportReport:
    """Records of every game (finished or not) in ``folder/records``, every finished
    game as ``games.csv`` and ``bgstats.json``, and (given the ``data_dir`` that keeps
    them) the finished games' result pictures in ``folder/pictures``;
    ``progress(done, total)`` after each step."""
    plays = plays_from_rows(journal.played(), names)
    ids = [p.id for p in plays] + [e.id for e in journal.abandoned()]
    total = len(ids) + 2
    report = ExportReport(folder, plays=len(plays))
    written, report.problems = export_records(
        journal, folder / "records", ids,
        progress=None if progress is None else (lambda done, _n: progress(done, total)))
    report.records = len(written)
    (folder / "games.csv").write_text(csv_text(plays), encoding="utf-8")
    if progress is not None:
        progress(len(ids) + 1, total)
    (folder / "bgstats.json").write_text(
        json.dumps(bgstats_export(plays), ensure_ascii=False, indent=1), encoding="utf-8")
    if data_dir is not None:
        report.pictures = export_pictures(plays, Path(data_dir), folder / "pictures")
    if progress is not None:
        progress(total, total)
    return report


# -- import ----------------------------------------------------------------------------
def _canonical(config: GameConfig, actions: Iterable[Any]) -> str:
    text = json.dumps({"config": config.to_dict(), "actions": [a.to_dict() for a in actions]},
                      ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class ImportReport:
    added: list[int] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def record_files(paths: Iterable[Path]) -> list[Path]:
    """The record files named, folders searched for ``*.json`` (sorted)."""
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.json")) if path.is_dir() else [path]
    return found


def import_records(journal: Journal, paths: Iterable[Path]) -> ImportReport:
    """Add the games of the record files ``paths`` (files or folders) to the journal.

    Each record is replayed first (a record the rules refuse is named in ``refused``,
    with the reason); one already in the journal, or twice in the files, is named in
    ``duplicates``.  A game that ends is added as finished, with its result; one that
    does not is added as unfinished (it is listed with the abandoned games, and can
    be resumed)."""
    report = ImportReport()
    known = _fingerprints(journal)
    for path in record_files(paths):
        try:
            data = parse_json(read_bounded_text(path), path)
            record = record_from_dict(data)
            check_sizes(record)
            game = load_game(record.config.game)
            states = replay(game, record.config, record.actions)
        except (OSError, UnicodeDecodeError) as exc:
            report.refused.append(f"{path}: cannot read ({exc})")
            continue
        except RecordError as exc:
            report.refused.append(f"{path}: {exc}" if str(path) not in str(exc) else str(exc))
            continue
        over = game.is_over(states[-1])
        try:
            started, finished = played_dates(data, over)
        except RecordError as exc:
            report.refused.append(f"{path}: {exc}")
            continue
        fingerprint = _canonical(record.config, record.actions)
        if fingerprint in known:
            report.duplicates.append(str(path))
            continue
        try:
            game_id = journal.add_played_game(
                record.config.game, record.config.to_dict(), started, finished,
                "finished" if over else "abandoned", game_result(game, states[-1]) if over else None,
                [a.to_dict() for a in record.actions])
        except JournalError as exc:
            if exc.problem in ("full", "readonly", "busy"):
                raise  # the journal cannot take any game now: the rest would fail the same way
            report.refused.append(f"{path}: cannot be added ({exc})")
            continue
        known.add(fingerprint)
        report.added.append(game_id)
    if report.added:
        journal.checkpoint()
    return report


#: the longest player name taken in from a record (the screens show names of a few words)
MAX_NAME = 100


def check_sizes(record: GameRecord) -> None:
    """RecordError when a record holds what no table makes: a player name longer than
    :data:`MAX_NAME` characters."""
    for player in record.config.players:
        if len(player.name) > MAX_NAME:
            raise RecordError(f"player {player.seat}'s name is {len(player.name)} characters long "
                              f"(at most {MAX_NAME})")


def played_dates(data: dict[str, Any], over: bool) -> tuple[float, float | None]:
    """The dates of a record's ``played`` object: (started, finished; None when the game
    is not over).  A date left out is now (finished: started); one that is there must be
    a date (seconds since 1970, 1970 to 2100), else RecordError names the field."""
    played = data.get("played", {})
    if played is None:
        played = {}
    if not isinstance(played, dict):
        raise RecordError(f"'played' is {type(played).__name__}, not an object")
    dates: dict[str, float] = {}
    for name in ("started", "finished"):
        value = played.get(name)
        if value is None:
            continue
        problem = date_problem(value)
        if problem is not None:
            raise RecordError(f"played.{name} {problem}")
        dates[name] = float(value)
    started = dates.get("started", time.time())
    return started, (dates.get("finished", started) if over else None)


def _fingerprints(journal: Journal) -> set[str]:
    """The fingerprint of every readable game of the journal."""
    found = set()
    ids = [p.id for p in journal.played()] + [e.id for e in journal.abandoned()]
    for game_id in ids:
        try:
            _game, config, actions = journal_actions(journal, game_id)
        except (RecordError, JournalError):
            continue
        found.add(_canonical(config, actions))
    return found
