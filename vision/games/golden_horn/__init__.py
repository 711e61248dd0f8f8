"""Golden Horn's vision declaration: ships' tags, the route tiles' markers, and
a reader that names spaces by the route (``camera``, ``route``)."""
from __future__ import annotations

from typing import Any

from vision import tags
from vision.games import CameraSetup, GameVision
from vision.tags import Tag


def ship_tags(seats: int) -> list[Tag]:
    return [tags.ship("golden_horn", s, n) for s in range(seats) for n in "ABC"]


def camera_setup(state: Any) -> CameraSetup:
    """The route tiles' profile, a reader expecting this game's route, and a simulated table."""
    from vision.games.golden_horn.camera import simulated_table
    from vision.games.golden_horn.route import GoldenHornReader

    table = simulated_table(state)
    colours = "".join(n.colour for n in state.route if n.kind == "square")
    route = " ".join(colours[i:i + 3] for i in range(0, len(colours), 3))
    return CameraSetup(profile=table.profile, simulated_table=table,
                       reader=GoldenHornReader(table.profile, state.players, expected=route))


VISION = GameVision(tags=ship_tags, max_seats=4, camera_setup=camera_setup, anchor_profile="golden_horn")
