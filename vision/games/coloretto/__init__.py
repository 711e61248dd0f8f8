"""Coloretto's vision declaration: the mat's rows read by colour, no tags to print
(``camera``)."""
from __future__ import annotations

from typing import Any

from vision.games import CameraSetup, GameVision
from vision.tags import Tag


def no_tags(seats: int) -> list[Tag]:
    return []


def camera_setup(state: Any) -> CameraSetup:
    """The mat's board profile and, for laptop play, a simulated mat showing the game."""
    from vision.games.coloretto.camera import load_board_profile, simulated_table

    return CameraSetup(load_board_profile(), simulated_table(state))


VISION = GameVision(tags=no_tags, max_seats=5, camera_setup=camera_setup)
