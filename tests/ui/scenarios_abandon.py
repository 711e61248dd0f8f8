"""Abandoning a game: from the table (its Home asks, the game and players named), and on New game
while one is unfinished (resume it, abandon it, keep it for later).  Run by
tests/ui/test_abandon.py."""
from __future__ import annotations

from tests.ui.scenarios_alles_auf_1_karte import shot
from tests.ui.scenarios_coloretto import set_up_by_taps, start_coloretto


def popup_texts(probe, ident: str) -> dict:
    popup = probe.tagged(ident)
    assert popup is not None, f"no {ident}"
    return {"title": popup.title, "texts": probe.texts(popup),
            "buttons": [w.test_id for w in probe.walk(popup) if getattr(w, "test_id", "") != ident
                        and hasattr(w, "test_id")]}


async def tap_tagged(probe, ident: str) -> None:
    await probe.until(probe.popups_at_rest)
    await probe.tap(probe.tagged(ident))


async def abandon_from_the_table_and_on_new_game(probe) -> None:
    app = probe.app
    journal = app.journal
    await start_coloretto(probe)
    await set_up_by_taps(probe)
    first = app.session.game_id
    # the table's Home asks first while the game is unfinished; "Keep playing" changes nothing
    probe.keep_unfinished = False
    await probe.screenshot("table_before_leaving")
    await probe.tap_id("home")
    await probe.until(lambda: probe.tagged("leave_popup") is not None)
    probe.record("leave_popup", popup_texts(probe, "leave_popup"))
    await shot(probe, probe.tagged("leave_popup"), "leave_popup")
    await tap_tagged(probe, "keep_playing")
    await probe.until(lambda: probe.tagged("leave_popup") is None)
    probe.record("after_keep_playing", [app.manager.current, journal.game(first).status])
    # abandoned: two taps, recorded as such, not offered for resume
    await probe.tap_id("home")
    await probe.until(lambda: probe.tagged("leave_popup") is not None)
    await tap_tagged(probe, "abandon_yes")
    await probe.until(lambda: app.manager.current == "home")
    probe.record("after_abandon", [journal.game(first).status, app.manager.get_screen("home").can_resume])
    # a second game, left for Home: New game asks about it
    await start_coloretto(probe)
    await set_up_by_taps(probe)
    second = app.session.game_id
    await probe.tap_id("home")
    await probe.until(lambda: probe.tagged("leave_popup") is not None)
    await tap_tagged(probe, "leave_later")                        # kept for later: Home offers it
    await probe.until(lambda: app.manager.current == "home")
    probe.record("after_leave_later", [journal.game(second).status, app.manager.get_screen("home").can_resume])
    await probe.tap_id("new_game")
    await probe.until(lambda: probe.tagged("unfinished_popup") is not None)
    probe.record("unfinished_popup", popup_texts(probe, "unfinished_popup"))
    await shot(probe, probe.tagged("unfinished_popup"), "unfinished_popup")
    await tap_tagged(probe, "unfinished_resume")                  # resume it
    await probe.until(lambda: app.manager.current == "table")
    probe.record("resumed", app.session.game_id == second)
    await probe.tap_id("home")
    await probe.until(lambda: probe.tagged("leave_popup") is not None)
    await tap_tagged(probe, "leave_later")
    await probe.until(lambda: app.manager.current == "home")
    await probe.tap_id("new_game")
    await probe.until(lambda: probe.tagged("unfinished_popup") is not None)
    await tap_tagged(probe, "unfinished_later")                   # keep it for later
    await probe.until(lambda: app.manager.current == "setup")
    probe.record("after_later", journal.game(second).status)
    await probe.tap_id("cancel")
    await probe.until(lambda: app.manager.current == "home")
    await probe.tap_id("new_game")
    await probe.until(lambda: probe.tagged("unfinished_popup") is not None)
    await tap_tagged(probe, "unfinished_abandon")                 # abandon it: setup follows
    await probe.until(lambda: app.manager.current == "setup")
    probe.record("after_abandon_on_new_game", [journal.game(second).status, app.banner])
    # History: both under Unfinished, marked abandoned; no figures from them
    await probe.tap_id("cancel")
    await probe.until(lambda: app.manager.current == "home")
    await probe.tap_id("open_history")
    await probe.until(lambda: app.manager.current == "history")
    await probe.tap_id("tab_unfinished")
    await probe.frames(3)
    probe.record("unfinished_rows", [r.ids.label.text for r in probe.find_all(cls="UnfinishedRow")])
    probe.record("played", len(journal.played()))
    await probe.screenshot("history_unfinished")
