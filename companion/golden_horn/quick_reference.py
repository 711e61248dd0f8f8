"""Golden Horn at a glance (the rulebooks' headings, HEADINGS): the turn, the pirates,
moving and loading, drawing cards, the end and the scoring.  Where the Italian and
the Greek rulebooks differ, the line says the rule of the option chosen at set-up."""
from __future__ import annotations

from companion.engine import GameConfig, resolve_options
from companion.golden_horn.game import GAME
from companion.golden_horn.rulebook import HEADINGS
from companion.messages import Text
from companion.quick_reference import END, SCORING, TURN, QuickReference, RuleSection


def quick_reference(config: GameConfig) -> QuickReference:
    options = resolve_options(GAME, config)
    placement = (Text("Each player puts their three ships in Venice or Constantinople.")
                 if options["setup.shipPlacement"] == "choice"
                 else Text("The ships are placed at random in Venice and Constantinople."))
    pirate_cards = (Text("Play two cards, each the colour of one of the sails of another player's ship "
                         "at sea: take one cube from it into your warehouse.")
                    if options["pirates.cardRule"] == "eachMatchesAnySail"
                    else Text("Play two cards of the same colour, one of the sail colours of another "
                              "player's ship at sea: take one cube from it into your warehouse."))
    attacks = (Text("One attack per turn.") if options["pirates.maxAttacksPerTurn"] == 1
               else Text("You may attack more than once in a turn."))
    loading = (Text("Leaving Venice or Constantinople, the ship must load all the cubes of one colour "
                    "that is not on its sails.") if options["loading.mandatory"]
               else Text("Leaving Venice or Constantinople, the ship may load all the cubes of one "
                         "colour that is not on its sails."))
    refill = (Text("The port is then refilled to 9 cubes from the bag.")
              if options["port.refill"] == "toNine" else Text("The port is not refilled."))
    condition = (Text("A player may declare the end when their warehouse holds a cube of each of the "
                      "six colours.") if options["end.declareCondition"] == "warehouseHasAllSix"
                 else Text("A player may declare the end after unloading all six colours from their own "
                           "ships (cubes taken by pirates do not count)."))
    timing = {
        "anyTimeInOwnTurn": Text("The end is declared at any time in one's own turn."),
        "beforeMoveDone": Text("The end is declared in one's own turn, before the ship's move is done."),
        "startOfTurnOnly": Text("The end is declared at the start of one's own turn, before pirates or a move."),
    }[options["end.declareTiming"]]
    round_end = (Text("Either way the round is played to its end: the last turn is that of the player to "
                      "the right of the start player.") if options["end.portEmptyCompletesRound"]
                 else Text("A declared end: the round is played to its end (the last turn is that of the "
                           "player to the right of the start player). An empty port: the game ends with "
                           "that turn."))
    sections = (
        RuleSection(HEADINGS["§3"], (
            Text("1. Send pirates (optional). 2. Move one of your ships (compulsory)."),
            Text("Your turn ends when your ship has moved."),
        ), cites=("§3",), part=TURN),
        RuleSection(HEADINGS["§4"], (
            pirate_cards,
            Text("Ships in Venice, Constantinople and Modone are safe. A ship left empty by pirates may "
                 "turn round."),
            attacks,
        ), cites=("§4",)),
        RuleSection(HEADINGS["§5"], (
            loading,
            refill,
            Text("The ship moves at least one square, to the next free one: occupied squares are passed over."),
            Text("On a square of one of its sail colours it may sail on; on another colour, a wind card of "
                 "that square's colour takes it one square further. You may stop at any time."),
            Text("Only one ship per square; Modone holds 2 or 3 ships. Ships turn round only in Venice or "
                 "Constantinople."),
            Text("Venice, Constantinople and Modone end the move. In Venice or Constantinople the cargo goes "
                 "into your warehouse."),
        ), cites=("§5", "§5.1 D1-D2", "§5.1 D3", "§5.1 O1", "§5.1 O2", "§5.3")),
        RuleSection(HEADINGS["§6"], (
            Text("A ship arriving in a port draws cards: 1 with three sail colours, 2 with two, 3 with one. "
                 "With 2 players Modone gives no cards."),
            Text("There is no hand limit. An empty pile is made again from the discards."),
        ), cites=("§6",)),
        RuleSection(HEADINGS["§7"], (
            Text("The game ends when Venice or Constantinople has no cubes left, or when a player declares "
                 "the end."),
            condition,
            timing,
            round_end,
        ), cites=("§7",), part=END),
        RuleSection(HEADINGS["§8"], (
            Text("Each cube in your warehouse: 1 point. Cubes still on ships: 0."),
            Text("Sets of different colours: 4 colours +1, 5 colours +2, 6 colours +4. Each cube counts in "
                 "one set only."),
            Text("The highest total wins; a tie is shared."),
        ), cites=("§8",), part=SCORING),
        RuleSection(HEADINGS["§2"], (
            placement,
            Text("Venice and Constantinople get 9 cubes each from the bag; each player gets 5 cards."),
        ), cites=("§2",)),
    )
    return QuickReference.of(sections, HEADINGS)
