"""Marking rules: which colours of a roll fit a card, and why others do not.

Digest §4.2: a colour is used with *all* its dice or not at all, only on a
card that has that colour's row, and only when every die fits in the row's
free fields (left to right, so one count per row says everything).
"""
from __future__ import annotations

from companion.engine import IllegalAction
from companion.alles_auf_1_karte.actions import Mark
from companion.alles_auf_1_karte.cards import COLOURS
from companion.alles_auf_1_karte.state import CardInPlay, GameState

RULE_MARK = "§4.2 marking"
RULE_ONE_CARD = "§4.2 one card per roll"
RULE_ALL_COLOURS = "option must_use_all_fitting_colours (AMB-A2)"


def colour_problem(card: CardInPlay, counts: dict[str, int], colour: str) -> str | None:
    """Why ``colour`` cannot be used on ``card`` with this roll, or None when it fits."""
    dice = counts.get(colour, 0)
    if dice == 0:
        return f"there is no {colour} die in this roll"
    index = card.card.row_of(colour)
    if index is None:
        return f"card {card.id} has no {colour} row"
    free = card.free(index)
    if free == 0:
        return f"the {colour} row of {card.id} is already full"
    if dice > free:
        return (f"{_dice(dice, colour)} but only {free} free {colour} "
                f"field{'s' if free != 1 else ''} on {card.id}: all {colour} dice or none")
    return None


def _dice(n: int, colour: str) -> str:
    return f"{n} {colour} di{'ce' if n != 1 else 'e'}"


def fitting_colours(card: CardInPlay, counts: dict[str, int]) -> tuple[str, ...]:
    """Colours of the roll whose dice all fit on ``card``, in canonical order."""
    return tuple(c for c in COLOURS if counts.get(c) and colour_problem(card, counts, c) is None)


def check_colours(card: CardInPlay, counts: dict[str, int], colours: tuple[str, ...],
                  must_use_all: bool) -> None:
    """Raise IllegalAction unless marking ``colours`` on ``card`` is allowed."""
    for colour in colours:
        problem = colour_problem(card, counts, colour)
        if problem is not None:
            raise IllegalAction(problem[0].upper() + problem[1:] + ".", RULE_MARK)
    if must_use_all and colours:
        left_out = [c for c in fitting_colours(card, counts) if c not in colours]
        if left_out:
            raise IllegalAction(
                f"Every fitting colour must be used once you mark: add {', '.join(left_out)}.",
                RULE_ALL_COLOURS)


def fields_to_score(card: CardInPlay) -> int:
    """Fewest fields still to cross before the card has 3 complete rows."""
    missing = 3 - len(card.complete_rows)
    if missing <= 0:
        return 0
    free = sorted(card.free(i) for i in range(len(card.card.rows)) if not card.is_complete(i))
    return sum(free[:missing])


def infer_mark(state: GameState, seat: int, card_id: str, marks: tuple[int, ...]) -> Mark:
    """The Mark that turns the card's current marks into ``marks`` (the row counts a
    player tapped, or the camera counted).  IllegalAction explains marks no roll
    use can give, e.g. 1 of 2 yellow dice."""
    if not 0 <= seat < state.player_count:
        raise IllegalAction(f"There is no seat {seat + 1}.")
    card = state.seats[seat].open_card(card_id)
    if card is None:
        raise IllegalAction(f"Seat {seat + 1} has no open card {card_id}.", RULE_ONE_CARD)
    if len(marks) != len(card.marks):
        raise IllegalAction(f"Card {card_id} has {len(card.marks)} rows, not {len(marks)}.")
    counts = state.dice_counts()
    colours = []
    for index, (old, new) in enumerate(zip(card.marks, marks)):
        row = card.card.rows[index]
        added = new - old
        if added == 0:
            continue
        if added < 0:
            raise IllegalAction(f"Marks cannot be wiped off: the {row.colour} row had {old}.",
                                RULE_MARK)
        dice = counts.get(row.colour, 0)
        if dice == 0:
            raise IllegalAction(f"There is no {row.colour} die in this roll.", RULE_MARK)
        if added != dice:
            raise IllegalAction(
                f"{added} of {_dice(dice, row.colour)} marked: use all {row.colour} dice or none.",
                RULE_MARK)
        colours.append(row.colour)
    return Mark(seat, card_id, tuple(colours))
