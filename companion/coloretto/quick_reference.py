"""Coloretto at a glance (the rulebook's headings, HEADINGS): a turn (draw and place, or
take a row), the end of a round and of the game, and the scoring of the side chosen at
set-up."""
from __future__ import annotations

from companion.coloretto.game import GAME
from companion.coloretto.rulebook import HEADINGS
from companion.engine import GameConfig, resolve_options
from companion.messages import Text
from companion.quick_reference import END, SCORING, TURN, QuickReference, RuleSection


def quick_reference(config: GameConfig) -> QuickReference:
    options = resolve_options(GAME, config)
    table = (Text("Cards of a colour: 1, 2, 3, 4, 5, 6 or more score 1, 3, 6, 10, 15, 21 points (brown side).")
             if options["side"] == "brown"
             else Text("Cards of a colour: 1, 2, 3, 4, 5, 6 or more score 1, 4, 8, 7, 6, 5 points (grey side)."))
    sections = (
        RuleSection(HEADINGS["§4"], (
            Text("On your turn do one of two things: A. draw a card and place it next to a row, or B. take a row."),
            Text("Play goes to the left, to the next player who has not taken a row in this round."),
        ), cites=("§4",), part=TURN),
        RuleSection(HEADINGS["§4.3 A"], (
            Text("Draw the top card of the pile and place it face up next to a row card that has room: a row "
                 "holds at most 3 cards."),
            Text("When every row still on the table is full, you must take a row."),
        ), cites=("§4.3 A",)),
        RuleSection(HEADINGS["§4.3 B"], (
            Text("Take a row with at least one card: put its cards in front of you, sorted by colour, and set "
                 "jokers aside."),
            Text("Keep the row card in front of you: you play no more in this round."),
        ), cites=("§4.3 B",)),
        RuleSection(HEADINGS["§4.4"], (
            Text("When every player has taken a row, the round ends and the row cards go back to the middle."),
            Text("The player who took the last row starts the next round."),
        ), cites=("§4.4",)),
        RuleSection(HEADINGS["§5"], (
            Text("When the last-round card is drawn, it is set aside and the same player draws the next card."),
            Text("The game ends when that round ends."),
        ), cites=("§5",), part=END),
        RuleSection(HEADINGS["§6"], (
            Text("Each joker joins a colour of your choice."),
            Text("Your three best colours score plus points; every other colour you hold scores minus points."),
            table,
            Text("Each “+2” card: 2 points. The highest total wins."),
        ), cites=("§6",), part=SCORING),
        RuleSection(HEADINGS["§3"], (
            Text("One row card per player. Each player starts with one card of a colour no one else has."),
            Text("With 3 players one colour is left out. Exactly 15 cards lie under the last-round card."),
        ), cites=("§3",)),
        RuleSection(HEADINGS["§3.3"], (
            Text("Two colours are left out; each player starts with two cards of different colours."),
            Text("Three green row cards hold 1, 2 and 3 cards. When both players have taken a row, the cards of "
                 "the third row leave the game."),
        ), cites=("§3.3",)),
        RuleSection(HEADINGS["§2"], (
            Text("9 cards in each of 7 colours, jokers, 10 “+2” cards, the row cards and the last-round card."),
        ), cites=("§2",)),
    )
    return QuickReference.of(sections, HEADINGS)
