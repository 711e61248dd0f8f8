"""The demo board (a made-up map, not the real one): compass storms (TV-10), a
numbered storm's bonus move across the Cape line (TV-11), and the cheapest path."""
from __future__ import annotations

import pytest

from companion.caravelas import GAME
from companion.caravelas.actions import BonusStep, EndBonus, PlayCard, Step
from companion.caravelas.board import load_board
from companion.errors import IllegalAction

from tests.caravelas.helpers import discovered, put, run, started

DEMO = load_board("demo")
R, Y, G, W = 0, 1, 2, 3


def test_the_demo_board_says_it_is_not_the_real_map():
    assert "NOT the real" in DEMO.name and not DEMO.missing_runtime()
    assert len(DEMO.port_cells) == 32 and DEMO.lisbon == "D03"


def test_tv10a_compass_storm_bonus_moves_only_in_its_direction_then_the_active_moves_2():
    state = started(4, order=(R, Y, G, W), board="demo")
    state = put(state, R, where="D24")
    state = put(state, Y, where="D11")
    state = put(state, G, where="D20")
    state = put(state, W, where="D50", part="EAST")
    state = run(state, Step(R, "D23"), PlayCard(R, "compass-N"))
    assert GAME.to_act(state) == (Y,)
    assert {a.cell for a in GAME.legal_actions(state) if isinstance(a, BonusStep)} == {"D10"}
    state = run(state, BonusStep(Y, "D10"))
    assert GAME.to_act(state) == (G,)                          # Yellow cannot go further north
    assert [a for a in GAME.legal_actions(state) if isinstance(a, BonusStep)] == []
    state = run(state, EndBonus(G))
    assert state.pending == "compass" and GAME.to_act(state) == (R,)
    with pytest.raises(IllegalAction, match="2 cells if it can"):
        GAME.apply(state, EndBonus(R))
    spent = state.players[R].spent
    state = run(state, BonusStep(R, "D22"), BonusStep(R, "D21"))     # D21's red event is ignored
    assert state.pending == "" and state.players[R].where == "D21" and state.players[R].spent == spent
    assert state.owner(DEMO.port_at["D22"]) == R
    assert state.players[W].where == "D50"


def test_tv10c_a_blocked_compass_move_goes_as_far_as_it_can():
    state = put(started(2, board="demo"), 0, where="D32", part="EAST")
    state = run(state, Step(0, "D31"), PlayCard(0, "compass-N"), BonusStep(0, "D30"))
    assert state.pending == "" and state.players[0].where == "D30"


def test_tv10_option_lets_the_active_player_stop_a_compass_move():
    state = put(started(2, board="demo", **{"compass.mayStop": True}), 0, where="D32", part="EAST")
    state = run(state, Step(0, "D31"), PlayCard(0, "compass-N"), EndBonus(0))
    assert state.pending == "" and state.players[0].where == "D31"


def test_tv11_storm_4_bonus_move_crosses_the_line_and_discovers_on_the_way():
    yellow, green = 0, 1
    state = put(started(2, board="demo"), yellow, where="D24")
    state = put(state, green, where="D05")
    state = discovered(state, **{DEMO.port_at["D15"]: yellow, DEMO.port_at["D45"]: yellow})
    state = run(state, Step(yellow, "D23"), PlayCard(yellow, "storm4"))
    assert GAME.to_act(state) == (green,)
    for cell in ("D15", "D25", "D35"):
        state = run(state, BonusStep(green, cell))
    assert state.players[green].part == "EAST" and state.players[green].discoveries == 1
    assert DEMO.port_vp[DEMO.port_at["D35"]] == 1
    assert state.players[green].spent == 0 and state.players[yellow].spent == 1
    state = run(state, BonusStep(green, "D45"))                # the 4th cell ends the move
    assert state.pending == "" and state.players[yellow].spent == 5
    assert state.players[green].hand == 5                       # no card for the blue cell D25


def test_bonus_moves_stay_within_the_card_number():
    state = put(started(2, board="demo"), 0, where="D24")
    state = put(state, 1, where="D05")
    state = run(state, Step(0, "D23"), PlayCard(0, "storm2"), BonusStep(1, "D15"))
    with pytest.raises(IllegalAction, match="cannot enter Labrador"):
        GAME.apply(state, BonusStep(1, "D00"))


def test_cheapest_path_on_the_demo_board():
    assert DEMO.cheapest_path("D03", "D34") == ("D03", "D34")           # a sea lane home, cost 1
    path = DEMO.cheapest_path("D13", "D34")
    assert path == ("D13", "D14", "D24", "D34") and DEMO.path_cost(path) == 0   # along the current
