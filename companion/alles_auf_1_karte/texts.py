"""Alles auf 1 Karte words inside translatable messages: dice colours, seats (counted from 1),
cards by their rows, dice rolls (docs/messages.md)."""
from __future__ import annotations

from companion.alles_auf_1_karte.cards import COLOURS, CardIdError, card_from_id
from companion.messages import Seat, Text


#: The dice colours as translatable words.
COLOUR_WORDS = {"red": Text("red"), "orange": Text("orange"), "yellow": Text("yellow"),
                "green": Text("green"), "blue": Text("blue"), "purple": Text("purple")}


def colour_word(colour: str) -> Text:
    """A dice colour as a word in messages."""
    return COLOUR_WORDS[colour]


def seat_ref(seat: int, capitalised: bool = False) -> Seat:
    """A seat in this game's messages, which count seats from 1 ("seat 1" is seat 0)."""
    return Seat(seat, capitalised=capitalised)


def card_words(card_id: str) -> Text:
    """A card as players see it, by its rows top to bottom: "card purple 5, yellow 3, …"
    ("a card not in this game" when the id is not a valid one)."""
    try:
        card = card_from_id(card_id)
    except CardIdError:
        return Text("a card not in this game")
    return Text("card {rows}", rows=tuple(Text("{colour} {fields}", colour=colour_word(row.colour),
                                                fields=row.fields) for row in card.rows))


def describe_dice(faces: tuple[str, ...]) -> tuple[Text, ...] | Text:
    """``("red", "red", "blue")`` -> "2 red, 1 blue" (a list of texts), or "no dice"."""
    counts = tuple(Text("{count} {colour}", count=faces.count(c), colour=colour_word(c))
                   for c in COLOURS if c in faces)
    return counts or Text("no dice")
