"""Golden Horn's Kivy side, as its manifest (companion/golden_horn/manifest.py) names it."""
from __future__ import annotations

from typing import Any

from companion.errors import CompanionError
from companion.i18n import N_, Text
from ui.games import GameUi


def build_view(session: Any) -> Any:
    from ui.games.golden_horn import GoldenHornView

    return GoldenHornView(session=session)


def read_route_tiles(players: int, settings: Any, simulated_machine: bool) -> str:
    """The setup screen's ``route.tiles`` read by the camera from the tiles on the table
    (on a laptop: from the simulated copy of the game).  Raises CompanionError with
    what is wrong on the table (a tile missing, Modone's side, …)."""
    from ui.camera import frame_source
    from vision.games import CameraSetup
    from vision.games.golden_horn_camera import simulated_copy
    from vision.games.golden_horn_route import read_route_from

    copy = simulated_copy(players)
    source = frame_source(settings, CameraSetup(copy.profile, copy), simulated_machine)
    if source is None:
        raise CompanionError(Text(N_("The camera is switched off in the settings: type the colours.")))
    try:
        with source:
            route = read_route_from(source, copy.profile, players)
    except Exception as exc:   # a camera that fails leaves the text to type
        raise CompanionError(Text(N_("Camera unavailable: type the colours."))) from exc
    if not route.complete:
        raise CompanionError(route.problems[0] if route.problems
                             else Text(N_("Some squares are covered: clear the route and try again.")))
    return route.text


UI = GameUi(build_view=build_view, camera_options={"route.tiles": read_route_tiles})
