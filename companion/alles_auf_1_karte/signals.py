"""Alles auf 1 Karte's signals for the LEDs, the buzzer and the banner."""
from __future__ import annotations

from typing import Any

from companion.actions import Action
from companion.alles_auf_1_karte.actions import Mark
from companion.alles_auf_1_karte.scoring import score_sheet
from companion.alles_auf_1_karte.state import DECIDE, MARK, OVER, REPLACE, THROW, GameState
from companion.signals import FinalRound, GameEnded, RoundEnded, SeatScored, Signal, TurnStarted


def signals(before: GameState, action: Action, after: GameState) -> tuple[Signal, ...]:
    """A card scored, the final round, a round's end, the next seat to roll or choose, the game's end."""
    found: list[Signal] = []
    if isinstance(action, Mark):
        decision = after.decisions[action.seat] if after.decisions else None
        if decision is not None and decision.scored is not None:
            found.append(SeatScored(action.seat, decision.scored))
    if after.final_round and not before.final_round:
        scorer = next(s for s, seat in enumerate(after.seats) if len(seat.scored) >= 4)
        rest = ("play goes on until every seat has rolled as often" if after.rules.equal_turns
                else "this roll is the last")
        found.append(FinalRound(f"{after.names[scorer]} scored a 4th card: {rest}"))
    if before.phase == MARK and after.phase != MARK:
        next_seat = None if after.phase == OVER else (before.active + 1) % after.player_count
        found.append(RoundEnded(next_seat))
    key = _turn_key(after)
    if key is not None and key != _turn_key(before):
        found.append(TurnStarted(key[-1]))
    if after.phase == OVER and before.phase != OVER:
        found.append(GameEnded(score_sheet(after).winners))
    return tuple(found)


def _turn_key(state: GameState) -> tuple[Any, ...] | None:
    """Identifies "whose turn" so a change can light that seat's LED."""
    if state.phase in (THROW, DECIDE):
        return ("roll", state.round, state.active)
    if state.phase == REPLACE and state.rules.advanced:
        return ("choose", state.round, len(state.replacements), state.replacements[0])
    return None
