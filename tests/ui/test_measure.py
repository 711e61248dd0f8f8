"""The gallery's contrast reading from pixels (tests/ui/measure.py): the ink is the text's,
not a stray pixel of a neighbour's outline."""
from __future__ import annotations

import numpy as np

from tests.ui.measure import _rendered_contrast
from ui.colours import contrast

GREEN, BLACK, WHITE, GREY = (47, 158, 68), (0, 0, 0), (255, 255, 255), (120, 120, 120)   # BGR


def card(ink, ground=GREEN, stray=None) -> np.ndarray:
    image = np.zeros((100, 200, 3), np.uint8)
    image[:, :] = ground
    image[45:55, 60:140] = ink          # the text's strokes: 800 pixels
    if stray is not None:
        image[97, 2] = stray            # a rounded outline's corner, inside the inset box
    return image


def rgb(bgr) -> tuple[float, ...]:
    return tuple(c / 255 for c in bgr[::-1])


def test_a_stray_outline_pixel_is_not_the_ink():
    measured = _rendered_contrast(card(BLACK, stray=WHITE), (0, 0, 200, 100))
    assert abs(measured - contrast(rgb(BLACK), rgb(GREEN))) < 0.3


def test_low_contrast_text_is_still_found():
    measured = _rendered_contrast(card(GREY, ground=(100, 100, 100), stray=WHITE), (0, 0, 200, 100))
    assert measured < 1.5


def test_no_text_reads_as_none():
    assert _rendered_contrast(card(GREEN), (0, 0, 200, 100)) is None
