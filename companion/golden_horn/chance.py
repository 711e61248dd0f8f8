"""Chance inputs the table supplies: cubes drawn from the bag, cards drawn
(open hands only), random fleet placement; checked, enumerated and sampled."""
from __future__ import annotations

import itertools
import random
from typing import Iterator

from companion.errors import IllegalAction
from companion.golden_horn import cubes
from companion.golden_horn.actions import DrawCards, DrawCubes, PlaceFleet
from companion.golden_horn.cubes import Counts
from companion.golden_horn.data import CARDS_PER_COLOUR, MAIN_PORTS, SHIP_NAMES
from companion.golden_horn.state import GoldenHornState, Pending, evolve
from companion.golden_horn.texts import counts_text, node_words
from companion.messages import Seat, Text

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


def _owed(state: GoldenHornState) -> Pending:
    """The chance input the table owes first; IllegalAction when it owes none."""
    if not state.pending:
        raise IllegalAction(Text("the table owes no cubes or cards now"))
    return state.pending[0]


def apply_draw_cubes(state: GoldenHornState, action: DrawCubes) -> GoldenHornState:
    task = _owed(state)
    port = MAIN_PORTS.index(action.port)
    if task.kind != "cubes" or task.target != port:
        raise IllegalAction(Text("the table must now {task}", task=pending_text(state, task)))
    drawn = cubes.counts(action.cubes)
    if sum(drawn) != task.count:
        raise IllegalAction(Text("{count} cube must be drawn into {port}, not {drawn}",
                                 "{count} cubes must be drawn into {port}, not {drawn}",
                                 count=task.count, port=node_words(action.port), drawn=sum(drawn)),
                            "§5.2 L4")
    if not cubes.contains(state.bag, drawn):
        raise IllegalAction(Text("the bag does not hold {cubes} (it holds {bag})",
                                 cubes=counts_text(drawn), bag=counts_text(state.bag)), "§2.2")
    ports = tuple(cubes.add(p, drawn) if i == port else p for i, p in enumerate(state.ports))
    return evolve(state, ports=ports, bag=cubes.sub(state.bag, drawn),
                   pending=state.pending[1:])


def apply_draw_cards(state: GoldenHornState, action: DrawCards) -> GoldenHornState:
    task = _owed(state)
    if task.kind != "cards" or task.target != action.seat:
        raise IllegalAction(Text("the table must now {task}", task=pending_text(state, task)))
    drawn = cubes.counts(action.cards)
    if sum(drawn) != task.count:
        raise IllegalAction(Text("{seat} draws {count} card, not {drawn}",
                                 "{seat} draws {count} cards, not {drawn}",
                                 seat=Seat(action.seat), count=task.count, drawn=sum(drawn)), "§6")
    deck = deck_contents(state)
    discard = state.discard
    if task.count <= state.deck_size:
        if not cubes.contains(deck, drawn):
            raise IllegalAction(Text("the draw pile does not hold {cards} (it holds {pile})",
                                     cards=counts_text(drawn), pile=counts_text(deck)), "§6")
        deck_size = state.deck_size - task.count
    else:                                          # the whole pile, then the reshuffled discard
        extra = cubes.sub(drawn, deck)
        if min(extra) < 0 or not cubes.contains(discard, extra):
            raise IllegalAction(Text("after the last {count} card ({pile}) the discard pile ({discard}) "
                                     "is reshuffled; {cards} cannot come from them",
                                     "after the last {count} cards ({pile}) the discard pile ({discard}) "
                                     "is reshuffled; {cards} cannot come from them", count=state.deck_size,
                                     pile=counts_text(deck), discard=counts_text(discard),
                                     cards=counts_text(drawn)), "§6")
        deck_size = sum(discard) - sum(extra)
        discard = cubes.NONE
    assert state.hands is not None
    hands = tuple(cubes.add(h, drawn) if i == action.seat else h for i, h in enumerate(state.hands))
    sizes = tuple(s + task.count if i == action.seat else s for i, s in enumerate(state.hand_sizes))
    return evolve(state, hands=hands, hand_sizes=sizes, deck_size=deck_size, discard=discard,
                   pending=state.pending[1:])


def describe(state: GoldenHornState, task: Pending) -> str:
    """What the table owes, in English words (for the summary)."""
    return str(pending_text(state, task))


def pending_text(state: GoldenHornState, task: Pending) -> Text:
    """What the table owes, translatable (for refusals)."""
    if task.kind == "cubes":
        return Text("draw {count} cube from the bag into {port}",
                    "draw {count} cubes from the bag into {port}",
                    count=task.count, port=node_words(MAIN_PORTS[task.target]))
    return Text("enter the {count} card {seat} draws", "enter the {count} cards {seat} draws",
                count=task.count,
                seat=Seat(task.target))


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

