"""The vision side of each game, one package per game (``vision/games/<game>/``),
listed by the game's name in :data:`vision.registry.GAMES` (with its tag code):
what the camera needs (board profile, simulated table, reader) and which tags to
print, declared as ``VISION`` in the package.  A game not listed has no camera and no tags.

The game's OpenCV code lives in its package beside the declaration (``camera.py``,
Golden Horn's ``route.py``); ``ui/games`` holds only Kivy code.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from companion.manifest import ManifestError
from vision.registry import GAMES
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
    """The vision declaration of game ``name`` (None: it has none)."""
    entry = GAMES.get(name)
    if entry is None:
        return None
    module = entry.module
    vision = getattr(importlib.import_module(module), "VISION", None)   # checked below
    if not isinstance(vision, GameVision):
        raise ManifestError(f"{module}.VISION is a {type(vision).__name__}, not a GameVision")
    return vision
