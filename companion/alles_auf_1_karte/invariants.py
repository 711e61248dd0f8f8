"""Consistency checks of a state (digest §4.3), for states built from outside
input (a camera reading of a card, a hand-edited record) and for tests."""
from __future__ import annotations

from collections import Counter

from companion.errors import CompanionError
from companion.alles_auf_1_karte.catalogue import CARD_COUNT
from companion.alles_auf_1_karte.state import (
    DISPLAY_SIZE, MARK, MAX_THROWS, OVER, CardInPlay, GameState)


class InconsistentState(CompanionError, ValueError):
    """A state the rules can never reach (e.g. an open card with 3 complete rows)."""


def state_problems(state: GameState) -> list[str]:
    """Every broken invariant, in words; empty when the state is consistent."""
    problems = []
    ids: list[str] = list(state.pile) + [c.id for c in state.display]
    for seat, seat_state in enumerate(state.seats):
        name = f"seat {seat + 1}"
        for card in seat_state.open:
            ids.append(card.id)
            problems.extend(_mark_problems(name, card))
            if card.must_score:
                problems.append(f"{name}: open card {card.id} has {len(card.complete_rows)} "
                                f"complete rows; it should have been scored")
        for scored in seat_state.scored:
            ids.append(scored.id)
            problems.extend(_mark_problems(name, scored.card))
            if not scored.card.must_score:
                problems.append(f"{name}: scored card {scored.id} has fewer than 3 complete rows")
            if scored.row_points != scored.card.row_points or scored.bonus != scored.card.sun_bonus:
                problems.append(f"{name}: scored card {scored.id} has a wrong written score")
        if state.phase != OVER and len(seat_state.open) > state.rules.setup_draw:
            problems.append(f"{name}: holds {len(seat_state.open)} open cards")
    duplicates = [] if len(set(ids)) == len(ids) else [i for i, n in Counter(ids).items() if n > 1]
    if duplicates:
        problems.append(f"cards in two places at once: {', '.join(sorted(duplicates))}")
    if len(ids) != CARD_COUNT or state.card_count() != CARD_COUNT:
        problems.append(f"{len(ids)} cards accounted for, the game has {CARD_COUNT}")
    if len(state.display) > DISPLAY_SIZE:
        problems.append(f"the display holds {len(state.display)} cards")
    if state.dice and len(state.dice) != 5:
        problems.append(f"{len(state.dice)} dice on the table")
    if not 0 <= state.throws <= MAX_THROWS:
        problems.append(f"{state.throws} throws this round")
    if state.phase == MARK and len(state.dice) != 5:
        problems.append("marking without a final roll")
    return problems


def _mark_problems(name: str, card: CardInPlay) -> list[str]:
    return [f"{name}: card {card.id} has {marks} marks in the {row.colour} row of "
            f"{row.fields} fields"
            for row, marks in zip(card.card.rows, card.marks) if not 0 <= marks <= row.fields]


def check_state(state: GameState) -> None:
    """Raise InconsistentState listing every broken invariant."""
    problems = state_problems(state)
    if problems:
        raise InconsistentState("; ".join(problems))
