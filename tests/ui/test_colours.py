"""The seat palette and its text: readable on every seat colour (ui/colours.py)."""
from __future__ import annotations

import pytest

from ui.colours import BLACK, SEAT_RGB, WHITE, contrast, ink_on, seat_rgb


@pytest.mark.parametrize("name", sorted(SEAT_RGB))
def test_text_on_every_seat_colour_reaches_5_to_1(name):
    rgb = SEAT_RGB[name]
    assert contrast(ink_on(rgb), rgb) >= 5.0


def test_contrast_is_the_wcag_ratio():
    assert contrast(BLACK, WHITE) == pytest.approx(21.0)
    assert contrast((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)) == pytest.approx(1.0)
    assert ink_on((1.0, 1.0, 0.0)) == BLACK and ink_on((0.0, 0.0, 0.5)) == WHITE


def test_a_typed_or_missing_colour_falls_back_by_seat():
    assert seat_rgb("Red ") == SEAT_RGB["red"]
    assert seat_rgb("teal", 1) == SEAT_RGB["blue"] and seat_rgb("", 0) == SEAT_RGB["red"]
