"""Marking rules: which colours of a roll fit a card, and why others do not.

Digest §4.2: a colour is used with *all* its dice or not at all, only on a
card that has that colour's row, and only when every die fits in the row's
free fields (left to right, so one count per row says everything).
"""
from __future__ import annotations

from companion.errors import IllegalAction
from companion.alles_auf_1_karte.actions import Mark
from companion.alles_auf_1_karte.texts import card_words, colour_word, seat_ref
from companion.alles_auf_1_karte.cards import COLOURS
from companion.alles_auf_1_karte.state import CardInPlay, GameState
from companion.messages import Text, no_such_seat

RULE_MARK = "§4.2 marking"
RULE_ONE_CARD = "§4.2 one card per roll"
RULE_ALL_COLOURS = "option must_use_all_fitting_colours (AMB-A2)"


def colour_problem(card: CardInPlay, counts: dict[str, int], colour: str) -> Text | None:
    """Why ``colour`` cannot be used on ``card`` with this roll (a sentence), or None when it fits."""
    dice = counts.get(colour, 0)
    word = colour_word(colour)
    if dice == 0:
        return Text("There is no {colour} die in this roll.", colour=word)
    index = card.card.row_of(colour)
    if index is None:
        return Text("There is no {colour} row on {card}.", card=card_words(card.id), colour=word)
    free = card.free(index)
    if free == 0:
        return Text("The {colour} row of {card} is already full.", colour=word, card=card_words(card.id))
    if dice > free:
        fields = Text("{count} free {colour} field", "{count} free {colour} fields", count=free, colour=word)
        return Text("{dice} but only {fields} on {card}: all {colour} dice or none.",
                    dice=_dice(dice, colour), fields=fields, card=card_words(card.id), colour=word)
    return None


def _dice(n: int, colour: str) -> Text:
    return Text("{count} {colour} die", "{count} {colour} dice", count=n, colour=colour_word(colour))


def fitting_colours(card: CardInPlay, counts: dict[str, int]) -> tuple[str, ...]:
    """Colours of the roll whose dice all fit on ``card``, in canonical order."""
    return tuple(c for c in COLOURS if counts.get(c) and colour_problem(card, counts, c) is None)


def check_colours(card: CardInPlay, counts: dict[str, int], colours: tuple[str, ...],
                  must_use_all: bool) -> None:
    """Raise IllegalAction unless marking ``colours`` on ``card`` is allowed."""
    for colour in colours:
        problem = colour_problem(card, counts, colour)
        if problem is not None:
            raise IllegalAction(problem, RULE_MARK)
    if must_use_all and colours:
        left_out = [c for c in fitting_colours(card, counts) if c not in colours]
        if left_out:
            raise IllegalAction(Text("With the setup option “{option}”, every colour that fits must be used "
                                     "once you mark: add {colours}.", option=Text("Use every fitting colour"),
                                     colours=tuple(colour_word(c) for c in left_out)), RULE_ALL_COLOURS)


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
        raise IllegalAction(no_such_seat(state.player_count))
    card = state.seats[seat].open_card(card_id)
    if card is None:
        raise IllegalAction(Text("{seat} has no open {card}.", seat=seat_ref(seat, capitalised=True),
                                 card=card_words(card_id)), RULE_ONE_CARD)
    if len(marks) != len(card.marks):
        raise IllegalAction(Text("There is {count} row on {card}, not {given}.",
                                 "There are {count} rows on {card}, not {given}.", card=card_words(card_id),
                                 count=len(card.marks), given=len(marks)))
    counts = state.dice_counts()
    colours = []
    for index, (old, new) in enumerate(zip(card.marks, marks)):
        row = card.card.rows[index]
        added = new - old
        if added == 0:
            continue
        if added < 0:
            raise IllegalAction(Text("Marks cannot be wiped off: the {colour} row had {count} mark.",
                                     "Marks cannot be wiped off: the {colour} row had {count} marks.",
                                     colour=colour_word(row.colour), count=old), RULE_MARK)
        dice = counts.get(row.colour, 0)
        if dice == 0:
            raise IllegalAction(Text("There is no {colour} die in this roll.",
                                     colour=colour_word(row.colour)), RULE_MARK)
        if added != dice:
            raise IllegalAction(Text("{added} of {dice} marked: use all {colour} dice or none.", added=added,
                                     dice=_dice(dice, row.colour), colour=colour_word(row.colour)),
                                RULE_MARK)
        colours.append(row.colour)
    return Mark(seat, card_id, tuple(colours))
