"""Correct the table under Xvfb: the list opens from the table screen, a tap corrects
a count (journaled, in the players' words) and Undo takes it back."""
from __future__ import annotations


from tests.ui.test_coloretto import set_up_by_taps, start_coloretto


def test_correct_a_players_cards_by_taps_and_undo(run_app):
    run = run_app(correct_coloretto_by_taps)
    r = run.result
    assert any(what.startswith("Ana: ") for what in r["rows"]) and len(r["rows"]) >= 15
    what, count = r["row_before"]
    assert r["row_after"] == str(int(count) + 1)
    assert r["last_action"] == f"Correction: Ana's cards, {what.split(': ')[1]}: from {count} to {int(count) + 1}"
    assert r["undone"] is True
    assert float(run.image("correction_popup").std()) > 15


def test_setup_says_the_alles_card_layouts_are_samples(run_app):
    r = run_app(alles_setup_notice).result
    [notice] = r["notices_alles_auf_1_karte"]
    assert notice.startswith("The card set shipped is a sample") and "Not in the list" in notice
    assert "Start player" in r["texts_alles_auf_1_karte"]
    assert r["notices_coloretto"] == []


def test_coloretto_players_choose_their_own_positive_colours_on_the_scores_screen(run_app):
    run = run_app(coloretto_own_colours)
    r = run.result
    assert len(r["toggles"]) >= 4
    given = r["best"] - r["own"]
    assert given > 0
    assert r["warnings"] == [f"Own colours: {given} points fewer than the best colours"]
    assert r["warnings_after_best"] == []


# -- the steps, run in the app --------------------------------------------------------------
# Correct the table.


async def correct_coloretto_by_taps(probe) -> None:
    """Coloretto set up by taps; "Correct" opens the list; + on the top row (Ana's first colour) adds a
    card (a correction in the journal); Undo on the table screen takes it back."""
    from kivy.core.window import Window

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
    from kivy.core.window import Window
    import random

    from companion.engine import TABLE

    app = probe.app
    await start_coloretto(probe)
    rng = random.Random(5)
    session = app.session
    while not session.is_over:
        if session.to_act == (TABLE,):
            session.submit(session.game.sample_chance(session.state, rng))
        else:
            session.submit(rng.choice(session.legal_actions()))
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
