"""The layout never moves under a finger: one fixed message strip, a steady header,
taps that land where the finger went down (issue #13)."""
from __future__ import annotations

import numpy as np
import pytest
from kivy.tests.common import UnitTestTouch

from ui.colours import SEAT_RGB

from tests.ui.steps import start_counter


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_messages_and_proposals_never_move_what_players_tap(run_app, size):
    run = run_app(messages_keep_the_layout, size=size)
    r = run.result
    boxes = r["boxes"]
    for moment in ("refusal", "proposal", "after_confirm", "news"):
        assert boxes[moment] == boxes["quiet"], moment
    assert r["strip_height_quiet"] == r["strip_height_refusal"] > 0
    # a refusal too long for the strip's two lines ends in "…" at a word and opens in full
    assert r["refusal_cut"] and r["refusal_shown"].endswith("…")
    assert r["refusal_shown"][:-1] in r["popup_texts"][-1] or any(
        t.startswith("Reaching Constantinople") and t.endswith("may be declared") for t in r["popup_texts"])
    assert r["proposal_shown"].startswith("Camera saw: ") and "adds 3" in r["proposal_shown"]
    assert r["confirmed_while_refusal_came"]
    assert r["moved_while_banner_cleared"]
    assert r["undone_while_banner_came"]
    assert r["undo_banner"] == "Undone: seat 1 adds 3"   # undo says what it took back
    # the generic table view: ≥ 48 px targets, ≥ 14 px text, nothing clipped, contrast ≥ 4.5:1
    assert r["problems_generic_table"] == []
    if size == "800x480":   # the header's size is set for the 7" screen
        whose_turn_is_large_and_on_the_seat_colour(run)


def whose_turn_is_large_and_on_the_seat_colour(run):
    turn = run.result["turn"]
    assert turn["text"] == "Ana's turn"
    # 8 mm on a 7" 800x480 screen (154 mm wide: 5.2 px per mm) is 42 px
    assert turn["texture_height"] >= 42
    red = SEAT_RGB["red"]
    assert turn["rgba"][:3] == pytest.approx(red)
    quiet = run.image("quiet")   # BGR
    header = quiet[60:110, 20:200].reshape(-1, 3).astype(int)
    target = np.array(red[::-1]) * 255
    assert (np.abs(header - target).max(axis=1) < 10).mean() > 0.5


# The shell screens (home, settings, hardware test, history, every game's setup) are measured
# in every language by tests/ui/test_gallery.py, within the runs it makes anyway.


def test_bigger_screens_draw_larger_and_keep_room():
    from ui.kiosk import ui_scale

    assert ui_scale(800, 480) == 1.0 and ui_scale(640, 400) == 1.0   # never smaller than designed
    assert ui_scale(1280, 800) == 1.24                                # larger text, and room for more
    assert 1280 / ui_scale(1280, 800) >= 1000                         # Golden Horn's side-by-side camera
    assert ui_scale(1920, 1080) > ui_scale(1280, 800)


# -- the steps, run in the app --------------------------------------------------------------
# The layout never moves under a finger (issue #13): messages, the camera's proposal
# and their clearing keep every widget where it was; a tap whose finger went down
# before a change lands on what was under it.  Run by tests/ui/test_layout.py.


LONG_REFUSAL = ("Reaching Constantinople needs two wind cards of the colours of the squares the ship "
                "passes, and the player holds only one of them; play a different ship, take the "
                "pirates first, or declare the end of the game before the move is done; the rulebook "
                "says so in the part about moving the ships, and the setup screen's options can change "
                "when the end may be declared")


def _boxes(probe) -> dict[str, list[int]]:
    """Window boxes of what players tap on the table screen."""
    screen = probe.app.manager.get_screen("table")
    widgets = {"turn": screen.ids.turn, "undo": screen.ids.undo, "view": screen.ids.view_slot}
    return {name: [round(v) for v in (*w.to_window(*w.pos), *w.size)] for name, w in widgets.items()}


async def _press_change_release(probe, widget, change) -> None:
    """Finger down on ``widget``, then ``change()`` while it rests, then up."""
    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    await probe.frames(2)
    change()
    await probe.frames(3)
    touch.touch_up()
    await probe.frames(3)


async def messages_keep_the_layout(probe) -> None:
    app = probe.app
    await start_counter(probe)
    session = app.session
    screen = app.manager.get_screen("table")
    strip = app.root.ids.strip
    boxes = {"quiet": _boxes(probe)}
    probe.record("strip_height_quiet", strip.height)
    turn = screen.ids.turn
    probe.record("turn", {"text": turn.text, "texture_height": turn.texture_size[1],
                          "font_size": turn.font_size, "rgba": list(screen.turn_rgba)})
    from tests.ui.measure import measure

    # the generic table view (a game with no Kivy side of its own) measured too: the shipped
    # games' screens are measured by tests/ui/test_gallery.py in every language
    probe.record("problems_generic_table", measure(probe, await probe.screenshot("quiet")))

    app.show_banner(LONG_REFUSAL, seconds=600, error=True)
    await probe.until(lambda: strip.kind == "error")
    boxes["refusal"] = _boxes(probe)
    probe.record("strip_height_refusal", strip.height)
    probe.record("refusal_shown", strip.ids.message.text)
    probe.record("refusal_cut", strip.cut)
    await probe.screenshot("refusal")
    await probe.tap(strip.ids.message)   # a cut message opens in full
    await probe.until(lambda: probe.find_all(cls="Popup", root=app.root_window) != [])
    popup = probe.find(cls="Popup", root=app.root_window)
    probe.record("popup_texts", [w.text for w in probe.walk(popup) if getattr(w, "text", "")])
    await probe.screenshot("refusal_in_full")
    popup.dismiss()
    await probe.until(lambda: popup.parent is None)   # a closing popup still takes touches
    app.clear_banner()
    await probe.until(lambda: strip.kind != "error")

    # what the camera saw, in the strip with its Confirm
    move = next(a for a in session.legal_actions(session.to_act[0]) if "adds 3" in str(a.text()))
    session.propose(move, (), "test")
    await probe.until(lambda: strip.kind == "proposal")
    boxes["proposal"] = _boxes(probe)
    probe.record("proposal_shown", strip.ids.message.text)
    await probe.screenshot("proposal")

    # Confirm pressed, then a refusal takes the strip (Confirm leaves the screen) before the
    # finger is lifted: the tap still confirms
    before = len(session.actions)
    await _press_change_release(probe, probe.find(wid="confirm_proposal"),
                                lambda: app.show_banner("Row 3 is full", seconds=600, error=True))
    probe.record("confirmed_while_refusal_came", len(session.actions) == before + 1)
    boxes["after_confirm"] = _boxes(probe)

    # a move pressed while the banner clears, and Undo pressed while a banner comes
    if session.table_to_act:
        await probe.tap(probe.find(text="Random draw"))   # the table's die, after each move
    before = len(session.actions)
    await _press_change_release(probe, probe.find(text="adds 3"), app.clear_banner)
    probe.record("moved_while_banner_cleared", len(session.actions) == before + 1)
    before = len(session.actions)
    await _press_change_release(probe, screen.ids.undo, lambda: app.show_banner("Round over", seconds=600))
    probe.record("undone_while_banner_came", len(session.actions) == before - 1)
    probe.record("undo_banner", app.banner)
    boxes["news"] = _boxes(probe)
    probe.record("boxes", boxes)
