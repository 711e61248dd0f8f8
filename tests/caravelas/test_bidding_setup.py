"""Setup by player count and turn-order bidding: TV-01 (the rulebook's bidding
example), TV-02, TV-21, TV-24."""
from __future__ import annotations

import pytest

from companion.caravelas import GAME
from companion.caravelas.actions import Bid, DrawOrder, EndTurn, PassBid, Sail, TakePosition
from companion.caravelas.state import BID, PLACE, TURN
from companion.caravelas.view_model import markers_accounted, view_model
from companion.engine import GameConfig
from companion.errors import ConfigError, IllegalAction

from tests.caravelas.helpers import config, run, started

G, Y, R, W = 0, 1, 2, 3


def test_tv01_bidding_example_cumulative_raises_and_placement_by_spend():
    state = run(GAME.setup(config(4)), DrawOrder((G, Y, R, W)))
    state = run(state, PassBid(G), PassBid(Y), Bid(R, 1), Bid(W, 2), PassBid(G), PassBid(Y))
    # Red's second raise: +2 alone is not above 2, the cumulative 3 is
    state = run(state, Bid(R, 3))
    with pytest.raises(IllegalAction, match="beat the highest bid"):
        GAME.apply(state, Bid(W, 3))
    state = run(state, PassBid(W), PassBid(G), PassBid(Y))
    assert state.phase == BID
    state = run(state, PassBid(R))                      # four passes in a row
    assert state.phase == PLACE and GAME.to_act(state) == (R,)
    state = run(state, TakePosition(R, 0), TakePosition(W, 1))
    assert state.phase == TURN and state.order == (R, W, G, Y)
    assert [state.players[s].spent for s in (R, W, G, Y)] == [3, 2, 0, 0]   # W is not refunded
    assert [state.available(s) for s in (R, W, G, Y)] == [6, 7, 9, 9]
    assert [state.players[s].hand for s in (R, W, G, Y)] == [4, 5, 6, 7]
    assert state.deck == 86 - 22


def test_tv02_bidders_place_anywhere_and_the_others_keep_their_order():
    A, B, C, D = 0, 1, 2, 3
    state = run(GAME.setup(config(4)), DrawOrder((A, B, C, D)), PassBid(A), PassBid(B), PassBid(C),
                Bid(D, 1), PassBid(A), PassBid(B), PassBid(C), PassBid(D), TakePosition(D, 1))
    assert state.order == (A, D, B, C)
    assert state.players[D].hand == 5


def test_nobody_bids_keeps_the_order_and_a_taken_space_is_refused():
    state = started(3, order=(2, 0, 1))
    assert state.order == (2, 0, 1) and state.active == 2
    state = run(GAME.setup(config(3)), DrawOrder((0, 1, 2)), Bid(0, 1), Bid(1, 2), PassBid(2),
                PassBid(0), PassBid(1))
    assert state.phase == PLACE and GAME.to_act(state) == (1,)      # the higher bid places first
    state = run(state, TakePosition(1, 2))
    with pytest.raises(IllegalAction, match="not free"):
        GAME.apply(state, TakePosition(0, 2))


def test_a_bid_beyond_the_markers_available_is_refused():
    state = run(GAME.setup(config(2)), DrawOrder((0, 1)))
    with pytest.raises(IllegalAction, match="only 9 markers"):
        GAME.apply(state, Bid(0, 10))


@pytest.mark.parametrize("players, each, boxed, tiles, deal", [
    (2, 16, 0, (1, 2, 3), (4, 5)), (3, 10, 2, (1, 2, 3, 4), (4, 5, 6)), (4, 8, 0, (1, 2, 3, 4, 5), (4, 5, 6, 7))])
def test_tv21_setup_by_player_count(players, each, boxed, tiles, deal):
    state = started(players)
    assert [p.destinations for p in state.players] == [each] * players and state.boxed == boxed
    assert state.tiles_left == tiles
    assert tuple(state.players[s].hand for s in state.order) == deal
    assert state.deck == 86 - sum(deal)                      # 77, 71, 64
    for seat, p in enumerate(state.players):
        assert p.capacity == 9 and not p.upgraded and markers_accounted(state, seat) == 12
        ship4 = view_model(state, config(players)).seats[seat].ships[3]
        assert ship4.locked


def test_tv24_bidding_everything_ends_the_turn_at_once():
    state = run(GAME.setup(config(2)), DrawOrder((1, 0)), Bid(1, 9), PassBid(0), PassBid(1),
                TakePosition(1, 0))
    # seat 1's turn ended at once (upkeep: markers back, hand refilled); seat 0 sails
    assert state.active == 0 and state.players[1].spent == 0 and state.players[1].hand == 5


def test_tv24_option_lets_a_player_without_markers_take_free_steps():
    state = run(GAME.setup(config(2, **{"turn.zeroStartFreeSteps": True})), DrawOrder((1, 0)), Bid(1, 9),
                PassBid(0), PassBid(1), TakePosition(1, 0))
    assert state.active == 1 and state.available(1) == 0
    with pytest.raises(IllegalAction, match="only 0 markers"):
        GAME.apply(state, Sail(1, 1))
    assert run(state, EndTurn(1)).active == 0


def test_unknown_option_values_and_bad_copy_data_are_config_errors():
    with pytest.raises(ConfigError):
        GAME.setup(config(2, **{"copy.deck": "storm2=80"}))
    with pytest.raises(ConfigError):
        GAME.setup(config(2, **{"copy.slots": "chilli silver / a b / c d"}))
    with pytest.raises(ConfigError):
        GAME.setup(config(2, **{"copy.die": "red blue"}))
    with pytest.raises(ConfigError):
        GAME.setup(GameConfig.build("caravelas", ("Ann", "Bea", "Cy", "Dov", "Eve")))
