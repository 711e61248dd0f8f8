"""Caravelas as the registry sees it (companion/games.py): the engine, its tags and
what the camera's reading means on a mapped board (``companion/caravelas/camera.py``).
Its table screen is ``ui/games/caravelas.py``."""
from companion.caravelas import GAME, camera
from companion.manifest import CameraExplanation, GameManifest

MANIFEST = GameManifest(
    engine=GAME,
    ui="ui.games.caravelas_manifest",
    vision="vision.games.caravelas",
    camera=CameraExplanation(camera.actions_for_reading, camera.unexplained_reading),
    rules="docs/rules/caravelas.md",
)
