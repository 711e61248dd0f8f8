"""Score sheets: written scores of scored cards plus complete rows of open cards.

Before the end the sheet shows what each seat would have if the game ended
now (§5: open cards count their complete rows, never a sun bonus).
"""
from __future__ import annotations

from companion.engine import ScoreLine, ScoreSheet, winners_by_total
from companion.alles_auf_1_karte.state import OVER, CardInPlay, GameState, ScoredCard


def _rows_detail(card: CardInPlay) -> str:
    complete = card.complete_rows
    if not complete:
        return "no complete row"
    parts = [f"{card.card.rows[i].colour} {card.card.rows[i].points}" for i in complete]
    return " + ".join(parts)


def scored_line(seat: int, number: int, scored: ScoredCard) -> ScoreLine:
    detail = _rows_detail(scored.card) + (f" + sun bonus {scored.bonus}" if scored.bonus else "")
    return ScoreLine(seat, f"Scored card {number}: {scored.id}", scored.score, detail)


def open_line(seat: int, card: CardInPlay) -> ScoreLine:
    detail = _rows_detail(card)
    if card.complete_rows:
        detail += " (open card: no sun bonus)"
    return ScoreLine(seat, f"Open card: {card.id}", card.row_points, detail)


def seat_total(state: GameState, seat: int) -> int:
    seat_state = state.seats[seat]
    return (sum(s.score for s in seat_state.scored)
            + sum(c.row_points for c in seat_state.open))


def score_sheet(state: GameState) -> ScoreSheet:
    lines: list[ScoreLine] = []
    totals = []
    for seat, seat_state in enumerate(state.seats):
        for number, scored in enumerate(seat_state.scored, start=1):
            lines.append(scored_line(seat, number, scored))
        for card in seat_state.open:
            lines.append(open_line(seat, card))
        totals.append(seat_total(state, seat))
    return ScoreSheet(tuple(lines), tuple(totals), winners_by_total(totals), state.phase == OVER)
