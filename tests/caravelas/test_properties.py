"""Seeded random playouts (both modes, every variant) keep the invariants at every
step: 12 markers per colour in the right places, at most one cube per kind per
voyage, 32 goods cubes, monuments as discovered, destination cards conserved; undo
and JSON round-trips are the conformance suite's."""
from __future__ import annotations

import os

import pytest

from companion.caravelas import GAME
from companion.caravelas.data import GOODS, MARKERS_PER_COLOUR, MONUMENTS_PER_COLOUR
from companion.caravelas.state import CaravelasState
from companion.caravelas.view_model import markers_accounted, view_model

from tests.caravelas.helpers import config
from tests.conformance.playout import play

GAMES = int(os.environ.get("CARAVELAS_GAMES", "4"))


def check_invariants(state: CaravelasState) -> None:
    held = {g: 0 for g in GOODS}
    for seat, p in enumerate(state.players):
        assert markers_accounted(state, seat) == MARKERS_PER_COLOUR or state.rules.variant == "dice"
        assert 0 <= p.spent <= p.capacity or state.rules.variant == "dice"
        assert p.capacity == (12 if p.upgraded and state.rules.variant != "dice" else 9)
        assert len(set(p.cargo)) == len(p.cargo) and set(p.cargo) <= set(p.voyage)
        assert len(set(p.voyage)) == len(p.voyage)
        for good in p.cargo:
            ship = state.rules.ship_of(good)
            assert ship not in p.wrecks and (ship != 4 or p.upgraded)
            held[good] += 1
        assert p.hand >= 0
    supply = state.supply()
    assert all(supply[g] >= 0 and supply[g] + held[g] == 4 for g in GOODS)
    assert sum(supply.values()) + sum(held.values()) == 32
    owners = [seat for _, seat in state.discovered]
    assert len({port for port, _ in state.discovered}) == len(owners) <= 32
    dealt = sum(p.destinations for p in state.players)
    if state.rules.variant != "dice":
        assert dealt + state.boxed == 32
    shown = [port for p in state.players for port in p.revealed]
    assert len(shown) == len(set(shown)) and all(len(p.revealed) <= p.destinations for p in state.players)
    if state.rules.hands:
        assert state.deck + state.discard + sum(p.hand for p in state.players) == 86
    assert sorted(state.tiles_left + tuple(t for p in state.players for t in p.tiles)) == \
        list(range(1, len(state.tiles_left) + sum(len(p.tiles) for p in state.players) + 1))


def each(before, action, after) -> None:
    check_invariants(after)


@pytest.mark.parametrize("board", ["none", "demo"])
@pytest.mark.parametrize("variant", ["standard", "drawnEvents", "dice"])
def test_random_games_keep_the_invariants(board, variant):
    for seed in range(GAMES):
        players = 2 + seed % 3
        run = play(GAME, config(players, board=board, variant=variant, **{"end.roundLimit": 10}), seed,
                   each=each, keep_states=False)
        final = run.final
        assert GAME.is_over(final)
        if variant != "dice":
            assert all(len(p.revealed) == p.destinations for p in final.players)
        view = view_model(final, config(players))
        for seat in view.seats:
            assert seat.monuments + seat.monuments_left == MONUMENTS_PER_COLOUR
