"""Caravelas's vision declaration: the tags to print (``pieces``) and the camera of a
game on a board file (``camera``: cells as point spaces, pawns read into cell ids, the
red die in its tray)."""
from __future__ import annotations

from typing import Any

from vision.games import CameraSetup, GameVision
from vision.games.caravelas.pieces import caravelas_tags


def camera_setup(state: Any) -> CameraSetup:
    """The board file's profile and, for laptop play, a simulated table showing the game."""
    from vision.games.caravelas.camera import simulated_table

    table = simulated_table(state)
    return CameraSetup(profile=table.profile, simulated_table=table)


VISION = GameVision(tags=caravelas_tags, max_seats=4, camera_setup=camera_setup)
