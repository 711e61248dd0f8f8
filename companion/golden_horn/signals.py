"""Golden Horn's signals for the LEDs, the buzzer and the banner: pirates, deliveries,
the final round, round and game end, the next turn."""
from __future__ import annotations

from companion.actions import Action
from companion.golden_horn.actions import Attack, Move
from companion.golden_horn.scoring import score, score_sheet
from companion.golden_horn.state import OVER, GoldenHornState
from companion.golden_horn.summary import end_reason
from companion.signals import (FinalRound, GameEnded, PirateAttack, RoundEnded, SeatScored, Signal,
                               TurnStarted)


def signals(before: GoldenHornState, action: Action, after: GoldenHornState) -> tuple[Signal, ...]:
    """Pirates, deliveries, final round, round end, game end, the next turn."""
    out: list[Signal] = []
    if isinstance(action, Attack):
        target = before.ship_by_id(action.ship)
        if target is not None:
            out.append(PirateAttack(action.seat, target.owner))
    if isinstance(action, Move):
        gained = score(after.warehouses[action.seat]) - score(before.warehouses[action.seat])
        if gained > 0:
            out.append(SeatScored(action.seat, gained))
    if before.end is None and after.end is not None:
        out.append(FinalRound(end_reason(after)))
    if after.phase == OVER:
        if before.phase != OVER:
            out.append(GameEnded(score_sheet(after).winners))
        return tuple(out)
    if before.round >= 1 and after.round > before.round:
        out.append(RoundEnded(after.current))
    if after.turn != before.turn:
        out.append(TurnStarted(after.current))
    return tuple(out)
