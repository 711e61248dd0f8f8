"""Alles auf 1 Karte at a glance (the rulebook's headings, HEADINGS): a roll and everyone's
marking, scoring a card, the end and the final scores, and the variant chosen at set-up."""
from __future__ import annotations

from companion.alles_auf_1_karte.game import GAME
from companion.alles_auf_1_karte.rulebook import HEADINGS
from companion.engine import GameConfig, option_defaults
from companion.messages import Text
from companion.quick_reference import END, SCORING, TURN, QuickReference, RuleSection


def quick_reference(config: GameConfig) -> QuickReference:
    # the variant as chosen (the companion adds options of its own, such as the cards in play)
    variant = dict(config.options).get("variant", option_defaults(GAME.options).get("variant"))
    advanced = variant == "advanced"
    new_card = (Text("Then take one of the 3 face-up cards beside the pile; the pile fills the gap.") if advanced
                else Text("Then draw a new card from the pile."))
    setup = (Text("Each player draws 5 cards and keeps 3; 3 cards are laid face up beside the pile.") if advanced
             else Text("Each player draws 2 cards and lays them face up."))
    sections = (
        RuleSection(HEADINGS["§4"], (
            Text("The active player rolls the 5 dice and may roll any of them again, twice at most."),
            Text("Then every player, in turn order, may use the result on one of their own cards."),
            Text("Rows are crossed off from left to right. A colour is used only if all its dice fit in its row; "
                 "you may leave colours out, or mark nothing."),
            Text("Then the dice go to the next player to the left."),
        ), cites=("§4",), part=TURN),
        RuleSection(HEADINGS["§4.2 card scoring"], (
            Text("A card with 3 or more complete rows is scored at once: the points of its complete rows, plus 2 "
                 "for one complete sun row or 5 for both."),
            Text("The scored card is set aside and never marked again."),
            new_card,
        ), cites=("§4.2 card scoring",), part=SCORING),
        RuleSection(HEADINGS["§5"], (
            Text("The game ends after the roll in which a player scores their 4th card; everyone still marks "
                 "that roll."),
            Text("Cards not scored count their complete rows, without sun bonus. The highest total wins."),
        ), cites=("§5",), part=END),
        RuleSection(HEADINGS["§3"], (
            setup,
            Text("All cards stay in view of everyone. The start player takes the dice."),
        ), cites=("§3",)),
        RuleSection(HEADINGS["§7"], (
            Text("Advanced variant: draw 5 cards and keep 3; a new card is taken from 3 face-up cards beside "
                 "the pile. Everything else is as in the basic game."),
        ), cites=("§7",)),
    )
    return QuickReference.of(sections, HEADINGS)
