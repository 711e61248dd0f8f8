"""LED and buzzer patterns for the signals of ``companion.signals``.

A pattern is data: a tuple of :class:`Frame` (which seat LEDs are lit, the
status LED, the buzzer note, for how long), built by :func:`pattern_for`
from a signal.  :class:`SignalPlayer` plays patterns on a panel from one
background thread:

- a pattern signal (pirate attack, round end, ...) replaces the pattern that
  is playing, which stops at once;
- ``TurnStarted`` has no pattern of its own: it changes the *resting* state
  (which seat is steady) and never cuts an announcement short;
- when a pattern ends, the resting state is shown again (the seat whose turn
  it is, or the winners once the game is over).

``player.idle`` is an Event that is set whenever no pattern is playing or
waiting and the resting state is on the panel; tests and the self-test
screen wait on it.
"""
from __future__ import annotations

import logging
import threading
from collections import deque
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Optional

from companion.signals import (
    ErrorSignal, FinalRound, GameEnded, PirateAttack, RoundEnded, SeatScored, Signal, TurnStarted,
)
from hardware.panel import Panel

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PatternTimings:
    """Durations (seconds), repeat counts and notes of every pattern."""

    flash_on: float = 0.18
    flash_off: float = 0.12
    pirate_flashes: int = 5
    seat_flashes: int = 3
    final_round_flashes: int = 3
    winner_flashes: int = 4
    chase_step: float = 0.09
    chase_laps: int = 2
    celebration_laps: int = 3
    chime_note_seconds: float = 0.15
    error_beep_seconds: float = 0.4
    error_status_seconds: float = 1.5
    alert_note: str = "A5"
    low_note: str = "A3"
    chime: tuple[str, ...] = ("C5", "E5", "G5")
    fanfare: tuple[str, ...] = ("C5", "E5", "G5", "C6")

    def scaled(self, factor: float) -> "PatternTimings":
        """The same patterns, every duration multiplied by ``factor`` (tests use ~0.02)."""
        return replace(
            self,
            flash_on=self.flash_on * factor, flash_off=self.flash_off * factor,
            chase_step=self.chase_step * factor,
            chime_note_seconds=self.chime_note_seconds * factor,
            error_beep_seconds=self.error_beep_seconds * factor,
            error_status_seconds=self.error_status_seconds * factor)


@dataclass(frozen=True)
class Frame:
    """One step of a pattern, held for ``seconds``.

    ``seats`` None keeps the resting seat LEDs (e.g. the turn LED stays on
    during an error beep); a set lights exactly those seats.
    """

    seconds: float
    seats: Optional[frozenset[int]] = frozenset()
    status: bool = False
    note: Optional[str] = None


@dataclass(frozen=True)
class Pattern:
    name: str
    frames: tuple[Frame, ...] = ()

    @property
    def seconds(self) -> float:
        return sum(frame.seconds for frame in self.frames)


def _flashes(seats: Iterable[int], times: int, t: PatternTimings, note: str | None = None,
             status: bool = False) -> list[Frame]:
    lit = frozenset(seats)
    frames = []
    for _ in range(times):
        frames.append(Frame(t.flash_on, lit, status, note))
        frames.append(Frame(t.flash_off, frozenset(), status, None))
    return frames


def _chase(seat_count: int, laps: int, t: PatternTimings) -> list[Frame]:
    return [Frame(t.chase_step, frozenset({seat})) for _ in range(laps) for seat in range(seat_count)]


def _notes(notes: Iterable[str], seats: frozenset[int], t: PatternTimings) -> list[Frame]:
    return [Frame(t.chime_note_seconds, seats, False, note) for note in notes]


def pattern_for(signal: Signal, seat_count: int, timings: PatternTimings = PatternTimings()) -> Pattern:
    """The LED/buzzer pattern announcing ``signal`` at a table of ``seat_count`` seats.

    Signals without an announcement (``TurnStarted``, unknown kinds) give an
    empty pattern.
    """
    t = timings
    everyone = frozenset(range(seat_count))
    if isinstance(signal, PirateAttack):
        return Pattern("pirate_attack", tuple(
            _flashes({signal.attacker, signal.victim}, t.pirate_flashes, t, t.alert_note)))
    if isinstance(signal, RoundEnded):
        return Pattern("round_end", tuple(_chase(seat_count, t.chase_laps, t) + _notes(t.chime, everyone, t)))
    if isinstance(signal, FinalRound):
        return Pattern("final_round", tuple(_flashes(everyone, t.final_round_flashes, t, t.alert_note)))
    if isinstance(signal, GameEnded):
        frames = _chase(seat_count, t.celebration_laps, t) + _notes(t.fanfare, everyone, t)
        frames += _flashes(signal.winners, t.winner_flashes, t)
        return Pattern("game_end", tuple(frames))
    if isinstance(signal, SeatScored):
        return Pattern("seat_scored", tuple(_flashes({signal.seat}, t.seat_flashes, t)))
    if isinstance(signal, ErrorSignal):
        return Pattern("error", (Frame(t.error_beep_seconds, None, True, t.low_note),
                                 Frame(t.error_status_seconds, None, True, None)))
    if isinstance(signal, TurnStarted):
        return Pattern("turn")
    return Pattern(signal.kind)


def resting_seats(signal: Signal, current: frozenset[int]) -> frozenset[int]:
    """Which seat LEDs stay on once ``signal``'s pattern is over."""
    if isinstance(signal, TurnStarted):
        return frozenset({signal.seat})
    if isinstance(signal, RoundEnded) and signal.next_seat is not None:
        return frozenset({signal.next_seat})
    if isinstance(signal, GameEnded):
        return frozenset(signal.winners)
    return current


class PatternRun:
    """One played signal: ``started`` and ``done`` events, and whether it was cut short.

    ``done`` is set when the run is over; when nothing else waits, the resting
    LEDs are already back on by then (and ``SignalPlayer.idle`` follows).
    """

    def __init__(self, signal: Signal, pattern: Pattern):
        self.signal = signal
        self.pattern = pattern
        self.started = threading.Event()
        self.done = threading.Event()
        self.interrupted = False
        self._stop = threading.Event()

    def _finish(self, interrupted: bool) -> None:
        self.interrupted = interrupted
        self.done.set()

    def __repr__(self) -> str:
        state = "done" if self.done.is_set() else "running" if self.started.is_set() else "waiting"
        return f"<PatternRun {self.pattern.name} {state}>"


class SignalPlayer:
    """Plays signals on a :class:`Panel` from its own thread; safe to call from any thread."""

    def __init__(self, panel: Panel, timings: PatternTimings = PatternTimings()):
        self.panel = panel
        self.timings = timings
        self.idle = threading.Event()
        self.idle.set()
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._queue: deque[PatternRun] = deque()
        self._running: Optional[PatternRun] = None
        self._rest: frozenset[int] = frozenset()
        self._fault = False
        self._closed = False
        self._thread = threading.Thread(target=self._work, name="signal-player", daemon=True)
        self._thread.start()

    @property
    def resting_seats(self) -> frozenset[int]:
        """Seats lit when no pattern plays (the turn, or the winners)."""
        return self._rest

    def play(self, signal: Signal) -> PatternRun:
        """Start ``signal``'s pattern (replacing the one playing) and return its run."""
        run = PatternRun(signal, pattern_for(signal, self.panel.seats, self.timings))
        return self._enqueue(run, lambda rest: resting_seats(signal, rest), run.pattern.frames != ())

    @property
    def fault(self) -> bool:
        """True while a lasting fault (nothing can be saved) keeps the status LED lit."""
        return self._fault

    def set_fault(self, on: bool) -> None:
        """Light the status LED at rest until the fault is cleared (patterns still play)."""
        with self._lock:
            self._fault = bool(on)
            if self._running is None and not self._queue:
                self._show_rest()

    def show_turn(self, seat: int | None) -> PatternRun:
        """Shortcut for ``play(TurnStarted(seat))``; None turns the seat LEDs off."""
        if seat is None:
            return self.clear()
        return self.play(TurnStarted(seat))

    def clear(self) -> PatternRun:
        """Stop any pattern; no seat lit at rest (e.g. back on the home screen)."""
        run = PatternRun(Signal(), Pattern("clear"))
        return self._enqueue(run, lambda rest: frozenset(), True)

    def _enqueue(self, run: PatternRun, new_rest: Callable[[frozenset[int]], frozenset[int]],
                 replaces: bool) -> PatternRun:
        with self._lock:
            if self._closed:
                run._finish(interrupted=True)
                return run
            self._rest = new_rest(self._rest)
            if replaces:
                self._cut_short()
            self._queue.append(run)
            self.idle.clear()
            self._wake.set()
        return run

    def wait_idle(self, timeout: float | None = None) -> bool:
        return self.idle.wait(timeout)

    def _cut_short(self) -> None:
        """Stop the playing pattern and drop waiting ones (lock held)."""
        if self._running is not None and self._running.pattern.frames:
            self._running._stop.set()
        kept = deque()
        for waiting in self._queue:
            if waiting.pattern.frames:
                waiting._finish(interrupted=True)
            else:
                kept.append(waiting)
        self._queue = kept

    def _work(self) -> None:
        while True:
            self._wake.wait()
            with self._lock:
                if self._closed:
                    return
                if not self._queue:
                    self._wake.clear()
                    continue
                run = self._queue.popleft()
                self._running = run
            run.started.set()
            completed = self._perform(run)
            with self._lock:
                self._running = None
                last = not self._queue
                if last:  # also when closing: never leave the buzzer on
                    self._show_rest()
                run._finish(interrupted=not completed)  # done, then idle: waiters see both
                if last:
                    self.idle.set()

    def _perform(self, run: PatternRun) -> bool:
        """Play the frames; False when stopped part-way."""
        try:
            for frame in run.pattern.frames:
                if run._stop.is_set():
                    return False
                self.panel.light_seats(self._rest if frame.seats is None else frame.seats)
                self.panel.set_status(frame.status or self._fault)
                self.panel.sound(frame.note)
                if run._stop.wait(frame.seconds):
                    return False
            return True
        except Exception:
            log.exception("pattern %s failed", run.pattern.name)
            return False

    def _show_rest(self) -> None:
        try:
            self.panel.light_seats(self._rest)
            self.panel.set_status(self._fault and not self._closed)
            self.panel.sound(None)
        except Exception:
            log.exception("could not restore the resting LEDs")

    def close(self) -> None:
        """Stop the pattern thread (the panel stays open); safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._cut_short()
            for waiting in self._queue:
                waiting._finish(interrupted=True)
            self._queue.clear()
            self._wake.set()
        self._thread.join(timeout=5)

    def __enter__(self) -> "SignalPlayer":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
