"""Caravelas at a glance (the Polish rulebook's headings, HEADINGS, and the words of its
summary page): a round and a turn, sailing and events, the event cards, discoveries,
goods, Lisbon, the points and the end."""
from __future__ import annotations

from companion.caravelas.game import GAME
from companion.caravelas.rulebook import (DISCOVERY, END_RULE, EVENTS, GOODS_RULE, HEADINGS, LISBON_RULE,
                                          SAILING, TURN_ORDER)
from companion.engine import GameConfig, resolve_options
from companion.messages import Text
from companion.quick_reference import END, SCORING, TURN, QuickReference, RuleSection


def quick_reference(config: GameConfig) -> QuickReference:
    limit = resolve_options(GAME, config)["end.roundLimit"]
    end: tuple[Text, ...] = (Text("The game ends at the end of the round in which the last monastery tile was bought; "
                "everyone still plays their turn in that round."),)
    if limit:
        end += (Text("At this table the game also ends after round {number}.", number=limit),)
    sections = (
        RuleSection(HEADINGS[SAILING], (
            Text("Each round: the new turn order is bid for, then each player takes one turn, in order."),
            Text("Sailing with the wind (along the arrows) is free; every other cell costs 1 navigation "
                 "marker. Pirates take 1 more marker."),
            Text("Blue event cell: play one of your event cards. Red event cell: roll the red die."),
            Text("Your turn ends when you choose to stop, spend your last marker, play a Stop card or stop "
                 "in Lisbon."),
            Text("At the end of your turn take back the markers you spent and draw event cards up to 5."),
        ), cites=(SAILING,), part=TURN),
        RuleSection(HEADINGS[TURN_ORDER], (
            Text("In turn order each player may raise: the markers they add are spent, and their total must "
                 "beat the highest bid. Spent markers stay spent."),
            Text("The highest bidder picks a place on the turn-order track first; players who bid nothing keep "
                 "their order."),
        ), cites=(TURN_ORDER,)),
        RuleSection(HEADINGS[EVENTS], (
            Text("Storm with a number: spend that many markers (only if you have them left); the others may "
                 "move up to that many cells."),
            Text("Storm with a compass: sail 2 cells that way, ignoring events, pirates and wind; the others "
                 "may move up to 2 cells the same way."),
            Text("Favourable wind: take back 2 markers spent this round, or pass pirates without paying."),
            Text("Stop: your turn ends at once."),
            Text("Bonus moves are optional, only for ships in the same part of the ocean; they ignore events "
                 "and pirates but may discover ports and load goods."),
        ), cites=(EVENTS,)),
        RuleSection(HEADINGS[DISCOVERY], (
            Text("The first ship to reach a port places a monument there and scores the number on its shield."),
        ), cites=(DISCOVERY,)),
        RuleSection(HEADINGS[GOODS_RULE], (
            Text("In a goods port load one cube of its goods onto its space on your ships: one cube of each "
                 "kind per voyage."),
            Text("A wrecked ship carries nothing until Lisbon; the 4th ship carries goods only after the fleet "
                 "is upgraded."),
        ), cites=(GOODS_RULE,)),
        RuleSection(HEADINGS[LISBON_RULE], (
            Text("A ship that stops in Lisbon must unload all its goods: sell them (5 or 10 points each), or "
                 "pay pepper for a monastery tile (10 points)."),
            Text("Once a game, 3 different goods upgrade the fleet: the 4th ship and 12 markers."),
            Text("Wrecks are repaired; draw event cards up to 5, or swap your whole hand for 5 new ones. The "
                 "ship sails no further this turn."),
        ), cites=(LISBON_RULE,)),
        RuleSection(Text("Victory points"), (
            Text("A discovered port: the number on its shield, at once."),
            Text("Goods sold in Lisbon: 5 or 10 points each; a monastery tile: 10 points."),
            Text("At the end, each destination card scores 5 points if its port holds your monument."),
        ), part=SCORING),
        RuleSection(HEADINGS[END_RULE], end + (
            Text("A tie: more monastery tiles wins, then the lowest-numbered tile."),
        ), cites=(END_RULE,), part=END),
    )
    return QuickReference.of(sections, HEADINGS)
