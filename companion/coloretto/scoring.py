"""Coloretto scoring (digest §6): optimal joker colours found exhaustively.

A hand is counts per catalogue colour, jokers and +2 cards.  For every
multiset of joker colours (at most C(7+3-1, 3) = 84, or 120 when jokers may
stay unassigned) the 3 highest *table values* score positive and every other
colour negative — not the 3 largest colours: on the grey side a 6-card colour
(5 points) is worth less than a 3-card colour (8 points).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Sequence

from companion.coloretto.data import CATALOGUE

POSITIVE_COLOURS = 3


def table_points(cards: int, side: str) -> int:
    """Points for ``cards`` of one colour on ``side``; more than the table lists
    scores its last value (brown 7+ = 21, grey 7+ = 5, AMB-C4)."""
    if cards <= 0:
        return 0
    table = CATALOGUE.table(side)
    return table[min(cards, len(table)) - 1]


@dataclass(frozen=True)
class ColourScore:
    """One colour of a scored hand: cards held, jokers put on it, signed points."""

    colour: str
    cards: int
    jokers: int
    points: int
    positive: bool

    @property
    def total_cards(self) -> int:
        return self.cards + self.jokers


@dataclass(frozen=True)
class HandScore:
    """A scored hand: per-colour lines (positives first), +2 cards, joker colours.

    ``assignment`` holds one colour per joker (None: left unassigned, only when
    the option allows it); ``optimal`` lists every assignment reaching ``total``
    (filled by :func:`best_hand`).
    """

    total: int
    colours: tuple[ColourScore, ...]
    plus2: int
    plus2_points: int
    assignment: tuple[str | None, ...]
    optimal: tuple[tuple[str | None, ...], ...] = ()


def score_assignment(counts: Sequence[int], plus2: int, assignment: Sequence[str | None],
                     side: str, positive: Sequence[str] | None = None) -> HandScore:
    """Score a hand with jokers on the given colours; the positive colours are
    ``positive`` (the player's own choice) or else chosen optimally (the 3 highest
    table values; ties broken by more cards, then catalogue order)."""
    added = [0] * len(CATALOGUE.colours)
    for colour in assignment:
        if colour is not None:
            added[CATALOGUE.colours.index(colour)] += 1
    held = []
    for index, colour in enumerate(CATALOGUE.colours):
        total = counts[index] + added[index]
        if total:
            held.append((-table_points(total, side), -total, index, colour))
    held.sort()
    chosen = set(positive) if positive is not None else {c for *_, c in held[:POSITIVE_COLOURS]}
    held.sort(key=lambda item: item[3] not in chosen)
    lines = []
    for neg_value, _, index, colour in held:
        is_positive = colour in chosen
        lines.append(ColourScore(colour, counts[index], added[index],
                                 -neg_value if is_positive else neg_value, is_positive))
    plus2_points = plus2 * CATALOGUE.plus2_points
    total = sum(line.points for line in lines) + plus2_points
    return HandScore(total, tuple(lines), plus2, plus2_points, tuple(assignment))


def joker_choices(joker_colours: str, colours_in_play: Sequence[str]) -> tuple[str | None, ...]:
    """Where a joker may go under the ``joker_colours`` option (AMB-C3)."""
    if joker_colours == "in_play":
        return tuple(colours_in_play)
    if joker_colours == "any_colour":
        return CATALOGUE.colours
    if joker_colours == "optional":
        return tuple(colours_in_play) + (None,)
    raise ValueError(f"unknown joker_colours option {joker_colours!r}")


def all_assignments(counts: Sequence[int], jokers: int, plus2: int, side: str,
                    choices: Sequence[str | None]) -> tuple[HandScore, ...]:
    """Every joker assignment (as multisets over ``choices``) scored, best first;
    the "what if" display (e.g. the Antigone alternatives, §6.4)."""
    scored = [score_assignment(counts, plus2, a, side)
              for a in combinations_with_replacement(tuple(choices), jokers)]
    return tuple(sorted(scored, key=lambda h: -h.total))


#: Hands scored recently.  The table screen rescores every seat after every
#: action while a hand changes about once a round, so a few hands per seat
#: are all that repeat; each entry holds ~1.5 KB (a HandScore and its key), so
#: 256 entries stay under 0.5 MB (8,192 grew the memory by ~12 MB over a long
#: evening: ``python -m companion.soak``).
BEST_HAND_CACHE = 256


@lru_cache(maxsize=BEST_HAND_CACHE)
def best_hand(counts: tuple[int, ...], jokers: int, plus2: int, side: str,
              choices: tuple[str | None, ...]) -> HandScore:
    """The optimal score of a hand, exhaustively over joker assignments (§6.3).

    Among equally good assignments the one shown prefers colours already held,
    then assigned jokers over unassigned ones, then catalogue order.
    """
    if jokers and not choices:
        raise ValueError("jokers need at least one colour to go to")
    scored = all_assignments(counts, jokers, plus2, side, choices)
    best = scored[0].total
    optimal = [h for h in scored if h.total == best]

    def preference(hand: HandScore) -> tuple[int, int, tuple[int, ...]]:
        fresh = sum(1 for c in hand.assignment
                    if c is not None and counts[CATALOGUE.colours.index(c)] == 0)
        unassigned = sum(1 for c in hand.assignment if c is None)
        order = tuple(choices.index(c) for c in hand.assignment)
        return fresh, unassigned, order

    optimal.sort(key=preference)
    chosen = optimal[0]
    return HandScore(chosen.total, chosen.colours, chosen.plus2, chosen.plus2_points,
                     chosen.assignment, tuple(h.assignment for h in optimal))
