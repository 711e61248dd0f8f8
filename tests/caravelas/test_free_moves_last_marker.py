"""Two ambiguities as table options, both readings tested on the demo board:
AMB-14 (a bonus move or a compass storm reaching Lisbon: passes through by default,
may stop there with the option) and AMB-08 (the last marker paid to enter a cell
with an event: the event first, then the turn end by default; with the option the
turn ends at once and the event is not resolved)."""
from __future__ import annotations

import pytest

from companion.caravelas import GAME
from companion.caravelas.actions import BonusStep, EndBonus, PlayCard, RollDie, Step, StopInLisbon
from companion.errors import IllegalAction

from tests.caravelas.helpers import put, run, started

ANA, BO = 0, 1
FREE_STOP = {"lisbon.freeMoveStop": True}
AT_ONCE = {"turn.lastMarkerEndsAtOnce": True}


def bonus_into_lisbon(**options):
    """Ana plays Storm 2 on D23; Bo, one cell north of Lisbon with pepper, moves into it."""
    state = put(started(2, board="demo", **options), ANA, where="D24")
    state = put(state, BO, where="D02", cargo=("pepper",), voyage=("pepper",))
    return run(state, Step(ANA, "D23"), PlayCard(ANA, "storm2"), BonusStep(BO, "D03"))


def test_amb14_default_a_bonus_move_passes_through_lisbon():
    state = bonus_into_lisbon()
    with pytest.raises(IllegalAction, match="passes through Lisbon"):
        GAME.apply(state, StopInLisbon(BO, tile=True))
    state = run(state, EndBonus(BO))
    assert state.players[BO].tiles == () and state.players[BO].cargo == ("pepper",)
    assert state.active == ANA and state.players[ANA].spent == 1 + 2


def test_amb14_option_a_bonus_move_may_stop_in_lisbon_and_ends_there():
    state = bonus_into_lisbon(**FREE_STOP)
    with pytest.raises(IllegalAction, match="end of one's own turn"):
        GAME.apply(state, StopInLisbon(BO, tile=True, exchange=True))
    state = run(state, StopInLisbon(BO, tile=True))
    assert state.players[BO].tiles == (1,) and state.players[BO].cargo == ()
    assert state.players[BO].where == "D03"
    # Bo's stop ended his free move; Ana's own effect follows and her turn goes on
    assert state.pending == "" and state.active == ANA and state.players[ANA].spent == 1 + 2


def compass_into_lisbon(**options):
    """Ana enters D23 (blue) and plays Compass storm W: D13, then Lisbon (D03)."""
    state = put(started(2, board="demo", **options), ANA, where="D24")
    state = put(state, BO, where="D50", part="EAST")           # no bonus move for Bo
    return run(state, Step(ANA, "D23"), PlayCard(ANA, "compass-W"),
               BonusStep(ANA, "D13"), BonusStep(ANA, "D03"))


def test_amb14_default_a_compass_storm_passes_through_lisbon():
    state = compass_into_lisbon()
    assert state.pending == "" and state.players[ANA].where == "D03"
    with pytest.raises(IllegalAction, match="sail into Lisbon"):
        GAME.apply(state, StopInLisbon(ANA))
    assert state.active == ANA                                   # she sails on from Lisbon


def test_amb14_option_a_compass_storm_may_stop_in_lisbon_ending_the_turn():
    state = compass_into_lisbon(**FREE_STOP)
    assert state.pending == "compass"                            # waits: stop, or end the move
    state = run(state, StopInLisbon(ANA))
    assert state.active == BO and state.players[ANA].where == "D03"


def test_amb14_option_the_compass_storm_may_also_just_end_in_lisbon():
    state = run(compass_into_lisbon(**FREE_STOP), EndBonus(ANA))
    assert state.pending == "" and state.active == ANA


def last_marker(cell: str, **options):
    """Ana with one marker left, next to ``cell`` (D21 red, D23 blue)."""
    state = put(started(2, board="demo", **options), ANA, where="D22", spent=8)
    assert state.available(ANA) == 1
    return run(state, Step(ANA, cell))


def test_amb08_default_the_red_die_is_rolled_then_the_turn_ends():
    state = last_marker("D21")
    assert state.pending == "die" and state.active == ANA
    state = run(state, RollDie("red"))
    assert state.active == BO


def test_amb08_default_favourable_wind_on_the_last_cell_keeps_the_turn_alive():
    state = last_marker("D23")
    assert state.pending == "blue"
    state = run(state, PlayCard(ANA, "wind"), EndBonus(BO))
    assert state.active == ANA and state.available(ANA) == 2


def test_amb08_option_the_last_marker_ends_the_turn_before_the_event():
    for cell in ("D21", "D23"):
        state = last_marker(cell, **AT_ONCE)
        assert state.pending == "" and state.active == BO, cell
        assert state.players[ANA].where == cell and state.discard == 0


def test_amb08_option_a_player_without_cards_may_pay_the_last_marker_into_a_blue_cell():
    state = put(started(2, board="demo", **AT_ONCE), ANA, where="D22", spent=8, hand=0)
    state = run(state, Step(ANA, "D23"))
    assert state.active == BO
    default = put(started(2, board="demo"), ANA, where="D22", spent=8, hand=0)
    with pytest.raises(IllegalAction, match="needs a card"):
        GAME.apply(default, Step(ANA, "D23"))


def test_amb08_option_a_port_is_still_discovered_with_the_last_marker():
    state = put(started(2, board="demo", **AT_ONCE), ANA, where="D21", spent=8)
    state = run(state, Step(ANA, "D20"))                         # Mina, the ivory port
    assert state.owner("mina") == ANA and state.active == BO


# -- what a tapped path does before it is played (view_model.path_view) ------------------------

def test_path_view_running_cost_discoveries_goods_and_where_it_closes():
    from companion.caravelas.view_model import path_view

    start = started(2, board="demo")                             # Ana in Lisbon (D03), 9 markers
    home = run(start, Step(ANA, "D02"))                          # Madeira: monument, pepper
    view = path_view(start, home, ANA, ("D02",))
    assert (view.cells, view.cost, view.available) == (("D03", "D02"), 1, 9)
    assert view.discovered == ("madeira",) and view.loaded == ("pepper",) and not view.closed
    blue = run(start, Step(ANA, "D13"), Step(ANA, "D23"))         # current + pirates, then a blue cell
    view = path_view(start, blue, ANA, ("D13", "D23"))
    assert view.cost == 2 and view.closed and str(view.then) == "Play an event card"
    last = put(start, ANA, spent=8)                              # the last marker ends the turn
    view = path_view(last, run(last, Step(ANA, "D02")), ANA, ("D02",))
    assert view.cost == 1 and view.closed and view.then is None
