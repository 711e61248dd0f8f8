"""Golden Horn's Kivy side: the table view, the fleets' sail pickers and the route tiles read
by the camera on the setup screen, and the counts the table may correct."""
from __future__ import annotations

from typing import Any

from companion.engine import Option
from companion.errors import CompanionError
from companion.golden_horn import GAME
from companion.golden_horn.fleets import FLEET_OPTION
from companion.messages import N_, Text
from ui.games import GameUi
from ui.games.editors import OptionEditor, SetupForm, camera_text


def build_view(session: Any) -> Any:
    from ui.games.golden_horn.view import GoldenHornView

    return GoldenHornView(session=session)


def read_route_tiles(players: int, settings: Any) -> str:
    """The setup screen's ``route.tiles`` read by the camera from the tiles on the table
    (on a laptop: from the simulated copy of the game).  Raises CompanionError with
    what is wrong on the table (a tile missing, Modone's side, …)."""
    from ui.camera import frame_source
    from vision.games import CameraSetup
    from vision.games.golden_horn.camera import simulated_copy
    from vision.games.golden_horn.route import read_route_from

    copy = simulated_copy(players)
    source = frame_source(settings, CameraSetup(copy.profile, copy))
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


def fleet_editor(option: Option, form: SetupForm) -> OptionEditor:
    from ui.games.golden_horn.fleets import FleetEditor

    return FleetEditor(option, form)


UI = GameUi(
    build_view=build_view,
    option_editors={"route.tiles": camera_text(read_route_tiles), FLEET_OPTION: fleet_editor},
    corrections=GAME.counted,
)
