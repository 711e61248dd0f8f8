"""Signals: what the table should see or hear because something happened.

Engines return them from ``Game.signals``; the session adds its own (errors,
turn changes) and hands them to listeners: the hardware panel turns them into
LED and buzzer patterns, the UI into banners.  They are plain frozen values.

How a kind of signal shows is *declared* (:class:`SignalSpec`): its banner text
and which generic LED pattern it plays on which seats (a :class:`Cue`).  A game
lists the kinds it emits in its manifest (``GameManifest.signals``), taking the
generic declarations below (:func:`generic`) or its own; hardware/ plays a cue's
pattern kind on its seats and knows nothing of games.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from companion.messages import Seat, Text


@dataclass(frozen=True)
class Signal:
    """Base class of every signal."""

    @property
    def kind(self) -> str:
        return type(self).__name__


@dataclass(frozen=True)
class TurnStarted(Signal):
    """``seat`` is now the one to act (its LED goes on, steady)."""

    seat: int


@dataclass(frozen=True)
class PirateAttack(Signal):
    """``attacker`` raided a ship of ``victim``: both seats flash, buzzer sounds."""

    attacker: int
    victim: int


@dataclass(frozen=True)
class RoundEnded(Signal):
    """A round is over: chase on all LEDs and a chime; ``next_seat`` starts next."""

    next_seat: int | None = None


@dataclass(frozen=True)
class FinalRound(Signal):
    """The final round has been announced (``reason`` says why)."""

    reason: str = ""


@dataclass(frozen=True)
class SeatScored(Signal):
    """``seat`` scored something worth celebrating mid-game (its LED flashes)."""

    seat: int
    points: int = 0


@dataclass(frozen=True)
class GameEnded(Signal):
    """The game is over; ``winners`` are the seats sharing first place."""

    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class ErrorSignal(Signal):
    """Something was refused (illegal move, unreadable input): status LED + low beep."""

    reason: str = ""


@dataclass(frozen=True)
class AnswersAwaited(Signal):
    """An offer is open (Caravelas's bonus moves): ``seats`` may still take it or
    decline; their LEDs blink until each has answered.  Emitted again each time
    the set shrinks; an empty ``seats`` ends the blinking."""

    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class TableNotice(Signal):
    """Something the players should know although play goes on (e.g. the pile was
    miscounted): shown as a banner, no LED pattern."""

    message: Text


# -- how a signal shows: generic LED patterns, declared per kind -----------------------------

#: the generic LED patterns the panel plays (hardware/signals.py); what ``Cue.seats`` means for each
REST = "rest"                  # no announcement: ``seats`` lit steady at rest (whose turn it is)
FLASH = "flash"                # ``seats`` flash a few times
ALERT = "alert"                # ``seats`` flash with the buzzer (pirates, a wreck)
FLASH_ALL = "flash_all"        # every seat flashes with the buzzer (the final round)
CHASE = "chase"                # a light runs round the table, a chime; then ``seats`` (if any) lit at rest
CELEBRATE = "celebrate"        # chase and fanfare; then ``seats`` (the winners) flash and stay lit
ERROR = "error"                # status LED and a low beep; the seat LEDs keep their light
BLINK_UNTIL_ANSWERED = "blink_until_answered"   # ``seats`` blink at rest until each has answered
NO_LIGHT = "none"              # a banner only
PATTERNS = (REST, FLASH, ALERT, FLASH_ALL, CHASE, CELEBRATE, ERROR, BLINK_UNTIL_ANSWERED, NO_LIGHT)


@dataclass(frozen=True)
class Cue:
    """What the panel plays for one signal: a generic pattern kind on seats
    (None: the pattern names none; see :data:`PATTERNS` for what each does with them)."""

    pattern: str
    seats: tuple[int, ...] | None = None


@dataclass(frozen=True)
class SignalSpec:
    """How one kind of signal shows at the table: which generic LED pattern, on
    which of its seats, and the banner the players read (None: no banner)."""

    kind: type[Signal]
    pattern: str
    seats: Callable[[Any], tuple[int, ...] | None] = lambda _signal: None
    text: Callable[[Any], Text | None] = lambda _signal: None

    def __post_init__(self) -> None:
        if not (isinstance(self.kind, type) and issubclass(self.kind, Signal)):
            raise TypeError(f"a signal declaration needs a Signal class, not {self.kind!r}")
        if self.pattern not in PATTERNS:
            raise ValueError(f"{self.kind.__name__}: unknown LED pattern {self.pattern!r} "
                             f"(known: {', '.join(PATTERNS)})")

    def cue(self, signal: Signal) -> Cue:
        seats = self.seats(signal)
        return Cue(self.pattern, None if seats is None else tuple(seats))


_GENERIC = (
    SignalSpec(TurnStarted, REST, lambda s: (s.seat,)),
    SignalSpec(PirateAttack, ALERT, lambda s: (s.attacker, s.victim),
               lambda s: Text("Pirates! {attacker} raids {victim}", attacker=Seat(s.attacker),
                              victim=Seat(s.victim))),
    SignalSpec(RoundEnded, CHASE, lambda s: None if s.next_seat is None else (s.next_seat,),
               lambda s: Text("Round over") if s.next_seat is None else
               Text("Round over. {name} starts the next round", name=Seat(s.next_seat))),
    SignalSpec(FinalRound, FLASH_ALL, text=lambda s: Text("Final round!")),
    SignalSpec(SeatScored, FLASH, lambda s: (s.seat,),
               lambda s: Text("{name} scores {count} point", "{name} scores {count} points", name=Seat(s.seat),
                              count=s.points)),
    SignalSpec(GameEnded, CELEBRATE, lambda s: s.winners, lambda s: Text("Game over")),
    SignalSpec(ErrorSignal, ERROR),
    SignalSpec(AnswersAwaited, BLINK_UNTIL_ANSWERED, lambda s: s.seats),
    SignalSpec(TableNotice, NO_LIGHT, text=lambda s: s.message),
)
#: the generic declaration of each signal kind of this module
GENERIC: dict[type[Signal], SignalSpec] = {spec.kind: spec for spec in _GENERIC}
#: kinds every game has without declaring them: the session emits them itself
SESSION_KINDS: tuple[type[Signal], ...] = (TurnStarted, GameEnded, ErrorSignal)
#: a signal nobody declared: no light, no banner (tests/test_signal_declarations.py keeps it rare)
UNDECLARED = SignalSpec(Signal, NO_LIGHT)


def generic(*kinds: type[Signal]) -> tuple[SignalSpec, ...]:
    """The generic declarations of ``kinds``, for a manifest's ``signals``."""
    return tuple(GENERIC[kind] for kind in kinds)


def generic_spec(signal: Signal) -> SignalSpec:
    """The generic declaration of ``signal``'s kind (UNDECLARED for a kind of its own)."""
    return GENERIC.get(type(signal), UNDECLARED)
