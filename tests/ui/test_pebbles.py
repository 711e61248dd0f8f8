"""The Pebbles test game in the real app (Xvfb): what docs/adding-a-game.md promises of a
game's Kivy side, a setup option editor and a score extra, shows on the generic screens.
Pebbles is in the registries only while its test runs (the other tests see the shipped games)."""
from __future__ import annotations

import pytest

from companion.engine import TABLE
from tests.registry import register_pebbles


@pytest.fixture
def pebbles_registered(shipped_games):
    """Pebbles back in the registries (``shipped_games`` took it out; its monkeypatch puts
    the registries back as they were after the test)."""
    register_pebbles()


def test_pebbles_own_pile_editor_and_score_extra(run_app, pebbles_registered):
    r = run_app(pile_then_scores).result
    assert r["pile_sizes"] == [15, 21, 30] and r["pile_default"] == [21]
    assert r["pile_option"] == 15                      # the editor's value reached the config
    assert r["view"] == "GenericView"
    assert r["marks"] == 1 and r["mark_width"] == r["column_width"]   # under Ann's column only
    assert "Took the last pebble" in r["headings"]


async def pile_then_scores(probe) -> None:
    app = probe.app
    setup = app.manager.get_screen("setup")

    def small_pile() -> None:
        pile = next(widget for option, widget in setup._option_rows if option.name == "pile")
        probe.record("pile_sizes", [b.pile for b in reversed(pile.ids.sizes.children)])
        probe.record("pile_default", [b.pile for b in pile.ids.sizes.children if b.state == "down"])
        for button in pile.ids.sizes.children:       # a tap on 15 (its group lets go of 21)
            button.state = "down" if button.pile == 15 else "normal"

    await probe.start_game("Pebbles", "pebbles", ("Ann", "Bea"), configure=small_pile)
    session = app.session
    probe.record("pile_option", session.config.option("pile"))
    probe.record("view", type(app.manager.get_screen("table").view).__name__)
    while not session.is_over:                      # three each, Ann takes the last
        assert session.to_act != (TABLE,)
        session.submit(next(a for a in session.legal_actions() if a.count == 3))
    await probe.until(lambda: app.manager.current == "scores")
    await probe.frames(3)
    scores = app.manager.get_screen("scores")
    marks = [w for w in probe.walk(scores) if type(w).__name__ == "PebblesMark"]
    probe.record("marks", len(marks))
    probe.record("mark_width", marks[0].width if marks else None)
    probe.record("column_width", scores.ids.table.column_width())
    probe.record("headings", [w.text for w in probe.walk(scores.ids.lines) if type(w).__name__ == "ScoreHeading"])
    await probe.screenshot("scores")
