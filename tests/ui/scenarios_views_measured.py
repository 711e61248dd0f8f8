"""Each game's table view measured as a player sees it: a typical mid-game
state reached by taps and by the session, then the final scores.  Every look is measured
by tests/ui/measure.py (≥ 48 px targets, ≥ 14 px text, nothing clipped, contrast
≥ 4.5:1) and saved as a screenshot.  Run by tests/ui/test_views_measured.py."""
from __future__ import annotations

import random
from typing import Callable

from companion.engine import TABLE
from tests.ui.measure import measure
from tests.ui.probe import written_at_once


def _inside(box: tuple[int, int, int, int], area: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    return area[0] - 1 <= x and area[1] - 1 <= y and x + w <= area[2] + 1 and y + h <= area[3] + 1


class Looks:
    """The problems measured on every look, by name: those in the game's view (or on
    the scores screen), and apart those of the table screen around it (header, strip)."""

    def __init__(self, probe) -> None:
        self.probe = probe
        self.found: dict[str, list[dict]] = {}
        self.around: dict[str, list[dict]] = {}

    async def __call__(self, name: str) -> None:
        rows = measure(self.probe, await self.probe.screenshot(f"measure_{name}"))
        app = self.probe.app
        if app.manager.current != "table":
            self.found[name] = rows
            return
        view = app.manager.get_screen("table").view
        x, y = view.to_window(*view.pos)
        area = (x, y, x + view.width, y + view.height)
        self.found[name] = [r for r in rows if _inside(r["box"], area)]
        self.around[name] = [r for r in rows if not _inside(r["box"], area)]

    def save(self) -> None:
        self.probe.record("problems", self.found)
        self.probe.record("problems_around", self.around)


async def play_on(probe, until: Callable[[object], bool], rng: random.Random, limit: int = 2000) -> None:
    """Random legal moves (the table's chance from its sampler) through the session, as a
    table playing fast would, until ``until(state)`` holds or the game ends."""
    session = probe.app.session
    with written_at_once(session):
        for _ in range(limit):
            if session.is_over or until(session.state):
                break
            if session.to_act == (TABLE,):
                session.submit(session.game.sample_chance(session.state, rng))
            else:
                session.submit(rng.choice(session.legal_actions(session.to_act[0])))
    await probe.frames(3)


async def to_scores(probe, looks: Looks, rng: random.Random) -> None:
    app = probe.app
    await play_on(probe, lambda _state: False, rng)
    assert app.session.is_over
    await probe.until(lambda: app.manager.current == "scores")
    await looks("scores")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "table")
    await looks("final_table")


async def coloretto(probe) -> None:
    from tests.ui.scenarios_coloretto import start_coloretto, tap_card

    app, looks, rng = probe.app, Looks(probe), random.Random(5)
    await start_coloretto(probe)
    await looks("setup")
    await tap_card(probe, "grey")
    for colour in ("yellow", "blue", "orange"):
        await tap_card(probe, colour)
    await probe.until(lambda: app.session.state.phase == "start_player")
    await looks("start_player")
    await play_on(probe, lambda s: s.phase == "turn" and sum(len(r.cards) for r in s.rows) >= 5, rng)
    await looks("turn")
    drawn = next(b for b in probe.find_all(cls="CardButton") if not b.disabled and probe.visible(b))
    probe.record("drawn", [drawn.card, drawn.text, app.session.state.phase])
    await probe.tap(drawn)
    await probe.until(lambda: app.session.state.phase == "place")
    await looks("place")
    await to_scores(probe, looks, rng)
    looks.save()


def _far_sailer(session):
    """The player to act's movable ship with more than six destinations (None if none)."""
    from companion.golden_horn.view_model import view_model

    if session.is_over or session.table_to_act or session.summary()["phase"] != "play":
        return None
    vm = view_model(session.state, session.config)
    return next((s for s in vm.ships if s.owner == session.state.current and s.movable
                 and len(s.reach(False)) > 6), None)


async def golden_horn(probe) -> None:
    from tests.ui.scenarios_golden_horn import start_golden_horn, tap_gh

    app, looks, rng = probe.app, Looks(probe), random.Random(5)
    await start_golden_horn(probe, 3, refill="toNine")
    await looks("fill")
    await play_on(probe, lambda _s: app.session.summary()["phase"] == "play"
                  and len(app.session.actions) > 40 and not app.session.table_to_act, rng)
    await looks("turn")
    await tap_gh(probe, "ship_a")
    await looks("ship")
    await tap_gh(probe, "back")
    # a ship with more destinations than a row holds: every one is offered
    await play_on(probe, lambda _s: _far_sailer(app.session) is not None, rng)
    ship = _far_sailer(app.session)
    if ship is not None:
        await tap_gh(probe, f"ship_{ship.name}")
        probe.record("destinations", {"reachable": sorted(r.to for r in ship.reach(False)),
                                      "offered": sorted(w.test_id[3:] for w in probe.walk(probe.screen())
                                                        if str(getattr(w, "test_id", "")).startswith("to_"))})
        await looks("many_destinations")   # a crowded port's chips too
        await tap_gh(probe, "back")
    await to_scores(probe, looks, rng)
    looks.save()


async def alles_auf_1_karte(probe) -> None:
    from tests.ui.scenarios_alles_auf_1_karte import by_wid, start_game

    app, looks, rng = probe.app, Looks(probe), random.Random(5)
    await start_game(probe, names=("Ana", "Bo", "Cy"))
    await looks("deal")
    await play_on(probe, lambda s: s.phase == "throw" and len(app.session.actions) > 30, rng)
    await looks("throw")
    await play_on(probe, lambda s: s.phase == "mark", rng)
    await looks("mark")
    view = app.manager.get_screen("table").view
    first = app.session.to_act[0]
    button = by_wid(probe, f"pass_{first}")
    view.refresh()   # as a glow ending does while a finger rests on the button
    probe.record("pass_button_kept", by_wid(probe, f"pass_{first}") is button)
    await probe.tap(button)   # one seat has chosen: the others are named
    await probe.until(lambda: first in view.choices)
    probe.record("info_one_chosen", view.info)
    probe.record("confirm_all_disabled", by_wid(probe, "confirm_all").disabled)
    await looks("mark_one_chosen")
    await to_scores(probe, looks, rng)
    looks.save()
