"""The typed view model of Alles auf 1 Karte: everything the table view shows.

Card faces stay the JSON-able mappings of :func:`card_view` (rows, marks,
complete rows), which the card widget draws; everything the rules decide —
who deals, which dice are kept, who gets a new card, what marking each card
would give — is computed here so the view never re-implements it.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping

from companion.alles_auf_1_karte.cards import COLOURS, Card
from companion.alles_auf_1_karte.rules import seats_to_deal, to_act
from companion.alles_auf_1_karte.scoring import score_sheet
from companion.alles_auf_1_karte.state import (
    DECIDE, DEAL, MARK, OVER, REPLACE, REVEAL, THROW, GameState)
from companion.alles_auf_1_karte.mark_options import CardOption, SeatHint, mark_options, seat_hint
from companion.alles_auf_1_karte.summary import card_view, layout_view
from companion.engine import GameConfig
from companion.view_model import TableViewModel

__all__ = ["AllesSeat", "AllesViewModel", "CardOption", "COLOURS", "SeatHint", "layout_view", "view_model"]


@dataclass(frozen=True)
class AllesSeat:
    """One seat: its open and scored cards (as :func:`card_view` mappings), total,
    and in the mark phase (while undecided) its options and hint."""

    seat: int
    name: str
    score: int
    open: tuple[Mapping[str, Any], ...]
    scored: tuple[Mapping[str, Any], ...]
    decided: bool
    decision: Mapping[str, Any] | None
    options: tuple[CardOption, ...] = ()
    hint: SeatHint | None = None

    def option(self, card_id: str) -> CardOption | None:
        return next((o for o in self.options if o.card == card_id), None)

    def position(self, card_id: str) -> int:
        """1-based position of an open card (0 when it is not open)."""
        ids = [c["id"] for c in self.open]
        return ids.index(card_id) + 1 if card_id in ids else 0

    @property
    def closest(self) -> int | None:
        """0-based index of the open card closest to scoring (None without cards)."""
        if not self.open:
            return None
        return min(range(len(self.open)), key=lambda i: self.open[i]["fields_to_score"])


@dataclass(frozen=True)
class AllesViewModel(TableViewModel):
    variant: str                         # "basic" | "advanced"
    throws: int
    dice: tuple[str, ...]                # the last roll's faces
    kept_dice: tuple[str, ...]           # dice left on the mat for this throw
    picked_up: tuple[str, ...]
    seat_to_deal: int | None             # deal phase: the next seat still short (the default)
    replacing_seat: int | None           # replace phase: who gets a new card
    colours_optional: bool
    pile: tuple[Card, ...]               # the face-down cards (public; order unknown)
    display: tuple[Mapping[str, Any], ...]
    seats: tuple[AllesSeat, ...]
    seats_to_deal: tuple[int, ...] = ()  # deal phase: every seat still short (any may be dealt to)

    @property
    def shows_display(self) -> bool:
        return self.variant == "advanced" and (bool(self.display) or self.phase in (REVEAL, REPLACE))

    @property
    def needs_card_by_tap(self) -> bool:
        """The table names a card drawn or laid (deal, reveal, basic replace)."""
        return self.phase in (DEAL, REVEAL) or (self.phase == REPLACE and self.variant == "basic")


def kept_dice(state: GameState) -> tuple[str, ...]:
    """The dice left on the mat while the picked-up ones are thrown again."""
    if state.phase != THROW or state.throws == 0:
        return ()
    rest = Counter(state.dice) - Counter(state.picked_up)
    return tuple(sorted(rest.elements(), key=COLOURS.index))


def _seat(state: GameState, seat: int, total: int) -> AllesSeat:
    seat_state = state.seats[seat]
    decision = state.decisions[seat] if state.decisions else None
    undecided = state.phase == MARK and decision is None
    return AllesSeat(
        seat=seat, name=state.names[seat], score=total,
        open=tuple(card_view(c) for c in seat_state.open),
        scored=tuple({**card_view(s.card), "score": s.score} for s in seat_state.scored),
        decided=decision is not None,
        decision=None if decision is None else {
            "card": decision.card, "colours": decision.colours, "scored": decision.scored},
        options=mark_options(state, seat) if undecided else (),
        hint=seat_hint(state, seat) if undecided else None)


def view_model(state: GameState, config: GameConfig | None = None) -> AllesViewModel:
    """Everything the Alles table shows for ``state`` (``config`` is not needed:
    the state carries the names and rules)."""
    sheet = score_sheet(state)
    dealing = seats_to_deal(state) if state.phase == DEAL else ()
    return AllesViewModel(
        game="alles_auf_1_karte", phase=state.phase, round=state.round, names=state.names,
        to_act=to_act(state),
        active_seat=state.active if state.phase in (THROW, DECIDE) else None,
        final_round=state.final_round, is_over=state.phase == OVER,
        scores_now=tuple(sheet.totals), winners=tuple(sheet.winners) if state.phase == OVER else (),
        variant="advanced" if state.rules.advanced else "basic",
        throws=state.throws, dice=state.dice, kept_dice=kept_dice(state),
        picked_up=state.picked_up, seat_to_deal=dealing[0] if dealing else None,
        replacing_seat=state.replacements[0] if state.phase == REPLACE and state.replacements else None,
        colours_optional=not state.rules.must_use_all_fitting_colours,
        pile=tuple(c for c in (state.card(i) for i in state.pile) if c is not None),
        display=tuple(layout_view(c) for c in state.display),
        seats=tuple(_seat(state, s, sheet.totals[s]) for s in range(state.player_count)),
        seats_to_deal=dealing)
