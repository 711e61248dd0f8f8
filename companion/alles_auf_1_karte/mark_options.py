"""What a seat may mark with the dice now, card by card, and a hint when it has no good
choice: frozen dataclasses with ``to_dict``, so the UI renders them without knowing the rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.alles_auf_1_karte.cards import COLOURS
from companion.alles_auf_1_karte.marking import colour_problem, fields_to_score, fitting_colours
from companion.alles_auf_1_karte.state import CardInPlay, GameState


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


