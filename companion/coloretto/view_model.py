"""The typed view model of Coloretto: rows, players, live optimal scores, and
what the table may tap now (setup colours, the cards a draw can be, rows)."""
from __future__ import annotations

from dataclasses import dataclass

from companion.coloretto.actions import RemoveColour, StartCard
from companion.coloretto.data import CATALOGUE, GOLDEN_JOKER, JOKER, LAST_ROUND, PLUS2
from companion.coloretto.rules import can_draw, legal_actions, next_start_card_seat, possible_reveals, to_act
from companion.coloretto.scoring import HandScore, hand_score
from companion.coloretto.state import (DRAW, OVER, PLACE, REMOVE_COLOURS, START_CARDS,
                                       TURN, ColorettoState)
from companion.engine import GameConfig, winners_by_total
from companion.view_model import TableViewModel

__all__ = ["ColorettoViewModel", "GOLDEN_JOKER", "HandScore", "LAST_ROUND", "PlayerView", "RowView",
           "colour_name", "view_model"]


def colour_name(card: str) -> str | None:
    """The catalogue's English name of a colour card (None for other cards)."""
    return CATALOGUE.colour_name(card) if card in CATALOGUE.colours else None


@dataclass(frozen=True)
class RowView:
    index: int
    capacity: int
    cards: tuple[str, ...]
    room: int                  # free places (0 once taken)
    taken_by: int | None
    can_place: bool
    can_take: bool


@dataclass(frozen=True)
class PlayerView:
    seat: int
    name: str
    held: tuple[tuple[str, int], ...]   # (card kind, count): colours, then jokers and +2
    took_row: int | None
    out: bool
    score: int                          # optimal score if the game ended now


@dataclass(frozen=True)
class ColorettoViewModel(TableViewModel):
    side: str
    drawn_card: str | None
    start_card_seat: int | None          # start cards: who receives the next one
    setup_colours: tuple[str, ...]       # remove colours / start cards: the colours to tap
    can_draw: bool
    possible_reveals: tuple[str, ...]    # the cards the next draw can be
    card_kinds: tuple[str, ...]          # every card the picker shows
    show_capacity: bool                  # 2 players: rows of different sizes
    rows: tuple[RowView, ...]
    players: tuple[PlayerView, ...]
    hands: tuple[HandScore, ...]         # each seat's optimal score, line by line
    pile_size: int
    draws_until_last_round: int | None
    golden_joker_for: int | None = None  # took the golden joker: the pile's top card is theirs

    @property
    def chance_due(self) -> bool:
        """The table may draw at random now (a card on a turn, or a setup outcome)."""
        return self.can_draw if self.phase == TURN else self.table_to_act


def _held(state: ColorettoState, seat: int) -> tuple[tuple[str, int], ...]:
    hand = state.collections[seat]
    held = list(hand.by_colour().items())
    held += [(JOKER, hand.jokers)] if hand.jokers else []
    held += [(PLUS2, hand.plus2)] if hand.plus2 else []
    return tuple(held)


def view_model(state: ColorettoState, config: GameConfig | None = None) -> ColorettoViewModel:
    """Everything the Coloretto table shows for ``state`` (the state carries the names)."""
    hands = tuple(hand_score(state, seat) for seat in range(state.players))
    totals = tuple(hand.total for hand in hands)
    playing = state.phase in (TURN, DRAW, PLACE)
    setup = state.phase in (REMOVE_COLOURS, START_CARDS)
    drawing = state.phase == DRAW or (state.phase == TURN and can_draw(state))
    return ColorettoViewModel(
        game="coloretto", phase=state.phase, round=state.round, names=state.names,
        to_act=to_act(state), active_seat=state.current if playing else None,
        final_round=state.last_round, is_over=state.phase == OVER, scores_now=totals,
        winners=winners_by_total(totals) if state.phase == OVER else (),
        side=state.rules.side, drawn_card=state.drawn,
        start_card_seat=next_start_card_seat(state) if state.phase == START_CARDS else None,
        setup_colours=tuple(a.colour for a in legal_actions(state)
                            if isinstance(a, (RemoveColour, StartCard))) if setup else (),
        can_draw=can_draw(state), possible_reveals=possible_reveals(state) if drawing else (),
        card_kinds=state.colours_in_play + (JOKER, PLUS2, LAST_ROUND)
        + ((GOLDEN_JOKER,) if state.rules.jokers == "golden" else ()),
        show_capacity=state.players == 2,
        rows=tuple(RowView(i, r.capacity, r.cards, r.room if r.is_open else 0, r.taken_by,
                           r.can_place, r.can_take) for i, r in enumerate(state.rows)),
        players=tuple(PlayerView(seat, name, _held(state, seat),
                                 next((i for i, r in enumerate(state.rows) if r.taken_by == seat), None),
                                 seat in state.out, totals[seat])
                      for seat, name in enumerate(state.names)),
        hands=hands, pile_size=state.pile_size,
        draws_until_last_round=state.draws_until_last_round, golden_joker_for=state.bonus_for)

