"""Signals: what the table should see or hear because something happened.

Engines return them from ``Game.signals``; the session adds its own (errors,
turn changes) and hands them to listeners: the hardware panel turns them into
LED and buzzer patterns, the UI into banners.  They are plain frozen values.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import Text


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
class TableNotice(Signal):
    """Something the players should know although play goes on (e.g. the pile was
    miscounted): shown as a banner, no LED pattern."""

    message: Text
