"""Golden Horn data: colours, the route (sea tiles, Modone) and the fleets' sails.

Tile colour orders and sail colours are printed only in the rulebook's
pictures (digest §11), so they are *data*: configurable in the setup screen
(options ``route.tiles`` and ``fleet.sails``), stored with the game and
checked here.  The defaults are the digest's assumptions A1–A4.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.errors import ConfigError

#: The six colours of cubes, cards, squares and sails, in a fixed order.
COLOURS = "YPGROB"
COLOUR_NAMES = {"Y": "yellow", "P": "pink", "G": "green", "R": "red", "O": "orange", "B": "blue"}
#: The two colour sets of the sea tiles (▲ and ●; which is which is assumption A1).
TILE_SETS = (frozenset("RYB"), frozenset("OPG"))

CUBES_PER_COLOUR = 15
CARDS_PER_COLOUR = 9
PORT_SIZE = 9
HAND_START = 5
SHIPS_PER_FLEET = 3
SHIP_NAMES = "abc"
MAIN_PORTS = ("V", "C")
PORT_NAMES = {"V": "Venice", "C": "Constantinople", "M": "Modone"}

#: Assumption A3: tiles read V→C per player count (Modone is added by the count).
DEFAULT_TILES = {2: "RBY OPG", 3: "OPG RBY OPG RBY", 4: "OPG RBY OPG RBY"}
#: Assumption A4: each fleet has one ship with 1, one with 2 and one with 3 sail
#: colours (the raw sails as printed, three per ship).  Not the printed fleets.
DEFAULT_FLEETS = "RRR PPB GYR / BBB OOY PGB / GGG RRO YOP / PPP YYG ROB"


@dataclass(frozen=True)
class Node:
    """One route position: ``kind`` is "main", "square" or "modone".

    ``id`` is what players and the camera call it: "V", "C", "M" or "s1".."s12";
    ``colour`` is a square's colour, ``capacity`` Modone's berths.
    """

    kind: str
    id: str
    colour: str = ""
    capacity: int = 0

    @property
    def is_port(self) -> bool:
        return self.kind != "square"


def parse_tiles(text: str, players: int) -> tuple[str, ...]:
    """The sea tiles' colour orders read V→C, checked against the setup rules (§2.1)."""
    tiles = tuple(t.strip().upper() for t in text.replace(",", " ").split())
    wanted = 2 if players == 2 else 4
    if len(tiles) != wanted:
        raise ConfigError(f"route.tiles: {players} players use {wanted} sea tiles, not {len(tiles)} "
                          f"(got {text!r})")
    sets = []
    for tile in tiles:
        if len(tile) != 3 or len(set(tile)) != 3:
            raise ConfigError(f"route.tiles: tile {tile!r} must have 3 different colours")
        bad = set(tile) - set(COLOURS)
        if bad:
            raise ConfigError(f"route.tiles: tile {tile!r} has unknown colour(s) {''.join(sorted(bad))}"
                              f" (colours are {COLOURS})")
        owner = [i for i, s in enumerate(TILE_SETS) if set(tile) <= s]
        if not owner:
            raise ConfigError(f"route.tiles: tile {tile!r} mixes the colour sets RYB and OPG")
        sets.append(owner[0])
    for left, right in zip(sets, sets[1:]):
        if left == right:
            raise ConfigError(f"route.tiles: neighbouring tiles must have different symbols "
                              f"(colour sets RYB and OPG alternate), got {' '.join(tiles)}")
    return tiles


def build_route(tiles: tuple[str, ...], players: int) -> tuple[Node, ...]:
    """The linear route, index 0 = Venice, last = Constantinople (§2.1)."""
    squares = [colour for tile in tiles for colour in tile]
    nodes = [Node("main", "V")]
    modone_after = {2: 3, 3: None, 4: 6}[players]
    for i, colour in enumerate(squares, start=1):
        nodes.append(Node("square", f"s{i}", colour))
        if i == modone_after:
            nodes.append(Node("modone", "M", capacity=2 if players == 2 else 3))
    nodes.append(Node("main", "C"))
    return tuple(nodes)


def parse_fleets(text: str, players: int) -> tuple[tuple[str, ...], ...]:
    """Raw sail colours per seat and ship: ``"RRR PPB GYR / BBB OOY PGB / ..."``.

    Fleets are separated by "/", ships by spaces; each ship lists 1–3 sails.
    The first ``players`` fleets are used (seat order).
    """
    fleets = [f.split() for f in text.upper().split("/") if f.strip()]
    if len(fleets) < players:
        raise ConfigError(f"fleet.sails: {players} players need {players} fleets, "
                          f"only {len(fleets)} given ({text!r})")
    result = []
    for number, fleet in enumerate(fleets, start=1):
        if len(fleet) != SHIPS_PER_FLEET:
            raise ConfigError(f"fleet.sails: fleet {number} must have {SHIPS_PER_FLEET} ships, "
                              f"not {len(fleet)} ({' '.join(fleet)!r})")
        for sails in fleet:
            if not 1 <= len(sails) <= 3:
                raise ConfigError(f"fleet.sails: ship {sails!r} of fleet {number} must have 1–3 sails")
            bad = set(sails) - set(COLOURS)
            if bad:
                raise ConfigError(f"fleet.sails: ship {sails!r} of fleet {number} has unknown "
                                  f"colour(s) {''.join(sorted(bad))} (colours are {COLOURS})")
        result.append(tuple(fleet))
    return tuple(result[:players])


def sail_set(sails: str) -> frozenset[str]:
    """The distinct sail colours (only the set matters to the rules, A5)."""
    return frozenset(sails)


def cards_for_arrival(sails: str) -> int:
    """Cards drawn on arrival: 4 − distinct sail colours (§6)."""
    return 4 - len(sail_set(sails))
