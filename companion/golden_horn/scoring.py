"""Scoring (§8): 1 VP per warehouse cube plus the optimal set bonus (§8.1)."""
from __future__ import annotations

from companion.engine import ScoreLine, ScoreSheet, winners_by_total
from companion.golden_horn.cubes import Counts
from companion.golden_horn.state import OVER, GoldenHornState
from companion.golden_horn.texts import counts_text
from companion.messages import Text

#: Bonus for a set of k different colours (k = 0..6).
SET_BONUS = (0, 0, 0, 0, 1, 2, 4)


def set_layers(counts: Counts) -> tuple[int, ...]:
    """L_j = number of colours with at least j cubes, j = 1..max (§8.1)."""
    return tuple(sum(1 for n in counts if n >= j) for j in range(1, max(counts, default=0) + 1))


def set_bonus(counts: Counts) -> int:
    """The best possible set bonus: take one cube of every colour present, repeatedly."""
    return sum(SET_BONUS[k] for k in set_layers(counts))


def score(counts: Counts) -> int:
    return sum(counts) + set_bonus(counts)


def seat_lines(state: GoldenHornState, seat: int) -> tuple[ScoreLine, ...]:
    held = state.warehouses[seat]
    lines = [ScoreLine(seat, Text("Cubes in the warehouse"), sum(held), Text("by colour: {cubes}",
                                                                             cubes=counts_text(held)))]
    layers = set_layers(held)
    titles = ((6, Text("Sets of 6 colours")), (5, Text("Sets of 5 colours")), (4, Text("Sets of 4 colours")))
    for size, title in titles:
        n = layers.count(size)
        if n:
            lines.append(ScoreLine(seat, title, n * SET_BONUS[size],
                                   Text("{count} set × {points}", "{count} sets × {points}",
                                        count=n, points=SET_BONUS[size])))
    cargo = sum(s.cargo for s in state.fleet(seat))
    if cargo:
        # points, like every line: the cubes aboard are counted in the details
        lines.append(ScoreLine(seat, Text("Cubes left on ships score no points"), 0,
                               Text("{count} cube still on the ships", "{count} cubes still on the ships",
                                    count=cargo)))
    return tuple(lines)


def score_sheet(state: GoldenHornState) -> ScoreSheet:
    """Totals per seat with each line of the breakdown; before the end it
    shows the score if the game ended now (``final`` False)."""
    lines = tuple(line for seat in range(state.players) for line in seat_lines(state, seat))
    totals = tuple(score(w) for w in state.warehouses)
    return ScoreSheet(lines, totals, winners_by_total(totals), final=state.phase == OVER)
