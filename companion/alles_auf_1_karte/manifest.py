"""Alles auf 1 Karte as the registry sees it (companion/games.py): the engine, what the camera
can explain, and where the table view and the vision side are declared."""
from companion.alles_auf_1_karte.game import GAME
from companion.i18n import N_
from companion.manifest import CameraExplanation, GameManifest
from companion.signals import FinalRound, RoundEnded, SeatScored, generic

MANIFEST = GameManifest(
    engine=GAME,
    camera=CameraExplanation(GAME.actions_for_reading),
    ui="ui.games.alles_auf_1_karte_manifest",
    vision="vision.games.alles_auf_1_karte",
    signals=generic(SeatScored, FinalRound, RoundEnded),
    rules="docs/rules/alles-auf-1-karte.md",
    # the shipped layouts are not the real cards
    setup_notice=N_("The card set shipped is a sample, not the 30 cards in your box: check it against "
                  "your cards. When a card you draw is not in the list, tap \"Not in the list\" and "
                  "tap its rows: it is kept for your next games. \"Cards\" on the table screen "
                  "corrects the others."),
)
