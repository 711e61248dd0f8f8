"""Golden Horn as the registry sees it (companion/games.py): the engine, what the camera
can explain, and where the table view and the vision side are declared."""
from companion.golden_horn import GAME
from companion.manifest import CameraExplanation, GameManifest
from companion.signals import FinalRound, PirateAttack, RoundEnded, SeatScored, generic

MANIFEST = GameManifest(
    engine=GAME,
    camera=CameraExplanation(GAME.actions_for_reading, GAME.unexplained_reading,
                             GAME.describe_reading),
    ui="ui.games.golden_horn_manifest",
    vision="vision.games.golden_horn",
    signals=generic(PirateAttack, SeatScored, FinalRound, RoundEnded),
    rules="docs/rules/golden-horn.md",
)
