"""Summary for the table screen, signals, END TURN and camera readings."""
from __future__ import annotations

import json
from dataclasses import replace

from companion.golden_horn import GAME
from companion.golden_horn.actions import Attack, Move
from companion.readings import PieceReading, TableReading
from companion.signals import SeatScored
from tests.golden_horn.helpers import parse_counts, put_ship, table, with_hand, with_port


def reading(*pieces):
    return TableReading(timestamp=1.0, pieces=tuple(pieces), board_found=True)


def ship_seen(seat, piece, space):
    return PieceReading(tag=f"gh:ship:{seat}:{piece}", kind="ship", seat=seat, piece=piece, space=space)


def test_summary_has_what_the_table_shows():
    state = table(2)
    state = put_ship(state, "1a", "s2", cargo="Y2", sails="R")
    data = GAME.summary(state)
    json.dumps(data)
    assert data["current"] == 0 and data["round"] == 1 and data["final_round"] is False
    assert [n["id"] for n in data["route"]] == ["V", "s1", "s2", "s3", "M", "s4", "s5", "s6", "C"]
    assert data["route"][2]["ships"] == ["1a"] and data["route"][4]["capacity"] == 2
    ship = next(s for s in data["ships"] if s["id"] == "1a")
    assert ship["cargo"] == {"colour": "Y", "count": 2} and ship["heading"] == "toC"
    mine = next(s for s in data["ships"] if s["id"] == "0a")
    assert mine["loads"] and mine["moves"]["ahead"][0]["to"] == "s1"
    assert sum(data["ports"]["V"].values()) == 9 and data["bag_total"] == 72
    assert data["seats"][0]["hand_size"] == 5 and data["deck_size"] == 44


def test_end_turn_button_means_nothing_before_the_move():
    assert GAME.end_turn_action(table(2)) is None


def test_delivery_signals_the_score():
    state = table(2)
    state = put_ship(state, "0a", "s6", cargo="R3", sails="G")
    state = with_hand(state, 0, "")
    action = Move(0, "0a", "C")
    after = GAME.apply(state, action)
    assert SeatScored(0, 3) in GAME.signals(state, action, after)


def test_camera_reading_proposes_loads_biggest_first():
    state = table(4)
    state = with_port(state, "V", "B2 P1 G3 Y2 R1")
    state = put_ship(state, "0a", "V", sails="GYR")
    state = with_hand(state, 0, "O")
    found = GAME.actions_for_reading(state, reading(ship_seen(0, "a", "s2")))
    assert found == (Move(0, "0a", "s2", "B", False, "O"), Move(0, "0a", "s2", "P", False, "O"),
                     Move(0, "0a", "s2", "", False, "O"))
    by_label = GAME.actions_for_reading(state, reading(ship_seen(None, "0a", "S2")))
    assert by_label == found


def test_camera_reading_that_nothing_legal_explains():
    state = table(4)
    state = put_ship(state, "0a", "s3", sails="Y")
    state = with_hand(state, 0, "")
    assert GAME.actions_for_reading(state, reading(ship_seen(0, "a", "s6"))) == ()
    assert GAME.actions_for_reading(state, reading(ship_seen(1, "a", "s1"))) == ()   # not their turn
    assert GAME.actions_for_reading(state, reading(ship_seen(0, "a", "s3"))) == ()   # did not move
    assert GAME.actions_for_reading(state, reading(ship_seen(0, "a", None))) == ()
    assert GAME.actions_for_reading(state, reading(ship_seen(0, "a", "s4"))) == (Move(0, "0a", "s4"),)


def test_camera_reading_turned_ship_and_modone_alias():
    state = table(4)
    state = put_ship(state, "0a", "s8", sails="O", may_turn_around=True)
    state = with_hand(state, 0, "")
    found = GAME.actions_for_reading(state, reading(ship_seen(0, "a", "modone")))
    assert found == (Move(0, "0a", "M", "", True, ""),)


def test_reachable_lists_unaffordable_squares_too():
    state = table(4)
    state = put_ship(state, "0a", "s1", sails="P")
    state = with_hand(state, 0, "G")
    reach = GAME.reachable(state, "0a")
    assert [(r.to, r.wind, r.affordable) for r in reach[:5]] == [
        ("s2", "", True), ("s3", "", True), ("s4", "G", True), ("s5", "GR", False), ("s6", "GRB", False)]
    assert GAME.moves_for_ship(state, "0a")[-1] == Move(0, "0a", "s4", wind="G")


def test_live_score_sheet_during_play():
    state = table(3)
    state = replace(state, warehouses=(parse_counts("Y1 P1 G1 R1"), parse_counts("Y2"), parse_counts("")))
    sheet = GAME.score_sheet(state)
    assert sheet.totals == (5, 2, 0) and sheet.winners == (0,) and not sheet.final


def test_attack_is_listed_for_the_screen():
    state = table(2)
    state = put_ship(state, "1a", "s5", sails="GR", cargo="Y2")
    state = with_hand(state, 0, "GRR")
    assert {a for a in GAME.legal_actions(state) if isinstance(a, Attack)} == {
        Attack(0, "1a", "GR"), Attack(0, "1a", "RR")}
