"""The typed Coloretto view model agrees with the rules at every step of random
games: who acts, which colours and cards may be tapped, which rows take what."""
from __future__ import annotations

from dataclasses import fields

import pytest

from companion.coloretto import GAME
from companion.coloretto.actions import Place, RemoveColour, Reveal, StartCard, Take
from companion.coloretto.view_model import ColorettoViewModel, view_model
from companion.view_model import SHARED_FIELDS, TableViewModel
from tests.coloretto.helpers import config, set_up
from tests.conformance.playout import play


def check(state) -> ColorettoViewModel:
    vm = view_model(state)
    legal = GAME.legal_actions(state)
    assert vm.to_act == GAME.to_act(state)
    assert vm.is_over == GAME.is_over(state)
    assert vm.scores_now == GAME.score_sheet(state).totals
    if vm.phase in ("remove_colours", "start_cards"):
        assert set(vm.setup_colours) == {a.colour for a in legal
                                          if isinstance(a, (RemoveColour, StartCard))}
    if vm.phase == "start_cards":
        assert {a.seat for a in legal} <= {vm.start_card_seat}
    if vm.phase == "draw":
        assert set(vm.possible_reveals) == {a.card for a in legal if isinstance(a, Reveal)}
    assert {r.index for r in vm.rows if r.can_place and vm.phase == "place"} == \
        {a.row for a in legal if isinstance(a, Place)}
    assert {r.index for r in vm.rows if r.can_take and vm.phase == "turn"} == \
        {a.row for a in legal if isinstance(a, Take)}
    if vm.active_seat is not None:
        assert vm.players[vm.active_seat].out is False
    for player, hand in zip(vm.players, state.collections):
        assert sum(n for _card, n in player.held) == hand.size
    return vm


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 1), (5, 2)])
def test_the_view_model_agrees_with_the_rules_through_a_game(players, seed):
    phases = set()

    def each(before, _action, after):
        phases.add(check(before).phase)
        phases.add(check(after).phase)

    play(GAME, config(players), seed, each=each)
    assert {"start_cards", "start_player", "turn", "draw", "place", "over"} <= phases
    assert ("remove_colours" in phases) == (players < 5)   # 5 players remove no colour


def test_a_turn_offers_the_cards_the_pile_still_holds():
    vm = view_model(set_up(3))
    assert vm.phase == "turn" and vm.active_seat == 0 and vm.can_draw and vm.chance_due
    # the last-round card too: a miscounted pile may bring it up at any draw (the table wins)
    assert "last_round" in vm.possible_reveals and "joker" in vm.possible_reveals
    assert vm.card_kinds[-3:] == ("joker", "plus2", "last_round")
    assert not vm.show_capacity and view_model(set_up(2)).show_capacity


def test_shares_the_common_fields():
    assert issubclass(ColorettoViewModel, TableViewModel)
    assert set(SHARED_FIELDS) <= {f.name for f in fields(ColorettoViewModel)}
