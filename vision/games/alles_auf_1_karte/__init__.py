"""Alles auf 1 Karte's vision declaration: the dice mat (``camera``)."""
from __future__ import annotations

from typing import Any

from vision import tags
from vision.games import CameraSetup, GameVision
from vision.tags import Tag

DICE_COLOURS = ("RED", "ORANGE", "YELLOW", "GREEN", "BLUE", "PURPLE")


def die_face_tags(seats: int) -> list[Tag]:
    # colour dice need no stickers; these face tags are for lighting where colours fail
    return [tags.die_face("alles_auf_1_karte", str(d), c) for d in range(1, 6) for c in DICE_COLOURS]


def camera_setup(state: Any) -> CameraSetup:
    """The dice mat profile and a simulated mat whose dice "Random" throws."""
    from vision.games.alles_auf_1_karte.camera import load_dice_profile, simulated_dice_table

    profile = load_dice_profile()
    return CameraSetup(profile, simulated_dice_table(profile))


VISION = GameVision(tags=die_face_tags, max_seats=4, camera_setup=camera_setup)
