"""The app under Xvfb with its storage broken on purpose: it always starts to a
screen that says what is wrong, offers a way on, and loses nothing."""
from __future__ import annotations

import os
import sqlite3


from companion.journal import Journal
from tests.reliability.storage_faults import small_disk


def test_two_games_to_the_end_through_home(run_ui):
    r = run_ui("scenarios_storage:two_games_to_the_end_through_home").result
    assert len(r["history_after_1"]) == 1
    assert len(r["history_after_2"]) == 2
    assert len(r["history_rows"]) == 2


def test_a_damaged_journal_opens_the_problem_screen_and_repair_keeps_it_aside(run_ui, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    garbage = os.urandom(20000)
    (data / "journal.sqlite3").write_bytes(garbage)
    run = run_ui("scenarios_storage:damaged_journal_repaired", data_dir=data)
    r = run.result
    assert r["screen_at_start"] == "problem"
    assert "The game journal is damaged" in r["problem_texts"]
    assert r["status_led_at_start"] is True
    assert r["screen_after"] == "home" and r["mode_after"] == "normal"
    assert r["status_led_after"] is False
    kept = list(data.glob("journal.damaged-*.sqlite3"))
    assert len(kept) == 1 and kept[0].read_bytes() == garbage
    assert r["finished"] >= 1
    assert run.image("problem").std() > 15


def test_a_newer_journal_can_be_looked_at_read_only(run_ui, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    db = sqlite3.connect(data / "journal.sqlite3")
    db.execute("PRAGMA user_version=9")
    db.commit()
    db.close()
    r = run_ui("scenarios_storage:newer_journal_read_only", data_dir=data).result
    assert r["screen_at_start"] == "problem"
    assert "The game journal was written by a newer version" in r["problem_texts"]
    # the newer file cannot be read either: the problem screen stays, saying so
    assert r["screen_after"] in ("problem", "home")


def test_a_second_instance_says_the_app_is_already_running(run_ui, tmp_path):
    data = tmp_path / "data"
    with Journal(data / "journal.sqlite3"):
        r = run_ui("scenarios_storage:busy_journal", data_dir=data).result
    assert r["screen_at_start"] == "problem"
    assert "Table Companion is already running" in r["problem_texts"]


def test_a_full_disk_keeps_moves_in_memory_and_saves_them_when_space_returns(run_ui, tmp_path):
    with small_disk(tmp_path / "tiny", 1024) as data:
        r = run_ui("scenarios_storage:disk_fills_during_play", data_dir=data).result
    assert "not saved yet" in r["bar"] and r["unsaved"] >= 1
    assert r["unsaved_after"] == 0
    assert r["saved"] == len(r["actions"]) >= len(r["actions_shown"])


def test_a_read_only_data_folder_without_kivy_config_starts_to_the_problem_screen(run_ui, tmp_path):
    """A read-only data folder that has no ``kivy`` folder yet (a fresh SD card that turned
    read-only): the app starts and says the folder cannot be written (it once ended at the
    mkdir of Kivy's config folder with a traceback and exit 1)."""
    import subprocess

    with small_disk(tmp_path / "tiny", 1024) as data:
        with Journal(data / "journal.sqlite3"):
            pass
        done = subprocess.run(["mount", "-o", "remount,ro", str(data)], capture_output=True)
        assert done.returncode == 0, done.stderr
        try:
            r = run_ui("scenarios_storage:busy_journal", data_dir=data).result
        finally:
            subprocess.run(["mount", "-o", "remount,rw", str(data)], check=False)
        assert not (data / "kivy").exists()
    assert r["screen_at_start"] == "problem"
    assert "The data folder cannot be written" in r["problem_texts"]
