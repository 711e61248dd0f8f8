"""Alles auf 1 Karte as the registry sees it (companion/games.py): the engine, what the camera
can explain and how its signals show (its Kivy side is in ui/games/alles_auf_1_karte/, its vision side
in vision/games/alles_auf_1_karte/)."""
from companion.alles_auf_1_karte.game import GAME
from companion.messages import N_
from companion.alles_auf_1_karte.quick_reference import quick_reference
from companion.manifest import CameraExplanation, GameManifest
from companion.signals import FinalRound, RoundEnded, SeatScored, generic

MANIFEST = GameManifest(
    engine=GAME,
    camera=CameraExplanation(GAME.actions_for_reading),
    signals=generic(SeatScored, FinalRound, RoundEnded),
    rules="docs/rules/alles-auf-1-karte.md",
    # the shipped layouts are not the real cards
    setup_notice=N_("The card set shipped is a sample, not the 30 cards in your box: check it against "
                  "your cards. When a card you draw is not in the list, tap \"Not in the list\" and "
                  "tap its rows: it is kept for your next games. \"Cards\" on the table screen "
                  "corrects the others."),
    quick_reference=quick_reference,
)
