from __future__ import annotations

import sqlite3

import pytest

from companion.journal import Journal
from companion.errors import JournalError


def test_wal_and_full_sync(journal):
    mode = journal._db.execute("PRAGMA journal_mode").fetchone()[0]
    sync = journal._db.execute("PRAGMA synchronous").fetchone()[0]
    assert mode == "wal"
    assert sync == 2  # FULL


def test_append_and_read_back_in_order(journal):
    gid = journal.start_game("counter", {"game": "counter"})
    seqs = [journal.append(gid, "do", {"type": "add", "n": i}) for i in range(5)]
    journal.append(gid, "undo")
    assert seqs == [0, 1, 2, 3, 4]
    loaded = journal.events(gid)
    assert loaded.damaged_from is None
    assert [e.kind for e in loaded.events] == ["do"] * 5 + ["undo"]
    assert loaded.events[3].payload == {"type": "add", "n": 3}


def test_games_listing_unfinished_and_history(journal):
    a = journal.start_game("counter", {"x": 1})
    b = journal.start_game("counter", {"x": 2})
    assert journal.unfinished().id == b
    journal.finish_game(b, {"scores": {"totals": [1, 2]}})
    assert journal.unfinished().id == a
    assert [g.id for g in journal.history()] == [b]
    assert journal.history()[0].result == {"scores": {"totals": [1, 2]}}
    journal.abandon_game(a)
    assert journal.unfinished() is None
    journal.reopen_game(b)
    assert journal.unfinished().id == b and journal.history() == []


def test_damaged_tail_is_found_at_first_bad_row(journal):
    gid = journal.start_game("counter", {})
    for i in range(4):
        journal.append(gid, "do", {"type": "add", "n": i})
    journal._db.execute("UPDATE events SET payload='{\"type\": \"add\", \"n\": 99}' WHERE seq=2")
    loaded = journal.events(gid)
    assert loaded.damaged_from == 2
    assert "checksum" in loaded.damage
    assert len(loaded.events) == 2
    assert journal.quarantine(gid, 2, loaded.damage) == 2
    assert journal.events(gid).damaged_from is None
    assert [q.seq for q in journal.quarantined(gid)] == [2, 3]


def test_missing_sequence_number_is_damage(journal):
    gid = journal.start_game("counter", {})
    for i in range(3):
        journal.append(gid, "do", {"type": "add", "n": i})
    journal._db.execute("DELETE FROM events WHERE seq=1")
    loaded = journal.events(gid)
    assert loaded.damaged_from == 2 and len(loaded.events) == 1


def test_not_a_database_is_a_clear_error(tmp_path):
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(JournalError, match="journal.sqlite3"):
        Journal(path)


def test_unknown_kind_refused(journal):
    gid = journal.start_game("counter", {})
    with pytest.raises(ValueError):
        journal.append(gid, "explode")


def test_close_twice(tmp_path):
    j = Journal(tmp_path / "j.sqlite3")
    j.close()
    j.close()


def test_newer_schema_refused(tmp_path):
    path = tmp_path / "j.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=99")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="newer version"):
        Journal(path)


def test_latest_config_is_the_newest_game_with_that_many_players(tmp_path):
    from companion.journal import Journal

    with Journal(tmp_path / "j.db") as journal:
        assert journal.latest_config("golden_horn", 2) is None
        for players, tiles in ((2, "RBY OPG"), (4, "OPG RBY OPG RBY"), (2, "BYR OPG")):
            names = [{"seat": i, "name": f"P{i}"} for i in range(players)]
            journal.start_game("golden_horn", {"game": "golden_horn", "players": names,
                                               "options": {"route.tiles": tiles}})
        journal.start_game("coloretto", {"game": "coloretto", "players": [{"seat": 0, "name": "A"}] * 2,
                                         "options": {}})
        assert journal.latest_config("golden_horn", 2)["options"]["route.tiles"] == "BYR OPG"
        assert journal.latest_config("golden_horn", 4)["options"]["route.tiles"] == "OPG RBY OPG RBY"
        assert journal.latest_config("golden_horn", 3) is None
