"""Dice: colour faces calibrated against anchor white, QR face tags, unreadable dice named."""
from __future__ import annotations

import random

import pytest

from vision.camera_model import CameraModel
from vision.reader import TableReader
from vision.synthetic import SimulatedTable


def _faces(reading, prefix):
    return sorted(d.face for d in reading.dice if d.die.startswith(prefix) and d.face is not None)


@pytest.mark.parametrize("camera", [
    CameraModel(),
    CameraModel(light_rgb=(1.0, 0.85, 0.65), gradient=0.35, tilt_deg=10),  # warm lamp
    CameraModel(light_rgb=(0.8, 0.9, 1.0), gradient=0.2, yaw_deg=5),       # cool daylight
], ids=["neutral", "warm-lamp", "cool-light"])
def test_colour_dice_read_under_coloured_light(demo_profile, camera):
    for seed in range(3):
        table = SimulatedTable(demo_profile, camera, seed=seed)
        shown = table.roll_tray("colour-dice", random.Random(seed))
        reading = TableReader(demo_profile).read(table.render())
        assert _faces(reading, "colour-dice") == sorted(shown), seed
        assert reading.unread_dice == ("R",)  # the QR die is not on the table


def test_missing_die_is_named_not_guessed(demo_profile):
    table = SimulatedTable(demo_profile)
    table.roll_tray("colour-dice", random.Random(4))
    table.remove_die("colour-dice:3")
    reading = TableReader(demo_profile).read(table.render())
    colour = [d for d in reading.dice if d.die.startswith("colour-dice")]
    assert len(colour) == 5 and sum(d.face is None for d in colour) == 1
    assert any("not found" in n for n in reading.notes)


def test_touching_dice_are_reported_unread(demo_profile):
    table = SimulatedTable(demo_profile)
    table.set_die("colour-dice:1", "colour-dice", "red", (150, 340))
    table.set_die("colour-dice:2", "colour-dice", "blue", (165, 340))
    reading = TableReader(demo_profile).read(table.render())
    assert all(d.face is None for d in reading.dice)
    assert any("touch" in n for n in reading.notes)


def test_qr_die_up_face(demo_profile):
    table = SimulatedTable(demo_profile, CameraModel(width=1920, height=1080, tilt_deg=8))
    for face in ("1", "4", "6"):
        table.set_die("R", "red-die", face, (465, 346), angle_deg=int(face) * 17)
        reading = TableReader(demo_profile).read(table.render())
        assert [d for d in reading.dice if d.die == "R"][0].face == face
