"""Where a ship can go (§5.3), what it can load (§5.2) and what that costs."""
from __future__ import annotations

from dataclasses import dataclass

from companion.golden_horn import cubes
from companion.golden_horn.cubes import Counts
from companion.golden_horn.data import CARDS_PER_COLOUR, COLOURS, cards_for_arrival
from companion.golden_horn.state import NO_HEADING, TO_C, TO_V, GoldenHornState, Ship


@dataclass(frozen=True)
class Reach:
    """A node a ship may end its move on: ``wind`` is the cards it takes, in
    the order played (M8); ``affordable`` whether the seat can pay them (by
    its known hand, or by hand size and the colours not yet discarded when
    hands are hidden); ``draws`` the cards drawn on arriving there."""

    to: str
    index: int
    wind: str
    affordable: bool
    draws: int


def can_afford(state: GoldenHornState, seat: int, cards: Counts) -> bool:
    """Whether ``seat`` can play ``cards`` (a multiset of colours)."""
    if state.hands is not None:
        return cubes.contains(state.hands[seat], cards)
    if sum(cards) > state.hand_sizes[seat]:
        return False
    return all(n + gone <= CARDS_PER_COLOUR for n, gone in zip(cards, state.discard))


def heading_for_move(state: GoldenHornState, ship: Ship, reverse: bool) -> int:
    """The heading the ship sails with: set by the main port it leaves (D2),
    kept at sea and in Modone, flipped by the pirate turn-around (D3)."""
    port = state.port_of(ship.at)
    if port is not None:
        return TO_C if port == 0 else TO_V
    return -ship.heading if reverse else ship.heading


def _land(state: GoldenHornState, occupancy: list[int], i: int, d: int, skip_occupied: bool) -> int | None:
    """Where one step from node ``i`` in direction ``d`` lands (§5.3 ``land``);
    None when an occupied square blocks it and skipping is off (M4)."""
    j = i + d
    while True:
        node = state.route[j]
        if node.kind == "main":
            return j
        if node.kind == "modone":
            if occupancy[j] < node.capacity:
                return j
        elif occupancy[j] == 0:
            return j
        elif not skip_occupied:
            return None
        j += d


def path(state: GoldenHornState, ship: Ship, reverse: bool = False) -> tuple[tuple[int, str], ...]:
    """Every node the ship could stop on this move, ignoring its owner's cards,
    with the wind colours needed to get there (in order)."""
    d = heading_for_move(state, ship, reverse)
    if d == NO_HEADING:
        raise ValueError(f"ship {ship.label} has no heading")
    occupancy = list(state.occupancy)
    occupancy[ship.at] -= 1           # the moving ship has left its node
    pos = _land(state, occupancy, ship.at, d, True)    # M1: first step skips, is free
    wind = ""
    stops: list[tuple[int, str]] = []
    while pos is not None:
        stops.append((pos, wind))
        node = state.route[pos]
        if node.is_port:                                # M6: ports end the move
            break
        if node.colour not in ship.sail_set:            # M3: pay a card of this square
            wind += node.colour
        pos = _land(state, occupancy, pos, d, state.rules.skip_occupied_on_continuation)
    return tuple(stops)


def draws_on_arrival(state: GoldenHornState, ship: Ship, index: int) -> int:
    """Cards the owner draws on ending the move at ``index`` (§6; none at Modone
    with 2 players, none on a square)."""
    node = state.route[index]
    if node.kind == "square" or (node.kind == "modone" and state.players == 2):
        return 0
    return cards_for_arrival(ship.sails)


def reaches(state: GoldenHornState, ship: Ship, reverse: bool = False) -> tuple[Reach, ...]:
    """Every node the ship can end on with the wind cards each needs, nearest
    first; ``affordable`` marks those its owner can pay for."""
    result = []
    for index, wind in path(state, ship, reverse):
        affordable = can_afford(state, ship.owner, cubes.counts(wind))
        result.append(Reach(state.route[index].id, index, wind, affordable,
                            draws_on_arrival(state, ship, index)))
    return tuple(result)


def loadable_colours(state: GoldenHornState, ship: Ship) -> str:
    """Colours the ship may load when leaving its main port (L1): in the port
    and not on its sails.  Empty when it is not in a main port."""
    port = state.port_of(ship.at)
    if port is None:
        return ""
    held = state.ports[port]
    return "".join(c for c, n in zip(COLOURS, held) if n and c not in ship.sail_set)


def load_choices(state: GoldenHornState, ship: Ship) -> tuple[str, ...]:
    """The ``load`` values a move of this ship may use, most cubes first; ""
    (nothing) is included unless loading is mandatory and a colour can be
    loaded (L3, AMB-F)."""
    port = state.port_of(ship.at)
    if port is None:
        return ("",)
    colours = sorted(loadable_colours(state, ship), key=lambda c: -cubes.get(state.ports[port], c))
    if colours and state.rules.loading_mandatory:
        return tuple(colours)
    return tuple(colours) + ("",)


def may_reverse(ship: Ship) -> bool:
    """Whether the ship still holds the pirate turn-around right (D3)."""
    return ship.may_turn_around and ship.heading in (TO_C, TO_V)
