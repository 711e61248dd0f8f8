"""Digest §9.2 scoring vectors S1–S16, the Antigone example (§6.4) and an
independent brute-force check of the optimal joker search."""
from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.coloretto.data import CATALOGUE
from companion.coloretto.scoring import (all_assignments, best_hand, joker_choices,
                                         score_assignment, table_points)

from tests.coloretto.helpers import LETTERS

ALL = CATALOGUE.colours
LETTER_OF = {v: k for k, v in LETTERS.items()}


def hand(text: str) -> tuple[int, ...]:
    """'A6 B4' -> counts per catalogue colour."""
    counts = dict.fromkeys(ALL, 0)
    for item in text.split():
        counts[LETTERS[item[0]]] = int(item[1:])
    return tuple(counts[c] for c in ALL)


def best(text, jokers=0, plus2=0, side="brown", choices=ALL):
    return best_hand(hand(text), jokers, plus2, side, tuple(choices))


def optima(result) -> set[str]:
    return {"".join(sorted(LETTER_OF[c] for c in a)) for a in result.optimal}


SEVEN = set("ABCDEFG")
# id, hand, jokers, +2, brown total, brown optima, grey total, grey optima (None: not checked)
VECTORS = [
    ("S1", "A6 B4 C3 D2", 1, 1, 41, {"B"}, 20, {"D"}),
    ("S2", "", 3, 0, 6, {x * 3 for x in SEVEN}, 8, {x * 3 for x in SEVEN}),
    ("S3", "A6 B6 C6", 1, 0, 63, {"A", "B", "C"}, 15, {"A", "B", "C"}),
    ("S4", "A3 B3 C3 D3", 2, 0, 21, {"AA", "BB", "CC", "DD"}, 18, {"AA", "BB", "CC", "DD"}),
    ("S5", "A4 B2", 1, 0, 18, {"A"}, 15, {"B"}),
    ("S6", "A2 B2 C2", 1, 0, 12, {"A", "B", "C"}, 16, {"A", "B", "C"}),
    ("S7", "A6 B3 C3 D3", 0, 0, 27, {""}, 19, {""}),
    ("S8", "A3 B3 C3 D3 E3", 3, 0, 21, {x * 3 for x in "ABCDE"}, 11, None),
    ("S9", "A4 B4 C4 D1", 2, 0, 40, {"AA", "BB", "CC"}, 18, None),
    ("S10", "A5 B5 C4 D2 E1 F1 G1", 3, 2, 55, {"ABC", "ACC", "BCC"}, 17, {"AAD", "BBD"}),
    ("S11", "A8 B2", 1, 0, 27, {"B"}, 13, {"B"}),
    ("S12", "A2 B2 C2 D2", 0, 0, 6, {""}, 8, {""}),
    ("S13", "A1 B1 C1 D1 E1 F1 G1", 1, 3, 7, SEVEN, 8, SEVEN),
    ("S14", "A3 B3 C3", 1, 0, 22, {"A", "B", "C"}, 23, SEVEN),
    ("S15", "A5 B4 C1", 2, 0, 37, {"AB", "BB"}, 21, {"CC"}),
]


@pytest.mark.parametrize("vid,text,jokers,plus2,brown,brown_opt,grey,grey_opt", VECTORS,
                         ids=[v[0] for v in VECTORS])
def test_scoring_vectors(vid, text, jokers, plus2, brown, brown_opt, grey, grey_opt):
    got = best(text, jokers, plus2, "brown")
    assert got.total == brown
    assert optima(got) == brown_opt
    got = best(text, jokers, plus2, "grey")
    assert got.total == grey
    if grey_opt is not None:
        assert optima(got) == grey_opt


def test_S1_T_ANTIGONE_breakdown():
    got = best("A6 B4 C3 D2", 1, 1, "brown")
    assert got.assignment == (LETTERS["B"],)
    lines = [(LETTER_OF[c.colour], c.total_cards, c.points) for c in got.colours]
    assert lines == [("A", 6, 21), ("B", 5, 15), ("C", 3, 6), ("D", 2, -3)]
    assert got.plus2_points == 2 and got.total == 41
    grey = best("A6 B4 C3 D2", 1, 1, "grey")
    assert [(LETTER_OF[c.colour], c.points) for c in grey.colours] == [
        ("C", 8), ("D", 8), ("B", 7), ("A", -5)]


def test_antigone_alternatives():
    scored = {a.assignment: a.total
              for a in all_assignments(hand("A6 B4 C3 D2"), 1, 1, "brown", ALL)}
    assert scored[(LETTERS["B"],)] == 41
    assert scored[(LETTERS["C"],)] == 40
    assert scored[(LETTERS["A"],)] == 36
    assert scored[(LETTERS["E"],)] == 35          # a fresh colour
    assert scored[(LETTERS["D"],)] == 33
    assert sorted(scored.values(), reverse=True)[1] == 40   # 41 is the unique optimum


def test_S8_grey_25_optima_touch_at_most_two_held_colours():
    got = best("A3 B3 C3 D3 E3", 3, 0, "grey")
    assert len(got.optimal) == 25
    held = set(LETTERS[x] for x in "ABCDE")
    for assignment in got.optimal:
        assert set(assignment) <= held and len(set(assignment)) <= 2


def test_S9_grey_18_optima_and_mandatory_jokers_cost_points():
    got = best("A4 B4 C4 D1", 2, 0, "grey")
    assert len(got.optimal) == 18
    assert best("A4 B4 C4 D1", 0, 0, "grey").total == 20
    optional = joker_choices("optional", ALL)
    assert best("A4 B4 C4 D1", 2, 0, "grey", optional).total == 20
    assert best("A4 B4 C4 D1", 2, 0, "grey", optional).assignment == (None, None)


def test_S14_grey_without_joker_and_optional_option():
    assert best("A3 B3 C3", 0, 0, "grey").total == 24
    assert best("A3 B3 C3", 1, 0, "grey", joker_choices("optional", ALL)).total == 24


def test_S16_two_players_five_colours():
    in_play = ALL[:5]
    brown = best("A2 B2 C2 D2 E1", 1, 0, "brown", in_play)
    assert brown.total == 8 and optima(brown) == {"A", "B", "C", "D"}
    grey = best("A2 B2 C2 D2 E1", 1, 0, "grey", in_play)
    assert grey.total == 11 and "A" in optima(grey)
    assert all(a[0] in in_play for a in grey.optimal)
    assert len(joker_choices("in_play", in_play)) == 5
    assert joker_choices("any_colour", in_play) == ALL


def test_tables_and_overflow():
    assert [table_points(n, "brown") for n in range(0, 13)] == [
        0, 1, 3, 6, 10, 15, 21, 21, 21, 21, 21, 21, 21]
    assert [table_points(n, "grey") for n in range(0, 13)] == [
        0, 1, 4, 8, 7, 6, 5, 5, 5, 5, 5, 5, 5]


def brute_force(counts, jokers, plus2, side, choices):
    """Independent reference: every joker multiset × every choice of positive colours."""
    best_total = None
    for assignment in combinations_with_replacement(choices, jokers):
        totals = list(counts)
        for colour in assignment:
            if colour is not None:
                totals[ALL.index(colour)] += 1
        held = [t for t in totals if t]
        for positives in combinations(range(len(held)), min(3, len(held))):
            value = sum(table_points(t, side) * (1 if i in positives else -1)
                        for i, t in enumerate(held)) + 2 * plus2
            best_total = value if best_total is None else max(best_total, value)
    return best_total if best_total is not None else 2 * plus2


@settings(max_examples=300, deadline=None)
@given(counts=st.lists(st.integers(0, 9), min_size=7, max_size=7),
       jokers=st.integers(0, 3), plus2=st.integers(0, 10),
       side=st.sampled_from(["brown", "grey"]),
       option=st.sampled_from(["in_play", "any_colour", "optional"]),
       removed=st.integers(0, 2))
def test_best_hand_matches_brute_force(counts, jokers, plus2, side, option, removed):
    in_play = ALL[:7 - removed]
    counts = tuple(c if i < len(in_play) else 0 for i, c in enumerate(counts))
    choices = joker_choices(option, in_play)
    got = best_hand(counts, jokers, plus2, side, choices)
    assert got.total == brute_force(counts, jokers, plus2, side, choices)
    assert got.assignment in got.optimal and len(got.assignment) == jokers
    assert score_assignment(counts, plus2, got.assignment, side).total == got.total
    for assignment in got.optimal:
        assert score_assignment(counts, plus2, assignment, side).total == got.total
    assert sum(1 for c in got.colours if c.positive) == min(3, len(got.colours))
