"""``companion backup FILE`` while a session appends every few milliseconds; restore."""
from __future__ import annotations

import random
import sqlite3
import threading

import pytest

from companion.backup import backup, restore
from companion.engine import TABLE, GameConfig
from companion.journal import Journal
from companion.errors import JournalError
from companion.session import TableSession
from ui.cli import main as companion


def _play_until(stop: threading.Event, path, shared: dict) -> None:
    """Open the journal on this thread and play counter moves (a long game), one every
    few milliseconds, until told to stop; then note every event the journal holds."""
    rng = random.Random(7)
    with Journal(path) as journal:
        session = TableSession.new(journal, GameConfig.build("counter", ["Ann", "Bea"], target=10_000))
        shared["game_id"] = session.game_id
        game = session.game
        while not stop.wait(0.003) and not session.is_over:
            state = session.state
            action = game.sample_chance(state, rng) if session.to_act == (TABLE,) \
                else rng.choice(list(game.legal_actions(state)))
            session.submit(action)
            shared["written"] = len(session.actions)
        shared["events"] = [(e.seq, e.kind, e.payload) for e in journal.events(session.game_id).events]


def test_backup_while_a_session_appends_restores_every_action(tmp_path):
    live = tmp_path / "live"
    stop, shared = threading.Event(), {"written": 0}
    worker = threading.Thread(target=_play_until, args=(stop, live / "journal.sqlite3", shared))
    worker.start()
    try:
        backups = []
        for i in range(5):
            while shared["written"] < 20 * (i + 1) and worker.is_alive():  # let it write between copies
                stop.wait(0.005)
            dest = tmp_path / f"backup-{i}.sqlite3"
            before = shared["written"]
            assert companion(["backup", str(dest), "--data-dir", str(live)]) == 0
            backups.append((dest, before, shared["written"]))
    finally:
        stop.set()
        worker.join(timeout=30)
    live_events = shared["events"]
    assert len(live_events) >= 100
    for i, (dest, before, after) in enumerate(backups):
        db = sqlite3.connect(dest)
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        db.close()
        data = tmp_path / f"restored-{i}"
        restore(dest, data / "journal.sqlite3")
        with Journal(data / "journal.sqlite3") as restored:
            events = [(e.seq, e.kind, e.payload) for e in restored.events(shared["game_id"]).events]
            # every action confirmed before the copy began, in order, nothing torn
            assert before <= len(events) <= after + 1
            assert events == live_events[:len(events)]
            resumed = TableSession.resume(restored, shared["game_id"])
            assert len(resumed.actions) == len(events) and not resumed.notices


def test_restore_keeps_the_replaced_journal_and_refuses_while_the_app_runs(tmp_path):
    source = tmp_path / "a" / "journal.sqlite3"
    with Journal(source) as journal:
        TableSession.new(journal, GameConfig.build("counter", ["Ann", "Bea"]))
    backup(source, tmp_path / "copy.sqlite3")
    target = tmp_path / "b" / "journal.sqlite3"
    with Journal(target) as running:
        TableSession.new(running, GameConfig.build("counter", ["Cy", "Dov"]))
        with pytest.raises(JournalError, match="stop it first"):
            restore(tmp_path / "copy.sqlite3", target)
    kept = restore(tmp_path / "copy.sqlite3", target)
    assert kept is not None and kept.exists()
    with Journal(kept, read_only=True) as old:
        assert old.game(1).config["players"][0]["name"] == "Cy"
    with Journal(target) as now:
        assert now.game(1).config["players"][0]["name"] == "Ann"


def test_a_damaged_backup_is_refused_and_nothing_is_moved(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"SQLite format 3\x00" + bytes(200))
    target = tmp_path / "data" / "journal.sqlite3"
    with Journal(target):
        pass
    with pytest.raises(JournalError):
        restore(bad, target)
    assert target.exists() and not list(target.parent.glob("*before-restore*"))


def test_backup_refuses_to_overwrite(tmp_path):
    with Journal(tmp_path / "journal.sqlite3"):
        pass
    (tmp_path / "taken").write_text("mine")
    assert companion(["backup", str(tmp_path / "taken"), "--data-dir", str(tmp_path)]) == 2
    assert (tmp_path / "taken").read_text() == "mine"


def test_a_restore_that_fails_leaves_the_journal_as_it_was(tmp_path, monkeypatch):
    """The disk fills while the backup is copied: the journal (and its log) stay in place,
    untouched, no partial copy is left and nothing is set aside; the error says it is full."""
    import errno

    from companion import backup as backup_module

    source = tmp_path / "a" / "journal.sqlite3"
    with Journal(source) as journal:
        TableSession.new(journal, GameConfig.build("counter", ["Ann", "Bea"]))
    backup(source, tmp_path / "copy.sqlite3")
    target = tmp_path / "b" / "journal.sqlite3"
    with Journal(target) as running:
        TableSession.new(running, GameConfig.build("counter", ["Cy", "Dov"]))
        running._dirty = False   # leave the log as a crash would: not folded in on close
    before = {p.name: p.read_bytes() for p in target.parent.iterdir() if p.name != target.name + ".lock"}

    def full_disk(src, dst):
        with open(src, "rb") as a, open(dst, "wb") as b:
            b.write(a.read(1000))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(backup_module.shutil, "copyfile", full_disk)
    with pytest.raises(JournalError) as failed:
        restore(tmp_path / "copy.sqlite3", target)
    after = {p.name: p.read_bytes() for p in target.parent.iterdir() if p.name != target.name + ".lock"}
    assert after == before
    assert failed.value.problem == "full" and "unchanged" in str(failed.value)
    with Journal(target) as journal:
        assert journal.game(1).config["players"][0]["name"] == "Cy"
    monkeypatch.undo()
    kept = restore(tmp_path / "copy.sqlite3", target)
    with Journal(kept, read_only=True) as old:
        assert old.game(1).config["players"][0]["name"] == "Cy"
    with Journal(target) as now:
        assert now.game(1).config["players"][0]["name"] == "Ann"
    assert not list(target.parent.glob("*.restoring"))
