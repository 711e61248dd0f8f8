"""Pebbles in the real app (run by tests/ui/test_pebbles.py): added to the registries at
run time as docs/adding-a-game.md says, its own editor of the pile on the setup screen,
the generic table view, and its score extra on the scores screen."""
from __future__ import annotations

from companion.engine import TABLE
from tests.registry import register_pebbles
from tests.ui.probe import written_at_once


async def pile_then_scores(probe) -> None:
    register_pebbles()
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
    with written_at_once(session):
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
