"""The game clock, the players' thinking times and the turn countdown, as pure functions
over what the journal recorded.

A game's clock is never kept as a running number: it is read again from the journal's
times, so a restart or an undo finds the same value.  Two kinds of record feed it:

- :class:`Tick`: an action done, undone or redone (a journal event), with its time and
  the seat to act after it (None: nobody's turn alone, e.g. several seats answer);
- :class:`Mark`: the clock paused or resumed by a tap (``pause``/``resume``), or the
  table screen left or shown again (``away``/``back``; a game left on Home, a new start).

The clock runs from the first action to the last one of a finished game, while the table
shows the game (after ``back``, before ``away``) and no tap paused it.  A ``back`` while
the table was already shown means the app stopped without saying so (a power cut): the
clock is taken as stopped at the last time recorded before it (an action or a mark).
Games recorded before marks existed are counted as shown throughout.

The times are the wall clock's (seconds since the epoch), which can be set while a game
runs: a Raspberry Pi has no real-time clock and starts with the time it last saw, until
NTP corrects it by hours.  A :class:`WallWatch` reads the wall clock beside a steady one
(``time.monotonic``) and says when the wall clock moved more than :data:`JUMP_SECONDS`
against it between two readings; the session keeps each such :class:`Jump` with how many
ticks and marks were recorded before it, and :func:`read_clock` moves every record made
after a jump back by what the wall clock skipped, so the jump adds nothing to the clock or
to anyone's thinking time.  The jumps are journaled, so a restart (where the steady clock
starts again) reads the same.

A seat's thinking time is the running time while it was the seat to act; the table's own
entries (cards drawn, dice rolled) count for the seat that acted last.  An undone action
gives the time since it was played back to the seat to act after the undo (an END TURN
pressed by mistake and undone leaves the turn, and its time, with that seat).
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Sequence, TypeVar

from companion.engine import TABLE
from companion.messages import Text

MARK_KINDS = ("pause", "resume", "away", "back")
#: the last seconds of a turn countdown, when the seat's light hurries
HURRY_SECONDS = 10.0
#: a wall clock that moves more than this (seconds) against the steady clock between two
#: readings was set (NTP, by hand); a second's read lag and NTP's slow slewing stay below it
JUMP_SECONDS = 2.0


@dataclass(frozen=True)
class Tick:
    """An action done, undone or redone at ``at`` (seconds since the epoch); ``seat``:
    the seat to act after it, ``TABLE_SEAT`` when the table must enter chance, None when
    no single seat is to act."""

    at: float
    kind: str
    seat: int | None


@dataclass(frozen=True)
class Mark:
    """The clock paused/resumed by a tap, or the game's table screen left/shown (``at``: seconds)."""

    at: float
    kind: str

    def __post_init__(self) -> None:
        if self.kind not in MARK_KINDS:
            raise ValueError(f"unknown clock mark {self.kind!r}")


@dataclass(frozen=True)
class Jump:
    """The wall clock set by ``skipped`` seconds (> 0: forward, < 0: back), seen at wall
    time ``at`` (after the jump), when the game had ``ticks`` ticks and ``marks`` marks:
    every record from those on was made with the wall clock as set."""

    at: float
    skipped: float
    ticks: int
    marks: int


class WallWatch:
    """The wall clock read beside a steady one: :meth:`read` gives the wall time now and
    how far the wall clock jumped since the last reading (0.0: it kept pace, within
    :data:`JUMP_SECONDS`).  Both clocks are functions (seconds), so tests pass fake ones."""

    def __init__(self, wall: Callable[[], float], steady: Callable[[], float], limit: float = JUMP_SECONDS):
        self.wall, self.steady, self.limit = wall, steady, limit
        self._last: tuple[float, float] | None = None

    def read(self) -> tuple[float, float]:
        wall, steady = self.wall(), self.steady()
        skipped = 0.0
        if self._last is not None:
            moved = (wall - self._last[0]) - (steady - self._last[1])
            if abs(moved) > self.limit:
                skipped = moved
        self._last = (wall, steady)
        return wall, skipped


_Record = TypeVar("_Record", Tick, Mark)


def _moved_back(records: Sequence[_Record], bounds: Sequence[tuple[int, float]]) -> list[_Record]:
    """``records`` (in the order they were made) each moved back by what the jumps before
    it skipped (``bounds``: per jump, how many records came before it, and its seconds)."""
    bounds = sorted(bounds, key=lambda b: b[0])
    out: list[_Record] = []
    total, k = 0.0, 0
    for index, record in enumerate(records):
        while k < len(bounds) and bounds[k][0] <= index:
            total += bounds[k][1]
            k += 1
        out.append(replace(record, at=record.at - total) if total else record)
    return out


def on_one_line(ticks: Sequence[Tick], marks: Sequence[Mark], now: float,
                jumps: Sequence[Jump]) -> tuple[Sequence[Tick], Sequence[Mark], float]:
    """The ticks, the marks and ``now`` on the wall clock as it was before the first jump
    (a record made after a jump moved back by what it skipped)."""
    if not jumps:
        return ticks, marks, now
    return (_moved_back(ticks, [(j.ticks, j.skipped) for j in jumps]),
            _moved_back(marks, [(j.marks, j.skipped) for j in jumps]),
            now - sum(j.skipped for j in jumps))


#: :attr:`Tick.seat` when the table is to act (its time goes to the seat before it)
TABLE_SEAT = TABLE


def seat_to_act(to_act: Sequence[int]) -> int | None:
    """The seat whose turn it is, from a game's ``to_act`` (TABLE_SEAT for the table alone)."""
    seats = tuple(to_act)
    if seats == (TABLE,):
        return TABLE_SEAT
    players = [s for s in seats if s != TABLE]
    return players[0] if len(players) == 1 else None


def tick_seat(before: Sequence[int], after: Sequence[int]) -> int | None:
    """A tick's seat from the ``to_act`` before and after an action: the seat to act after it,
    or, when the table is to act next (cards drawn after a move), the seat that acted."""
    seat = seat_to_act(after)
    return seat_to_act(before) if seat == TABLE_SEAT else seat


@dataclass(frozen=True)
class ClockReading:
    """The clock at one moment: ``seconds`` of play, ``thinking`` seconds by seat, whether it
    ``runs`` now, whether a tap ``paused`` it; ``seat`` to act now and ``turn_seconds`` it has
    spent on this turn (its countdown's time)."""

    seconds: float = 0.0
    thinking: dict[int, float] = field(default_factory=dict)
    runs: bool = False
    paused: bool = False
    started: bool = False
    over: bool = False
    seat: int | None = None
    turn_seconds: float = 0.0

    def to_result(self, seats: int) -> dict[str, object]:
        """What the journal keeps with a finished game's result (whole seconds)."""
        return {"seconds": round(self.seconds),
                "thinking": [round(self.thinking.get(s, 0.0)) for s in range(seats)]}


def _running(marks: Iterable[Mark], ticks: Sequence[Tick]) -> tuple[list[tuple[float, float | None]], bool, bool]:
    """The intervals the clock may run in ([start, end), end None: still open), whether a
    tap pauses it at the end, and whether the table shows it at the end."""
    intervals: list[tuple[float, float | None]] = []
    shown, paused = True, False
    start: float | None = float("-inf")   # shown and not paused since
    last_known = float("-inf")            # the latest time recorded so far
    times = sorted(t.at for t in ticks)
    i = 0
    for mark in sorted(marks, key=lambda m: m.at):
        while i < len(times) and times[i] <= mark.at:
            last_known = max(last_known, times[i])
            i += 1
        if mark.kind == "back" and shown and start is not None:
            intervals.append((start, last_known))   # stopped unannounced: count up to what is known
            start = None
        if mark.kind == "away":
            shown = False
        elif mark.kind == "back":
            shown = True
        elif mark.kind == "pause":
            paused = True
        else:
            paused = False
        runs = shown and not paused
        if runs and start is None:
            start = mark.at
        elif not runs and start is not None:
            intervals.append((start, mark.at))
            start = None
        last_known = max(last_known, mark.at)
    if start is not None:
        intervals.append((start, None))
    return intervals, paused, shown


class _Running:
    """Running seconds up to any time, from the intervals the clock may run in (sorted, apart),
    counted from ``low``: a cumulative sum, so each question costs a bisection."""

    def __init__(self, intervals: Sequence[tuple[float, float | None]], low: float):
        self.starts: list[float] = []
        self.ends: list[float] = []
        self.before: list[float] = []
        total = 0.0
        for start, end in intervals:
            a, b = max(start, low), float("inf") if end is None else end
            if b > a:
                self.starts.append(a)
                self.ends.append(b)
                self.before.append(total)
                total += b - a

    def upto(self, t: float) -> float:
        """Running seconds from ``low`` to ``t``."""
        i = bisect_right(self.starts, t) - 1
        if i < 0:
            return 0.0
        return self.before[i] + min(t, self.ends[i]) - self.starts[i]

    def between(self, low: float, high: float) -> float:
        return max(0.0, self.upto(high) - self.upto(low)) if high > low else 0.0


def read_clock(ticks: Sequence[Tick], marks: Sequence[Mark], now: float, over: bool = False,
               jumps: Sequence[Jump] = ()) -> ClockReading:
    """The clock at ``now`` over a game's ``ticks`` (in journal order) and ``marks`` (in the
    order they were made); ``over``: the game is finished (the clock stops at its last
    action); ``jumps``: the wall clock's jumps during the game (they add nothing)."""
    ticks, marks, now = on_one_line(ticks, marks, now, jumps)
    intervals, paused, shown = _running(marks, ticks)
    first = next((t for t in ticks if t.kind == "do"), None)
    if first is None:
        return ClockReading(paused=paused, runs=False, seat=None)
    end = max(ticks[-1].at, first.at) if over else max(now, first.at)
    # who thinks when: [start, seat] per tick; an undo hands what followed the undone action back
    spans: list[list] = []
    opened: list[int] = []     # the span each action still in the game opened
    previous: int | None = None
    for tick in ticks:
        if tick.at < first.at:
            continue
        seat = previous if tick.seat == TABLE_SEAT else tick.seat
        if tick.kind == "undo":
            if opened:
                for span in spans[opened.pop():]:
                    span[1] = seat
        else:
            opened.append(len(spans))
        spans.append([max(tick.at, spans[-1][0] if spans else tick.at), seat])
        previous = seat
    running = _Running(intervals, first.at)
    thinking: dict[int, float] = {}
    upto = running.upto
    counted = [upto(min(start, end)) for start, _ in spans] + [upto(end)]   # running seconds at each span's start
    for index, (_, seat) in enumerate(spans):
        spent = counted[index + 1] - counted[index]
        if seat is not None and spent > 0:
            thinking[seat] = thinking.get(seat, 0.0) + spent
    current = spans[-1][1] if spans else None
    turn_from = end
    for start, seat in reversed(spans):
        if seat != current:
            break
        turn_from = start
    runs = not over and any(e is None for _, e in intervals) and now >= first.at
    return ClockReading(seconds=running.between(first.at, end), thinking=thinking, runs=runs,
                        paused=paused, started=True, over=over, seat=None if over else current,
                        turn_seconds=0.0 if over or current is None else running.between(turn_from, end))


@dataclass(frozen=True)
class CountdownStep:
    """What the panel does now for a turn countdown: the seat whose light hurries (None:
    none), and the seat whose time just ran out (the buzzer sounds once), if any."""

    hurry: int | None = None
    time_up: int | None = None


class TurnCountdown:
    """A turn countdown of ``limit`` seconds (never ends a turn: the table decides).

    :meth:`update` is called with each clock reading (every second or so) and says what
    the panel shows: the seat's light hurries in the last :data:`HURRY_SECONDS`, and the
    buzzer sounds once when the time runs out, once per turn (a turn is a seat's run of
    time; an undo back into it does not sound again)."""

    def __init__(self, limit: float):
        self.limit = float(limit)
        self._sounded: tuple[int | None, float] | None = None   # the turn the buzzer sounded for

    def remaining(self, reading: ClockReading) -> float | None:
        """Seconds left of the current turn (below zero once over), None when no countdown runs."""
        if self.limit <= 0 or reading.over or not reading.started or reading.seat is None:
            return None
        return self.limit - reading.turn_seconds

    def update(self, reading: ClockReading) -> CountdownStep:
        left = self.remaining(reading)
        if left is None or not reading.runs:
            return CountdownStep()
        turn = (reading.seat, round(reading.seconds - reading.turn_seconds, 3))
        if left <= 0:
            if self._sounded != turn:
                self._sounded = turn
                return CountdownStep(time_up=reading.seat)
            return CountdownStep()
        return CountdownStep(hurry=reading.seat if left <= HURRY_SECONDS else None)


def clock_face(seconds: float, up: bool = False) -> str:
    """A running clock's face: "42:07", "1:05:12" (whole seconds, rounded ``up`` for a countdown)."""
    whole = max(0, int(-(-seconds // 1)) if up else int(seconds))
    hours, minutes, secs = whole // 3600, whole % 3600 // 60, whole % 60
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def duration_words(seconds: float) -> Text:
    """A duration as players read it: "1 h 05 min", "12 min", "42 s" (whole minutes from a
    minute on; units abbreviated, so no plural forms are needed in any language)."""
    if seconds < 59.5:
        return Text("{seconds} s", seconds=max(0, round(seconds)))
    hours, minutes = divmod(round(seconds / 60), 60)
    if hours:
        return Text("{hours} h {minutes} min", hours=hours, minutes=f"{minutes:02d}")
    return Text("{minutes} min", minutes=minutes)
