"""Coloretto's summary of a state: rows, collections, whose turn, round, scores so far, as
JSON-able data (for ``companion replay``, the history and the screens)."""
from __future__ import annotations

from typing import Any

from companion.coloretto.actions import Place
from companion.coloretto.data import PILE_KINDS
from companion.coloretto.rules import legal_actions, to_act
from companion.coloretto.scoring import best_score, hand_score, score_lines, score_sheet
from companion.coloretto.state import OVER, ColorettoState
from companion.engine import json_text
from companion.match import match_of


def _row_view(state: ColorettoState, index: int) -> dict[str, Any]:
    row = state.rows[index]
    return {"index": index, "capacity": row.capacity, "cards": list(row.cards),
            "room": row.room if row.is_open else 0, "taken_by": row.taken_by,
            "can_place": row.can_place, "can_take": row.can_take}


def _match_view(state: ColorettoState, totals: tuple[int, ...]) -> dict[str, Any] | None:
    """Game k of N, the earlier games' totals and the running total (None: one game)."""
    match = match_of(state.rules.match_games, state.rules.match_so_far, totals)
    if match is None:
        return None
    return {"games": match.games, "number": match.number, "earlier": [list(t) for t in match.earlier],
            "running": list(match.running), "is_last": match.is_last}


def summary(state: ColorettoState) -> dict[str, Any]:
    """JSON-able view data: rows, collections, whose turn, round, scores so far."""
    legal = legal_actions(state)
    sheet = score_sheet(state)
    players = []
    for seat, name in enumerate(state.names):
        hand = state.collections[seat]
        score = hand_score(state, seat)
        players.append({
            "seat": seat, "name": name,
            "colours": hand.by_colour(), "jokers": hand.jokers, "plus2": hand.plus2,
            "cards": hand.size, "start_colours": list(state.start_colours(seat)),
            "took_row": next((i for i, r in enumerate(state.rows) if r.taken_by == seat), None),
            "out": seat in state.out,
            "score": score.total,
            "best_score": best_score(state, seat).total,
            "points_given_away": best_score(state, seat).total - score.total,
            "side": state.side_of(seat),
            "joker_colours": list(score.assignment),
            "positive_colours": [c.colour for c in score.colours if c.positive],
            "lines": [{"label": json_text(l.label), "points": l.points, "detail": json_text(l.detail)}
                      for l in score_lines(seat, score)],
        })
    return {
        "game": "coloretto",
        "phase": state.phase,
        "round": state.round,
        "side": state.rules.side,
        "sides_per_player": state.rules.scoring_sides == "each_player",
        "match": _match_view(state, sheet.totals),
        "to_act": list(to_act(state)),
        "current": state.current if state.current >= 0 else None,
        "drawn_card": state.drawn,
        "rows": [_row_view(state, i) for i in range(len(state.rows))],
        "place_targets": [a.row for a in legal if isinstance(a, Place)],
        "take_targets": [i for i, r in enumerate(state.rows) if r.can_take],
        "legal": [a.to_dict() for a in legal],
        "players": players,
        "colours_in_play": list(state.colours_in_play),
        "removed_colours": list(state.removed),
        "pile": {"size": state.pile_size,
                 "cards": dict(zip(PILE_KINDS, state.pile))},
        "draws": state.draws,
        "draws_until_last_round": state.draws_until_last_round,
        "final_round": state.last_round,
        "last_round_overdue": state.last_round_overdue,
        "miscount": state.miscount,
        "discarded": list(state.discarded),
        "over": state.phase == OVER,
        "scores": list(sheet.totals),
        "winners": list(sheet.winners),
    }
