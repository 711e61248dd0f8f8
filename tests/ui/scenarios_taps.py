"""Taps counted as a table spends them (tests/ui/test_taps.py): a 3-player Coloretto
with the people of History, from Home to the final scores, by touch only."""
from __future__ import annotations

import random

from companion.coloretto.rules import can_draw
from tests.ui.scenarios_coloretto import tap_card, tap_row
from tests.ui.scenarios_setup import setup_screen


async def coloretto_three_by_touch(probe) -> None:
    """Home, New game, Coloretto, the three known players by their chips, Start; the
    table's setup (a colour back in the box, three start cards, who starts); then every
    draw, placement and take by a tap on the screen until the final scores."""
    app = probe.app
    taps = {"setup": 0, "table_setup": 0, "game": 0}
    part = "setup"
    original = probe.tap

    async def counted(widget, frames: int = 3) -> None:
        taps[part] += 1
        await original(widget, frames)

    probe.tap = counted
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    await probe.settled()
    if setup_screen(probe).game_name != "coloretto":
        await probe.tap(probe.find(text="Coloretto", cls="GameChoice"))
        await probe.until(lambda: setup_screen(probe).game_name == "coloretto")
    for person in ("Ann", "Bea", "Cy"):
        await probe.tap(next(c for c in probe.find(wid="known").children if c.person == person))
    await probe.tap_id("start")
    await probe.until(lambda: app.manager.current == "table")
    probe.record("players", [p.name for p in app.session.config.players])
    part = "table_setup"
    await tap_card(probe, "grey")
    for colour in ("yellow", "blue", "pink"):
        await tap_card(probe, colour)
    await probe.until(lambda: app.session.state.phase == "start_player")
    await probe.tap(probe.find(text="Ann", cls="PickerButton"))
    await probe.until(lambda: app.session.state.phase == "turn")
    part = "game"
    rng = random.Random(3)
    decisions = {"draw": 0, "place": 0, "take": 0}
    while not app.session.is_over:
        state = app.session.state
        before = len(app.session.actions)
        if state.phase in ("turn", "draw") and (state.phase == "draw" or not any(
                r.can_take for r in state.rows) or (can_draw(state) and rng.random() < 0.6)):
            kinds = [b.card for b in probe.find_all(cls="CardButton") if not b.disabled]
            # the last-round card comes where the pile has it (15 cards from the end)
            drawn = [k for k in kinds if k != "last_round"]
            if "last_round" in kinds and (state.draws_until_last_round == 0 or not drawn):
                drawn = ["last_round"]
            await tap_card(probe, rng.choice(drawn))
            decisions["draw"] += 1
        elif state.phase == "place":
            await tap_row(probe, rng.choice([i for i, r in enumerate(state.rows) if r.can_place]))
            decisions["place"] += 1
        else:
            await tap_row(probe, rng.choice([i for i, r in enumerate(state.rows) if r.can_take]))
            decisions["take"] += 1
        await probe.until(lambda: len(app.session.actions) > before or app.session.is_over)
    await probe.until(lambda: app.manager.current == "scores")
    await probe.screenshot("scores")
    probe.record("taps", taps)
    probe.record("decisions", decisions)
    probe.record("rounds", app.session.state.round)
    probe.record("actions", len(app.session.actions))
