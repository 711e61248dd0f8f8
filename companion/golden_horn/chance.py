"""Chance inputs the table supplies: cubes drawn from the bag, cards drawn
(open hands only), random fleet placement; checked, enumerated and sampled."""
from __future__ import annotations

import itertools
import random
from typing import Iterator

from companion.engine import IllegalAction
from companion.golden_horn import cubes
from companion.golden_horn.actions import DrawCards, DrawCubes, PlaceFleet
from companion.golden_horn.cubes import Counts
from companion.golden_horn.data import CARDS_PER_COLOUR, MAIN_PORTS, SHIP_NAMES
from companion.golden_horn.state import GoldenHornState, Pending, evolve

PORT_CHOICES = tuple("".join(p) for p in itertools.product("VC", repeat=len(SHIP_NAMES)))


def deck_contents(state: GoldenHornState) -> Counts:
    """With open hands: the draw pile's colours (all 54 minus hands and discard)."""
    assert state.hands is not None
    held = cubes.NONE
    for hand in state.hands:
        held = cubes.add(held, hand)
    return cubes.sub(cubes.sub(cubes.each(CARDS_PER_COLOUR), held), state.discard)


def cards_available(state: GoldenHornState, wanted: int) -> int:
    """How many of ``wanted`` cards can be drawn (reshuffling the discard, AMB-E)."""
    return min(wanted, state.deck_size + sum(state.discard))


def draw_hidden(state: GoldenHornState, seat: int, wanted: int) -> GoldenHornState:
    """Hidden hands: ``seat`` draws ``wanted`` cards, as counts only (§6)."""
    n = cards_available(state, wanted)
    deck, discard = state.deck_size, state.discard
    if n > deck:                                   # reshuffle mid-draw
        deck, discard = sum(discard) - (n - deck), cubes.NONE
    else:
        deck -= n
    sizes = tuple(s + n if i == seat else s for i, s in enumerate(state.hand_sizes))
    return evolve(state, deck_size=deck, discard=discard, hand_sizes=sizes)


def apply_draw_cubes(state: GoldenHornState, action: DrawCubes) -> GoldenHornState:
    task = state.pending[0]
    port = MAIN_PORTS.index(action.port)
    if task.kind != "cubes" or task.target != port:
        raise IllegalAction(f"the table must now {describe(state, task)}")
    drawn = cubes.counts(action.cubes)
    if sum(drawn) != task.count:
        raise IllegalAction(f"{task.count} cubes must be drawn into {action.port}, "
                            f"not {sum(drawn)}", "§5.2 L4")
    if not cubes.contains(state.bag, drawn):
        raise IllegalAction(f"the bag does not hold {cubes.label(drawn)} "
                            f"(it holds {cubes.label(state.bag)})", "§2.2")
    ports = tuple(cubes.add(p, drawn) if i == port else p for i, p in enumerate(state.ports))
    return evolve(state, ports=ports, bag=cubes.sub(state.bag, drawn),  # type: ignore[arg-type]
                   pending=state.pending[1:])


def apply_draw_cards(state: GoldenHornState, action: DrawCards) -> GoldenHornState:
    task = state.pending[0]
    if task.kind != "cards" or task.target != action.seat:
        raise IllegalAction(f"the table must now {describe(state, task)}")
    drawn = cubes.counts(action.cards)
    if sum(drawn) != task.count:
        raise IllegalAction(f"seat {action.seat} draws {task.count} cards, not {sum(drawn)}", "§6")
    deck = deck_contents(state)
    discard = state.discard
    if task.count <= state.deck_size:
        if not cubes.contains(deck, drawn):
            raise IllegalAction(f"the draw pile does not hold {cubes.label(drawn)} "
                                f"(it holds {cubes.label(deck)})", "§6")
        deck_size = state.deck_size - task.count
    else:                                          # the whole pile, then the reshuffled discard
        extra = cubes.sub(drawn, deck)
        if min(extra) < 0 or not cubes.contains(discard, extra):
            raise IllegalAction(f"after the last {state.deck_size} cards ({cubes.label(deck)}) the "
                                f"discard pile ({cubes.label(discard)}) is reshuffled; "
                                f"{cubes.label(drawn)} cannot come from them", "§6")
        deck_size = sum(discard) - sum(extra)
        discard = cubes.NONE
    assert state.hands is not None
    hands = tuple(cubes.add(h, drawn) if i == action.seat else h for i, h in enumerate(state.hands))
    sizes = tuple(s + task.count if i == action.seat else s for i, s in enumerate(state.hand_sizes))
    return evolve(state, hands=hands, hand_sizes=sizes, deck_size=deck_size, discard=discard,
                   pending=state.pending[1:])


def describe(state: GoldenHornState, task: Pending) -> str:
    """What the table owes, in words (for messages and the screen)."""
    if task.kind == "cubes":
        return f"draw {task.count} cubes from the bag into {MAIN_PORTS[task.target]}"
    return f"enter the {task.count} cards seat {task.target} draws"


def outcomes(state: GoldenHornState) -> Iterator[DrawCubes | DrawCards | PlaceFleet]:
    """Every chance outcome possible now (at most 2002 for 9 cubes)."""
    if not state.pending:
        for owner, done in enumerate(state.placed):
            if not done:
                for ports in PORT_CHOICES:
                    yield PlaceFleet(owner, ports)
        return
    task = state.pending[0]
    if task.kind == "cubes":
        for drawn in cubes.multisets(state.bag, task.count):
            yield DrawCubes(MAIN_PORTS[task.target], cubes.letters(drawn))
        return
    deck = deck_contents(state)
    if task.count <= state.deck_size:
        for drawn in cubes.multisets(deck, task.count):
            yield DrawCards(task.target, cubes.letters(drawn))
    else:
        for extra in cubes.multisets(state.discard, task.count - state.deck_size):
            yield DrawCards(task.target, cubes.letters(cubes.add(deck, extra)))


def sample(state: GoldenHornState, rng: random.Random) -> DrawCubes | DrawCards | PlaceFleet:
    """A chance outcome drawn as the table would: cubes from the bag, cards from
    the pile (then the reshuffled discard), ports for an unplaced fleet."""
    if not state.pending:
        owner = state.placed.index(False)
        return PlaceFleet(owner, "".join(rng.choice("VC") for _ in SHIP_NAMES))
    task = state.pending[0]
    if task.kind == "cubes":
        bag = list(cubes.letters(state.bag))
        return DrawCubes(MAIN_PORTS[task.target], "".join(rng.sample(bag, task.count)))
    deck = list(cubes.letters(deck_contents(state)))
    if task.count <= len(deck):
        return DrawCards(task.target, "".join(rng.sample(deck, task.count)))
    extra = rng.sample(list(cubes.letters(state.discard)), task.count - len(deck))
    return DrawCards(task.target, "".join(deck + extra))

