"""Caravelas as the registry sees it (companion/games.py): the engine and its tags.
Its own table screen is not written yet: the generic view (every legal action as a
button) plays it, and the camera proposes nothing (issues #15 and #16)."""
from companion.caravelas import GAME
from companion.manifest import GameManifest

MANIFEST = GameManifest(
    engine=GAME,
    ui=None,
    vision="vision.games.caravelas",
    rules="docs/rules/caravelas.md",
)
