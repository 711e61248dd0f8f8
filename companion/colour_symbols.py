"""A symbol for every colour the games use, so a colour never speaks by its fill alone.

Players who cannot tell red from green (or blue from yellow) read the symbol drawn on or
beside the colour: the same colour has the same symbol on every screen and in every game
(a red cube in Golden Horn, a red die in Alles auf 1 Karte and a red seat all carry ♥;
no symbol is the winners' star ★).
Every symbol is a glyph of DejaVu Sans, the symbol font Kivy ships (checked by
tests/ui/test_colour_symbols.py on the rendered font), and no two colours share one.

Pure data: the UI draws the symbols (ui/widgets/colour_mark.py), the catalogues hold
the colours' names (``COLOUR_WORDS``) in every language.
"""
from __future__ import annotations

from companion.messages import N_

#: the colour's symbol, by the colour's English name as the games' data spell it
COLOUR_SYMBOLS: dict[str, str] = {
    "red": "♥", "orange": "▲", "yellow": "⬢", "green": "♣", "blue": "◆", "purple": "♠",
    "pink": "✿", "brown": "■", "grey": "◐", "black": "✚", "white": "○",
}

#: the colour's name as players read it (the catalogues translate these)
COLOUR_WORDS: dict[str, str] = {
    "red": N_("red"), "orange": N_("orange"), "yellow": N_("yellow"), "green": N_("green"),
    "blue": N_("blue"), "purple": N_("purple"), "pink": N_("pink"), "brown": N_("brown"),
    "grey": N_("grey"), "black": N_("black"), "white": N_("white"),
}


def colour_symbol(colour: str | None) -> str:
    """The symbol of ``colour`` (an English colour name, any case); '' for a colour the
    games do not have (a typed seat colour, a joker)."""
    return COLOUR_SYMBOLS.get((colour or "").strip().casefold(), "")
