"""Options (edition differences and ambiguities as visible settings) and setup (§2)."""
from __future__ import annotations

from typing import Any

from companion.engine import ConfigError, GameConfig, Option
from companion.golden_horn import cubes
from companion.golden_horn.data import (CARDS_PER_COLOUR, CUBES_PER_COLOUR, DEFAULT_FLEETS,
                                        DEFAULT_TILES, HAND_START, PORT_SIZE, SHIP_NAMES,
                                        build_route, parse_fleets, parse_tiles)
from companion.golden_horn.state import SETUP, GoldenHornState, Pending, Rules, Ship

OPTIONS: tuple[Option, ...] = (
    Option("loading.mandatory", "Loading is compulsory when leaving Venice or Constantinople",
           False, (False, True), "DIFF-1: Greek 'must load', Italian 'may load' (default)."),
    Option("port.refill", "Refill a port to 9 cubes after loading", "toNine", ("toNine", "none"),
           "DIFF-3: only the Italian rules refill; 'none' is the literal Greek text."),
    Option("pirates.cardRule", "Pirate cards", "eachMatchesAnySail",
           ("eachMatchesAnySail", "bothSameSailColour"),
           "DIFF-4: each card matches some sail (default), or both cards are one sail colour."),
    Option("pirates.maxAttacksPerTurn", "Pirate attacks per turn", 1, (1, "unlimited"),
           "AMB-A: the rules describe one attack per turn."),
    Option("pirates.allowEmptyTarget", "Pirates may attack an empty ship", False, (False, True),
           "AMB-B: nothing to steal, so not allowed by default."),
    Option("pirates.turnAroundTiming", "When a ship emptied by pirates may turn around",
           "untilNextMove", ("untilNextMove", "immediateOnly"),
           "DIFF-5/AMB-C: until that ship's next move (default), or decided at once."),
    Option("movement.skipOccupiedOnContinuation", "Continuation steps pass over occupied squares",
           True, (False, True), "AMB-D: the first step always does."),
    Option("setup.shipPlacement", "Starting ship placement", "choice", ("choice", "random"),
           "DIFF-13: players choose (Italian) or place at random (Greek)."),
    Option("end.declareCondition", "Declaring the end needs", "warehouseHasAllSix",
           ("warehouseHasAllSix", "unloadedAllSix"),
           "DIFF-17: all six colours in the warehouse (default), or unloaded (pirated cubes not counted)."),
    Option("end.declareTiming", "When the end may be declared", "anyTimeInOwnTurn",
           ("anyTimeInOwnTurn", "beforeMoveDone", "startOfTurnOnly"),
           "Recommended: any time in your own turn, also right after your ship arrives. Both "
           "rulebooks: the turn ends when the ship has moved, so declare before your move is done. "
           "Or only at the start of your turn.",
           labels=("Any time in your turn (recommended)", "Before your ship has moved (both rulebooks)",
                   "Only at the start of your turn")),
    Option("end.portEmptyCompletesRound", "An empty port completes the round", True, (False, True),
           "DIFF-19: if off, the game ends with the turn that emptied the port."),
    Option("end.emptyPortInDeclaredRound", "A port empties after the end was declared",
           "roundCompletes", ("roundCompletes", "gameEnds"),
           "Recommended: nothing changes, the round is played to its end. Or the game ends with the "
           "turn that emptied the port, as when the port empties first.",
           labels=("The round is played to its end (recommended)",
                   "The game ends with that turn")),
    Option("cards.hands", "Hands", "hidden", ("hidden", "open"),
           "Hidden: the companion counts cards only. Open: the table enters every card drawn."),
    Option("start.seat", "Start player (the oldest player)", 0, (0, 1, 2, 3)),
    Option("route.tiles", "Sea tiles' colours, Venice to Constantinople", "", (),
           "e.g. 'RBY OPG' (2 players) or 'OPG RBY OPG RBY'; empty = default assumption A3."),
    Option("fleet.sails", "Sail colours of each fleet", "", (),
           "Fleets by seat separated by '/', ships a b c by spaces, e.g. 'RRR PPB GYR / ...'; "
           "empty = default assumption A4."),
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
