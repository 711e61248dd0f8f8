"""The Settings screen's pin text: every valid pin map (RGB seat LEDs too) shows as text
that saves back to the same map; any other text is refused with the line, never guessed."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from hardware.pins import RESERVED_GPIO, PinMap
from ui.screens.settings import pins_to_text, text_to_pins

FREE = [g for g in range(28) if g not in RESERVED_GPIO]


@st.composite
def pin_maps(draw) -> PinMap:
    """Valid maps: distinct usable pins, each seat a plain or an RGB LED."""
    pool = draw(st.permutations(FREE))
    end_turn, confirm, undo, status, buzzer, *rest = pool
    seats = []
    for rgb in draw(st.lists(st.booleans(), min_size=1, max_size=3)):
        seats.append(tuple(rest[:3]) if rgb else rest[0])
        rest = rest[3:] if rgb else rest[1:]
    return PinMap(end_turn, confirm, undo, tuple(seats), status, buzzer, draw(st.booleans()))


@settings(max_examples=200, deadline=None)
@given(pin_maps())
def test_every_valid_pin_map_round_trips_through_the_text(pin_map):
    assert PinMap.from_dict(text_to_pins(pins_to_text(pin_map.to_dict()))) == pin_map


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_gives_pins_or_a_line_numbered_error(text):
    try:
        text_to_pins(text)
    except ValueError as exc:
        assert str(exc).startswith("pins line ")


@pytest.mark.parametrize("text", ["end_turn = 5, 6", "buzzer_tonal = maybe", "seat_leds = 1.5",
                                  "seat_leds = [1, 2", "seat_leds = [[1]]", "confirm ="])
def test_ambiguous_text_is_refused(text):
    with pytest.raises(ValueError, match="pins line 1"):
        text_to_pins(text)
