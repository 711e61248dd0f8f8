"""The layout never moves under a finger: messages, the camera's proposal
and their clearing keep every widget where it was; a tap whose finger went down
before a change lands on what was under it.  Run by tests/ui/test_layout.py."""
from __future__ import annotations

from kivy.tests.common import UnitTestTouch

from tests.ui.scenarios import _start_counter

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
    await _start_counter(probe)
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
