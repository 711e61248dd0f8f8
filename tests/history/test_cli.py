"""``companion export|import|stats``, the journal's new queries, and finding USB sticks."""
from __future__ import annotations

import json
import random
from pathlib import Path

from companion.journal import Journal
from companion.usb import ENV, usb_sticks
from tests.history.games import fast, play_one
from ui.cli import main as companion


def _journal(data, games=("counter", "coloretto", "golden_horn"), unfinished=1):
    with Journal(data / "journal.sqlite3") as journal:
        fast(journal)
        rng = random.Random(4)
        played = [play_one(journal, name, rng) for name in games]
        played += [play_one(journal, "coloretto", rng, finish=False) for _ in range(unfinished)]
    return played


def test_export_all_then_import_from_the_command_line(tmp_path, capsys):
    played = _journal(tmp_path / "a")
    out = tmp_path / "out"
    assert companion(["export", "all", str(out), "--data-dir", str(tmp_path / "a")]) == 0
    assert len(list((out / "records").glob("*.json"))) == 4
    assert json.loads((out / "bgstats.json").read_text())["plays"]
    assert companion(["import", str(out / "records"), "--data-dir", str(tmp_path / "b")]) == 0
    assert "4 games added, 0 already in the journal, 0 refused" in capsys.readouterr().out
    assert companion(["import", str(out / "records"), "--data-dir", str(tmp_path / "b")]) == 0
    assert "0 games added, 4 already in the journal" in capsys.readouterr().out
    assert companion(["stats", "--data-dir", str(tmp_path / "b")]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert sum(g["plays"] for g in figures["games"]) == len([p for p in played if p.finished])


def test_a_refused_record_makes_import_exit_1_and_names_it(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "table-companion-record", "version": 1,
                               "config": {"game": "counter", "players": [{"seat": 0, "name": "A"},
                                                                         {"seat": 1, "name": "B"}]},
                               "actions": [{"type": "add", "seat": 1, "amount": 3}]}))
    assert companion(["import", str(bad), "--data-dir", str(tmp_path / "d")]) == 1
    err = capsys.readouterr().err
    assert "bad.json" in err and "action 0" in err


def test_deleted_games_are_kept_aside_and_leave_the_lists(tmp_path):
    played = _journal(tmp_path, games=("counter",), unfinished=2)
    with Journal(tmp_path / "journal.sqlite3") as journal:
        listed = [e.id for e in journal.abandoned()]
        assert listed == [played[2].game_id, played[1].game_id]
        moves = len(journal.events(played[1].game_id).events)
        journal.abandon_game(played[1].game_id)
        assert journal.set_aside_game(played[1].game_id, "deleted by the players") == moves
        assert [e.id for e in journal.abandoned()] == [played[2].game_id]
        kept = journal.quarantined(played[1].game_id)
        assert len(kept) == moves + 1 and kept[-1].kind == "game"
        assert json.loads(kept[-1].payload)["id"] == played[1].game_id
        mark = journal.finished_mark()
        journal.set_aside_game(played[0].game_id, "deleted by the players")
        journal.reopen_game(played[0].game_id)
        assert journal.finished_mark() != mark


def test_usb_sticks_from_the_environment(tmp_path, monkeypatch):
    stick, missing = tmp_path / "stick", tmp_path / "gone"
    stick.mkdir()
    monkeypatch.setenv(ENV, f"{stick}:{missing}")
    assert usb_sticks() == [stick]
    stick.chmod(0o500)
    try:
        import os
        if os.geteuid() != 0:  # root writes anywhere
            assert usb_sticks() == []
    finally:
        stick.chmod(0o700)


def test_usb_sticks_where_automounters_put_them(tmp_path, monkeypatch):
    """udisks2 (the desktop): /media/<user>/<label>; usbmount (Lite): /media/usb0;
    Fedora-style: /run/media/<user>/<label>.  Only mount points count."""
    import companion.usb as usb

    media, run_media = tmp_path / "media", tmp_path / "run-media"
    mounted = {media / "pi" / "STICK", media / "usb0", run_media / "ann" / "KEY"}
    for folder in mounted | {media / "pi" / "not-mounted", media / "usb1"}:
        folder.mkdir(parents=True)
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.setattr(usb, "ROOTS", (media, run_media, tmp_path / "absent"))
    monkeypatch.setattr(usb.os.path, "ismount", lambda p: Path(p) in mounted)
    assert usb_sticks() == sorted(mounted)


def test_a_names_file_nested_too_deeply_is_named_and_stats_and_export_go_on(tmp_path, capsys):
    """players.json nested 100,000 deep: ``companion stats`` and ``export`` say so, naming
    the file, and go on with the names from the journal (they raised RecursionError)."""
    played = _journal(tmp_path, games=("counter",), unfinished=0)
    (tmp_path / "players.json").write_text("[" * 100_000 + "]" * 100_000)
    assert companion(["stats", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert str(tmp_path / "players.json") in err and "nested too deeply" in err
    names = {p["name"] for p in json.loads(out)["players"]}
    assert names == {p.name for p in played[0].config.players}
    assert companion(["export", "csv", str(tmp_path / "games.csv"), "--data-dir", str(tmp_path)]) == 0
    assert str(tmp_path / "players.json") in capsys.readouterr().err
    assert (tmp_path / "games.csv").read_text().count("\n") == 1 + len(played[0].config.players)


def test_a_write_protected_stick_is_found_and_told_apart(tmp_path, monkeypatch, remount_read_only):
    """A stick with its lock switch on is mounted read-only: it is found, as
    write-protected (it was left out, and the players read 'No USB stick found')."""
    from companion.usb import find_sticks
    from tests.reliability.storage_faults import small_disk

    with small_disk(tmp_path / "locked", 64) as locked:
        remount_read_only(locked)
        monkeypatch.setenv(ENV, f"{locked}:{tmp_path / 'gone'}")
        assert usb_sticks() == []
        assert find_sticks().write_protected == (locked,)
        assert find_sticks().writable == ()
