"""What colour is this? A die held at a spot of a rendered frame is named, calibrated
against the anchors' white under coloured light, as colour dice are (vision/colour_name.py)."""
from __future__ import annotations

import numpy as np
import pytest

from companion.colour_symbols import COLOUR_SYMBOLS
from vision.camera_model import CameraModel
from vision.colour_name import name_colour_at, piece_colours, spot_box
from vision.reader import TableReader
from vision.synthetic import SimulatedTable

SPOT_MM = (220.0, 340.0)   # inside the demo board's colour-dice tray
DICE = ("red", "orange", "yellow", "green", "blue", "purple")


@pytest.mark.parametrize("camera", [
    CameraModel(),
    CameraModel(light_rgb=(1.0, 0.85, 0.65), gradient=0.35, tilt_deg=10),  # warm lamp
    CameraModel(light_rgb=(0.8, 0.9, 1.0), gradient=0.2, yaw_deg=5),       # cool daylight
], ids=["neutral", "warm-lamp", "cool-light"])
def test_a_die_held_at_the_spot_is_named_under_coloured_light(demo_profile, camera):
    table = SimulatedTable(demo_profile, camera, seed=1)
    named = {}
    for colour in DICE:
        table.set_die("colour-dice:1", "colour-dice", colour, SPOT_MM)
        frame = table.render()
        reader = TableReader(demo_profile)
        reader.read(frame)
        white = reader.location.white_bgr if reader.location is not None else None
        assert white is not None
        spot = name_colour_at(frame, table.to_image(SPOT_MM), white, share=0.012)
        named[colour] = spot.colour
    assert named == {c: c for c in DICE}


def test_a_colour_no_piece_has_is_unclear_not_guessed():
    frame = np.zeros((120, 160, 3), dtype=np.uint8)
    frame[:, :] = (128, 128, 0)    # teal (BGR): between green and blue, none of the pieces
    assert name_colour_at(frame).colour is None


def test_a_printed_card_colour_is_named_at_the_marked_spot():
    """Coloretto's brown and grey and the seat pieces' black and white, held in the
    middle of the frame (the marked spot), on a table of another colour."""
    for name, (r, g, b) in piece_colours():
        frame = np.full((240, 320, 3), (60, 90, 40), dtype=np.uint8)   # green felt
        x0, y0, x1, y1 = spot_box(frame.shape)
        frame[y0 - 4:y1 + 4, x0 - 4:x1 + 4] = (b, g, r)
        assert name_colour_at(frame).colour == name, name


def test_every_named_colour_has_a_symbol_and_a_word():
    assert {name for name, _rgb in piece_colours()} <= set(COLOUR_SYMBOLS)
