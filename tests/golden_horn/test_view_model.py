"""The typed Golden Horn view model agrees with the rules at every step of random
games: what the table owes, whose fleet is placed, where ships can sail, which
raids are open, who may declare the end."""
from __future__ import annotations

import random
from dataclasses import fields

import pytest

from companion.engine import TABLE
from companion.golden_horn import GAME
from companion.golden_horn.actions import Attack, DrawCards, DrawCubes, Move, PlaceFleet
from companion.golden_horn.view_model import GoldenHornViewModel, view_model
from companion.view_model import SHARED_FIELDS, TableViewModel
from tests.conformance.playout import play
from tests.golden_horn.helpers import config_for, quick_choice


def check(state, config) -> GoldenHornViewModel:
    vm = view_model(state, config)
    acting = GAME.to_act(state)
    assert vm.to_act == acting and vm.is_over == GAME.is_over(state)
    assert vm.scores_now == GAME.score_sheet(state).totals
    legal = GAME.legal_actions(state) if acting != (TABLE,) or vm.chance is None else ()
    if vm.chance is not None:
        assert acting == (TABLE,)
        sample = GAME.sample_chance(state, random.Random(0))
        kind = DrawCubes if vm.chance.kind == "cubes" else DrawCards
        assert isinstance(sample, kind)
        assert len(sample.cubes if kind is DrawCubes else sample.cards) == vm.chance.count
    if vm.placing_seat is not None:
        owners = {a.owner for a in legal if isinstance(a, PlaceFleet)}
        # the table places fleets seat by seat; seats place theirs in turn order
        assert vm.placing_seat == (min(owners) if acting == (TABLE,) else acting[0])
        assert vm.placing_seat in owners
    if vm.phase == "play" and not state.moved:
        moves = {(a.ship, a.to, a.reverse) for a in legal if isinstance(a, Move)}
        shown = {(s.id, r.to, rev) for s in vm.ships for rev in (False, True)
                 for r in s.reach(rev) if r.affordable}
        assert shown == moves
        assert all(s.movable == (s.owner == vm.active_seat) for s in vm.ships)
        assert set(vm.attacks) == {a for a in legal if isinstance(a, Attack)}
    for seat in vm.seats:
        assert seat.score == vm.scores_now[seat.seat]
    return vm


@pytest.mark.parametrize("seed", range(4))
def test_the_view_model_agrees_with_the_rules_through_a_game(seed):
    cfg = config_for(seed)
    phases = set()

    def each(before, _action, after):
        phases.add(check(before, cfg).phase)
        check(after, cfg)

    play(GAME, cfg, seed, choose=quick_choice, each=each)
    assert {"setup", "play"} <= phases


def test_shares_the_common_fields():
    assert issubclass(GoldenHornViewModel, TableViewModel)
    assert set(SHARED_FIELDS) <= {f.name for f in fields(GoldenHornViewModel)}
