"""Export → import round-trips to the same games; re-import adds nothing; the BG
Stats file has the shape of a real BG Stats export."""
from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

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
