"""Export → import round-trips to the same games; re-import adds nothing; the BG
Stats file has the shape of a real BG Stats export."""
from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest

from companion.games import game_title, registered_games
from companion import exports
from companion.journal import Journal
from companion.stats import plays_from_rows
from companion.story import journal_actions
from tests.history.games import fast, play_one

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "bgstats" / "export-sample.json"


def _games(journal: Journal) -> list[tuple]:
    found = []
    for entry in sorted(journal.history(limit=10_000) + journal.abandoned(), key=lambda e: e.started):
        _game, config, actions = journal_actions(journal, entry.id)
        found.append((entry.game, json.dumps(config.to_dict(), sort_keys=True),
                      [a.to_dict() for a in actions], entry.status, entry.started, entry.finished,
                      (entry.result or {}).get("scores")))
    return found


def test_export_then_import_gives_the_same_games_and_reimport_adds_nothing(filled, tmp_path):
    journal, played = filled
    unfinished = play_one(journal, "coloretto", random.Random(3), finish=False)
    report = exports.export_all(journal, tmp_path / "out")
    assert report.problems == [] and report.records == len(played) + 1
    with Journal(tmp_path / "other.sqlite3") as other:
        fast(other)
        first = exports.import_records(other, [tmp_path / "out" / "records"])
        assert len(first.added) == len(played) + 1 and not first.refused and not first.duplicates
        mine = _games(journal)
        assert [a.to_dict() for a in unfinished.actions] in [g[2] for g in mine]
        theirs = _games(other)
        # the same games, actions, scores and dates; an unfinished one comes back as abandoned
        assert [g[:3] + g[4:] for g in theirs] == [g[:3] + g[4:] for g in mine]
        assert [g[3] for g in theirs] == [("finished" if g[3] == "finished" else "abandoned") for g in mine]
        again = exports.import_records(other, [tmp_path / "out" / "records"])
        assert again.added == [] and len(again.duplicates) == len(played) + 1
        # a record of the journal itself is a duplicate too
        assert exports.import_records(journal, [tmp_path / "out" / "records"]).added == []


def test_a_record_the_rules_refuse_is_named_and_the_others_are_added(tmp_path, filled):
    journal, played = filled
    exports.export_records(journal, tmp_path, [played[0].game_id, played[1].game_id])
    files = sorted(tmp_path.glob("*.json"))
    data = json.loads(files[0].read_text())
    data["actions"] = data["actions"][::-1]
    files[0].write_text(json.dumps(data))
    (tmp_path / "notes.json").write_text("{not json")
    with Journal(tmp_path / "j.sqlite3") as other:
        report = exports.import_records(other, [tmp_path])
    assert len(report.added) == 1
    assert len(report.refused) == 2
    assert any(files[0].name in r and "action" in r for r in report.refused)
    assert any("notes.json" in r and "not valid JSON" in r for r in report.refused)


def _shape(value):
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(value[0])] if value else []
    return type(value).__name__


def _missing(sample, ours, where="") -> list[str]:
    """Keys of the sample our file lacks, or holds with another type."""
    if isinstance(sample, dict):
        if not isinstance(ours, dict):
            return [f"{where}: not an object"]
        found = []
        for key, value in sample.items():
            if key not in ours:
                found.append(f"{where}.{key}: missing")
            else:
                found += _missing(value, ours[key], f"{where}.{key}")
        return found
    if isinstance(sample, list):
        if not isinstance(ours, list):
            return [f"{where}: not a list"]
        return [m for item in ours for m in _missing(sample[0], item, where + "[]")] if sample else []
    return [] if sample == ours else [f"{where}: {ours} where the sample has {sample}"]


def test_bgstats_file_has_the_shape_of_a_real_export(filled):
    journal, played = filled
    sample = _shape(json.loads(SAMPLE.read_text()))
    ours = exports.bgstats_export(plays_from_rows(journal.played()))
    assert _missing(sample, _shape(ours)) == []
    # every reference points at something exported; winners, scores and start players are right
    players = {p["id"]: p["name"] for p in ours["players"]}
    games = {g["id"]: g for g in ours["games"]}
    assert ours["userInfo"]["meRefId"] in players
    assert {g["name"]: g["bggId"] for g in ours["games"]}["Coloretto"] == 5782
    assert len(ours["plays"]) == len(played)
    titles = {game_title(name): name for name in registered_games()}
    by_names = {tuple(x.name for x in p.config.players) + (p.config.game,): p for p in played}
    for play in ours["plays"]:
        assert play["locationRefId"] == 1 and play["gameRefId"] in games
        seats = sorted(play["playerScores"], key=lambda s: s["seatOrder"])
        names = tuple(players[s["playerRefId"]] for s in seats)
        p = by_names[names + (titles[games[play["gameRefId"]]["name"]],)]
        assert [int(s["score"]) for s in seats] == list(p.totals)
        assert [i for i, s in enumerate(seats) if s["winner"]] == list(p.winners)
        assert all(s["rank"] == 1 for s in seats if s["winner"])
    # the same export twice: the same uuids (BG Stats updates instead of adding again)
    twice = exports.bgstats_export(plays_from_rows(journal.played()))
    assert [p["uuid"] for p in twice["plays"]] == [p["uuid"] for p in ours["plays"]]


def test_csv_has_one_row_per_player_per_game(filled):
    journal, played = filled
    rows = list(csv.DictReader(io.StringIO(exports.csv_text(plays_from_rows(journal.played())))))
    assert len(rows) == sum(len(p.config.players) for p in played)
    assert sum(int(r["winner"]) for r in rows) == sum(len(p.winners) for p in played)
    assert {r["bgg_id"] for r in rows if r["game"] == "coloretto"} == {"5782"}


def test_an_import_refuses_dates_no_clock_gives_and_adds_the_rest(tmp_path, filled):
    """1e300, 10**400, NaN, infinity and text as a record's dates: each record is refused
    with its file and field named, the others are added, and nothing stored stops the
    lists the app shows at start from being read."""
    journal, played = filled
    exports.export_records(journal, tmp_path / "in", [played[0].game_id])
    good = next((tmp_path / "in").glob("*.json"))
    data = json.loads(good.read_text())
    bad_values = {"huge": "1e300", "digits": "1" + "0" * 400, "nan": "NaN",
                  "inf": "Infinity", "text": '"yesterday"', "negative": "-5"}
    for name, value in bad_values.items():
        text = json.dumps({**data, "played": {**data["played"], "started": 12345.0}})
        (tmp_path / "in" / f"a-{name}.json").write_text(text.replace("12345.0", value))
    (tmp_path / "in" / "b-name.json").write_text(json.dumps(
        {**data, "config": {**data["config"], "players": [
            {**p, "name": "x" * 5000} for p in data["config"]["players"]]}}))
    with Journal(tmp_path / "j.sqlite3") as other:
        report = exports.import_records(other, [tmp_path / "in"])
        assert len(report.added) == 1, report.refused
        assert len(report.refused) == len(bad_values) + 1
        for name in bad_values:
            assert any(f"a-{name}.json" in r and "played.started" in r for r in report.refused), \
                (name, report.refused)
        assert any("b-name.json" in r and "name" in r for r in report.refused)
        assert [e.started for e in other.history()] == [data["played"]["started"]]


def test_dates_no_clock_gives_in_the_journal_read_as_unknown(tmp_path):
    """A journal whose dates were altered (1e300, infinity, text): every list reads, and the
    dates show as unknown rather than stopping the screen."""
    import sqlite3

    from companion.dates import local_text

    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        fast(journal)
        for _ in range(3):
            play_one(journal, "coloretto", random.Random(4))
        play_one(journal, "coloretto", random.Random(5), finish=False)
    db = sqlite3.connect(path)
    for gid, value in zip((1, 2, 3, 4), (1e300, float("inf"), "soon", -1e300)):
        db.execute("UPDATE games SET started=?, finished=? WHERE id=?", (value, value, gid))
    db.execute("UPDATE events SET at='later' WHERE game_id=1")
    db.commit()
    db.close()
    with Journal(path) as journal:
        entries = journal.history() + journal.abandoned() + [journal.unfinished() or journal.game(4)]
        rows = journal.played()
        assert journal.events(1).events and journal.events(1).damage == ""
    for entry in entries:
        assert local_text(entry.started, "%d.%m.%Y") in ("?", "01.01.1970")
        assert entry.finished is None or local_text(entry.finished, "%d.%m.%Y") != ""
    assert [r.started for r in rows] == [0.0, 0.0, 0.0]
    plays = plays_from_rows(rows)
    assert [round(p.duration) for p in plays] == [0, 0, 0]
    assert exports.csv_text(plays).count("\n") == 1 + sum(len(p.names) for p in plays)
    for value in (1e300, float("nan"), float("inf"), 10**400, "x", None):
        assert local_text(value, "%Y") == "?"


@pytest.mark.timeout(60)
def test_a_fifo_or_an_endless_device_in_an_import_folder_is_refused_and_the_rest_added(
        tmp_path, filled):
    """An import folder holding a FIFO and a link to /dev/zero among the records: both
    are refused as 'not a regular file' (named), nothing hangs, the records are added."""
    import os

    journal, played = filled
    folder = tmp_path / "in"
    exports.export_records(journal, folder, [played[0].game_id])
    os.mkfifo(folder / "a-fifo.json")
    os.symlink("/dev/zero", folder / "b-zero.json")
    with Journal(tmp_path / "j.sqlite3") as other:
        fast(other)
        report = exports.import_records(other, [folder, Path("/dev/zero")])
    assert len(report.added) == 1
    assert len(report.refused) == 3
    for name in ("a-fifo.json", "b-zero.json", "/dev/zero"):
        assert any(name in r and "not a regular file" in r for r in report.refused), report.refused
