"""Caravelas's signals for the LEDs, the buzzer and the banner (:func:`signals`), and its own
kinds: what happened at the table when a ship met pirates or the rocks, so the banner and the
lights say that and nothing else.

- a pirate toll (SAIL-12: entering a pirate cell costs 1 marker): :class:`PiratesPaid`;
- Favourable Wind played against them (§4.6 b): :class:`PiratesWarded`, no alarm;
- a wreck (EVR-03, the red die): :class:`Wrecked`, the ship's cargo goes back to the supply.

How each shows is declared in ``companion/caravelas/manifest.py``."""
from __future__ import annotations

from dataclasses import dataclass

from companion.actions import Action
from companion.caravelas.actions import ChooseWreck, Pirate, Step
from companion.caravelas.scoring import score_sheet
from companion.caravelas.state import OVER, REVEAL, TURN, CaravelasState
from companion.signals import (AnswersAwaited, FinalRound, GameEnded, PirateAttack, RoundEnded, SeatScored,
                               Signal, TurnStarted)


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


def signals(before: CaravelasState, action: Action, after: CaravelasState) -> tuple[Signal, ...]:
    """What happened at sea, points scored, bonus moves offered or answered, the last round,
    round and game end, the next turn."""
    found: list[Signal] = list(sea_signals(before, action, after))
    for seat, (old, new) in enumerate(zip(before.players, after.players)):
        if new.running_score > old.running_score:
            found.append(SeatScored(seat, new.running_score - old.running_score))
    if answering(after) != answering(before):   # bonus moves offered, or one answered
        found.append(AnswersAwaited(answering(after)))
    if after.last_tile_round and not before.last_tile_round:
        found.append(FinalRound("the last monastery tile was bought: this round is the last"))
    if after.phase in (REVEAL, OVER) and before.phase == TURN:
        found.append(RoundEnded(None))
    if after.phase == OVER:
        found.append(GameEnded(score_sheet(after).winners))
        return tuple(found)
    if after.round > before.round:
        found.append(RoundEnded(after.order[0]))
    if after.phase == TURN and (before.phase != TURN or before.turn != after.turn or after.round > before.round):
        found.append(TurnStarted(after.active))
    return tuple(found)


def answering(state: CaravelasState) -> tuple[int, ...]:
    """The seats still to take or decline the bonus moves on offer (§4.7)."""
    return state.bonus.queue if state.pending == "bonus" and state.bonus is not None else ()
