"""Sailing on the digest's mini-board MB: costs (TV-03, TV-04), the last marker
(TV-05), storm legality (TV-07), Favourable Wind against pirates (TV-09), the red
die and wrecks (TV-13), and the cheapest path the camera would propose."""
from __future__ import annotations

import pytest

from companion.caravelas import GAME
from companion.caravelas.actions import (ChooseWreck, EndBonus, Load, PassLisbon, PlayCard, RollDie, Sail,
                                         Step)
from companion.caravelas.board import load_board
from companion.caravelas.board import SHIPPED
from companion.errors import IllegalAction

from tests.caravelas.helpers import mapped, put, run, started

MB = load_board(SHIPPED["mini"])


@pytest.mark.parametrize("path, cost", [
    (("C4", "C3", "C2"), 3),        # TV-03a: 2 steps off the current, the second into pirates
    (("C0", "C1", "C2"), 1),        # TV-03b: along the current, one pirate cell
    (("C6", "C1", "C0"), 2),        # TV-03c: off the current, no symbols
    (("C0", "C1"), 0),              # TV-03d: along the current
    (("C0", "C1", "C2", "C3"), 1),  # TV-04a
    (("C3", "C2", "C1", "C0"), 4),  # TV-04b
    (("C1", "C6"), 1),              # TV-04c
    (("C3", "C4"), 1), (("C4", "C5"), 1), (("C2", "C3"), 0)])  # TV-04e, f, g
def test_tv03_tv04_path_costs_on_mb(path, cost):
    assert MB.path_cost(path) == cost


def at(cell: str, spent: int = 0, hand: int = 5, **options):
    state = mapped(2, **options)
    return put(state, 0, where=cell, spent=spent, hand=hand)


def test_tv04_engine_charges_each_step_and_discovers_c6():
    state = run(at("C0"), Step(0, "C1"), Step(0, "C2"), Step(0, "C3"))
    assert state.players[0].spent == 1 and state.players[0].where == "C3"
    state = run(at("C1"), Step(0, "C6"))
    assert state.players[0].spent == 1 and state.players[0].discoveries == 3
    assert state.owner("azores") == 0
    state = run(at("C3"), Step(0, "C2"), Step(0, "C1"), Step(0, "C0"))
    assert state.players[0].spent == 4
    state = run(at("C2"), Step(0, "C3"))                        # TV-04g: leaving pirates is free
    assert state.players[0].spent == 0


def test_tv04d_favourable_wind_against_pirates_costs_nothing_and_gives_no_bonus():
    state = run(at("C0"), Step(0, "C1"), Step(0, "C2", defend=True))
    assert state.players[0].spent == 0 and state.players[0].hand == 4 and state.discard == 1
    assert state.pending == "" and GAME.to_act(state) == (0,)


def test_tv04e_f_event_cells_wait_for_a_card_or_the_die():
    state = run(at("C3"), Step(0, "C4"))
    assert state.players[0].spent == 1 and state.pending == "blue" and GAME.to_act(state) == (0,)
    state = run(at("C4"), Step(0, "C5"))
    assert state.pending == "die" and GAME.to_act(state) == (-1,)


def test_tv05_the_last_marker_ends_the_turn_where_the_ship_stands():
    state = run(at("C6", spent=8, hand=3), Step(0, "C1"))
    assert state.active == 1                                    # seat 0's turn is over
    p = state.players[0]
    assert p.where == "C1" and p.spent == 0 and p.hand == 5


def test_tv07_storm_legality_is_checked_after_paying_the_step():
    state = run(at("C3", spent=6), Step(0, "C4"))               # available 3 -> 2
    with pytest.raises(IllegalAction, match="Storm 4 needs 4 markers"):
        GAME.apply(state, PlayCard(0, "storm4"))
    calm = run(state, PlayCard(0, "calm"))                      # TV-07b: Dead Calm, no bonus
    assert calm.active == 1 and calm.players[0].spent == 0
    with pytest.raises(IllegalAction, match="needs a card"):    # EVB-02: no card, no entry
        GAME.apply(at("C3", hand=0), Step(0, "C4"))


def test_tv07_option_checks_storms_before_paying_the_step_but_never_overspends():
    """PL §10: with only 3 markers a "4" cannot be played; the step is paid before the storm,
    so checking before the step cannot let the storm spend markers the player lacks."""
    state = run(at("C3", spent=5, **{"storm.checkBeforeStep": True}), Step(0, "C4"))
    assert state.available(0) == 3
    with pytest.raises(IllegalAction, match="Storm 4 needs 4 markers available, seat 1 has 3"):
        GAME.apply(state, PlayCard(0, "storm4"))
    stormed = run(state, PlayCard(0, "storm2"))
    assert stormed.available(0) >= 0


def test_a_storm_after_sailing_every_marker_is_refused_in_bookkeeping():
    """Without a board: sail 9, then Storm 4 would leave -4 markers until END TURN."""
    for before_step in (False, True):
        state = started(2, **{"storm.checkBeforeStep": before_step})
        seat = state.active
        state = run(state, Sail(seat, state.available(seat)))
        with pytest.raises(IllegalAction, match="Storm 4 needs 4 markers available, seat 1 has 0"):
            GAME.apply(state, PlayCard(seat, "storm4"))


def test_tv07c_storm_bonus_moves_first_then_the_turn_ends_on_the_last_marker():
    state = put(at("C3", spent=5), 1, where="C0")               # seat 1 in the same part
    state = run(state, Step(0, "C4"), PlayCard(0, "storm3"))
    assert state.pending == "bonus" and GAME.to_act(state) == (1,)
    assert state.players[0].spent == 6                          # not yet charged
    moves = {a.cell for a in GAME.legal_actions(state) if hasattr(a, "cell")}
    assert moves == {"L", "C1"}
    state = run(state, EndBonus(1))
    assert state.active == 1 and state.players[0].spent == 0    # 6 + 3 = 9: ended, upkeep done


def test_tv09_wind_defence_makes_an_unaffordable_pirate_step_legal():
    state = at("C3", spent=7)                                    # available 2, step costs 2
    state = run(state, Step(0, "C2", defend=True))
    assert state.available(0) == 1 and state.pending == "" and state.discard == 1
    without = run(at("C3", spent=7), Step(0, "C2"))
    assert without.active == 1                                   # 0 left: the turn ended
    with pytest.raises(IllegalAction, match="costs 2 markers"):
        GAME.apply(at("C3", spent=8), Step(0, "C2"))
    with pytest.raises(IllegalAction, match="only against pirates"):
        GAME.apply(at("C0"), Step(0, "C1", defend=True))


def test_tv13_red_die_wrecks_a_chosen_ship_and_its_cargo_goes_back():
    state = put(at("C4"), 0, cargo=("brazilwood", "chilli", "silk"), voyage=("brazilwood", "chilli", "silk"))
    assert run(state, Step(0, "C5"), RollDie("red")).players[0].cargo == ("brazilwood", "chilli", "silk")
    state = run(state, Step(0, "C5"), RollDie("1"))
    assert state.pending == "wreck"
    with pytest.raises(IllegalAction):                           # ship 4 is locked
        GAME.apply(state, ChooseWreck(0, 4))
    state = run(state, ChooseWreck(0, 1))
    p = state.players[0]
    assert p.wrecks == (1,) and p.cargo == ("silk",) and p.capacity == 9
    assert state.supply()["chilli"] == 4
    # TV-13c: no ship left to wreck -> nothing happens
    none_left = put(at("C4"), 0, wrecks=(1, 2, 3))
    assert run(none_left, Step(0, "C5"), RollDie("1")).pending == ""


def test_tv13_passing_through_lisbon_does_not_repair_but_the_option_does():
    state = put(at("C0"), 0, wrecks=(1,))
    state = run(state, Step(0, "L"))
    assert state.pending == "lisbon"
    assert run(state, PassLisbon(0)).players[0].wrecks == (1,)
    repaired = run(put(at("C0", **{"repair.onPass": True}), 0, wrecks=(1,)), Step(0, "L"), PassLisbon(0))
    assert repaired.players[0].wrecks == ()


def test_steps_must_be_to_a_neighbour_and_bookkeeping_actions_are_refused_on_a_board():
    with pytest.raises(IllegalAction, match="not next to the ship"):
        GAME.apply(at("C0"), Step(0, "C4"))
    with pytest.raises(IllegalAction, match="board file"):
        GAME.apply(at("C0"), Load(0, "silk"))


def test_cheapest_path_prefers_the_current_and_then_fewer_triggers():
    assert MB.cheapest_path("C0", "C3") == ("C0", "C1", "C2", "C3")    # cost 1 along the current
    assert MB.cheapest_path("C6", "C0") == ("C6", "C1", "C0")
    assert MB.cheapest_path("C3", "C3") == ("C3",)


def test_amb19_declining_the_monument_at_c6_by_option():
    with pytest.raises(IllegalAction, match="table option"):
        GAME.apply(at("C1"), Step(0, "C6", decline=True))
    state = run(at("C1", **{"discovery.mayDecline": True}), Step(0, "C6", decline=True))
    assert state.owner("azores") is None and state.players[0].where == "C6" and state.players[0].spent == 1
    with pytest.raises(IllegalAction, match="nobody has discovered"):
        GAME.apply(at("C0", **{"discovery.mayDecline": True}), Step(0, "C1", decline=True))
