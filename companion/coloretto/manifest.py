"""Coloretto as the registry sees it (companion/games.py): the engine, what the camera
can explain and how its signals show (its Kivy side is in ui/games/coloretto/, its vision side
in vision/games/coloretto/)."""
from companion.coloretto import GAME
from companion.coloretto.quick_reference import quick_reference
from companion.manifest import CameraExplanation, GameManifest
from companion.messages import Text
from companion.signals import FLASH_ALL, FinalRound, RoundEnded, SeatScored, SignalSpec, TableNotice, generic

MANIFEST = GameManifest(
    engine=GAME,
    camera=CameraExplanation(GAME.actions_for_reading, describe_reading=GAME.describe_reading),
    # the last-round card: every LED flashes with the alert note, and the strip says what it means
    signals=(SignalSpec(FinalRound, FLASH_ALL, text=lambda _s: Text(
        "Final round! The last-round card is out: this round is the last.")),
             *generic(TableNotice, SeatScored, RoundEnded)),
    rules="docs/rules/coloretto.md",
    quick_reference=quick_reference,
)
