"""Scenarios where storage fails or a game ends twice: the app never vanishes,
always says why, and loses nothing."""
from __future__ import annotations

from pathlib import Path

from tests.reliability.storage_faults import fill_disk
from tests.ui.scenarios import _start_counter, play_counter_to_scores


async def _play_counter_to_scores(probe) -> None:
    await _start_counter(probe)
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
    await _start_counter(probe, target="50")
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
