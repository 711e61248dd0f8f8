"""Correct the table, run inside the real app by tests/ui/run.py."""
from __future__ import annotations

from kivy.core.window import Window

from tests.ui.scenarios_coloretto import set_up_by_taps, start_coloretto


async def correct_coloretto_by_taps(probe) -> None:
    """Coloretto set up by taps; "Correct" opens the list; + on the top row (Ana's first colour) adds a
    card (a correction in the journal); Undo on the table screen takes it back."""
    app = probe.app
    await start_coloretto(probe)
    await set_up_by_taps(probe)
    before = app.session.state
    await probe.tap_id("correct")
    popup = next(w for w in Window.children if type(w).__name__ == "CorrectionPopup")
    await probe.until(lambda: popup.ids.rows.children and popup.ids.rows.children[0].y >= 0)
    await probe.frames(15)                          # the popup's opening animation
    rows = probe.find_all(cls="CorrectionRow", root=popup)
    probe.record("rows", [r.what for r in rows])
    top = max(rows, key=lambda row: row.to_window(*row.pos)[1])    # on screen; the list scrolls
    probe.record("row_before", [top.what, top.count])
    plus = [b for b in probe.walk(top) if getattr(b, "text", "") == "+"][0]
    await probe.tap(plus)
    await probe.until(lambda: len(app.session.actions) > 0 and app.session.state != before)
    probe.record("last_action", app.say(app.session.actions[-1].text()))
    rows = probe.find_all(cls="CorrectionRow", root=popup)
    probe.record("row_after", next(r.count for r in rows if r.what == top.what))
    await probe.screenshot("correction_popup")
    popup.dismiss()
    await probe.frames(3)
    await probe.tap_id("undo")
    await probe.until(lambda: app.session.state == before)
    probe.record("undone", app.session.state == before)


async def alles_setup_notice(probe) -> None:
    """Setup with Alles auf 1 Karte: the notice that the card layouts are samples, and
    the start-player option; none for Coloretto."""
    app = probe.app
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    for title, game in (("Alles auf 1 Karte", "alles_auf_1_karte"), ("Coloretto", "coloretto")):
        await probe.tap(probe.find(text=title, cls="GameChoice"))
        await probe.until(lambda: app.manager.get_screen("setup").game_name == game)
        await probe.frames(3)
        probe.record(f"notices_{game}", [w.text for w in probe.find_all(cls="SetupNotice")])
        probe.record(f"texts_{game}", probe.texts(probe.find(wid="options")))
        if game == "alles_auf_1_karte":
            await probe.screenshot("alles_setup")
