"""Seat colours and readable text on them.

One palette for every screen (the header, the simulated panel's LEDs, the game
views), so a seat chosen "red" in setup is red everywhere.  Text drawn on a colour
is black or white, whichever contrasts more (WCAG 2 relative luminance: at least
5:1 for every colour of the palette, a margin over WCAG AA's 4.5:1 for anti-aliased
glyphs; checked by tests/ui/test_colours.py).
"""
from __future__ import annotations

RGB = tuple[float, float, float]

#: the colours offered in setup (ui/screens/setup.py SEAT_COLOURS), as drawn on screen: purple
#: darker and orange lighter, so that no two are close under simulated colour blindness
#: (tests/ui/test_colour_palettes.py), blue dark enough under white text (5.4:1)
SEAT_RGB: dict[str, RGB] = {
    "red": (0.8, 0.13, 0.13), "blue": (0.15, 0.39, 0.84), "green": (0.16, 0.66, 0.3),
    "yellow": (0.98, 0.85, 0.16), "black": (0.12, 0.12, 0.14), "white": (0.96, 0.96, 0.96),
    "purple": (0.42, 0.12, 0.64), "orange": (1.0, 0.65, 0.21),
}
#: seats whose colour is not one of the palette's (typed, or left empty), by seat number
FALLBACK_RGB: tuple[RGB, ...] = (SEAT_RGB["red"], SEAT_RGB["blue"], SEAT_RGB["green"], SEAT_RGB["yellow"],
                                 SEAT_RGB["purple"], SEAT_RGB["orange"])
BLACK: RGB = (0.0, 0.0, 0.0)
WHITE: RGB = (1.0, 1.0, 1.0)
#: the app's background (ui/root.kv)
BACKGROUND: RGB = (0.09, 0.11, 0.13)


def colour_key(colour: str | None) -> str | None:
    """The palette key of a seat colour: the key itself, or its label in any of the
    app's languages (games set up before colours were kept as keys hold "κόκκινο");
    None when it is neither."""
    if not colour:
        return None
    text = colour.strip().casefold()
    if text in SEAT_RGB:
        return text
    return _labels().get(text)


_label_keys: dict[str, str] = {}


def _labels() -> dict[str, str]:
    if not _label_keys:
        from companion.i18n import Translator
        from companion.settings import LANGUAGES

        for lang in LANGUAGES:
            translate = Translator(lang)
            for key in SEAT_RGB:
                _label_keys.setdefault(translate(key).strip().casefold(), key)
    return _label_keys


def seat_rgb(colour: str, seat: int = 0) -> RGB:
    """The on-screen colour of a seat whose players chose ``colour`` in setup."""
    return SEAT_RGB.get(colour_key(colour) or "", FALLBACK_RGB[seat % len(FALLBACK_RGB)])


def _channel(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour with channels in 0..1."""
    r, g, b = (_channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio between two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on ``background``."""
    return BLACK if contrast(BLACK, background) >= contrast(WHITE, background) else WHITE


def rgba(rgb: RGB, alpha: float = 1.0) -> tuple[float, float, float, float]:
    return (rgb[0], rgb[1], rgb[2], alpha)
