"""Each game's colours, as drawn on screen, stay apart for colour-blind players.

Every palette is simulated as seen with deuteranopia, protanopia and tritanopia
(colorspacious: Machado et al. 2009 at severity 100) and the closest pair of colours
is measured as ΔE in CAM02-UCS.  The floor, 9.5, is close to what the Okabe–Ito palette
(made for colour-blind readers) reaches at its closest under the three (11.0), against
1.6 for matplotlib's tab10 under protanopia; a ΔE of 1–2 is the just-noticeable
difference of two patches side by side.  (The seats' green stays as it is: a darker one
would reach 10 but reads worse under black text.)  Symbols carry the colour whatever the fill
(companion/colour_symbols.py); this keeps the fills apart as well.

Run with ``-s`` to see the figures (the README's table).
"""
from __future__ import annotations

import itertools

import pytest

colorspacious = pytest.importorskip("colorspacious")

from companion.coloretto.data import CATALOGUE   # noqa: E402
from ui.colours import SEAT_RGB   # noqa: E402
from ui.games.alles_auf_1_karte.cards import COLOUR_RGB as ALLES_RGB   # noqa: E402
from ui.games.coloretto.widgets import card_rgba   # noqa: E402
from ui.games.golden_horn.widgets import COLOUR_RGBA   # noqa: E402
from ui.games.kit import text_fill   # noqa: E402

FLOOR = 9.5
VIEWS = {"normal": None, "deuteranopia": "deuteranomaly", "protanopia": "protanomaly",
         "tritanopia": "tritanomaly"}

Palette = dict[str, tuple[float, float, float]]


def palettes() -> dict[str, Palette]:
    """Each game's colours as drawn: Golden Horn's cube dots and (shaded under text) chips,
    Coloretto's card faces (shaded under their names), Alles auf 1 Karte's dice, seats."""
    return {
        "Golden Horn cubes/cards": {k: tuple(v[:3]) for k, v in COLOUR_RGBA.items()},
        "Golden Horn chips": {k: text_fill(v[:3]) for k, v in COLOUR_RGBA.items()},
        "Coloretto cards": {c: text_fill(tuple(card_rgba(c)[:3])) for c in CATALOGUE.colours},
        "Alles auf 1 Karte dice": dict(ALLES_RGB),
        "Seat colours": dict(SEAT_RGB),
    }


def simulated(rgb: tuple[float, ...], cvd: str | None):
    import numpy as np

    colour = np.clip(np.asarray(rgb, dtype=float), 0, 1)
    if cvd is None:
        return colour
    space = {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}
    return np.clip(colorspacious.cspace_convert(colour, space, "sRGB1"), 0, 1)


def closest(palette: Palette, cvd: str | None) -> tuple[float, str, str]:
    """The smallest ΔE (CAM02-UCS) between two colours of ``palette`` as seen with ``cvd``."""
    seen = {name: simulated(rgb, cvd) for name, rgb in palette.items()}
    return min((float(colorspacious.deltaE(seen[a], seen[b], input_space="sRGB1")), a, b)
               for a, b in itertools.combinations(seen, 2))


def test_every_palette_stays_apart_under_simulated_colour_blindness():
    rows, too_close = [], []
    for name, palette in palettes().items():
        figures = {view: closest(palette, cvd) for view, cvd in VIEWS.items()}
        rows.append(f"{name:26}" + "".join(f"{d:7.1f} ({a}/{b})".ljust(24) for d, a, b in figures.values()))
        too_close += [(name, view, round(d, 1), a, b) for view, (d, a, b) in figures.items() if d < FLOOR]
    print("\nminimum pairwise ΔE (CAM02-UCS):", *VIEWS)
    print("\n".join(rows))
    assert too_close == []


def test_the_measure_tells_a_confusable_pair():
    """Red and green of equal lightness are far apart for most, close under deuteranopia."""
    pair = {"red": (0.8, 0.3, 0.2), "green": (0.4, 0.55, 0.2)}
    assert closest(pair, None)[0] > 20 and closest(pair, "deuteranomaly")[0] < FLOOR
