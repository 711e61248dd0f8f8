"""Digest vectors TV-01 … TV-16: movement, Modone, ports, loading (§5)."""
from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.golden_horn import GAME
from companion.golden_horn.actions import DrawCubes, Move
from companion.golden_horn.state import AFTER_MOVE, PLAY, TO_C, TO_V
from tests.golden_horn.helpers import (move_targets, put_ship, stops, table, with_hand, with_port)


def at_sea(players: int, ship: str, at: str, sails: str, hand: str = "", heading: str = "C",
           cargo: str = "", **options):
    state = table(players, **options)
    state = put_ship(state, ship, at, sails=sails, heading=heading, cargo=cargo)
    return with_hand(state, int(ship[0]), hand)


def test_tv01_one_step_then_stop():
    state = at_sea(4, "0a", "s3", "Y")
    assert stops(state, "0a") == {"s4": ""}
    with pytest.raises(IllegalAction, match="at least one step"):
        GAME.apply(state, Move(0, "0a", "s3"))
    after = GAME.apply(state, Move(0, "0a", "s4"))
    assert after.ship_by_id("0a").at == state.node_index("s4")
    assert after.hand_sizes[0] == 0          # no draw on a square


def test_tv02_skip_occupied_then_continue_on_sails():
    state = at_sea(4, "0a", "s1", "GRY")
    state = put_ship(state, "1a", "s2", heading="C")
    assert stops(state, "0a") == {"s3": "", "s4": "", "s5": ""}
    with pytest.raises(IllegalAction, match="occupied"):
        GAME.apply(state, Move(0, "0a", "s2"))
    with pytest.raises(IllegalAction):
        GAME.apply(state, Move(0, "0a", "s6", wind="B"))


def test_tv03_wind_card_into_modone():
    state = at_sea(4, "0a", "s1", "GRY", hand="B")
    state = put_ship(state, "1a", "s2")
    assert stops(state, "0a") == {"s3": "", "s4": "", "s5": "", "s6": "B", "M": "B"}
    after = GAME.apply(state, Move(0, "0a", "M", wind="B"))
    assert after.pending and after.pending[0].kind == "cards" and after.pending[0].count == 1
    assert after.ship_by_id("0a").heading == TO_C


def test_tv04_rulebook_wind_cards():
    state = at_sea(4, "0a", "s1", "P", hand="GRY")
    assert stops(state, "0a") == {"s2": "", "s3": "", "s4": "G", "s5": "GR"}
    after = GAME.apply(state, Move(0, "0a", "s5", wind="GR"))
    assert after.hands[0] == (1, 0, 0, 0, 0, 0)          # {Y} left
    assert after.discard[2] == state.discard[2] + 1 and after.discard[3] == state.discard[3] + 1


def test_tv05_wind_card_matches_the_square():
    state = at_sea(4, "0a", "s3", "Y", hand="B")
    assert stops(state, "0a") == {"s4": ""}
    with pytest.raises(IllegalAction):
        GAME.apply(state, Move(0, "0a", "s5", wind="B"))
    state = with_hand(state, 0, "R")
    assert stops(state, "0a") == {"s4": "", "s5": "R"}


def test_tv06_full_modone_is_passed_over():
    state = at_sea(4, "0a", "s6", "O")
    for other in ("1a", "2a", "3a"):
        state = put_ship(state, other, "M")
    assert stops(state, "0a") == {"s7": "", "s8": ""}
    after = GAME.apply(state, Move(0, "0a", "s8"))
    assert after.hand_sizes[0] == 0


def test_tv07_modone_with_a_free_berth_ends_the_move():
    state = at_sea(4, "0a", "s5", "Y", hand="PP", cargo="B2")
    state = put_ship(state, "1a", "M")
    state = put_ship(state, "2a", "M")
    assert stops(state, "0a") == {"s6": "", "M": ""}
    with pytest.raises(IllegalAction, match="ends the move"):
        GAME.apply(state, Move(0, "0a", "s7"))
    after = GAME.apply(state, Move(0, "0a", "M"))
    assert after.pending[0].count == 3
    ship = after.ship_by_id("0a")
    assert (ship.cargo_colour, ship.cargo, ship.heading) == ("B", 2, TO_C)


def test_tv08_two_players_modone_gives_no_cards():
    state = at_sea(2, "0a", "s2", "YB")
    assert stops(state, "0a") == {"s3": "", "M": ""}
    after = GAME.apply(state, Move(0, "0a", "M"))
    assert after.pending == () and after.hand_sizes[0] == 0


def test_tv09_arrival_at_a_main_port_unloads_and_draws():
    state = at_sea(4, "0a", "s11", "BYR", cargo="P3")
    assert stops(state, "0a") == {"s12": "", "C": ""}
    after = GAME.apply(state, Move(0, "0a", "C"))
    ship = after.ship_by_id("0a")
    assert (ship.cargo, ship.heading) == (0, 0)
    assert after.warehouses[0] == (0, 3, 0, 0, 0, 0)
    assert after.pending[0].kind == "cards" and after.pending[0].count == 1


def test_tv10_continuations_pass_over_occupied_squares():
    state = at_sea(4, "0a", "s7", "PR")
    state = put_ship(state, "1a", "s9")
    assert stops(state, "0a") == {"s8": "", "s10": "", "s11": ""}
    strict = at_sea(4, "0a", "s7", "PR", **{"movement.skipOccupiedOnContinuation": False})
    strict = put_ship(strict, "1a", "s9")
    assert stops(strict, "0a") == {"s8": ""}


def test_tv11_pass_occupied_square_into_modone():
    state = at_sea(4, "0a", "s5", "O")
    state = put_ship(state, "1a", "s6")
    state = put_ship(state, "2a", "M")
    assert stops(state, "0a") == {"M": ""}
    assert GAME.apply(state, Move(0, "0a", "M")).pending[0].count == 3


def test_tv12_every_square_ahead_occupied():
    state = at_sea(2, "0a", "s4", "Y", cargo="R2")
    state = put_ship(state, "1a", "s5")
    state = put_ship(state, "1b", "s6")
    assert stops(state, "0a") == {"C": ""}
    after = GAME.apply(state, Move(0, "0a", "C"))
    assert after.warehouses[0] == (0, 0, 0, 2, 0, 0)
    assert after.pending[0].count == 3


def loading_table(**options):
    state = table(4, **options)
    state = with_port(state, "V", "B2 P1 G3 Y2 R1")
    state = put_ship(state, "0a", "V", sails="GYR")
    return with_hand(state, 0, "O")


def test_tv13_rulebook_loading_example():
    state = loading_table()
    assert GAME.load_choices(state, "0a") == ("B", "P", "")
    targets = move_targets(state, "0a")
    assert {load for (_, load, _) in targets} == {"B", "P", ""}
    assert {(to, wind) for (to, load, _), wind in targets.items() if load == "B"} == {("s1", ""), ("s2", "O")}
    for colour in "GYR":
        with pytest.raises(IllegalAction, match="sail colours"):
            GAME.apply(state, Move(0, "0a", "s1", load=colour))
    after = GAME.apply(state, Move(0, "0a", "s1", load="B"))
    ship = after.ship_by_id("0a")
    assert (ship.cargo_colour, ship.cargo, ship.heading) == ("B", 2, TO_C)
    assert sum(after.ports[0]) == 7 and after.pending[0].count == 2
    refill = DrawCubes("V", "YO")
    assert refill in GAME.legal_actions(after)
    done = GAME.apply(after, refill)
    assert sum(done.ports[0]) == 9 and done.current == 1


def test_tv13_partial_or_double_loads_cannot_be_expressed():
    from companion.errors import InvalidAction
    with pytest.raises(InvalidAction):
        GAME.parse_action({"type": "move", "seat": 0, "ship": "0a", "to": "s1", "load": "BP"})


def test_tv13_mandatory_loading():
    state = loading_table(**{"loading.mandatory": True})
    assert GAME.load_choices(state, "0a") == ("B", "P")
    with pytest.raises(IllegalAction, match="compulsory"):
        GAME.apply(state, Move(0, "0a", "s1"))


def test_tv14_leaving_constantinople():
    state = table(4)
    state = put_ship(state, "0a", "C", sails="YB")
    state = with_hand(state, 0, "R")
    assert stops(state, "0a") == {"s12": "", "s11": "", "s10": "", "s9": "R"}
    after = GAME.apply(state, Move(0, "0a", "s9", load="", wind="R"))
    assert after.ship_by_id("0a").heading == TO_V


@pytest.mark.parametrize("mandatory", [False, True])
def test_tv15_nothing_loadable_two_players_wind_into_modone(mandatory):
    state = table(2, **{"loading.mandatory": mandatory})
    state = with_port(state, "V", "R9")
    state = put_ship(state, "0a", "V", sails="R")
    state = with_hand(state, 0, "BY")
    assert GAME.load_choices(state, "0a") == ("",)
    assert stops(state, "0a") == {"s1": "", "s2": "", "s3": "B", "M": "BY"}
    after = GAME.apply(state, Move(0, "0a", "M", wind="BY"))
    assert after.hand_sizes[0] == 0 and after.pending == ()
    assert after.ship_by_id("0a").cargo == 0


def test_tv16_three_players_no_modone():
    state = at_sea(3, "0a", "s6", "O")
    assert state.modone_index is None
    assert stops(state, "0a") == {"s7": "", "s8": ""}


def test_wind_cards_must_be_named_as_the_path_needs():
    state = at_sea(4, "0a", "s1", "P", hand="GRY")
    with pytest.raises(IllegalAction, match="takes green 1, red 1, not green 1"):
        GAME.apply(state, Move(0, "0a", "s5", wind="G"))
    assert GAME.apply(state, Move(0, "0a", "s5", wind="RG")).hands[0][0] == 1


def test_hidden_hands_limit_wind_by_hand_size_and_discards():
    state = table(4, open_hands=False)
    state = put_ship(state, "0a", "s1", sails="P")
    assert state.hand_sizes[0] == 5
    assert stops(state, "0a")["s5"] == "GR"
    from dataclasses import replace
    state = replace(state, discard=(0, 0, 9, 0, 0, 0))   # every green card is gone
    assert set(stops(state, "0a")) == {"s2", "s3"}
    with pytest.raises(IllegalAction, match="green"):
        GAME.apply(state, Move(0, "0a", "s4", wind="G"))


def test_move_phase_after_move_when_declaring_is_possible():
    from dataclasses import replace
    state = at_sea(4, "0a", "s11", "BYR", cargo="P3")
    state = replace(state, warehouses=((1, 0, 1, 1, 1, 1),) + state.warehouses[1:])
    after = GAME.apply(state, Move(0, "0a", "C"))
    after = GAME.apply(after, GAME.sample_chance(after, __import__("random").Random(3)))
    assert after.phase == AFTER_MOVE and after.current == 0
    assert GAME.end_turn_action(after) is not None
    assert GAME.apply(after, GAME.end_turn_action(after)).current == 1
    assert GAME.apply(after, GAME.end_turn_action(after)).phase == PLAY
