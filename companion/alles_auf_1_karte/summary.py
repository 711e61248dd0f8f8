"""Alles auf 1 Karte's summary of a state: every seat's cards, the dice, the display and
the scores, as JSON-able data (for ``companion replay``, the history and the screens)."""
from __future__ import annotations

from typing import Any

from companion.alles_auf_1_karte.cards import Card
from companion.alles_auf_1_karte.marking import fields_to_score
from companion.alles_auf_1_karte.mark_options import mark_options, seat_hint
from companion.alles_auf_1_karte.rules import seats_to_deal, to_act
from companion.alles_auf_1_karte.scoring import score_sheet
from companion.alles_auf_1_karte.state import (DEAL, DECIDE, MARK, MAX_THROWS, OVER, THROW, CardInPlay,
                                              GameState)


def card_view(card: CardInPlay) -> dict[str, Any]:
    return {
        "id": card.id,
        "rows": [{"colour": r.colour, "fields": r.fields, "points": r.points, "sun": r.sun,
                  "marks": m, "complete": m >= r.fields}
                 for r, m in zip(card.card.rows, card.marks)],
        "complete_rows": len(card.complete_rows),
        "row_points": card.row_points,
        "fields_to_score": fields_to_score(card),
    }


def layout_view(card: Card) -> dict[str, Any]:
    return card_view(CardInPlay(card))


def summary(state: GameState) -> dict[str, Any]:
    sheet = score_sheet(state)
    seats = []
    for seat, seat_state in enumerate(state.seats):
        decision = state.decisions[seat] if state.decisions else None
        entry: dict[str, Any] = {
            "seat": seat,
            "name": state.names[seat],
            "open": [card_view(c) for c in seat_state.open],
            "scored": [{**card_view(s.card), "score": s.score, "row_points": s.row_points,
                        "bonus": s.bonus} for s in seat_state.scored],
            "scored_count": len(seat_state.scored),
            "score": sheet.totals[seat],
            "decided": decision is not None,
            "decision": None if decision is None else {
                "card": decision.card, "colours": list(decision.colours),
                "scored": decision.scored},
        }
        if state.phase == MARK and decision is None:
            entry["options"] = [o.to_dict() for o in mark_options(state, seat)]
            entry["hint"] = seat_hint(state, seat).to_dict()
        seats.append(entry)
    return {
        "game": "alles_auf_1_karte",
        "variant": "advanced" if state.rules.advanced else "basic",
        "phase": state.phase,
        "round": state.round,
        "active": state.active,
        "active_name": state.names[state.active],
        "start_player": state.rules.start,
        "seats_to_deal": list(seats_to_deal(state)) if state.phase == DEAL else [],
        "to_act": list(to_act(state)),
        "throws": state.throws,
        "throws_left": MAX_THROWS - state.throws if state.phase in (THROW, DECIDE) else 0,
        "colours_optional": not state.rules.must_use_all_fitting_colours,
        "dice": list(state.dice),
        "dice_counts": state.dice_counts(),
        "picked_up": list(state.picked_up),
        "final_round": state.final_round,
        "over": state.phase == OVER,
        "pile_size": len(state.pile),
        "pile": list(state.pile),             # which cards are left (public; order unknown)
        "display": [layout_view(c) for c in state.display],
        "replacements": list(state.replacements),
        "seats": seats,
        "scores": {"totals": list(sheet.totals), "winners": list(sheet.winners),
                   "final": sheet.final},
    }
