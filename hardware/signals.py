"""LED and buzzer patterns for the signals of ``companion.signals``.

hardware/ knows no game: a signal arrives with its :class:`~companion.signals.Cue`
(a generic pattern kind on seats, from the game's declaration; the generic
declaration of its kind when none is given), and :func:`pattern_for` turns the
cue into data: a tuple of :class:`Frame` (which seat LEDs are lit, the status
LED, the buzzer note, for how long).  :class:`SignalPlayer` plays patterns on a
panel from one background thread:

- a pattern (pirate attack, round end, ...) replaces the pattern that is
  playing, which stops at once;
- a resting cue (``rest``: the turn; ``blink_until_answered``: seats that
  still have to answer) has no pattern of its own: it changes the *resting*
  state and never cuts an announcement short;
- when a pattern ends, the resting state is shown again (the seat whose turn
  it is, or the winners once the game is over, with the blinking seats
  blinking).

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
    ALERT, BLINK_UNTIL_ANSWERED, CELEBRATE, CHASE, ERROR, FLASH, FLASH_ALL, REST, Cue, Signal,
    TurnStarted, generic_spec,
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
    blink_half: float = 0.4   # a blinking seat's LED is on this long, then off this long
    hurry_half: float = 0.12  # the same, faster, for a seat whose turn countdown runs out
    time_up_seconds: float = 0.5   # the one buzz when a turn countdown reaches zero

    def scaled(self, factor: float) -> "PatternTimings":
        """The same patterns, every duration multiplied by ``factor`` (tests use ~0.02)."""
        return replace(
            self,
            flash_on=self.flash_on * factor, flash_off=self.flash_off * factor,
            chase_step=self.chase_step * factor,
            chime_note_seconds=self.chime_note_seconds * factor,
            error_beep_seconds=self.error_beep_seconds * factor,
            error_status_seconds=self.error_status_seconds * factor,
            blink_half=self.blink_half * factor, hurry_half=self.hurry_half * factor,
            time_up_seconds=self.time_up_seconds * factor)


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


def cue_of(signal: Signal, cue: Cue | None = None) -> Cue:
    """``cue``, or the generic one of ``signal``'s kind."""
    return cue if cue is not None else generic_spec(signal).cue(signal)


def pattern_for(signal: Signal, seat_count: int, timings: PatternTimings = PatternTimings(),
                cue: Cue | None = None) -> Pattern:
    """The LED/buzzer pattern announcing ``signal`` (played as ``cue``: by default the
    generic cue of its kind) at a table of ``seat_count`` seats.

    Resting cues (the turn, blinking seats) and signals without an announcement
    give an empty pattern.
    """
    t = timings
    cue = cue_of(signal, cue)
    seats = frozenset(cue.seats or ())
    everyone = frozenset(range(seat_count))
    frames: list[Frame] = []
    if cue.pattern == ALERT:
        frames = _flashes(seats, t.pirate_flashes, t, t.alert_note)
    elif cue.pattern == CHASE:
        frames = _chase(seat_count, t.chase_laps, t) + _notes(t.chime, everyone, t)
    elif cue.pattern == FLASH_ALL:
        frames = _flashes(everyone, t.final_round_flashes, t, t.alert_note)
    elif cue.pattern == CELEBRATE:
        frames = _chase(seat_count, t.celebration_laps, t) + _notes(t.fanfare, everyone, t)
        frames += _flashes(seats, t.winner_flashes, t)
    elif cue.pattern == FLASH:
        frames = _flashes(seats, t.seat_flashes, t)
    elif cue.pattern == ERROR:
        frames = [Frame(t.error_beep_seconds, None, True, t.low_note),
                  Frame(t.error_status_seconds, None, True, None)]
    return Pattern(signal.kind, tuple(frames))


def resting_seats(signal: Signal, current: frozenset[int], cue: Cue | None = None) -> frozenset[int]:
    """Which seat LEDs stay on once ``signal``'s pattern is over."""
    cue = cue_of(signal, cue)
    if cue.pattern in (REST, CHASE, CELEBRATE) and cue.seats is not None:
        return frozenset(cue.seats)
    return current


def blinking_seats(signal: Signal, current: frozenset[int], cue: Cue | None = None) -> frozenset[int]:
    """Which seat LEDs blink at rest once ``signal``'s pattern is over (seats still to
    answer; none once the game is over)."""
    cue = cue_of(signal, cue)
    if cue.pattern == BLINK_UNTIL_ANSWERED:
        return frozenset(cue.seats or ())
    if cue.pattern == CELEBRATE:
        return frozenset()
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
        self._blink: frozenset[int] = frozenset()
        self._hurry: frozenset[int] = frozenset()   # seats whose turn countdown runs out: faster
        self._blink_lit = False
        self._blinks = 0                      # blink steps shown so far (see wait_blinks)
        self._blinked = threading.Condition(self._lock)
        self._fault = False
        self._closed = False
        self._thread = threading.Thread(target=self._work, name="signal-player", daemon=True)
        self._thread.start()

    @property
    def resting_seats(self) -> frozenset[int]:
        """Seats lit when no pattern plays (the turn, or the winners)."""
        return self._rest

    @property
    def blinking_seats(self) -> frozenset[int]:
        """Seats blinking when no pattern plays (those still to answer an offer)."""
        return self._blink

    def play(self, signal: Signal, cue: Cue | None = None) -> PatternRun:
        """Start ``signal``'s pattern (replacing the one playing) and return its run;
        ``cue`` says which generic pattern on which seats (default: its kind's generic cue)."""
        cue = cue_of(signal, cue)
        run = PatternRun(signal, pattern_for(signal, self.panel.seats, self.timings, cue))

        def settle() -> None:
            self._rest = resting_seats(signal, self._rest, cue)
            blink = blinking_seats(signal, self._blink, cue)
            if blink != self._blink:   # a new set of seats to answer starts lit
                self._blink, self._blink_lit = blink, True
        return self._enqueue(run, settle, run.pattern.frames != ())

    @property
    def hurrying_seats(self) -> frozenset[int]:
        """Seats blinking fast at rest: their turn countdown is in its last seconds."""
        return self._hurry

    @property
    def blink_half(self) -> float:
        """How long a blinking seat's LED stays on (then off) now: shorter while one hurries."""
        return self.timings.hurry_half if self._hurry else self.timings.blink_half

    def hurry(self, seat: int | None) -> None:
        """``seat``'s LED blinks fast at rest (its turn countdown runs out); None: no seat."""
        hurry = frozenset() if seat is None else frozenset({seat})
        with self._lock:
            if hurry == self._hurry:
                return
            self._hurry, self._blink_lit = hurry, True
            if self._running is None and not self._queue:
                self._show_rest()
            self._wake.set()   # the blinking's pace changes now

    def time_up(self, seat: int) -> PatternRun:
        """A turn countdown reached zero: ``seat`` stops hurrying and the buzzer sounds once
        (the resting LEDs stay as they are: the turn goes on until the table ends it)."""
        frames = (Frame(self.timings.time_up_seconds, None, False, self.timings.alert_note),)
        run = PatternRun(TurnStarted(seat), Pattern("time_up", frames))

        def settle() -> None:
            self._hurry = frozenset()
        return self._enqueue(run, settle, False)

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

        def settle() -> None:
            self._rest = self._blink = self._hurry = frozenset()
        return self._enqueue(run, settle, True)

    def _enqueue(self, run: PatternRun, settle: Callable[[], None], replaces: bool) -> PatternRun:
        """Queue ``run``; ``settle`` changes the resting state (lock held)."""
        with self._lock:
            if self._closed:
                run._finish(interrupted=True)
                return run
            settle()
            if replaces:
                self._cut_short()
            self._queue.append(run)
            self.idle.clear()
            self._wake.set()
        return run

    def wait_idle(self, timeout: float | None = None) -> bool:
        return self.idle.wait(timeout)

    def wait_blinks(self, steps: int, timeout: float | None = None) -> bool:
        """Wait until the blinking seats have switched ``steps`` more times (on or off)."""
        with self._blinked:
            goal = self._blinks + steps
            return self._blinked.wait_for(lambda: self._blinks >= goal or self._closed, timeout) \
                and not self._closed

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
            woken = self._wake.wait(self.blink_half if self._blink or self._hurry else None)
            with self._lock:
                if self._closed:
                    return
                if not self._queue:
                    self._wake.clear()
                    if not woken and (self._blink or self._hurry):   # at rest: the next blink step
                        self._blink_lit = not self._blink_lit
                        self._show_rest()
                        self._blinks += 1
                        self._blinked.notify_all()
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
            blinking = self._blink | self._hurry
            self.panel.light_seats((self._rest - self._hurry) | (blinking if self._blink_lit else frozenset()))
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
            self._blinked.notify_all()
        self._thread.join(timeout=5)

    def __enter__(self) -> "SignalPlayer":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
