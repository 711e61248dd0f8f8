"""A copy's fleets remembered by the players' colours, and the warning when they were
entered for other seats or another number of players."""
from __future__ import annotations

from companion.engine import GameConfig
from companion.golden_horn import GAME
from companion.golden_horn.data import DEFAULT_FLEETS, parse_fleets
from companion.golden_horn.fleets import (
    choose_fleets, fleet_text, is_fleet, remembered_from, sample_fleet)

ANN = ("RRB", "PG", "Y")
BEA = ("OOO", "GB", "PYR")


def config(colours, fleets=None):
    names = [f"P{i}" for i in range(len(colours))]
    options = {"fleet.sails": fleet_text(fleets)} if fleets else {}
    built = GameConfig.build("golden_horn", names, **options)
    data = built.to_dict()
    for player, colour in zip(data["players"], colours):
        player["colour"] = colour
    return data


def test_a_config_as_the_journal_keeps_it_gives_its_fleets_by_colour():
    past = remembered_from(config(["red", "blue"], [ANN, BEA]))
    assert past is not None and past.by_colour == {"red": ANN, "blue": BEA}
    assert remembered_from(config(["red", "blue"])) is None          # the sample sails: nothing entered
    assert remembered_from(None) is None and remembered_from({"options": 3}) is None
    broken = config(["red", "blue"], [ANN, BEA])
    broken["options"] = [["fleet.sails", "XXX"]]
    assert remembered_from(broken) is None


def test_the_first_game_of_a_copy_has_nothing_remembered():
    choice = choose_fleets(["red", "blue"], [None, None])
    assert choice.first_game and choice.missing == (0, 1) and choice.warning is None


def test_the_same_players_in_the_same_seats_get_their_fleets_without_a_warning():
    choice = choose_fleets(["red", "blue"], [remembered_from(config(["red", "blue"], [ANN, BEA]))])
    assert choice.fleets == (ANN, BEA) and choice.warning is None and not choice.first_game


def test_fleets_follow_the_players_colour_into_other_seats_with_a_warning():
    choice = choose_fleets(["blue", "red"], [remembered_from(config(["red", "blue"], [ANN, BEA]))])
    assert choice.fleets == (BEA, ANN)
    assert "other seats" in str(choice.warning)


def test_another_player_count_warns_and_a_new_colour_is_asked_for():
    past = remembered_from(config(["red", "blue"], [ANN, BEA]))
    choice = choose_fleets(["red", "blue", "green"], [None, past])
    assert choice.fleets == (ANN, BEA, None) and choice.missing == (2,)
    assert str(choice.warning) == ("The remembered sails were entered for 2 players; check each "
                                   "player's ships before you start.")


def test_the_newest_game_wins_for_a_colour():
    newer = remembered_from(config(["red", "green"], [BEA, ANN]))
    older = remembered_from(config(["red", "blue"], [ANN, BEA]))
    assert choose_fleets(["red", "blue"], [newer, older]).fleets == (BEA, BEA)


def test_fleets_entered_make_a_config_the_engine_accepts():
    text = fleet_text([ANN, BEA])
    state = GAME.setup(GameConfig.build("golden_horn", ["Ann", "Bea"], **{"fleet.sails": text}))
    assert [s.sail_set for s in state.ships][:3] == [frozenset(s) for s in ANN]
    assert is_fleet(ANN) and not is_fleet(("RRRR", "G", "B")) and not is_fleet(("R", "G"))
    assert not is_fleet(("R", "", "B")) and not is_fleet(("X", "G", "B"))
    assert [sample_fleet(s) for s in range(4)] == list(parse_fleets(DEFAULT_FLEETS, 4))
