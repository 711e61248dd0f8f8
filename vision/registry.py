"""Which games have a vision side, one line per game: the package declaring its
``VISION`` (:class:`vision.games.GameVision`) and the two letters its tags carry.

The letters are part of every printed tag (``TC1:<code>:...``, docs/tags.md), so
a game keeps its code for good once its tags are printed, and every game's tags
stay decodable without loading any game.  This module imports nothing of the
project: :mod:`vision.tags` and :mod:`vision.games` both read it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VisionEntry:
    module: str                   # the package whose ``VISION`` declares the game's camera and tags
    tag_code: str | None = None   # two capital letters in its tags' payloads (None: it prints no tags)


#: the vision side of each game, by the game's name
GAMES: dict[str, VisionEntry] = {
    "golden_horn": VisionEntry("vision.games.golden_horn", "GH"),
    "coloretto": VisionEntry("vision.games.coloretto", "CO"),
    "alles_auf_1_karte": VisionEntry("vision.games.alles_auf_1_karte", "AA"),
    "caravelas": VisionEntry("vision.games.caravelas", "CV"),
}

#: the tags of no game: the demo board's sheet (``companion tags demo``, the bench)
DEMO = "demo"
DEMO_CODE = "XX"


def game_codes() -> dict[str, str]:
    """Two-letter payload code -> game name, for every game with tags (the demo sheet included)."""
    codes = {entry.tag_code: name for name, entry in GAMES.items() if entry.tag_code is not None}
    codes[DEMO_CODE] = DEMO
    return codes


def game_of(code: str) -> str | None:
    """The game whose tags carry ``code`` (None: no game's); read per tag in every frame,
    so it looks the few lines up without building anything."""
    if code == DEMO_CODE:
        return DEMO
    return next((name for name, entry in GAMES.items() if entry.tag_code == code), None)


def code_of(game: str) -> str | None:
    """The payload code of ``game``'s tags (None: it has none)."""
    if game == DEMO:
        return DEMO_CODE
    entry = GAMES.get(game)
    return None if entry is None else entry.tag_code
