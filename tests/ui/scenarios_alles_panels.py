"""Alles auf 1 Karte with 3 and 4 players: every seat's panel reachable (side by side
when they fit, else through a tab per panel), the acting one in view at each moment,
scored cards ("Scored" columns) included."""
from __future__ import annotations

import random
import re

from companion.engine import GameConfig, Player
from companion.games import load_game
from tests.ui.scenarios_gallery import _playout, _resume

NAMES = ("Ann", "Giulia", "Bo", "Dov")
COLOURS = ("red", "blue", "green", "yellow")


def _view(probe):
    return probe.app.manager.get_screen("table").view


def _box(widget) -> list[float]:
    x, y = widget.to_window(*widget.pos)
    return [x, y, widget.width, widget.height]


def _panels(probe) -> dict:
    """Each seat's panel: whether it shows, and its box in the window; the scroll's box."""
    view = _view(probe)
    found = {}
    for panel in view.ids.seats.children:
        key = "display" if panel.seat is None else panel.seat
        found[str(key)] = {"shown": probe.visible(panel), "box": _box(panel)}
    return found


async def _check(probe, label: str) -> None:
    view = _view(probe)
    record = {"panels": _panels(probe), "scroll": _box(view.ids.scroll),
              "acting": view._acting_panel(view.vm), "phase": view.vm.phase,
              # as they read: the markup (the seat colour's symbol in its font) left out
              "tabs": [re.sub(r"\[/?font[^\]]*\]", "", t.text) for t in reversed(view.ids.panel_tabs.children)]}
    # each panel brought into view through its tab (or already there)
    reached = {}
    for key in list(record["panels"]):
        tab = next((t for t in view.ids.panel_tabs.children if str(t.key) == key), None)
        if tab is not None:
            await probe.tap(tab)
        panel = next(p for p in view.ids.seats.children if str("display" if p.seat is None else p.seat) == key)
        reached[key] = {"shown": probe.visible(panel), "box": _box(panel),
                        "names": [w.text for w in probe.walk(panel) if getattr(w, "text", None)
                                  and type(w).__name__ == "Label"][:3]}
    record["reached"] = reached
    probe.record(label, record)
    await probe.screenshot(label)


async def three_and_four_players(probe) -> None:
    app = probe.app
    for players in (3, 4):
        config = GameConfig("alles_auf_1_karte",
                            tuple(Player(s, NAMES[s], COLOURS[s]) for s in range(players)))
        game = load_game("alles_auf_1_karte")
        rng = random.Random(11)
        # a roll to mark, after some cards were scored (their "Scored" columns shown)
        state, actions, _ = _playout(game, game.setup(config), lambda s: s.phase == "mark"
                                     and sum(len(p.scored) for p in s.seats) >= 2, rng)
        await _resume(probe, config, actions)
        await _check(probe, f"mark_{players}")
        # the next player's throw: their panel in view again, whatever was tapped before
        state, more, _ = _playout(game, state, lambda s: s.phase == "throw" and s.active != state.active, rng)
        app.journal.abandon_game(app.session.game_id)
        await _resume(probe, config, actions + more)
        await _check(probe, f"throw_{players}")
        app.journal.abandon_game(app.session.game_id)
