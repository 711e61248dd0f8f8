"""Alles auf 1 Karte on camera: the dice mat profile and the simulated dice tray.

No Kivy here, so plain tests use it.  The "board" of this game is a dice mat:
a sheet of paper (420 x 300 mm) with an ArUco anchor in each corner and a
green felt tray where the 5 colour dice are thrown.  The camera reads the up
face of each die by colour (see docs/board-profiles.md, trays); the session
turns a settled reading of all 5 dice into a proposed ``RollDice``.

Board millimetres: x to the right, y towards the bottom edge.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from vision.camera_model import CameraModel
from vision.profiles import PROFILE_DIR, BoardProfile, load_profile
from vision.synthetic import SimulatedTable

PROFILE_NAME = "alles_auf_1_karte"
TRAY = "dice"
MAT_MM = (420.0, 300.0)
ANCHOR_MM = 30.0
DIE_MM = 16.0
#: the tray: the mat inside the anchors, with a margin
TRAY_RECT = (70.0, 55.0, 350.0, 245.0)
#: face colours of the dice under white light (#rrggbb), in the engine's colour names
DICE_RGB = {"red": "#d42a2a", "orange": "#f08a1c", "yellow": "#f2d22e", "green": "#2f9e44",
            "blue": "#2a62c9", "purple": "#7b3fb0"}
SIM_CAMERA = CameraModel()


def profile_document() -> dict[str, Any]:
    """The board profile as written to ``vision/profiles/alles_auf_1_karte.json``."""
    w, h = MAT_MM
    inset = ANCHOR_MM / 2 + 10
    x0, y0, x1, y1 = TRAY_RECT
    return {
        "format": "table-companion/board-profile",
        "version": 1,
        "name": PROFILE_NAME,
        "title": "Alles auf 1 Karte: dice mat",
        "game": "alles_auf_1_karte",
        "size_mm": [w, h],
        "notes": ("A 420 x 300 mm dice mat: an ArUco anchor in each corner (their white margin "
                  "is the colour reference) and a tray for the 5 colour dice in the middle. "
                  "Made by vision/games/alles_auf_1_karte/camera.py:profile_document()."),
        "anchors": {
            "dictionary": "DICT_4X4_50",
            "size_mm": ANCHOR_MM,
            "markers": [{"id": 40, "center": [inset, inset]},
                        {"id": 41, "center": [w - inset, inset]},
                        {"id": 42, "center": [w - inset, h - inset]},
                        {"id": 43, "center": [inset, h - inset]}],
        },
        "spaces": [],
        "trays": [{"name": TRAY, "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
                   "dice": {"kind": "colour", "count": 5, "size_mm": DIE_MM,
                            "colours": dict(DICE_RGB)}}],
    }


def load_dice_profile() -> BoardProfile:
    """The shipped dice mat profile."""
    return load_profile(PROFILE_DIR / f"{PROFILE_NAME}.json")


def simulated_dice_table(profile: BoardProfile | None = None, seed: int = 0,
                         camera: CameraModel = SIM_CAMERA) -> SimulatedTable:
    """A simulated dice mat with an empty tray (the dice are still in the roller's hand)."""
    return SimulatedTable(profile or load_dice_profile(), camera, seed=seed)


def throw_dice(table: SimulatedTable, kept: Sequence[str], rng: random.Random,
               hand: bool = False) -> list[str]:
    """Throw on the simulated mat: the ``kept`` faces stay, the other dice land at random.

    With ``hand`` the thrower's hand stays over the tray until :func:`lift_hand`,
    as at the table: the camera's change gate sees the hand move away and then
    reads the tray (small dice alone may change too few pixels of the gate's
    downscaled view).  Returns the 5 faces now showing (kept first)."""
    thrown = [rng.choice(tuple(DICE_RGB)) for _ in range(5 - len(kept))]
    if hand:
        hand_over_tray(table)
    clear_dice(table)
    faces = list(kept) + thrown
    return table.roll_tray(TRAY, rng, faces=faces)


def hand_over_tray(table: SimulatedTable) -> None:
    """The thrower's hand over the dice tray."""
    x0, y0, x1, y1 = TRAY_RECT
    table.set_hand(((x0 + x1) / 2, (y0 + y1) / 2), radius_mm=90.0)


def lift_hand(table: SimulatedTable) -> None:
    """The thrower's hand leaves the mat."""
    table.set_hand(None)


def set_dice(table: SimulatedTable, faces: Sequence[str], rng: random.Random) -> list[str]:
    """Lay the dice showing exactly ``faces`` (scattered in the tray)."""
    return table.roll_tray(TRAY, rng, faces=list(faces))


def pick_up(table: SimulatedTable, faces: Sequence[str]) -> None:
    """The dice showing ``faces`` are picked up off the mat to be thrown again."""
    wanted = list(faces)
    for die in table.dice():
        if die.face in wanted:
            wanted.remove(die.face)
            table.remove_die(die.die)


def clear_dice(table: SimulatedTable) -> None:
    """The dice are picked up off the mat (between rounds)."""
    for die in table.dice():
        table.remove_die(die.die)
