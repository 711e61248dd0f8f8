"""Scoring vectors SV-01 … SV-18 (§12.3), the rulebook's 13 cubes → 18 VP,
and the set bonus against a brute-force optimum (P8)."""
from __future__ import annotations

import functools
import itertools
import random
from dataclasses import replace

import pytest

from companion.golden_horn import GAME
from companion.golden_horn.scoring import score, set_bonus, set_layers
from companion.golden_horn.state import OVER
from tests.golden_horn.helpers import parse_counts, put_ship, table

VECTORS = [
    ("SV-01", "Y4 P2 G1 R2 O3 B1", (6, 4, 2, 1), 5, 18),
    ("SV-02", "Y1 P1 G1 R1 O1 B1", (6,), 4, 10),
    ("SV-03", "Y2 P2 G2 R2 O2 B2", (6, 6), 8, 20),
    ("SV-04", "Y3 P3 G3 R1 O1 B1", (6, 3, 3), 4, 16),
    ("SV-05", "Y2 P2 G2 R2 O1 B1", (6, 4), 5, 15),
    ("SV-06", "Y2 P2 G2 R2 O2", (5, 5), 4, 14),
    ("SV-07", "Y4 P4 G4 R4 O1 B1", (6, 4, 4, 4), 7, 25),
    ("SV-08", "Y3 P3 G3 R3", (4, 4, 4), 3, 15),
    ("SV-09", "Y5 P1 G1 R1", (4, 1, 1, 1, 1), 1, 9),
    ("SV-10", "Y3 P3 G2 R2 O2 B1", (6, 5, 2), 6, 19),
    ("SV-11", "Y3 P2 G2 R1 O1", (5, 3, 1), 2, 11),
    ("SV-12", "Y5 P4 G3 R2 O1", (5, 4, 3, 2, 1), 3, 18),
    ("SV-13", "Y3 P3 G3 R3 O3 B1", (6, 5, 5), 8, 24),
    ("SV-14", "Y2 P1 G1 R1 O1 B1", (6, 1), 4, 11),
    ("SV-15", "Y15", (1,) * 15, 0, 15),
    ("SV-16", "Y1 P1 G1", (3,), 0, 3),
    ("SV-17", "Y15 P15 G15 R15 O15 B15", (6,) * 15, 60, 150),
    ("SV-18", "", (), 0, 0),
]


@pytest.mark.parametrize("vid, held, layers, bonus, total", VECTORS, ids=[v[0] for v in VECTORS])
def test_scoring_vectors(vid, held, layers, bonus, total):
    counts = parse_counts(held)
    assert set_layers(counts) == layers
    assert set_bonus(counts) == bonus
    assert score(counts) == total


@functools.lru_cache(maxsize=None)
def brute_bonus(counts: tuple[int, ...]) -> int:
    """Best bonus by trying every set of 4, 5 or 6 distinct colours recursively."""
    best = 0
    present = [i for i, n in enumerate(counts) if n]
    for size, value in ((4, 1), (5, 2), (6, 4)):
        for chosen in itertools.combinations(present, size):
            rest = tuple(n - (i in chosen) for i, n in enumerate(counts))
            best = max(best, value + brute_bonus(rest))
    return best


def test_set_bonus_matches_brute_force():
    rng = random.Random(8)
    for _ in range(400):
        counts = tuple(rng.randint(0, 5) for _ in range(6))
        assert set_bonus(counts) == brute_bonus(counts), counts


def test_rulebook_example_score_sheet_breakdown():
    state = table(2)
    state = replace(state, warehouses=(parse_counts("O3 R2 G1 Y4 B1 P2"), parse_counts("Y4 P2 G1 R2 O3 B1")))
    state = put_ship(state, "0a", "s5", cargo="Y3", sails="O")
    sheet = GAME.score_sheet(state)
    assert sheet.totals == (18, 18) and sheet.winners == (0, 1) and not sheet.final
    lines = {str(line.label): line.points for line in sheet.lines_for(0)}
    assert lines == {"Cubes in the warehouse": 13, "Sets of 6 colours": 4, "Sets of 4 colours": 1,
                     "Cubes left on ships score no points": 0}
    # the line's points are 0 whatever lies aboard; how many cubes are aboard is in its details
    cargo = next(line for line in sheet.lines_for(0) if "left on ships" in str(line.label))
    assert str(cargo.detail) == "3 cubes still on the ships"
    assert replace(state, phase=OVER) and GAME.score_sheet(replace(state, phase=OVER)).final
