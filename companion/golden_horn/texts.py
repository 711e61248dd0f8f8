"""Golden Horn words inside translatable messages: colour names and cube counts."""
from __future__ import annotations

from companion.golden_horn import cubes
from companion.golden_horn.cubes import Counts
from companion.i18n import Text

#: The colour letters Y P G R O B as words (the same words as data.COLOUR_NAMES).
COLOUR_WORDS = {"Y": Text("yellow"), "P": Text("pink"), "G": Text("green"), "R": Text("red"),
                "O": Text("orange"), "B": Text("blue")}


def colour_word(letter: str) -> Text:
    """``"R"`` → the word "red", translatable."""
    return COLOUR_WORDS[letter]


def counts_text(c: Counts) -> str | Text:
    """Cubes or cards by colour letter (``"Y2 B1"``), or the word "none"."""
    return cubes.label(c) if any(c) else Text("none")
