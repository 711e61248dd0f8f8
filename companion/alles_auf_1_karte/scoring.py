"""Score sheets: written scores of scored cards plus complete rows of open cards.

Before the end the sheet shows what each seat would have if the game ended
now (§5: open cards count their complete rows, never a sun bonus).
"""
from __future__ import annotations

from companion.engine import ScoreLine, ScoreSheet, winners_by_total
from companion.alles_auf_1_karte.texts import colour_word
from companion.messages import Text
from companion.alles_auf_1_karte.state import OVER, CardInPlay, GameState, ScoredCard


def _rows_detail(card: CardInPlay) -> Text:
    """The complete rows and their points, in words: "yellow 3 + purple 5"."""
    complete = card.complete_rows
    if not complete:
        return Text("no complete row")
    rows = card.card.rows
    return Text("{rows}", rows=tuple(Text("{colour} {points}", colour=colour_word(rows[i].colour),
                                          points=rows[i].points) for i in complete))


def scored_line(seat: int, number: int, scored: ScoredCard) -> ScoreLine:
    detail = _rows_detail(scored.card)
    if scored.bonus:
        detail = Text("{rows} + sun bonus {bonus}", rows=detail, bonus=scored.bonus)
    return ScoreLine(seat, Text("Scored card {number}", number=number), scored.score, detail)


def open_line(seat: int, card: CardInPlay) -> ScoreLine:
    detail = _rows_detail(card)
    if card.complete_rows:
        detail = Text("{rows} (open card: no sun bonus)", rows=detail)
    return ScoreLine(seat, Text("Open card"), card.row_points, detail)


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
