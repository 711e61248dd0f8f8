"""Options (edition differences and ambiguities as visible settings) and setup (§2).

Each option's help speaks the players' words (docs/messages.md); the comment above
it names the digest entry it settles (DIFF-n, AMB-x), for developers only."""
from __future__ import annotations

from typing import Any

from companion.engine import GameConfig, Option
from companion.errors import ConfigError
from companion.golden_horn import cubes
from companion.golden_horn.data import (CARDS_PER_COLOUR, CUBES_PER_COLOUR, DEFAULT_FLEETS,
                                        DEFAULT_TILES, HAND_START, PORT_SIZE, SHIP_NAMES,
                                        build_route, parse_fleets, parse_tiles)
from companion.golden_horn.state import SETUP, GoldenHornState, Pending, Rules, Ship

OPTIONS: tuple[Option, ...] = (
    # DIFF-1
    Option("loading.mandatory", "Loading is compulsory when leaving Venice or Constantinople",
           False, (False, True),
           "No (recommended, the Italian rulebook): a ship leaving Venice or Constantinople may load "
           "cubes. Yes (the Greek rulebook): it must load."),
    # DIFF-3
    Option("port.refill", "Refill a port to 9 cubes after loading", "toNine", ("toNine", "none"),
           "Recommended (the Italian rulebook): after a ship loads, the port is refilled from the bag "
           "to 9 cubes. Or (the Greek rulebook says nothing): no refill.",
           labels=("Refill to 9 (recommended)", "No refill")),
    # DIFF-4
    Option("pirates.cardRule", "Pirate cards", "eachMatchesAnySail",
           ("eachMatchesAnySail", "bothSameSailColour"),
           "Recommended: each of the two cards matches one of the ship's sails. Or: both cards are "
           "the same colour, one of the sails.",
           labels=("Each matches a sail (recommended)", "Both the same sail colour")),
    # AMB-A
    Option("pirates.maxAttacksPerTurn", "Pirate attacks per turn", 1, (1, "unlimited"),
           "Recommended: one attack per turn, as the rulebooks describe it. Or: any number.",
           labels=("One (recommended)", "Any number")),
    # AMB-B
    Option("pirates.allowEmptyTarget", "Pirates may attack an empty ship", False, (False, True),
           "No (recommended): an empty ship has nothing to steal. Yes: pirates may still attack it."),
    # DIFF-5 / AMB-C
    Option("pirates.turnAroundTiming", "When a ship emptied by pirates may turn around",
           "untilNextMove", ("untilNextMove", "immediateOnly"),
           "Recommended: its owner may turn it around at its next move. Or: the owner decides at once, "
           "during the attack.", labels=("At its next move (recommended)", "At once")),
    # AMB-D
    Option("movement.skipOccupiedOnContinuation", "Continuation steps pass over occupied squares",
           True, (False, True),
           "A ship's first step always passes over occupied squares. Yes (recommended): so do the "
           "steps after it. No: an occupied square ends the move before it."),
    # DIFF-13
    Option("setup.shipPlacement", "Starting ship placement", "choice", ("choice", "random"),
           "Recommended (the Italian rulebook): each player puts their ships in Venice or "
           "Constantinople. Or (the Greek rulebook): the ships are placed at random.",
           labels=("Players choose (recommended)", "At random")),
    # DIFF-17
    Option("end.declareCondition", "Declaring the end needs", "warehouseHasAllSix",
           ("warehouseHasAllSix", "unloadedAllSix"),
           "Recommended: a cube of all six colours in your warehouse. Or: all six colours unloaded "
           "from your own ships (cubes taken by pirates do not count).",
           labels=("Six colours in the warehouse (recommended)", "Six colours unloaded")),
    # DIFF-18
    Option("end.declareTiming", "When the end may be declared", "anyTimeInOwnTurn",
           ("anyTimeInOwnTurn", "beforeMoveDone", "startOfTurnOnly"),
           "Recommended: at any time in your own turn, also right after your ship arrives. Both "
           "rulebooks: the turn ends when the ship has moved, so the end is declared before the move "
           "is done. Or: only at the start of your turn, before pirates or a move.",
           labels=("Any time in your turn (recommended)", "Before your ship has moved (both rulebooks)",
                   "Start of turn only")),
    # DIFF-19
    Option("end.portEmptyCompletesRound", "An empty port completes the round", True, (False, True),
           "When Venice or Constantinople runs out of cubes: yes (recommended), the round is played "
           "to its end; no, the game ends with that turn."),
    # F6
    Option("end.emptyPortInDeclaredRound", "A port empties after the end was declared",
           "roundCompletes", ("roundCompletes", "gameEnds"),
           "Recommended: nothing changes, the round is played to its end. Or: the game ends with the "
           "turn that emptied the port, as when the port empties first.",
           labels=("The round is played to its end (recommended)",
                   "The game ends with that turn")),
    Option("cards.hands", "Hands", "hidden", ("hidden", "open"),
           "Hidden (recommended): the companion only counts each player's cards. Open: the table "
           "enters every card drawn.", labels=("Hidden (recommended)", "Open")),
    Option("start.seat", "Start player (the oldest player)", 0, (0, 1, 2, 3),
           labels=("Player 1", "Player 2", "Player 3", "Player 4")),
    # assumption A3 (digest §11.3)
    Option("route.tiles", "Sea tiles' colours, Venice to Constantinople", "", (),
           "The colours of the squares on your sea tiles, from Venice to Constantinople, e.g. "
           "'RBY OPG' with 2 players. Leave it empty to use a standard layout, and check it "
           "against your board."),
    # assumption A4 (digest §11.3)
    Option("fleet.sails", "Sail colours of each fleet", "", (),
           "Tap a player to enter the sail colours of their ships a, b and c as they are on your "
           "ships; they are kept for your next games. Not entered: a sample set, not your ships."),
)


def rules_from_options(opts: dict[str, Any]) -> Rules:
    return Rules(
        loading_mandatory=opts["loading.mandatory"],
        refill_to_nine=opts["port.refill"] == "toNine",
        pirate_cards_same_colour=opts["pirates.cardRule"] == "bothSameSailColour",
        max_attacks=None if opts["pirates.maxAttacksPerTurn"] == "unlimited" else 1,
        allow_empty_target=opts["pirates.allowEmptyTarget"],
        turn_around_immediate=opts["pirates.turnAroundTiming"] == "immediateOnly",
        skip_occupied_on_continuation=opts["movement.skipOccupiedOnContinuation"],
        random_placement=opts["setup.shipPlacement"] == "random",
        declare_needs_unloaded=opts["end.declareCondition"] == "unloadedAllSix",
        declare_before_move_done=opts["end.declareTiming"] == "beforeMoveDone",
        empty_port_ends_declared_round=opts["end.emptyPortInDeclaredRound"] == "gameEnds",
        declare_start_of_turn_only=opts["end.declareTiming"] == "startOfTurnOnly",
        port_empty_completes_round=opts["end.portEmptyCompletesRound"],
        open_hands=opts["cards.hands"] == "open",
    )


def initial_state(config: GameConfig, opts: dict[str, Any]) -> GoldenHornState:
    """The state before the table has filled the ports (chance), dealt the
    cards (open hands only) and the players have placed their fleets."""
    n = config.player_count
    for name in ("route.tiles", "fleet.sails"):
        if not isinstance(opts[name], str):
            raise ConfigError(f"option {name!r} must be text, not {opts[name]!r}")
    start = opts["start.seat"]
    if start >= n:
        raise ConfigError(f"start.seat: there is no seat {start} with {n} players")
    tiles = parse_tiles(opts["route.tiles"] or DEFAULT_TILES[n], n)
    fleets = parse_fleets(opts["fleet.sails"] or DEFAULT_FLEETS, n)
    rules = rules_from_options(opts)
    ships = tuple(Ship(seat, name, sails) for seat, fleet in enumerate(fleets)
                  for name, sails in zip(SHIP_NAMES, fleet))
    order = [(start + i) % n for i in range(n)]
    pending = [Pending("cubes", 0, PORT_SIZE), Pending("cubes", 1, PORT_SIZE)]
    if rules.open_hands:
        pending += [Pending("cards", seat, HAND_START) for seat in order]
    return GoldenHornState(
        players=n, rules=rules, route=build_route(tiles, n), ships=ships,
        ports=(cubes.NONE, cubes.NONE), bag=cubes.each(CUBES_PER_COLOUR),
        warehouses=(cubes.NONE,) * n, unloaded=(cubes.NONE,) * n,
        hand_sizes=(0,) * n if rules.open_hands else (HAND_START,) * n,
        hands=(cubes.NONE,) * n if rules.open_hands else None,
        deck_size=6 * CARDS_PER_COLOUR - (0 if rules.open_hands else HAND_START * n),
        start_seat=start, current=start, phase=SETUP, pending=tuple(pending),
        placed=(False,) * n,
    )
