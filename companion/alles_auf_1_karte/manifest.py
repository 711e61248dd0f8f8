"""Alles auf 1 Karte as the registry sees it (companion/games.py): the engine, what the camera
can explain, and where the table view and the vision side are declared."""
from companion.alles_auf_1_karte import GAME
from companion.manifest import CameraExplanation, GameManifest
from companion.signals import FinalRound, RoundEnded, SeatScored, generic

MANIFEST = GameManifest(
    engine=GAME,
    camera=CameraExplanation(GAME.actions_for_reading),
    ui="ui.games.alles_auf_1_karte_manifest",
    vision="vision.games.alles_auf_1_karte",
    signals=generic(SeatScored, FinalRound, RoundEnded),
    rules="docs/rules/alles-auf-1-karte.md",
)
