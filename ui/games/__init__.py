"""Table views, one per game, declared as ``UI = GameUi(...)`` in the module the
game's manifest names (``ui/games/<game>_manifest.py``); a game that declares
``ui=None`` is played on the generic view (every legal action as a button).

``ui/games`` holds only Kivy code; a game's camera code is in ``vision/games``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from companion.engine import GameConfig
from companion.games import load_manifest
from companion.manifest import ManifestError
from companion.session import TableSession

#: reads an option's value from the camera: (players, settings) -> text;
#: raises CompanionError with what is wrong on the table
CameraOption = Callable[[int, Any], str]


@dataclass(frozen=True)
class GameUi:
    """One game's Kivy side."""

    #: the table screen's view for a game in progress (a Kivy widget with ``refresh()``)
    build_view: Callable[[TableSession], Any]
    #: what the setup screen adds to the config before the game starts (e.g. the
    #: card catalogue the players corrected): (config, app) -> config
    prepare_config: Callable[[GameConfig, Any], GameConfig] | None = None
    #: options the setup screen can fill from the camera, by option name
    camera_options: Mapping[str, CameraOption] = field(default_factory=dict)

    def __post_init__(self) -> None:
        hooks = [self.build_view, *self.camera_options.values()]
        if self.prepare_config is not None:
            hooks.append(self.prepare_config)
        if not all(callable(h) for h in hooks):
            raise ManifestError(f"GameUi hooks must be callables, got {self!r}")


def _generic_view(session: TableSession) -> Any:
    from ui.games.generic import GenericView

    return GenericView(session=session)


#: the Kivy side of a game that declares none
GENERIC = GameUi(build_view=_generic_view)


def game_ui(name: str) -> GameUi:
    """The Kivy declaration of registered game ``name`` (GENERIC when it declares none)."""
    module = load_manifest(name).ui
    if module is None:
        return GENERIC
    ui = importlib.import_module(module).UI
    if not isinstance(ui, GameUi):
        raise ManifestError(f"{module}.UI is a {type(ui).__name__}, not a GameUi")
    return ui


def view_for(session: TableSession) -> Any:
    return game_ui(session.config.game).build_view(session)
