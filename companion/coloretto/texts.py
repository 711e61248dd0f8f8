"""Coloretto words inside translatable messages: colours, rows, cards and the scoring
sides as players call them (docs/messages.md)."""
from __future__ import annotations

from companion.coloretto.data import GOLDEN_JOKER, LAST_ROUND
from companion.messages import Text


#: The shipped catalogue's colour ids as translatable words (a renamed colour shows as it is).
COLOUR_WORDS = {"green": Text("green"), "yellow": Text("yellow"), "orange": Text("orange"),
                "blue": Text("blue"), "pink": Text("pink"), "brown": Text("brown"), "grey": Text("grey")}


def colour_word(colour: str) -> Text | str:
    """A colour id as a word in messages (translatable for the shipped colours)."""
    return COLOUR_WORDS.get(colour, colour)


#: The rows as players call them, counted from the first row laid out.
ROW_WORDS = (Text("the first row"), Text("the second row"), Text("the third row"),
             Text("the fourth row"), Text("the fifth row"))


def row_words(row: int) -> Text:
    """Row ``row`` (0-based) as players call it: "the third row"."""
    return ROW_WORDS[row] if 0 <= row < len(ROW_WORDS) else Text("row {number}", number=row + 1)


def card_label(card: str) -> Text:
    """How a card reads in messages: 'a yellow card', 'a joker', 'a +2 card'."""
    if card == "joker":
        return Text("a joker")
    if card == "plus2":
        return Text("a +2 card")
    if card == LAST_ROUND:
        return Text("the last-round card")
    if card == GOLDEN_JOKER:
        return Text("the golden joker")
    return Text("a {colour} card", colour=colour_word(card))


#: The two sides of the scoring card, as players call them.
SIDE_WORDS = {"brown": Text("the brown side"), "grey": Text("the grey side")}


#: A player's cards of each kind, as the correction names them.
KIND_WORDS = {"joker": Text("jokers"), "plus2": Text("+2 cards")}
