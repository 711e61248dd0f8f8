"""The vision side of each game: what the camera needs (board profile, simulated
table, reader) and which tags to print, declared as ``VISION`` in
``vision/games/<game>.py`` and named by the game's manifest
(:class:`companion.manifest.GameManifest`, field ``vision``).

The game-specific OpenCV code lives beside the declarations
(``*_camera.py``, ``golden_horn_route.py``); ``ui/games`` holds only Kivy code.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from companion.games import load_manifest
from companion.manifest import ManifestError
from vision.tags import Tag


@dataclass
class CameraSetup:
    """What a game gives the camera: its board profile, its simulated table, and
    its own reader when plain :class:`vision.reader.TableReader` is not enough."""

    profile: Any                  # vision.profiles.BoardProfile
    simulated_table: Any = None   # vision.synthetic.SimulatedTable for laptop play
    reader: Any = None            # a vision.reader.TableReader (None: one for ``profile``)


@dataclass(frozen=True)
class GameVision:
    """One game's vision declaration."""

    #: the tags to print for N seats (``companion tags GAME``); may be empty
    tags: Callable[[int], list[Tag]]
    #: the most seats a tag sheet is printed for
    max_seats: int
    #: the camera for a game in progress (its state); None: the game is played by touch only
    camera_setup: Callable[[Any], CameraSetup] | None = None
    #: the board profile whose ArUco markers ``companion tags`` prints too (None: none)
    anchor_profile: str | None = None

    def __post_init__(self) -> None:
        if not callable(self.tags) or (self.camera_setup is not None and not callable(self.camera_setup)):
            raise ManifestError(f"GameVision needs callables for tags and camera_setup, got {self!r}")
        if self.max_seats < 1:
            raise ManifestError(f"GameVision.max_seats must be at least 1, not {self.max_seats}")


def game_vision(name: str) -> GameVision | None:
    """The vision declaration of registered game ``name`` (None: it declares none)."""
    module = load_manifest(name).vision
    if module is None:
        return None
    vision = importlib.import_module(module).VISION
    if not isinstance(vision, GameVision):
        raise ManifestError(f"{module}.VISION is a {type(vision).__name__}, not a GameVision")
    return vision
