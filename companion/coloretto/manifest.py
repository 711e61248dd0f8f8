"""Coloretto as the registry sees it (companion/games.py): the engine, what the camera
can explain, and where the table view and the vision side are declared."""
from companion.coloretto import GAME
from companion.manifest import CameraExplanation, GameManifest
from companion.signals import FinalRound, RoundEnded, SeatScored, TableNotice, generic

MANIFEST = GameManifest(
    engine=GAME,
    camera=CameraExplanation(GAME.actions_for_reading, describe_reading=GAME.describe_reading),
    ui="ui.games.coloretto_manifest",
    vision="vision.games.coloretto",
    signals=generic(FinalRound, TableNotice, SeatScored, RoundEnded),
    rules="docs/rules/coloretto.md",
)
