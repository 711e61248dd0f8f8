"""The start player chosen in setup, and starting cards dealt to any seat in any order."""
from __future__ import annotations

import pytest

from companion.alles_auf_1_karte import GAME
from companion.alles_auf_1_karte.actions import DrawCard, Pass, Reroll, RollDice
from companion.alles_auf_1_karte.state import DEAL, MARK, OVER, THROW
from companion.engine import GameConfig
from companion.errors import ConfigError
from tests.conformance.playout import play

NAMES = ["Ann", "Bea", "Cy"]


def setup(**options):
    return GAME.setup(GameConfig.build("alles_auf_1_karte", NAMES, **options))


def deal(state, order):
    """Deal each seat in ``order`` one card from the pile (its first card)."""
    for seat in order:
        state = GAME.apply(state, DrawCard(seat, state.pile[0]))
    return state


def test_the_first_seat_starts_by_default():
    state = deal(setup(), [0, 0, 1, 1, 2, 2])
    assert state.phase == THROW and state.active == 0


@pytest.mark.parametrize("start", [2, 3])
def test_the_chosen_start_player_rolls_first_and_the_turn_goes_clockwise(start):
    state = setup(start_player=start)
    assert GAME.summary(state)["seats_to_deal"][0] == start - 1     # dealing starts with them
    state = deal(state, [2, 1, 0, 2, 0, 1])                          # in any order
    assert state.phase == THROW and state.active == start - 1
    state = GAME.apply(state, RollDice(("red",) * 5))
    state = GAME.apply(state, Reroll(start - 1, ()))
    assert state.phase == MARK
    for seat in state.turn_order():
        state = GAME.apply(state, Pass(seat))
    assert state.active == start % 3                                  # the player to the left


def test_every_short_seat_may_be_dealt_to_first():
    state = setup()
    listed = {a.seat for a in GAME.legal_actions(state) if isinstance(a, DrawCard)}
    assert listed == {0, 1, 2}
    state = deal(state, [2, 2])
    assert state.phase == DEAL
    assert {a.seat for a in GAME.legal_actions(state)} == {0, 1}


def test_a_start_player_beyond_the_table_is_refused():
    with pytest.raises(ConfigError, match="start player 4"):
        setup(start_player=4)


def test_equal_turns_ends_before_the_chosen_start_player_again():
    config = GameConfig.build("alles_auf_1_karte", NAMES, start_player=2, equal_turns=True)
    run = play(GAME, config, 11)
    final = run.final
    assert final.phase == OVER
    assert (final.active + 1) % 3 == 1          # the last roll was the seat before the start player
