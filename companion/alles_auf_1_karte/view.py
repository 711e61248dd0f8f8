"""What the table screen shows: the summary and the per-seat marking options and hints.

All values are plain JSON-able data (or frozen dataclasses with ``to_dict``),
so the UI renders them without knowing the rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.alles_auf_1_karte.cards import COLOURS, Card
from companion.alles_auf_1_karte.marking import colour_problem, fields_to_score, fitting_colours
from companion.alles_auf_1_karte.rules import seats_to_deal, to_act
from companion.alles_auf_1_karte.scoring import score_sheet
from companion.alles_auf_1_karte.state import (
    DEAL, DECIDE, MARK, MAX_THROWS, OVER, THROW, CardInPlay, GameState)


@dataclass(frozen=True)
class ColourChoice:
    """One colour of the roll for one card: whether it fits, and why not."""

    colour: str
    dice: int
    fits: bool
    reason: str = ""


@dataclass(frozen=True)
class CardOption:
    """What marking one open card with this roll would do (default: every fitting colour)."""

    card: str
    colours: tuple[ColourChoice, ...]
    default_colours: tuple[str, ...]
    marks_after: tuple[int, ...]
    fields_gained: int
    would_score: bool
    score: int                    # written score if it scores, else complete-row points
    fields_to_score_after: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "colours": [{"colour": c.colour, "dice": c.dice, "fits": c.fits, "reason": c.reason}
                        for c in self.colours],
            "default_colours": list(self.default_colours),
            "marks_after": list(self.marks_after),
            "fields_gained": self.fields_gained,
            "would_score": self.would_score,
            "score": self.score,
            "fields_to_score_after": self.fields_to_score_after,
        }


def card_option(card: CardInPlay, counts: dict[str, int], colours: tuple[str, ...] | None = None
                ) -> CardOption:
    """The effect of marking ``colours`` (default: all fitting) of the roll on ``card``."""
    choices = []
    for colour in COLOURS:
        if not counts.get(colour):
            continue
        problem = colour_problem(card, counts, colour)
        choices.append(ColourChoice(colour, counts[colour], problem is None, str(problem or "")))
    use = fitting_colours(card, counts) if colours is None else colours
    after = card.with_dice(counts, use)
    scores = after.must_score
    return CardOption(
        card=card.id, colours=tuple(choices), default_colours=use, marks_after=after.marks,
        fields_gained=sum(after.marks) - sum(card.marks), would_score=scores,
        score=after.row_points + (after.sun_bonus if scores else 0),
        fields_to_score_after=fields_to_score(after))


def mark_options(state: GameState, seat: int) -> tuple[CardOption, ...]:
    """For each open card of ``seat``: which colours of the current roll fit and what
    they would give."""
    counts = state.dice_counts()
    return tuple(card_option(card, counts) for card in state.seats[seat].open)


@dataclass(frozen=True)
class SeatHint:
    """Which card gains most from the roll, and which card is closest to scoring."""

    best_card: str | None
    best_reason: str
    closest_card: str | None
    fields_to_score: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"best_card": self.best_card, "best_reason": self.best_reason,
                "closest_card": self.closest_card, "fields_to_score": self.fields_to_score}


def seat_hint(state: GameState, seat: int) -> SeatHint:
    cards = state.seats[seat].open
    closest = min(cards, key=lambda c: fields_to_score(c), default=None)
    best, reason = None, "no card can use this roll"
    if state.dice:
        options = [o for o in mark_options(state, seat) if o.fields_gained > 0]
        if options:
            top = max(options, key=lambda o: (o.would_score, o.score if o.would_score else 0,
                                              o.fields_gained, -o.fields_to_score_after))
            best = top.card
            reason = (f"scores {top.score}" if top.would_score
                      else f"{top.fields_gained} fields, {top.fields_to_score_after} more to score")
    return SeatHint(best, reason, closest.id if closest else None,
                    fields_to_score(closest) if closest else None)


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
