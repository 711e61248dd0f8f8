"""Signal patterns: pure patterns, and each one observed on the mock pins."""
from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.signals import (
    ErrorSignal, FinalRound, GameEnded, PirateAttack, RoundEnded, SeatScored, Signal, TurnStarted,
)
from hardware.panel import Panel
from hardware.pins import PinMap
from hardware.signals import Frame, Pattern, PatternTimings, SignalPlayer, pattern_for, resting_seats
from tests.hardware.conftest import FAST, history, pin

WAIT = 5.0
SEAT_PINS = (17, 27, 22, 23, 24)
STATUS, BUZZER = 25, 18


@pytest.fixture
def player(panel):
    with SignalPlayer(panel, FAST) as built:
        yield built


def collapse(states):
    out = []
    for state in states:
        if not out or out[-1] != state:
            out.append(state)
    return out


def expected_histories(pattern: Pattern, rest_before, rest_after, seats=5):
    """What every pin should go through: derived from the frames, then the resting state."""
    seat_rows = {s: [float(s in rest_before)] for s in range(seats)}
    status, buzzer = [0.0], [0.0]
    for frame in pattern.frames:
        lit = rest_after if frame.seats is None else frame.seats
        for s in range(seats):
            seat_rows[s].append(float(s in lit))
        status.append(float(frame.status))
        buzzer.append(float(frame.note is not None))
    for s in range(seats):
        seat_rows[s].append(float(s in rest_after))
    status.append(0.0)
    buzzer.append(0.0)
    rows = {SEAT_PINS[s]: collapse(seat_rows[s]) for s in range(seats)}
    rows[STATUS], rows[BUZZER] = collapse(status), collapse(buzzer)
    return rows


def play_and_record(factory, player, signal):
    for gpio in (*SEAT_PINS, STATUS, BUZZER):
        pin(factory, gpio).clear_states()
    run = player.play(signal)
    assert run.done.wait(WAIT) and player.idle.wait(WAIT)
    assert not run.interrupted
    return run, {gpio: history(factory, gpio) for gpio in (*SEAT_PINS, STATUS, BUZZER)}


def start_turn(player, seat):
    assert player.play(TurnStarted(seat)).done.wait(WAIT)
    assert player.idle.wait(WAIT)


# -- patterns as data --------------------------------------------------------------

def test_turn_has_no_pattern_and_sets_the_resting_seat():
    assert pattern_for(TurnStarted(2), 4).frames == ()
    assert resting_seats(TurnStarted(2), frozenset({0})) == {2}


def test_pirate_attack_pattern():
    t = PatternTimings()
    frames = pattern_for(PirateAttack(attacker=1, victim=3), 4, t).frames
    assert len(frames) == 2 * t.pirate_flashes
    assert frames[0] == Frame(t.flash_on, frozenset({1, 3}), False, t.alert_note)
    assert frames[1] == Frame(t.flash_off, frozenset(), False, None)


def test_round_end_pattern_chases_then_chimes():
    t = PatternTimings()
    frames = pattern_for(RoundEnded(next_seat=2), 3, t).frames
    chase = [set(f.seats) for f in frames[:3 * t.chase_laps]]
    assert chase == [{0}, {1}, {2}] * t.chase_laps
    assert [f.note for f in frames[3 * t.chase_laps:]] == list(t.chime)
    assert resting_seats(RoundEnded(next_seat=2), frozenset({1})) == {2}
    assert resting_seats(RoundEnded(), frozenset({1})) == {1}


def test_game_end_pattern_ends_with_the_winners():
    t = PatternTimings()
    frames = pattern_for(GameEnded(winners=(0, 2)), 4, t).frames
    assert frames[-2].seats == {0, 2}
    assert {f.note for f in frames if f.note} == set(t.fanfare)
    assert resting_seats(GameEnded(winners=(0, 2)), frozenset({3})) == {0, 2}


def test_error_pattern_keeps_the_turn_led():
    frames = pattern_for(ErrorSignal("no"), 4).frames
    assert all(f.seats is None and f.status for f in frames)
    assert frames[0].note == PatternTimings().low_note


def test_unknown_signals_have_no_pattern():
    assert pattern_for(Signal(), 3) == Pattern("Signal")


def test_scaled_timings():
    t = PatternTimings().scaled(0.5)
    assert t.flash_on == pytest.approx(0.09)
    assert t.pirate_flashes == PatternTimings().pirate_flashes
    assert pattern_for(FinalRound(), 5, t).seconds == pytest.approx(
        pattern_for(FinalRound(), 5).seconds / 2)


# -- patterns on the pins ------------------------------------------------------------

def test_turn_started_lights_that_seat_steady(mock_factory, player):
    run, rows = play_and_record(mock_factory, player, TurnStarted(3))
    assert rows[23] == [0.0, 1.0]
    assert all(rows[g] == [0.0] for g in (17, 27, 22, 24, STATUS, BUZZER))
    assert player.resting_seats == {3}
    run, rows = play_and_record(mock_factory, player, TurnStarted(0))
    assert rows[23] == [1.0, 0.0] and rows[17] == [0.0, 1.0]


def test_pirate_attack_flashes_both_seats_with_the_buzzer(mock_factory, player):
    start_turn(player, 1)
    signal = PirateAttack(attacker=1, victim=4)
    run, rows = play_and_record(mock_factory, player, signal)
    assert rows == expected_histories(run.pattern, {1}, {1})
    flashes = FAST.pirate_flashes
    assert rows[27] == [1.0] + [0.0, 1.0] * flashes        # attacker, back to steady turn
    assert rows[24] == [0.0] + [1.0, 0.0] * flashes        # victim
    assert rows[BUZZER] == [0.0] + [1.0, 0.0] * flashes
    assert all(rows[g] == [0.0] for g in (17, 22, 23))


def test_round_end_chases_chimes_then_next_seat_steady(mock_factory, player):
    start_turn(player, 4)
    run, rows = play_and_record(mock_factory, player, RoundEnded(next_seat=0))
    assert rows == expected_histories(run.pattern, {4}, {0})
    assert rows[17][-1] == 1.0 and all(rows[g][-1] == 0.0 for g in SEAT_PINS[1:])
    assert rows[BUZZER] == [0.0, 1.0, 0.0]  # one chime (the notes follow each other)
    # the chase order: seat pins switched on one after another
    ons = sorted((s.timestamp, gpio) for gpio in SEAT_PINS
                 for s in _absolute(pin(mock_factory, gpio).states)[1:] if s.state)
    assert [gpio for _, gpio in ons[:5]] == list(SEAT_PINS)


def _absolute(states):
    """MockPin stores time since the previous change; make it cumulative."""
    total, out = 0.0, []
    for s in states:
        total += s.timestamp
        out.append(type(s)(total, s.state))
    return out


def test_final_round_flashes_every_seat(mock_factory, player):
    start_turn(player, 2)
    run, rows = play_and_record(mock_factory, player, FinalRound("last card"))
    assert rows == expected_histories(run.pattern, {2}, {2})
    n = FAST.final_round_flashes
    assert rows[17] == [0.0] + [1.0, 0.0] * n
    assert rows[22] == [1.0] + [0.0, 1.0] * n  # the turn seat blinks with the others


def test_game_end_celebrates_and_leaves_the_winners_lit(mock_factory, player):
    start_turn(player, 3)
    run, rows = play_and_record(mock_factory, player, GameEnded(winners=(1, 2)))
    assert rows == expected_histories(run.pattern, {3}, {1, 2})
    assert [rows[g][-1] for g in SEAT_PINS] == [0.0, 1.0, 1.0, 0.0, 0.0]
    assert player.resting_seats == {1, 2}


def test_seat_scored_flashes_that_seat(mock_factory, player):
    start_turn(player, 0)
    run, rows = play_and_record(mock_factory, player, SeatScored(seat=3, points=10))
    assert rows == expected_histories(run.pattern, {0}, {0})
    assert rows[23] == [0.0] + [1.0, 0.0] * FAST.seat_flashes
    assert rows[BUZZER] == [0.0]


def test_error_lights_status_and_beeps_low_keeping_the_turn(mock_factory, player):
    start_turn(player, 2)
    run, rows = play_and_record(mock_factory, player, ErrorSignal("not your turn"))
    assert rows == expected_histories(run.pattern, {2}, {2})
    assert rows[STATUS] == [0.0, 1.0, 0.0]
    assert rows[BUZZER] == [0.0, 1.0, 0.0]
    assert rows[22] == [1.0]  # the turn LED never went off


def test_tonal_buzzer_plays_the_notes(mock_factory):
    with Panel(PinMap(buzzer_tonal=True), mock_factory) as panel, SignalPlayer(panel, FAST) as player:
        buzzer = pin(mock_factory, BUZZER)
        buzzer.frequencies.clear()
        assert player.play(RoundEnded()).done.wait(WAIT) and player.idle.wait(WAIT)
        notes = [round(f) for f in buzzer.frequencies if f is not None]
        assert notes == [523, 659, 784]  # C5 E5 G5
        buzzer.frequencies.clear()
        assert player.play(ErrorSignal()).done.wait(WAIT) and player.idle.wait(WAIT)
        assert [round(f) for f in buzzer.frequencies if f is not None] == [220]  # low A3
        assert buzzer.frequency is None


def test_muted_panel_shows_lights_without_sound(mock_factory, panel, player):
    panel.muted = True
    run, rows = play_and_record(mock_factory, player, PirateAttack(0, 1))
    assert rows[BUZZER] == [0.0]
    assert rows[17] == [0.0] + [1.0, 0.0] * FAST.pirate_flashes


def test_patterns_use_the_game_seats(mock_factory, panel, player):
    panel.seats = 3
    run, rows = play_and_record(mock_factory, player, FinalRound())
    assert rows[22] != [0.0] and rows[23] == [0.0] and rows[24] == [0.0]


# -- replacing, restoring, closing -----------------------------------------------------

def test_a_new_signal_replaces_the_running_pattern(mock_factory, panel):
    slow = PatternTimings(flash_on=30.0, flash_off=30.0)  # would take minutes
    with SignalPlayer(panel, slow) as player:
        start_turn(player, 1)
        first = player.play(PirateAttack(0, 2))
        assert first.started.wait(WAIT)
        player.timings = FAST
        second = player.play(SeatScored(4))
        assert first.done.wait(WAIT) and first.interrupted
        assert second.done.wait(WAIT) and not second.interrupted
        assert player.idle.wait(WAIT)
    assert [pin(mock_factory, g).state for g in SEAT_PINS] == [0, 1, 0, 0, 0]
    assert pin(mock_factory, BUZZER).state == 0


def test_waiting_patterns_are_dropped_by_a_newer_one(mock_factory, panel):
    slow = PatternTimings(flash_on=30.0, flash_off=30.0)
    with SignalPlayer(panel, slow) as player:
        first = player.play(FinalRound())
        second = player.play(SeatScored(1))
        player.timings = FAST
        third = player.play(SeatScored(2))
        for run in (first, second):
            assert run.done.wait(WAIT) and run.interrupted
        assert third.done.wait(WAIT) and not third.interrupted
        assert player.idle.wait(WAIT)


def test_turn_started_does_not_cut_an_announcement_short(mock_factory, panel):
    timings = PatternTimings(flash_on=0.03, flash_off=0.03, pirate_flashes=2)
    with SignalPlayer(panel, timings) as player:
        start_turn(player, 0)
        for gpio in SEAT_PINS:
            pin(mock_factory, gpio).clear_states()
        attack = player.play(PirateAttack(0, 1))
        turn = player.play(TurnStarted(2))
        assert attack.done.wait(WAIT) and not attack.interrupted
        assert turn.done.wait(WAIT) and player.idle.wait(WAIT)
    # the attack flashed in full (two flashes of the victim), then seat index 2 is steady
    assert history(mock_factory, 27) == [0.0, 1.0, 0.0, 1.0, 0.0]
    assert history(mock_factory, 17) == [1.0, 0.0, 1.0, 0.0]
    assert [pin(mock_factory, g).state for g in SEAT_PINS] == [0, 0, 1, 0, 0]


def test_clear_stops_and_darkens(mock_factory, panel):
    slow = PatternTimings(flash_on=30.0, flash_off=30.0)
    with SignalPlayer(panel, slow) as player:
        start_turn(player, 3)
        running = player.play(FinalRound())
        assert running.started.wait(WAIT)
        cleared = player.clear()
        assert running.done.wait(WAIT) and running.interrupted
        assert cleared.done.wait(WAIT) and player.idle.wait(WAIT)
        assert player.resting_seats == frozenset()
    assert not any(pin(mock_factory, g).state for g in (*SEAT_PINS, STATUS, BUZZER))


def test_show_turn_shortcut(mock_factory, player):
    assert player.show_turn(1).done.wait(WAIT) and player.wait_idle(WAIT)
    assert pin(mock_factory, 27).state == 1
    assert player.show_turn(None).done.wait(WAIT) and player.wait_idle(WAIT)
    assert pin(mock_factory, 27).state == 0


def test_close_twice_stops_the_thread_and_silences(mock_factory, panel):
    player = SignalPlayer(panel, PatternTimings(flash_on=30.0))
    running = player.play(PirateAttack(0, 1))
    assert running.started.wait(WAIT)
    player.close()
    player.close()
    assert running.done.is_set() and running.interrupted
    assert not player._thread.is_alive()
    assert pin(mock_factory, BUZZER).state == 0
    late = player.play(TurnStarted(0))
    assert late.done.is_set() and late.interrupted


def test_unknown_signal_just_restores(mock_factory, player):
    start_turn(player, 2)
    run, rows = play_and_record(mock_factory, player, Signal())
    assert rows[22] == [1.0] and rows[BUZZER] == [0.0]



# -- random signal streams ------------------------------------------------------------

seats_st = st.integers(-1, 6)
signal_st = st.one_of(
    st.builds(TurnStarted, seats_st),
    st.builds(PirateAttack, seats_st, seats_st),
    st.builds(RoundEnded, st.one_of(st.none(), seats_st)),
    st.builds(FinalRound, st.text(max_size=3)),
    st.builds(SeatScored, seats_st, st.integers(0, 9)),
    st.builds(GameEnded, st.lists(seats_st, max_size=3).map(tuple)),
    st.builds(ErrorSignal, st.text(max_size=3)),
    st.just(None),  # clear()
)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(signals=st.lists(signal_st, min_size=1, max_size=8), seat_count=st.integers(1, 5))
def test_any_signal_stream_ends_in_the_resting_state(mock_factory, panel, signals, seat_count):
    panel.seats = seat_count
    with SignalPlayer(panel, PatternTimings().scaled(0.002)) as player:
        rest = player.resting_seats
        runs = []
        for signal in signals:
            if signal is None:
                runs.append(player.clear())
                rest = frozenset()
            else:
                runs.append(player.play(signal))
                rest = resting_seats(signal, rest)
        assert player.idle.wait(WAIT)
        assert all(run.done.is_set() for run in runs)
        for index, run in enumerate(runs):
            replaced = any(r.pattern.frames or r.pattern.name == "clear" for r in runs[index + 1:])
            assert replaced or not run.interrupted  # only a newer pattern cuts one short
        assert player.resting_seats == rest
        lit = [bool(pin(mock_factory, g).state) for g in SEAT_PINS]
        assert lit == [seat in rest for seat in range(5)]
        assert pin(mock_factory, STATUS).state == 0 and pin(mock_factory, BUZZER).state == 0
