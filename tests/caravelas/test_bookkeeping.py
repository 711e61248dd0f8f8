"""Play without a board file: what happened is entered, the engine keeps markers,
cargo, wrecks, hands, monuments and score (TV-06, TV-08, TV-12, TV-19, TV-20,
TV-22, TV-23, the rulebook's Malacca + Ceylon example)."""
from __future__ import annotations

import pytest

from companion.caravelas import GAME
from companion.caravelas.actions import (CrossCape, EndBonus, EndTurn, EnterEvent, Load, PassBid, PassLisbon,
                                         Pirate, PlayCard, Reach, Sail, StopInLisbon)
from companion.errors import IllegalAction

from tests.caravelas.helpers import discovered, put, run, started


def test_tv06_malacca_and_ceylon_score_4_and_cinnamon_loads_at_ceylon():
    state = run(started(2), Sail(0, 4), Reach(0, "malacca", 2), Reach(0, "ceylon", 2), Load(0, "cinnamon"))
    p = state.players[0]
    assert p.discoveries == 4 and p.spent == 4 and p.cargo == ("cinnamon",)
    assert state.owner("malacca") == 0 and state.owner("ceylon") == 0
    with pytest.raises(IllegalAction, match="shield"):
        GAME.apply(started(2), Reach(0, "malacca", 3))          # the rulebook says 2
    later = run(state, EndTurn(0))
    with pytest.raises(IllegalAction, match="discovered already"):
        GAME.apply(later, Reach(1, "malacca", 2))
    assert run(later, Reach(1, "malacca", 0)).players[1].discoveries == 0


def test_tv08_favourable_wind_recovers_two_markers_bids_included():
    state = put(started(3), 0, spent=5, bid=1)
    state = put(state, 1, part="EAST")
    state = run(state, PlayCard(0, "wind"))
    assert state.pending == "bonus" and GAME.to_act(state) == (2,)   # seat 1 is in the other part
    state = run(state, EndBonus(2))
    assert state.players[0].spent == 3 and state.available(0) == 6
    assert run(put(started(2), 0, spent=0), PlayCard(0, "wind"), EndBonus(1)).players[0].spent == 0
    assert run(put(started(2), 0, spent=1), PlayCard(0, "wind"), EndBonus(1)).players[0].spent == 0
    no_bids = put(started(2, **{"wind.recoversBids": False}), 0, spent=3, bid=2)
    assert run(no_bids, PlayCard(0, "wind"), EndBonus(1)).players[0].spent == 2   # only 1 was sailing


def test_tv12_reds_turn_with_a_bonus_move_to_porto_seguro():
    red, yellow = 0, 1
    state = put(started(2), red, capacity=12, upgraded=True, spent=7, hand=5,
                cargo=("brazilwood", "cinnamon", "ivory", "pepper", "silk"),
                voyage=("brazilwood", "cinnamon", "ivory", "pepper", "silk"))
    state = run(state, PlayCard(red, "storm2"))
    assert GAME.to_act(state) == (yellow,) and state.players[red].spent == 7
    state = run(state, Reach(yellow, "porto_seguro", 3), Load(yellow, "brazilwood"), EndBonus(yellow))
    assert state.players[yellow].cargo == ("brazilwood",) and state.players[yellow].spent == 0
    assert state.players[red].spent == 9 and state.available(red) == 3
    state = run(state, Reach(red, "guinea", 2),
                Load(red, "chilli"))
    assert len(state.players[red].cargo) == 6
    state = run(state, Sail(red, 3))
    assert state.available(red) == 0
    with pytest.raises(IllegalAction, match="only 0 markers"):
        GAME.apply(state, Sail(red, 1))
    state = run(state, EndTurn(red))
    assert state.players[red].spent == 0 and state.players[red].hand == 5   # drew 1


def test_tv19_loading_limits():
    state = run(started(2), Reach(0, "tanegashima", 3))
    with pytest.raises(IllegalAction, match="ship 4 is locked"):
        GAME.apply(state, Load(0, "silver"))
    upgraded = put(state, 0, upgraded=True, capacity=12, wrecks=(4,))
    with pytest.raises(IllegalAction, match="wrecked"):
        GAME.apply(upgraded, Load(0, "silver"))
    state = run(state, Reach(0, "ceylon", 2), Load(0, "cinnamon"), Reach(0, "malacca", 2), Reach(0, "ceylon", 0))
    with pytest.raises(IllegalAction, match="already been loaded"):
        GAME.apply(state, Load(0, "cinnamon"))
    with pytest.raises(IllegalAction, match="loaded in Ceylon"):
        GAME.apply(run(state, Reach(0, "diu", 1)), Load(0, "cinnamon"))
    with pytest.raises(IllegalAction, match="in a port"):
        GAME.apply(run(state, Sail(0, 1)), Load(0, "silk"))
    home = run(state, StopInLisbon(0))
    home = run(home, EndTurn(1), *(PassBid(s) for s in home.order))
    assert home.players[0].voyage == ()
    assert run(home, Reach(0, "ceylon", 0), Load(0, "cinnamon")).players[0].cargo == ("cinnamon",)


def test_tv20_hands_refill_to_five_and_exchange_in_lisbon():
    state = started(4)
    last = state.order[3]
    assert state.players[last].hand == 7
    state = put(state, state.active, hand=3)
    first = state.active
    state = run(state, EndTurn(first))
    assert state.players[first].hand == 5                      # drew 2
    seat = state.active
    state = put(state, seat, hand=2)
    deck = state.deck
    after = run(state, StopInLisbon(seat, exchange=True))
    assert after.players[seat].hand == 5 and after.discard == 2 and after.deck == deck - 5


def test_tv20a_a_hand_above_five_is_kept():
    state = started(4)
    for seat in state.order[:3]:
        state = run(state, EndTurn(seat))
    last = state.active
    state = run(state, PlayCard(last, "calm"))                 # 7 -> 6, the turn ends
    assert state.players[last].hand == 6


def test_tv22_a_ship_in_lisbon_is_in_the_west_and_gets_the_bonus():
    state = put(started(2), 0, spent=0)
    state = run(state, PlayCard(0, "storm2"))
    assert state.pending == "bonus" and GAME.to_act(state) == (1,)
    east = run(started(2), Reach(0, "ceylon", 2), PlayCard(0, "storm2"))
    assert east.pending == "" and east.players[0].spent == 2


def test_tv23_dead_calm_ends_the_turn_without_bonus_moves():
    state = put(started(2), 0, spent=3, hand=5)
    state = run(state, PlayCard(0, "calm"))
    assert state.active == 1 and state.players[0].spent == 0 and state.players[0].hand == 5


def test_pirates_cost_one_or_a_card_and_the_cape_line_changes_part():
    state = run(started(2), Pirate(0), Pirate(0, defend=True), CrossCape(0))
    p = state.players[0]
    assert p.spent == 1 and p.hand == 3 and p.part == "EAST" and state.discard == 1
    with pytest.raises(IllegalAction, match="enter the card played"):
        GAME.apply(state, EnterEvent(0, "blue"))
    assert run(state, EnterEvent(0, "red")).pending == "die"
    assert run(started(2), PassLisbon(0)).players[0].where == "lisbon"


def test_only_the_player_to_act_may_act():
    with pytest.raises(IllegalAction, match="not .*turn"):
        GAME.apply(started(2), Sail(1, 1))


def test_a_discovery_is_also_possible_in_a_bonus_move():
    state = run(started(2), PlayCard(0, "storm2"), Reach(1, "azores", 1), EndBonus(1))
    assert state.owner("azores") == 1 and state.players[1].discoveries == 1
    assert discovered(state, madeira=0).owner("madeira") == 0


def test_amb19_a_discovery_may_be_declined_only_by_option():
    with pytest.raises(IllegalAction, match="table option"):
        GAME.apply(started(2), Reach(0, "azores", 0))
    state = run(started(2, **{"discovery.mayDecline": True}), Reach(0, "azores", 0))
    assert state.owner("azores") is None and state.players[0].discoveries == 0
    assert Reach(0, "madeira", 0) in GAME.legal_actions(state)


def test_amb26_an_empty_deck_is_refilled_from_the_discard_pile_unless_turned_off():
    from dataclasses import replace
    state = replace(put(started(2), 0, hand=2), deck=1, discard=10)
    assert run(state, EndTurn(0)).players[0].hand == 5                  # 1 from the deck, 2 reshuffled
    off = replace(put(started(2, **{"deck.reshuffle": False}), 0, hand=2), deck=1, discard=10)
    assert run(off, EndTurn(0)).players[0].hand == 3
    drawn = replace(started(2, variant="drawnEvents", **{"deck.reshuffle": False}), deck=0, discard=10)
    assert run(drawn, EnterEvent(0, "blue")).pending == ""             # nothing left to draw
