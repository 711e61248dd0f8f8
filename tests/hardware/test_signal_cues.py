"""Signals played as their game declares them (companion.signals.Cue), read on the
MockFactory pins: a game's own cue for a generic signal, and seats that blink at
rest until each has answered (Caravelas's bonus moves)."""
from __future__ import annotations

import pytest

from companion.caravelas.manifest import MANIFEST as CARAVELAS
from companion.caravelas.signals import Wrecked
from companion.signals import (
    ALERT, BLINK_UNTIL_ANSWERED, CELEBRATE, FLASH, PATTERNS, AnswersAwaited, Cue, GameEnded, PirateAttack,
    Signal, TurnStarted,
)
from hardware.signals import SignalPlayer, blinking_seats, pattern_for
from tests.hardware.conftest import FAST, history, pin

WAIT = 5.0
SEAT_PINS = (17, 27, 22, 23, 24)
BUZZER = 18


@pytest.fixture
def player(panel):
    with SignalPlayer(panel, FAST) as built:
        yield built


def settle(player, signal, cue=None):
    assert player.play(signal, cue).done.wait(WAIT) and player.idle.wait(WAIT)


def clear_pins(factory):
    for gpio in (*SEAT_PINS, BUZZER):
        pin(factory, gpio).clear_states()


def toggles(factory, seat):
    row = history(factory, SEAT_PINS[seat])
    return sum(1 for a, b in zip(row, row[1:]) if a != b)


def test_every_declared_pattern_kind_is_known_to_the_panel():
    """A pattern with seats plays on exactly those seats (or all); none is unknown."""
    for kind in PATTERNS:
        pattern = pattern_for(Signal(), 5, FAST, Cue(kind, (1, 3)))
        lit = set().union(*(f.seats or () for f in pattern.frames)) if pattern.frames else set()
        assert lit <= set(range(5)), kind


def test_a_games_own_cue_replaces_the_generic_one(mock_factory, player):
    """Caravelas's wreck (no raider): only that seat flashes, with the buzzer."""
    settle(player, TurnStarted(0))
    signal = Wrecked(2, ship=1)
    cue = CARAVELAS.signal_spec(signal).cue(signal)
    assert cue == Cue(ALERT, (2,))
    clear_pins(mock_factory)
    settle(player, signal, cue)
    assert history(mock_factory, 22) == [0.0] + [1.0, 0.0] * FAST.pirate_flashes
    assert history(mock_factory, BUZZER) == [0.0] + [1.0, 0.0] * FAST.pirate_flashes
    assert all(history(mock_factory, g) == [0.0] for g in (27, 23, 24))


def test_seats_blink_until_each_has_answered(mock_factory, player):
    settle(player, TurnStarted(0))
    offer = AnswersAwaited((1, 3))
    cue = CARAVELAS.signal_spec(offer).cue(offer)
    assert cue == Cue(BLINK_UNTIL_ANSWERED, (1, 3))
    clear_pins(mock_factory)
    settle(player, offer, cue)
    assert player.wait_blinks(6, WAIT)
    assert toggles(mock_factory, 1) >= 5 and toggles(mock_factory, 3) >= 5   # both blink
    assert history(mock_factory, 17) == [1.0]                                # the turn stays steady
    assert all(history(mock_factory, SEAT_PINS[s]) == [0.0] for s in (2, 4))
    assert history(mock_factory, BUZZER) == [0.0]

    answered = AnswersAwaited((3,))      # seat 1 took its move
    settle(player, answered, CARAVELAS.signal_spec(answered).cue(answered))
    clear_pins(mock_factory)
    assert player.wait_blinks(6, WAIT)
    assert toggles(mock_factory, 1) == 0 and pin(mock_factory, 27).state == 0   # seat 1 stopped, dark
    assert toggles(mock_factory, 3) >= 5                                         # seat 3 still blinks

    done = AnswersAwaited(())           # seat 3 declined: every answer is in
    settle(player, done, CARAVELAS.signal_spec(done).cue(done))
    clear_pins(mock_factory)
    assert not player.wait_blinks(1, FAST.blink_half * 20)   # nothing blinks any more
    assert [pin(mock_factory, g).state for g in SEAT_PINS] == [1, 0, 0, 0, 0]
    assert player.blinking_seats == frozenset()


def test_a_pattern_interrupts_the_blinking_which_then_goes_on(mock_factory, player):
    settle(player, AnswersAwaited((2,)))
    assert player.wait_blinks(2, WAIT)
    settle(player, PirateAttack(0, 4))
    assert player.blinking_seats == {2}
    clear_pins(mock_factory)
    assert player.wait_blinks(4, WAIT) and toggles(mock_factory, 2) >= 3


def test_the_game_end_and_clear_stop_the_blinking(mock_factory, player):
    assert blinking_seats(GameEnded((1,)), frozenset({2})) == frozenset()
    assert blinking_seats(TurnStarted(1), frozenset({2})) == {2}
    settle(player, AnswersAwaited((2, 4)))
    settle(player, GameEnded((1,)), Cue(CELEBRATE, (1,)))
    assert player.blinking_seats == frozenset()
    settle(player, AnswersAwaited((2,)))
    assert player.clear().done.wait(WAIT) and player.idle.wait(WAIT)
    assert player.blinking_seats == frozenset()
    assert all(pin(mock_factory, g).state == 0 for g in SEAT_PINS)


def test_the_backend_plays_signals_as_the_given_cue_says(tmp_path):
    """The table's controller resolves the cue (the game's declarations) and hands it over with
    the signal: ``play(signal, cue)`` plays the declared pattern on the declared seats."""
    from hardware.backend import open_backend

    model = tmp_path / "model"
    model.write_text("Some laptop")
    with open_backend({}, True, timings=FAST, model_path=model) as backend:
        run = backend.play(PirateAttack(1, 3), Cue(FLASH, (0,)))   # a game that only flashes seat 1
        assert run.done.wait(WAIT)
        assert {seat for frame in run.pattern.frames for seat in frame.seats} == {0}
        assert not any(frame.note for frame in run.pattern.frames)
        run = backend.play(PirateAttack(1, 3))                     # the generic raid: both seats, buzzer
        assert run.done.wait(WAIT)
        assert {seat for frame in run.pattern.frames for seat in frame.seats} == {1, 3}
        assert any(frame.note for frame in run.pattern.frames)
