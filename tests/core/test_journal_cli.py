"""``companion journal``: check, backup while a session writes, quarantine export, repair."""
from __future__ import annotations

import json
import os

from companion.engine import GameConfig
from companion.journal import Journal
from companion.journal_cli import journal_main
from companion.session import TableSession
from tests.fake_game import Add, Roll

CONFIG = GameConfig.build("counter", ["Ana", "Bo"], target=10000)


def test_backup_while_the_app_writes_holds_every_confirmed_action(tmp_path, capsys):
    journal = Journal(tmp_path / "journal.sqlite3")  # the app holds the lock
    session = TableSession.new(journal, CONFIG)
    for move in [Add(0, 1), Roll(0), Add(1, 1), Roll(0)] * 2 + [Add(0, 1), Roll(0)]:
        session.submit(move)
    assert os.path.getsize(tmp_path / "journal.sqlite3-wal") > 0  # not checkpointed yet
    assert journal_main(["backup", str(tmp_path / "copy.sqlite3"), "--data-dir", str(tmp_path)]) == 0
    session.submit(Add(1, 2))
    journal.close()
    copy_dir = tmp_path / "restore"
    copy_dir.mkdir()
    os.replace(tmp_path / "copy.sqlite3", copy_dir / "journal.sqlite3")
    with Journal(copy_dir / "journal.sqlite3") as restored:
        assert len(restored.events(session.game_id).events) == 10
        assert restored._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert journal_main(["check", "--data-dir", str(copy_dir)]) == 0
    assert "1 being played" in capsys.readouterr().out


def test_quarantine_is_exported_and_repair_keeps_the_damaged_file(tmp_path, capsys):
    with Journal(tmp_path / "journal.sqlite3") as journal:
        session = TableSession.new(journal, CONFIG)
        session.submit(Add(0, 1))
        journal.append(session.game_id, "do", Add(0, 3).to_dict())  # the table must roll first
        TableSession.resume(journal, session.game_id)
    capsys.readouterr()
    assert journal_main(["quarantine", "--data-dir", str(tmp_path)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 1 and rows[0]["seq"] == 1 and "roll" in rows[0]["reason"]
    (tmp_path / "journal.sqlite3").write_bytes(b"x" * 5000)
    assert journal_main(["check", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "journal.sqlite3" in err
    assert journal_main(["repair", "--data-dir", str(tmp_path)]) == 0
    assert list(tmp_path.glob("journal.damaged-*.sqlite3"))
