"""Coloretto scoring (digest §6): optimal joker colours found exhaustively, a player's
own choice checked, and the score sheet (final, or "if the game ended now").

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
from companion.coloretto.state import OVER, ColorettoState
from companion.coloretto.texts import SIDE_WORDS, colour_word
from companion.engine import ScoreLine, ScoreSheet, winners_by_total
from companion.messages import Text, trn

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


def scoring_problem(state: ColorettoState, seat: int, jokers: tuple[str, ...],
                    positive: tuple[str, ...]) -> Text | None:
    """Why ``seat`` cannot score with these joker and positive colours, or None."""
    hand = state.collections[seat]
    if len(jokers) != hand.jokers:
        return Text("{name} holds {count} joker: give it one colour.",
                    "{name} holds {count} jokers: give each one colour.", name=state.names[seat],
                    count=hand.jokers)
    allowed = joker_choices(state.rules.joker_colours, state.colours_in_play)
    for colour in jokers:
        if (colour or None) not in allowed:
            return Text("A joker cannot be {colour} with the option chosen for jokers.",
                        colour=colour_word(colour) if colour else Text("none"))
    held = {c for c, n in hand.by_colour().items() if n} | {c for c in jokers if c}
    for colour in positive:
        if colour not in held:
            return Text("{name} has no {colour} card to score as positive.", name=state.names[seat],
                        colour=colour_word(colour))
    if len(positive) != min(3, len(held)):
        return Text("Choose {count} positive colours.", count=min(3, len(held)))
    return None


def best_score(state: ColorettoState, seat: int) -> HandScore:
    """``seat``'s optimal score if the game ended now (§6.3)."""
    hand = state.collections[seat]
    choices = joker_choices(state.rules.joker_colours, state.colours_in_play)
    return best_hand(hand.counts, hand.jokers, hand.plus2, state.side_of(seat), choices)


def hand_score(state: ColorettoState, seat: int) -> HandScore:
    """``seat``'s score if the game ended now: with the player's own joker and positive
    colours while they still fit the hand (AMB-C5), else the optimum."""
    chosen = next((entry for entry in state.scoring if entry[0] == seat), None)
    if chosen is None or scoring_problem(state, seat, chosen[1], chosen[2]) is not None:
        return best_score(state, seat)
    hand = state.collections[seat]
    jokers = tuple(colour or None for colour in chosen[1])
    return score_assignment(hand.counts, hand.plus2, jokers, state.side_of(seat), chosen[2])


def _assignment_words(assignment: tuple[str | None, ...]) -> tuple[Text | str, ...]:
    return tuple(colour_word(CATALOGUE.colour_name(c)) if c is not None else Text("unassigned")
                 for c in assignment)


def score_lines(seat: int, hand: HandScore) -> tuple[ScoreLine, ...]:
    """Labelled lines: one per colour (positive ones first), +2 cards, joker colours."""
    lines = []
    for colour in hand.colours:
        role = Text("one of the 3 scoring colours") if colour.positive else Text("counts against")
        detail = role
        if colour.jokers:
            detail = Text("{cards} + {jokers}; {role}", role=role,
                          cards=trn("{count} card", "{count} cards", colour.cards),
                          jokers=Text("{count} joker", "{count} jokers", count=colour.jokers))
        label = Text("{colour}: {count} card", "{colour}: {count} cards", count=colour.total_cards,
                     colour=colour_word(CATALOGUE.colour_name(colour.colour)))
        lines.append(ScoreLine(seat, label, colour.points, detail))
    if hand.plus2:
        lines.append(ScoreLine(seat, Text("{count} +2 card", "{count} +2 cards", count=hand.plus2),
                               hand.plus2_points))
    if hand.assignment:
        others = sum(1 for a in hand.optimal if a != hand.assignment)
        detail = Text("joker colours: {colours}", colours=_assignment_words(hand.assignment))
        if others:
            detail = Text("{choice}; {count} other choice scores the same",
                          "{choice}; {count} other choices score the same", choice=detail, count=others)
        lines.append(ScoreLine(seat, Text("{count} joker", "{count} jokers", count=len(hand.assignment)),
                               0, detail))
    return tuple(lines)


def side_line(state: ColorettoState, seat: int) -> tuple[ScoreLine, ...]:
    """A line naming the side ``seat`` scores with, when it is not the table's (AMB-C9)."""
    side = state.side_of(seat)
    if side == state.rules.side:
        return ()
    return (ScoreLine(seat, Text("Scored with {side}", side=SIDE_WORDS[side]), 0),)


def score_sheet(state: ColorettoState) -> ScoreSheet:
    """Final scores when over; before that, the live "if the game ended now" sheet."""
    hands = [hand_score(state, seat) for seat in range(state.players)]
    lines = tuple(line for seat, hand in enumerate(hands)
                  for line in side_line(state, seat) + score_lines(seat, hand))
    totals = tuple(hand.total for hand in hands)
    return ScoreSheet(lines, totals, winners_by_total(totals), final=state.phase == OVER)
