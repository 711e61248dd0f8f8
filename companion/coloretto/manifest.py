"""Coloretto as the registry sees it (companion/games.py): the engine, what the camera
can explain and how its signals show (its Kivy side is in ui/games/coloretto/, its vision side
in vision/games/coloretto/)."""
from companion.coloretto import GAME
from companion.coloretto.quick_reference import quick_reference
from companion.manifest import CameraExplanation, GameManifest
from companion.signals import FinalRound, RoundEnded, SeatScored, TableNotice, generic

MANIFEST = GameManifest(
    engine=GAME,
    camera=CameraExplanation(GAME.actions_for_reading, describe_reading=GAME.describe_reading),
    signals=generic(FinalRound, TableNotice, SeatScored, RoundEnded),
    rules="docs/rules/coloretto.md",
    quick_reference=quick_reference,
)
