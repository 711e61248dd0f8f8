"""Coloretto's table at a real evening (run by tests/ui/test_coloretto_table.py): the
picker keeps every button in place during setup, cards stand out from their row, the last
round is announced on the strip and the panel, and every line of the final table is in
view or reachable by a finger."""
from __future__ import annotations

import random

from tests.ui.scenarios_coloretto import (card_button, chip_rects, draw_and_place, fast_forward,
                                          row_strip, start_coloretto, tap_card)
from tests.ui.probe import written_at_once


def picker_places(probe) -> dict:
    """Where each picker button is (window x of its centre), by its card or text."""
    out = {}
    for button in probe.app.manager.get_screen("table").view.ids.picker.children:
        key = getattr(button, "card", "") or button.text
        out[key] = [round(button.to_window(*button.center)[0]), bool(button.disabled)]
    return out


async def picker_stays_cards_stand_out_last_round(probe) -> None:
    app = probe.app
    session = app.session
    await start_coloretto(probe)
    session = app.session
    places = [picker_places(probe)]
    await tap_card(probe, "grey")                       # back in the box
    await probe.until(lambda: session.state.phase == "start_cards")
    places.append(picker_places(probe))
    for colour in ("yellow", "blue", "pink"):
        before = len(session.actions)
        await tap_card(probe, colour)
        await probe.until(lambda: len(session.actions) > before)
        places.append(picker_places(probe))
    probe.record("picker_places", places)
    await probe.until(lambda: session.state.phase == "start_player")
    await probe.tap(probe.find(text="Ana", cls="PickerButton"))
    await probe.until(lambda: session.state.phase == "turn")
    # a brown card in row 1, a green one in row 2; Cy draws: the rows with room turn green
    await draw_and_place(probe, "brown", 0)
    await draw_and_place(probe, "green", 1)
    await tap_card(probe, "orange")
    await probe.until(lambda: session.state.phase == "place")
    probe.record("place_tints", [list(row_strip(probe, i).tint) for i in range(3)])
    probe.record("green_on_place", chip_rects(probe, 1))
    await probe.screenshot("green_on_place")
    await probe.tap(row_strip(probe, 2))
    await probe.until(lambda: session.state.phase == "turn")
    probe.record("take_tints", [list(row_strip(probe, i).tint) for i in range(3)])
    probe.record("brown_on_take", chip_rects(probe, 0))
    await probe.screenshot("brown_on_take")
    # the last round: on the strip, on every LED with the alert note
    played = []
    play = app.hardware.play

    def spy(signal, cue=None):
        played.append([type(signal).__name__, getattr(cue, "pattern", None)])
        return play(signal, cue)

    app.hardware.play = spy
    fast_forward(session, random.Random(7))
    await probe.frames(3)
    await probe.tap(card_button(probe, "last_round"))
    await probe.until(lambda: session.state.last_round)
    await probe.frames(2)
    probe.record("final_banner", [app.banner, app.banner_is_error, app.root.ids.strip.kind])
    probe.record("final_signals", played)
    await probe.screenshot("final_round_announced")


def play_to_the_end(session, rng: random.Random) -> None:
    """Random legal moves (and the table's chance) until the game is over."""
    with written_at_once(session):
        while not session.is_over:
            if session.table_to_act:
                session.submit(session.game.sample_chance(session.state, rng))
            else:
                legal = session.legal_actions()
                draws = [a for a in legal if type(a).__name__ in ("Draw", "Place")]
                takes = [a for a in legal if type(a).__name__ == "Take"]
                session.submit(rng.choice(draws) if draws and rng.random() < 0.75 else rng.choice(takes or draws))


def score_rows(probe) -> list[dict]:
    """The score table's rows between the names and the totals: heading, each seat's
    points, and whether the row is in view (three quarters of it inside the scrolled area)."""
    screen = probe.app.manager.get_screen("scores")
    scroll = screen.ids.scroll
    x0, y0 = scroll.to_window(*scroll.pos)
    out = []
    for row in reversed(screen.ids.lines.children):
        _, ry = row.to_window(*row.pos)
        cells = list(reversed(row.children))
        shown = min(ry + row.height, y0 + scroll.height) - max(ry, y0)
        out.append({"heading": cells[0].text,
                    "points": [getattr(c, "points", "") for c in cells[1:]],
                    "inside": shown >= 0.75 * row.height})   # three quarters: its points readable
    return out


async def final_scores_every_row(probe) -> None:
    """A whole 3-player game played at random, then the final score table: every row in
    view, or reached by a finger drag, with a line saying where the rest is."""
    app = probe.app
    await start_coloretto(probe)
    play_to_the_end(app.session, random.Random(5))
    await probe.until(lambda: app.manager.current == "scores")
    screen = app.manager.get_screen("scores")
    await probe.frames(5)
    await probe.screenshot("scores_top")
    seen = [score_rows(probe)]
    hints = [getattr(screen, "more_text", "")]
    for _ in range(16):                      # drag up by half a view until the last row shows
        if all(r["inside"] for r in seen[-1][-1:]):
            break
        await probe.finger_drag(screen.ids.scroll, screen.ids.scroll.height * 0.5)
        seen.append(score_rows(probe))
        hints.append(getattr(screen, "more_text", ""))
    await probe.screenshot("scores_dragged")
    probe.record("rows_seen", seen)
    probe.record("hints", hints)
    probe.record("totals", list(app.session.score_sheet().totals))
    probe.record("texts", probe.texts(probe.screen()))
