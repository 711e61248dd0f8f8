"""The app under Xvfb with its storage broken on purpose: it always starts to a
screen that says what is wrong, offers a way on, and loses nothing."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from companion.journal import Journal

from tests.reliability.storage_faults import fill_disk, small_disk
from tests.ui.steps import play_counter_to_scores, start_counter


def test_two_games_to_the_end_through_home(run_app):
    r = run_app(two_games_to_the_end_through_home).result
    assert len(r["history_after_1"]) == 1
    assert len(r["history_after_2"]) == 2
    assert len(r["history_rows"]) == 2


def test_a_damaged_journal_opens_the_problem_screen_and_repair_keeps_it_aside(run_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    garbage = os.urandom(20000)
    (data / "journal.sqlite3").write_bytes(garbage)
    run = run_app(damaged_journal_repaired, data_dir=data)
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


def test_a_newer_journal_can_be_looked_at_read_only(run_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    db = sqlite3.connect(data / "journal.sqlite3")
    db.execute("PRAGMA user_version=9")
    db.commit()
    db.close()
    r = run_app(newer_journal_read_only, data_dir=data).result
    assert r["screen_at_start"] == "problem"
    assert "The game journal was written by a newer version" in r["problem_texts"]
    # the newer file cannot be read either: the problem screen stays, saying so
    assert r["screen_after"] in ("problem", "home")


def test_a_second_instance_says_the_app_is_already_running(run_app, tmp_path):
    data = tmp_path / "data"
    with Journal(data / "journal.sqlite3"):
        r = run_app(busy_journal, data_dir=data).result
    assert r["screen_at_start"] == "problem"
    assert "Table Companion is already running" in r["problem_texts"]


def test_a_full_disk_keeps_moves_in_memory_and_saves_them_when_space_returns(run_app, tmp_path):
    with small_disk(tmp_path / "tiny", 1024) as data:
        r = run_app(disk_fills_during_play, data_dir=data).result
    assert "not saved yet" in r["bar"] and r["unsaved"] >= 1
    assert r["unsaved_after"] == 0
    assert r["saved"] == len(r["actions"]) >= len(r["actions_shown"])


def test_a_read_only_data_folder_without_kivy_config_starts_to_the_problem_screen(run_app, tmp_path):
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
            r = run_app(busy_journal, data_dir=data).result
        finally:
            subprocess.run(["mount", "-o", "remount,rw", str(data)], check=False)
        assert not (data / "kivy").exists()
    assert r["screen_at_start"] == "problem"
    assert "The data folder cannot be written" in r["problem_texts"]


# -- the steps, run in the app --------------------------------------------------------------
# Scenarios where storage fails or a game ends twice: the app never vanishes,
# always says why, and loses nothing.


async def _play_counter_to_scores(probe) -> None:
    await start_counter(probe)
    await play_counter_to_scores(probe)


async def two_games_to_the_end_through_home(probe) -> None:
    """D1: Home after a second finished game used to crash the app."""
    app = probe.app
    for number in (1, 2):
        await _play_counter_to_scores(probe)
        await probe.tap_id("home")
        await probe.until(lambda: app.manager.current == "home")
        await probe.frames(3)
        probe.record(f"history_after_{number}", [w.text for w in probe.find_all(cls="HistoryRow")])
    await probe.tap_id("open_history")
    await probe.until(lambda: app.manager.current == "history")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "home")
    probe.record("history_rows", [w.text for w in probe.find_all(cls="HistoryRow")])
    await probe.screenshot("home_two_games")


async def problem_then_way(probe, way_label: str) -> None:
    app = probe.app
    probe.record("screen_at_start", app.manager.current)
    probe.record("problem_texts", probe.texts(probe.screen()))
    probe.record("status_led_at_start", app.hardware.panel.status_led.is_lit)
    await probe.screenshot("problem")
    await probe.tap(probe.find(text=way_label, cls="BigButton"))
    await probe.until(lambda: app.manager.current in ("home", "problem"))
    await probe.frames(3)
    probe.record("screen_after", app.manager.current)
    probe.record("mode_after", app.journal_mode)
    probe.record("texts_after", probe.texts())
    probe.record("status_led_after", app.hardware.panel.status_led.is_lit)
    await probe.screenshot("after")


async def damaged_journal_repaired(probe) -> None:
    await problem_then_way(probe, "Repair")
    await _play_counter_to_scores(probe)  # and a game plays on the fresh journal
    probe.record("finished", probe.app.journal.history()[0].id)


async def newer_journal_read_only(probe) -> None:
    await problem_then_way(probe, "read-only")


async def busy_journal(probe) -> None:
    app = probe.app
    probe.record("screen_at_start", app.manager.current)
    probe.record("problem_texts", probe.texts(probe.screen()))
    await probe.screenshot("problem")


async def disk_fills_during_play(probe) -> None:
    """D6: the disk fills up mid-game; moves stay in memory, the screen and the
    status LED say so, and everything is written once space is freed."""
    app = probe.app
    await start_counter(probe, target="50")
    await probe.tap(probe.find(text="adds 2"))
    filler = fill_disk(Path(app.data_dir))
    for _ in range(6):  # enough moves to need a new page of the journal
        if app.session.table_to_act:
            await probe.tap(probe.find(text="Random draw"))
        else:
            await probe.tap(probe.find(text="adds 1"))
        if app.storage_text:
            break
    await probe.until(lambda: bool(app.storage_text))
    await probe.until(lambda: app.hardware.panel.status_led.is_lit)
    probe.record("bar", app.storage_text)
    probe.record("unsaved", app.session.unsaved)
    probe.record("actions_shown", [str(a) for a in app.session.actions])
    await probe.screenshot("disk_full")
    filler.unlink()
    await probe.until(lambda: not app.storage_text, timeout=120)
    await probe.until(lambda: not app.hardware.panel.status_led.is_lit)
    probe.record("unsaved_after", app.session.unsaved)
    probe.record("saved", len(app.journal.events(app.session.game_id).events))
    probe.record("actions", [str(a) for a in app.session.actions])
    await probe.screenshot("saved_again")
