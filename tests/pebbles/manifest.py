"""Pebbles as the registry sees it (docs/adding-a-game.md, step 3)."""
from companion.manifest import GameManifest
from tests.pebbles import GAME

MANIFEST = GameManifest(
    engine=GAME,
    rules="tests/pebbles/rules.md",
    translated=False,   # a test game brings no catalogue
)
