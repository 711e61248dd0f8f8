"""Caravelas's own signals: what happened at the table when a ship met pirates or
the rocks, so the banner and the lights say that and nothing else.

- a pirate toll (SAIL-12: entering a pirate cell costs 1 marker): :class:`PiratesPaid`;
- Favourable Wind played against them (§4.6 b): :class:`PiratesWarded`, no alarm;
- a wreck (EVR-03, the red die): :class:`Wrecked`, the ship's cargo goes back to the supply.

How each shows is declared in ``companion/caravelas/manifest.py``."""
from __future__ import annotations

from dataclasses import dataclass

from companion.actions import Action
from companion.caravelas.actions import ChooseWreck, Pirate, Step
from companion.caravelas.state import CaravelasState
from companion.signals import PirateAttack, Signal


@dataclass(frozen=True)
class PiratesPaid(PirateAttack):
    """The board's pirates took 1 marker from ``victim``.  No seat raids in Caravelas:
    ``attacker`` is the victim too (a PirateAttack, so game stories still mark it)."""

    @classmethod
    def by(cls, seat: int) -> PiratesPaid:
        return cls(attacker=seat, victim=seat)


@dataclass(frozen=True)
class PiratesWarded(Signal):
    """``seat`` played Favourable Wind on a pirate cell: the pirates take nothing."""

    seat: int


@dataclass(frozen=True)
class Wrecked(Signal):
    """``seat``'s ship ``ship`` took a wreck marker; ``lost`` goods went back to the supply."""

    seat: int
    ship: int
    lost: int = 0


def sea_signals(before: CaravelasState, action: Action, after: CaravelasState) -> tuple[Signal, ...]:
    """What a ship met in ``action``: the rocks, or pirates paid or warded off."""
    if isinstance(action, ChooseWreck):
        lost = len(before.players[action.seat].cargo) - len(after.players[action.seat].cargo)
        return (Wrecked(action.seat, action.ship, lost),)
    if isinstance(action, Step):
        pirates = after.rules.mapped_board.cells[action.cell].pirate
    else:
        pirates = isinstance(action, Pirate)          # the bookkeeping report of a pirate cell
    if not pirates:
        return ()
    assert isinstance(action, (Step, Pirate))
    seat, defend = action.seat, action.defend
    return (PiratesWarded(seat),) if defend else (PiratesPaid.by(seat),)
