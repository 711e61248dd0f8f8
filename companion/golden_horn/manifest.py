"""Golden Horn as the registry sees it (companion/games.py): the engine, what the camera
can explain and how its signals show (its Kivy side is in ui/games/golden_horn/, its vision side
in vision/games/golden_horn/)."""
from companion.golden_horn import GAME
from companion.golden_horn.quick_reference import quick_reference
from companion.manifest import CameraExplanation, GameManifest
from companion.signals import FinalRound, PirateAttack, RoundEnded, SeatScored, generic

MANIFEST = GameManifest(
    engine=GAME,
    camera=CameraExplanation(GAME.actions_for_reading, GAME.unexplained_reading,
                             GAME.describe_reading),
    signals=generic(PirateAttack, SeatScored, FinalRound, RoundEnded),
    rules="docs/rules/golden-horn.md",
    quick_reference=quick_reference,
)
