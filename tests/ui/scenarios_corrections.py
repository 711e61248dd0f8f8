"""Correct the table, run inside the real app by tests/ui/run.py."""
from __future__ import annotations

from kivy.core.window import Window

from tests.ui.scenarios_coloretto import set_up_by_taps, start_coloretto
from tests.ui.scenarios_coloretto_choices import play_on


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
    await probe.opened(popup)
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
    await probe.until(lambda: popup.parent is None)   # a closing popup still takes touches
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


async def coloretto_own_colours(probe) -> None:
    """A Coloretto game played to the end (not by taps); on the scores screen Ana picks
    other positive colours by taps and sees the points given away; Best restores them."""
    app = probe.app
    await start_coloretto(probe)
    session = app.session
    play_on(session, 5)
    await probe.until(lambda: app.manager.current == "scores")
    await probe.settled()
    best = session.summary()["players"][0]
    probe.record("best", best["score"])
    await probe.tap(probe.find(text="Choose colours"))
    popup = next(w for w in Window.children if type(w).__name__ == "ScoringChoicePopup")
    await probe.opened(popup)
    toggles = list(reversed(popup.ids.colours.children))
    probe.record("toggles", [t.colour for t in toggles])
    # swap the last positive colour for the first colour that is not positive
    on = [t for t in toggles if t.state == "down"]
    off = [t for t in toggles if t.state == "normal"]
    await probe.tap(on[-1])
    await probe.tap(off[0])
    await probe.tap(popup.ids.apply)
    await probe.until(lambda: session.summary()["players"][0]["points_given_away"] > 0)
    await probe.frames(5)
    probe.record("own", session.summary()["players"][0]["score"])
    probe.record("warnings", [w.text for w in probe.find_all(cls="ScoreWarning")])
    await probe.screenshot("own_colours")
    await probe.tap(probe.find(text="Choose colours"))
    popup = next(w for w in Window.children if type(w).__name__ == "ScoringChoicePopup")
    await probe.opened(popup)
    await probe.tap(popup.ids.best)
    await probe.until(lambda: session.summary()["players"][0]["points_given_away"] == 0)
    await probe.frames(5)
    probe.record("warnings_after_best", [w.text for w in probe.find_all(cls="ScoreWarning")])
