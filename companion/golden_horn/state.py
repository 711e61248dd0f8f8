"""The immutable Golden Horn state and the rule settings it carries."""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property

from companion.golden_horn.cubes import NONE, Counts
from companion.golden_horn.data import Node, sail_set

TO_C, TO_V, NO_HEADING = 1, -1, 0

# phases
SETUP = "setup"              # ports filled / cards dealt (chance), fleets placed
PLAY = "play"                # the seat to act may attack, declare, and must move
AFTER_MOVE = "after_move"    # the move is done; the seat may still declare the end
TURN_AROUND = "turn_around"  # (immediateOnly) a raided, emptied ship's owner decides now
OVER = "over"


@dataclass(frozen=True)
class Rules:
    """The option values that change the rules (digest §10, §14)."""

    loading_mandatory: bool = False
    refill_to_nine: bool = True
    pirate_cards_same_colour: bool = False
    max_attacks: int | None = 1
    allow_empty_target: bool = False
    turn_around_immediate: bool = False
    skip_occupied_on_continuation: bool = True
    random_placement: bool = False
    declare_needs_unloaded: bool = False
    declare_start_of_turn_only: bool = False
    declare_before_move_done: bool = False
    empty_port_ends_declared_round: bool = False
    port_empty_completes_round: bool = True
    open_hands: bool = False


@dataclass(frozen=True)
class Ship:
    """One ship: owner seat, name ("a".."c"), raw sails, route index (-1 before
    placement), heading, cargo (``cargo`` cubes of ``cargo_colour``)."""

    owner: int
    name: str
    sails: str
    at: int = -1
    heading: int = NO_HEADING
    cargo_colour: str = ""
    cargo: int = 0
    may_turn_around: bool = False

    @property
    def key(self) -> tuple[int, str]:
        return (self.owner, self.name)

    @property
    def sail_set(self) -> frozenset[str]:
        return sail_set(self.sails)

    @property
    def label(self) -> str:
        return f"{self.owner}{self.name}"


@dataclass(frozen=True)
class Pending:
    """A chance input the table owes: ``kind`` "cubes" (``target`` = port index
    0 = V, 1 = C) or "cards" (``target`` = seat), ``count`` items."""

    kind: str
    target: int
    count: int


@dataclass(frozen=True)
class EndTrigger:
    """Why the end was triggered ("port_empty" or "declared") and on whose turn."""

    reason: str
    seat: int


@dataclass(frozen=True)
class GoldenHornState:
    """Everything the table knows about a game of Golden Horn.

    Multisets of colours are 6-tuples (see ``cubes``).  ``hands`` holds each
    seat's known cards only with the ``cards.hands = open`` option; otherwise
    hands are hidden and only ``hand_sizes`` are tracked.
    """

    players: int
    rules: Rules
    route: tuple[Node, ...]
    ships: tuple[Ship, ...]
    ports: tuple[Counts, Counts]
    bag: Counts
    warehouses: tuple[Counts, ...]
    unloaded: tuple[Counts, ...]
    hand_sizes: tuple[int, ...]
    hands: tuple[Counts, ...] | None
    deck_size: int
    discard: Counts = NONE
    start_seat: int = 0
    current: int = 0
    phase: str = SETUP
    pending: tuple[Pending, ...] = ()
    placed: tuple[bool, ...] = ()
    round: int = 0
    turn: int = 0
    attacks: int = 0
    moved: bool = False
    end: EndTrigger | None = None
    turn_around_ship: tuple[int, str] | None = None

    # -- lookups --------------------------------------------------------
    @property
    def last_seat(self) -> int:
        """The player to the right of the start player: the last of each round."""
        return (self.start_seat - 1) % self.players

    @property
    def modone_index(self) -> int | None:
        for i, node in enumerate(self.route):
            if node.kind == "modone":
                return i
        return None

    def node_index(self, node_id: str) -> int | None:
        for i, node in enumerate(self.route):
            if node.id == node_id:
                return i
        return None

    def ship(self, owner: int, name: str) -> Ship | None:
        for ship in self.ships:
            if ship.owner == owner and ship.name == name:
                return ship
        return None

    def ship_by_id(self, ship_id: str) -> Ship | None:
        """The ship called e.g. "1b" (owner seat, then ship letter)."""
        for ship in self.ships:
            if ship.label == ship_id:
                return ship
        return None

    def fleet(self, owner: int) -> tuple[Ship, ...]:
        return tuple(s for s in self.ships if s.owner == owner)

    @cached_property
    def occupancy(self) -> tuple[int, ...]:
        """Ships standing on each route node (computed once per state)."""
        counts = [0] * len(self.route)
        for ship in self.ships:
            if ship.at >= 0:
                counts[ship.at] += 1
        return tuple(counts)

    def ships_at(self, index: int) -> int:
        return self.occupancy[index]

    def port_of(self, index: int) -> int | None:
        """0 for Venice, 1 for Constantinople, None elsewhere."""
        if index == 0:
            return 0
        if index == len(self.route) - 1:
            return 1
        return None

    def with_ship(self, ship: Ship) -> "GoldenHornState":
        ships = tuple(ship if s.key == ship.key else s for s in self.ships)
        return evolve(self, ships=ships)


_STATE_FIELDS = frozenset(f.name for f in fields(GoldenHornState))


def evolve(state: GoldenHornState, **changes: object) -> GoldenHornState:
    """``dataclasses.replace`` for the state, several times faster (the state is
    copied field by field, cached values such as ``occupancy`` are dropped)."""
    unknown = changes.keys() - _STATE_FIELDS
    if unknown:
        raise TypeError(f"GoldenHornState has no field(s) {sorted(unknown)}")
    values = {name: state.__dict__[name] for name in _STATE_FIELDS}
    values.update(changes)
    new = object.__new__(GoldenHornState)
    new.__dict__.update(values)
    return new
