"""Lisbon (TV-14: the rulebook's Yellow +20 VP), the end of the game (TV-15),
destination cards (TV-16), tie-breaks (TV-17) and the score lap (TV-18)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.caravelas import GAME
from companion.caravelas.actions import EndTurn, PlayCard, RevealCard, StopInLisbon
from companion.caravelas.data import PORTS
from companion.caravelas.scoring import destination_points, laps, winners
from companion.caravelas.state import OVER, REVEAL, TURN
from companion.caravelas.view_model import markers_accounted, view_model
from companion.errors import IllegalAction
from companion.signals import FinalRound, GameEnded

from tests.caravelas.helpers import config, discovered, put, run, started

SIX = ("brazilwood", "chilli", "cinnamon", "ivory", "pepper", "silk")


def test_tv14_yellows_lisbon_stop_scores_20_and_upgrades():
    state = put(started(4), 0, spent=5, cargo=SIX, voyage=SIX, wrecks=(2,), hand=2)
    stop = StopInLisbon(0, upgrade=("brazilwood", "chilli", "cinnamon"), tile=True)
    assert stop in GAME.legal_actions(state)
    after = run(state, stop)
    p = after.players[0]
    assert p.running_score == 20 and p.sales == 10 and p.tiles == (1,)
    assert p.capacity == 12 and p.upgraded and markers_accounted(after, 0) == 12
    assert after.tiles_left == (2, 3, 4, 5)
    assert p.cargo == () and p.wrecks == () and p.voyage == () and p.spent == 0 and p.hand == 5
    assert after.active == 1
    assert not view_model(after, config(4)).seats[0].ships[3].locked
    again = put(after, 1, upgraded=True, cargo=SIX, voyage=SIX)
    assert not any(isinstance(a, StopInLisbon) and a.upgrade for a in GAME.legal_actions(again))
    with pytest.raises(IllegalAction, match="only once"):
        GAME.apply(again, StopInLisbon(1, upgrade=("brazilwood", "chilli", "cinnamon")))


def test_lisbon_refusals_and_options():
    state = put(started(2), 0, cargo=SIX, voyage=SIX)
    with pytest.raises(IllegalAction, match="3 different goods"):
        GAME.apply(state, StopInLisbon(0, upgrade=("chilli", "silk")))
    with pytest.raises(IllegalAction, match="paid with pepper"):
        GAME.apply(put(state, 0, cargo=("silk",)), StopInLisbon(0, tile=True))
    assert run(state, StopInLisbon(0)).players[0].sales == 30          # AMB-27: pepper sold
    must_buy = put(started(2, **{"pepper.maySell": False}), 0, cargo=SIX, voyage=SIX)
    with pytest.raises(IllegalAction, match="must buy"):
        GAME.apply(must_buy, StopInLisbon(0))
    no_pepper = put(started(2, **{"upgrade.withPepper": False}), 0, cargo=SIX, voyage=SIX)
    with pytest.raises(IllegalAction, match="pepper does not count"):
        GAME.apply(no_pepper, StopInLisbon(0, upgrade=("chilli", "ivory", "pepper")))


def test_tv15_the_game_ends_after_the_round_of_the_last_tile():
    a, b = 0, 1
    state = replace(started(2, order=(b, a)), tiles_left=(3,))
    state = put(state, b, cargo=("pepper",), voyage=("pepper",))
    state = run(state, StopInLisbon(b, tile=True))
    assert state.last_tile_round and state.phase == TURN and state.active == a
    state = put(state, a, cargo=("pepper", "silk"), voyage=("pepper", "silk"))
    state = run(state, StopInLisbon(a))
    assert state.players[a].sales == 10 and state.phase == REVEAL          # no bidding for r+1
    # variant: B last in the round -> the game ends right after B's turn
    late = put(replace(started(2, order=(a, b)), tiles_left=(3,)), b, cargo=("pepper",), voyage=("pepper",))
    late = run(late, EndTurn(a))
    before = late
    late = run(late, StopInLisbon(b, tile=True))
    assert late.phase == REVEAL
    assert any(isinstance(s, FinalRound) for s in GAME.signals(before, StopInLisbon(b, tile=True), late))


def test_reveal_phase_scores_destinations_and_ends():
    state = replace(started(2), tiles_left=(3,))
    state = put(state, 0, cargo=("pepper",), voyage=("pepper",))
    state = run(state, StopInLisbon(0, tile=True), EndTurn(1))
    assert state.phase == REVEAL and GAME.to_act(state) == (-1,)
    state = run(discovered(state, azores=0), RevealCard(0, "azores"))
    with pytest.raises(IllegalAction, match="shown already"):
        GAME.apply(state, RevealCard(0, "azores"))
    with pytest.raises(IllegalAction, match="one player at a time"):
        GAME.apply(state, RevealCard(1, "diu"))
    while True:
        action = GAME.legal_actions(state)[0]
        before, state = state, run(state, action)
        if state.phase == OVER:
            break
    assert any(isinstance(s, GameEnded) for s in GAME.signals(before, action, state))
    assert all(len(p.revealed) == 16 for p in state.players)
    sheet = GAME.score_sheet(state)
    assert sheet.final and sheet.totals[0] == 10 + 5 and sheet.winners == (0,)
    assert {str(line.label) for line in sheet.lines_for(0)} >= {"Destination cards", "Monastery tiles"}


def test_tv16_destination_cards_score_only_own_monuments():
    state = started(4)
    cards = ("malacca", "ceylon", "diu", "timor", "macau", "mina", "azores", "labrador")
    state = discovered(state, malacca=0, ceylon=0, azores=0, diu=1)
    state = put(state, 0, revealed=cards)
    assert destination_points(state, 0) == 15
    # the score sheet names the scoring ports as printed, never their ids
    [line] = [l for l in GAME.score_sheet(state).lines if l.seat == 0 and str(l.label) == "Destination cards"]
    assert (line.points, str(line.detail)) == (15, "scoring: Malacca, Ceylon, Azores")


@pytest.mark.parametrize("a, b, expected", [
    ((87, (2,)), (87, (1, 4)), (1,)),        # more tiles
    ((87, (2,)), (87, (5,)), (0,)),          # lowest tile
    ((87, ()), (87, ()), (0, 1)),            # shared (AMB-28)
    ((90, ()), (87, (1, 2, 3)), (0,))])      # tiles only break ties
def test_tv17_tie_breaks(a, b, expected):
    state = started(2)
    for seat, (score, tiles) in enumerate((a, b)):
        state = put(state, seat, tiles=tiles, discoveries=score - 10 * len(tiles))
    assert winners(state) == expected


def test_tv18_score_track_laps():
    assert laps(105) == (5, 1) and laps(95) == (95, 0) and laps(200) == (0, 2)
    seat = view_model(put(started(2), 0, discoveries=105), config(2)).seats[0]
    assert (seat.score, seat.track_space, seat.laps) == (105, 5, 1)


def test_view_model_hands_the_table_screen_what_it_shows():
    state = put(started(3), 0, spent=2, cargo=("silk",), voyage=("silk",), wrecks=(1,))
    state = discovered(state, **{port: 0 for port in ("azores", "madeira", "ceuta")})
    view = view_model(state, config(3))
    assert view.to_act == (0,) and view.active_seat == 0 and view.phase == "turn"
    assert str(view.prompt) == "Sail" and view.scores_now == (0, 0, 0)
    seat = view.seats[0]
    assert (seat.available, seat.spent, seat.locked) == (7, 2, 3) and seat.monuments == 3
    assert [s.wrecked for s in seat.ships] == [True, False, False, False]
    assert seat.ships[2].cargo == ("silk",) and seat.hand == 4 and seat.destinations == 10
    assert view.deck == 86 - 15 and view.tiles_left == (1, 2, 3, 4) and view.notices == ()
    bonus = view_model(GAME.apply(state, PlayCard(0, "storm2")), config(3))
    assert bonus.bonus_seats == (1, 2) and bonus.bonus_range == 2 and str(bonus.prompt).startswith("Bonus")
    many = discovered(started(2), **{p.id: 0 for p in PORTS[:21]})
    notices = view_model(many, config(2)).notices
    assert len(notices) == 1 and "all 20 monuments" in str(notices[0])
