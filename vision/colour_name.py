"""What colour is this? The colour of a card, cube or die held at a spot of the frame.

The same calibrated reading as colour dice and Coloretto's cards (vision/dice.py): the
frame is white-balanced against the anchors' paper white when the board was seen, the
spot's median colour is taken in Lab and matched to the colours the games' pieces are
printed in, with the dice's thresholds (too far from every colour, or nearly as close
to two of them: no name rather than a guess).
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.config import DiceConfig
from vision.dice import white_balance
from vision.frames import to_bgr

#: a spot as a share of the frame's shorter side: a card or a die held at the camera's height
SPOT_SHARE = 0.06


def _rgb(code: str) -> tuple[int, int, int]:
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


def piece_colours() -> tuple[tuple[str, tuple[int, int, int]], ...]:
    """(colour name, RGB 0..255) of every printed piece the games' camera readers know:
    Coloretto's cards, Alles auf 1 Karte's dice, Golden Horn's squares, and the seat
    pieces' black and white; a name may have several shades (one per game)."""
    from companion.coloretto.data import CATALOGUE
    from companion.golden_horn.data import COLOUR_NAMES
    from vision.games.alles_auf_1_karte.camera import DICE_RGB
    from vision.games.coloretto.camera import CARD_RGB
    from vision.games.golden_horn.camera import COLOUR_BGR

    found: list[tuple[str, tuple[int, int, int]]] = []
    found += [(c, _rgb(CARD_RGB[c])) for c in CATALOGUE.colours]
    found += [(c, _rgb(code)) for c, code in DICE_RGB.items()]
    found += [(COLOUR_NAMES[letter], (r, g, b)) for letter, (b, g, r) in COLOUR_BGR.items()]
    found += [("white", (240, 240, 236)), ("black", (34, 34, 38))]
    return tuple(dict.fromkeys(found))


@dataclass(frozen=True)
class ColourAtSpot:
    """The colour named at a spot (None: unclear), how far it was from that colour (Lab)
    and the spot's box in frame px (x0, y0, x1, y1)."""

    colour: str | None
    distance: float
    box: tuple[int, int, int, int]


def spot_box(shape: tuple[int, ...], centre: tuple[float, float] | None = None,
             share: float = SPOT_SHARE) -> tuple[int, int, int, int]:
    """The square spot (x0, y0, x1, y1) around ``centre`` (frame px; None: the frame's
    centre, the marked spot), ``share`` of the shorter side wide, inside the frame."""
    h, w = shape[:2]
    half = max(2, int(min(w, h) * share / 2))
    cx, cy = (w / 2, h / 2) if centre is None else centre
    x0 = int(min(max(cx - half, 0), max(w - 2 * half, 0)))
    y0 = int(min(max(cy - half, 0), max(h - 2 * half, 0)))
    return x0, y0, min(w, x0 + 2 * half), min(h, y0 + 2 * half)


def name_colour_at(image_bgr: np.ndarray, centre: tuple[float, float] | None = None,
                   white_bgr: tuple[float, float, float] | None = None,
                   config: DiceConfig = DiceConfig(), share: float = SPOT_SHARE,
                   colours: tuple[tuple[str, tuple[int, int, int]], ...] | None = None) -> ColourAtSpot:
    """Name the colour at ``centre`` (frame px; None: the frame's centre) of a BGR frame.

    ``white_bgr`` is the anchors' paper white as the camera saw it (BoardLocation's),
    which calibrates the colours; without it the frame is read as it is.  The inner
    half of the spot is read (its median), so an edge of the piece held there does not
    count.
    """
    image_bgr = to_bgr(image_bgr)   # a grey or 4-channel frame as the readers take it
    box = spot_box(image_bgr.shape, centre, share)
    x0, y0, x1, y1 = box
    qx, qy = (x1 - x0) // 4, (y1 - y0) // 4
    patch = image_bgr[y0 + qy:y1 - qy, x0 + qx:x1 - qx]
    if patch.size == 0:
        return ColourAtSpot(None, float("inf"), box)
    patch = white_balance(patch, white_bgr)
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    seen = np.median(lab, axis=0)
    best: dict[str, float] = {}
    for name, (r, g, b) in colours if colours is not None else piece_colours():
        ref = cv2.cvtColor(np.array([[[b, g, r]]], dtype=np.uint8), cv2.COLOR_BGR2LAB).astype(np.float32)[0, 0]
        d = float(np.linalg.norm(seen - ref))
        best[name] = min(d, best.get(name, d))
    ranked = sorted((d, name) for name, d in best.items())
    (d1, name), (d2, _) = ranked[0], ranked[1]
    if d1 > config.max_colour_distance or d1 > config.ambiguity_ratio * d2:
        return ColourAtSpot(None, d1, box)
    return ColourAtSpot(name, d1, box)
