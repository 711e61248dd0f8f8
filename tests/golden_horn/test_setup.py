"""Setup by player count (§2), options and the route/fleet data (§11)."""
from __future__ import annotations

import pytest

from companion.engine import TABLE
from companion.errors import ConfigError, IllegalAction
from companion.golden_horn import GAME
from companion.golden_horn.actions import DrawCards, DrawCubes, PlaceFleet
from companion.golden_horn.data import DEFAULT_FLEETS, parse_fleets, parse_tiles
from companion.golden_horn.state import PLAY, SETUP
from companion.engine import GameConfig
from companion.signals import TurnStarted
from tests.golden_horn.helpers import config, table


@pytest.mark.parametrize("players, route", [
    (2, "V s1:R s2:B s3:Y M s4:O s5:P s6:G C"),
    (3, "V s1:O s2:P s3:G s4:R s5:B s6:Y s7:O s8:P s9:G s10:R s11:B s12:Y C"),
    (4, "V s1:O s2:P s3:G s4:R s5:B s6:Y M s7:O s8:P s9:G s10:R s11:B s12:Y C"),
])
def test_default_routes_are_the_digest_fixtures(players, route):
    state = GAME.setup(config(players))
    shown = " ".join(f"{n.id}:{n.colour}" if n.colour else n.id for n in state.route)
    assert shown == route
    modone = state.modone_index
    assert (state.route[modone].capacity if modone else None) == {2: 2, 3: None, 4: 3}[players]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_sequence(players):
    state = GAME.setup(config(players))
    assert state.phase == SETUP and GAME.to_act(state) == (TABLE,)
    assert state.deck_size == 54 - 5 * players and state.hand_sizes == (5,) * players
    assert len(state.ships) == 3 * players and sum(state.bag) == 90
    fill = DrawCubes("V", "YYYPPPGGG")
    state = GAME.apply(state, fill)
    with pytest.raises(IllegalAction, match="9 cubes"):
        GAME.apply(state, DrawCubes("C", "YY"))
    state = GAME.apply(state, DrawCubes("C", "RRROOOBBB"))
    assert sum(state.bag) == 72
    assert GAME.to_act(state) == tuple(range(players))
    for seat in range(players):
        before = state
        state = GAME.apply(state, PlaceFleet(seat, "VCV"))
    assert state.phase == PLAY and state.current == 0 and state.round == 1
    assert TurnStarted(0) in GAME.signals(before, PlaceFleet(players - 1, "VCV"), state)


def test_a_fleet_is_placed_once():
    state = GAME.setup(config(2))
    state = GAME.apply(GAME.apply(state, DrawCubes("V", "Y" * 9)), DrawCubes("C", "P" * 9))
    state = GAME.apply(state, PlaceFleet(0, "VVV"))
    with pytest.raises(IllegalAction, match="turn of seat 2"):
        GAME.apply(state, PlaceFleet(0, "CCC"))


def test_open_hands_deal_and_start_seat():
    state = GAME.setup(config(3, **{"cards.hands": "open", "start.seat": 2}))
    state = GAME.apply(GAME.apply(state, DrawCubes("V", "Y" * 9)), DrawCubes("C", "P" * 9))
    assert state.pending[0].target == 2                       # dealt from the start player
    state = GAME.apply(state, DrawCards(2, "YYYYY"))
    with pytest.raises(IllegalAction, match="does not hold"):
        GAME.apply(state, DrawCards(0, "YYYYY"))
    state = GAME.apply(state, DrawCards(0, "PPPPP"))
    state = GAME.apply(state, DrawCards(1, "GGGGG"))
    assert GAME.to_act(state) == (2, 0, 1)
    for seat in (1, 2, 0):
        state = GAME.apply(state, PlaceFleet(seat, "CCC"))
    assert state.current == 2 and state.last_seat == 1


def test_random_placement_is_chance():
    state = GAME.setup(config(2, **{"setup.shipPlacement": "random"}))
    state = GAME.apply(GAME.apply(state, DrawCubes("V", "Y" * 9)), DrawCubes("C", "P" * 9))
    assert GAME.to_act(state) == (TABLE,)
    assert len(GAME.legal_actions(state)) == 16
    state = GAME.apply(state, PlaceFleet(1, "VCC"))
    with pytest.raises(IllegalAction, match="already placed"):
        GAME.apply(state, PlaceFleet(1, "VVV"))
    state = GAME.apply(state, PlaceFleet(0, "CCC"))
    assert state.phase == PLAY


def test_initial_fill_enumerates_every_outcome():
    state = GAME.setup(config(2))
    assert len(GAME.legal_actions(state)) == 2002            # multisets of 9 from 6 colours


@pytest.mark.parametrize("options, message", [
    ({"loading.mandatory": "yes"}, "must be one of"),
    ({"nonsense": 1}, "unknown option"),
    ({"route.tiles": "RBY"}, "2 sea tiles"),
    ({"route.tiles": "RBY RBY"}, "different symbols"),
    ({"route.tiles": "RBO OPG"}, "mixes"),
    ({"route.tiles": "RRY OPG"}, "3 different"),
    ({"route.tiles": "RBX OPG"}, "unknown colour"),
    ({"fleet.sails": "RRR GGG"}, "2 fleets"),
    ({"fleet.sails": "RRR GGG / YYY"}, "3 ships"),
    ({"fleet.sails": "RRRR GG Y / YYY P B"}, "1–3 sails"),
    ({"fleet.sails": "RRX GG Y / YYY P B"}, "unknown colour"),
    ({"start.seat": 3}, "no seat 3"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(ConfigError, match=message):
        GAME.setup(config(2, **options))


@pytest.mark.parametrize("names", [["Ann"], ["A", "B", "C", "D", "E"]])
def test_player_count(names):
    with pytest.raises(ConfigError):
        GAME.setup(GameConfig.build("golden_horn", names))


def test_configured_route_and_fleets_are_used():
    state = GAME.setup(config(2, **{"route.tiles": "OGP, BYR", "fleet.sails": "Y YB YBR / g gp gpo"}))
    assert [n.colour for n in state.route if n.colour] == list("OGPBYR")
    assert [s.sails for s in state.ships] == ["Y", "YB", "YBR", "G", "GP", "GPO"]
    assert parse_tiles("RBY OPG RBY OPG", 4) == ("RBY", "OPG", "RBY", "OPG")
    assert len(parse_fleets(DEFAULT_FLEETS, 4)) == 4


def test_options_are_declared_with_digest_defaults():
    defaults = {o.name: o.default for o in GAME.options}
    assert defaults["loading.mandatory"] is False
    assert defaults["port.refill"] == "toNine"
    assert defaults["pirates.cardRule"] == "eachMatchesAnySail"
    assert defaults["pirates.maxAttacksPerTurn"] == 1
    assert defaults["movement.skipOccupiedOnContinuation"] is True
    assert defaults["end.portEmptyCompletesRound"] is True
    assert defaults["cards.hands"] == "hidden"


def test_registry_loads_the_engine():
    from companion.games import load_game
    assert load_game("golden_horn") is GAME


def test_no_refill_option():
    state = table(2, **{"port.refill": "none"})
    from companion.golden_horn.actions import Move
    state = GAME.apply(state, next(a for a in GAME.legal_actions(state)
                                   if isinstance(a, Move) and a.load))
    assert state.pending == () and sum(state.ports[0]) < 9


def test_engine_implements_the_game_protocol():
    from companion.engine import Game
    assert isinstance(GAME, Game)
    assert GAME.name == "golden_horn" and (GAME.min_players, GAME.max_players) == (2, 4)
