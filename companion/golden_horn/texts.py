"""Golden Horn words inside translatable messages: colours, cube counts, ships and places
as players call them (docs/messages.md)."""
from __future__ import annotations

from companion.golden_horn import cubes
from companion.golden_horn.cubes import Counts
from companion.messages import Seat, Text

#: The colour letters Y P G R O B as words (the same words as data.COLOUR_NAMES).
COLOUR_WORDS = {"Y": Text("yellow"), "P": Text("pink"), "G": Text("green"), "R": Text("red"),
                "O": Text("orange"), "B": Text("blue")}


def colour_word(letter: str) -> Text:
    """``"R"`` → the word "red", translatable."""
    return COLOUR_WORDS[letter]


def counts_text(c: Counts) -> tuple[Text, ...] | Text:
    """Cubes or cards by colour, as players say them ("yellow 2, blue 1"), or the word "none"."""
    if not any(c):
        return Text("none")
    return tuple(Text("{colour} {count}", colour=colour_word(letter), count=n)
                 for letter, n in zip(cubes.COLOURS, c) if n)


def letters_text(letters: str) -> tuple[Text, ...] | Text:
    """Colour letters (cards, cubes: ``"RRB"``) in words: "red 2, blue 1"."""
    return counts_text(cubes.counts(letters))


def node_words(node_id: str) -> Text:
    """How players call a route node: "Venice", "Modone", "square 5"."""
    ports = {"V": Text("Venice"), "C": Text("Constantinople"), "M": Text("Modone")}
    if node_id in ports:
        return ports[node_id]
    if node_id[:1] == "s" and node_id[1:].isdigit():
        return Text("square {number}", number=node_id[1:])
    return Text("a place that is not on the route")


def ship_words(label: str) -> Text:
    """A ship as players call it: ``"1a"`` (engine id: seat 1, ship a) → "Bea's ship a"."""
    return Text("{seat}'s ship {letter}", seat=Seat(int(label[:-1])), letter=label[-1])
