"""Every colour of every game has its own symbol, drawable and named in every language
(companion/colour_symbols.py).  The colours are taken from the games' own data, so a
colour added to a game fails here until it has a symbol."""
from __future__ import annotations

import pytest

from companion.alles_auf_1_karte.cards import COLOURS as ALLES_COLOURS
from companion.colour_symbols import COLOUR_SYMBOLS, COLOUR_WORDS, colour_symbol
from companion.coloretto.data import CATALOGUE
from companion.golden_horn.data import COLOUR_NAMES as GOLDEN_HORN_COLOURS
from tests.core.test_glyphs import FONTS, font_characters
from tools.catalogues import catalogue
from ui.colours import SEAT_RGB

#: what each game draws in colour: cubes, cards and sails; cards and rows; dice and rows; seats
GAME_COLOURS = {
    "golden_horn": tuple(GOLDEN_HORN_COLOURS.values()),
    "coloretto": CATALOGUE.colours,
    "alles_auf_1_karte": ALLES_COLOURS,
    "seats": tuple(SEAT_RGB),
}


@pytest.mark.parametrize("game", sorted(GAME_COLOURS))
def test_every_colour_of_every_game_has_a_symbol_and_a_name(game):
    colours = GAME_COLOURS[game]
    assert colours
    assert [c for c in colours if not colour_symbol(c)] == []
    assert [c for c in colours if c not in COLOUR_WORDS] == []


def test_no_two_colours_share_a_symbol():
    assert len(set(COLOUR_SYMBOLS.values())) == len(COLOUR_SYMBOLS)
    assert all(len(symbol) == 1 for symbol in COLOUR_SYMBOLS.values())


def test_every_symbol_is_a_glyph_of_the_symbol_font():
    """DejaVu Sans (shipped with Kivy) draws them; Roboto, the text font, has none."""
    dejavu = font_characters(FONTS / "DejaVuSans.ttf")
    assert [s for s in COLOUR_SYMBOLS.values() if ord(s) not in dejavu] == []


@pytest.mark.parametrize("lang", ["el", "it", "pl"])
def test_every_colour_name_is_translated(lang):
    translated = catalogue(lang)
    assert [w for w in COLOUR_WORDS.values() if not translated.get(w)] == []


def test_a_colour_without_a_symbol_gets_none():
    assert colour_symbol(" Red ") == "♥" and colour_symbol("joker") == "" and colour_symbol(None) == ""
