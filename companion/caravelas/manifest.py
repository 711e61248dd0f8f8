"""Caravelas as the registry sees it (companion/games.py): the engine and its tags.
Its table screen is ``ui/games/caravelas.py`` (bookkeeping mode); the camera proposes
nothing yet (issue #16)."""
from companion.caravelas import GAME
from companion.manifest import GameManifest

MANIFEST = GameManifest(
    engine=GAME,
    ui="ui.games.caravelas_manifest",
    vision="vision.games.caravelas",
    rules="docs/rules/caravelas.md",
)
