"""The Coloretto state: an immutable value (frozen dataclasses, tuples only).

Phases, in order: ``remove_colours`` (2–3 players) → ``start_cards`` →
``start_player`` → then rounds of ``turn`` / ``draw`` / ``place`` → ``over``.
In ``turn`` the current seat draws or takes; in ``draw`` the table reveals the
drawn card; in ``place`` the seat puts it on a row with room.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from companion.coloretto.data import CATALOGUE, GOLDEN_JOKER, JOKER, LAST_ROUND, PILE_KINDS, PLUS2

REMOVE_COLOURS = "remove_colours"
START_CARDS = "start_cards"
START_PLAYER = "start_player"
TURN = "turn"
DRAW = "draw"
PLACE = "place"
OVER = "over"
SETUP_PHASES = (REMOVE_COLOURS, START_CARDS, START_PLAYER)
PLAY_PHASES = (TURN, DRAW, PLACE)


@dataclass(frozen=True)
class Rules:
    """The options chosen at setup (see ``companion.coloretto.game.OPTIONS``)."""

    side: str = "brown"
    joker_colours: str = "in_play"
    start_cards: str = "dealt"
    start_colours_all_distinct: bool = True
    after_last_round_card: str = "draw_again"
    jokers: str = "three"
    scoring_sides: str = "together"
    match_games: int = 1
    match_so_far: str = ""


@dataclass(frozen=True)
class Row:
    """A row card in the middle: its capacity, the cards beside it, who took it."""

    capacity: int
    cards: tuple[str, ...] = ()
    taken_by: int | None = None

    @property
    def is_open(self) -> bool:
        return self.taken_by is None

    @property
    def room(self) -> int:
        return self.capacity - len(self.cards)

    @property
    def can_place(self) -> bool:
        return self.is_open and self.room > 0

    @property
    def can_take(self) -> bool:
        return self.is_open and len(self.cards) >= 1


@dataclass(frozen=True)
class Collection:
    """A player's face-up cards: counts per catalogue colour, jokers, +2 cards."""

    counts: tuple[int, ...] = (0,) * len(CATALOGUE.colours)
    jokers: int = 0
    plus2: int = 0

    def count(self, colour: str) -> int:
        return self.counts[CATALOGUE.colours.index(colour)]

    def add(self, card: str) -> "Collection":
        if card in (JOKER, GOLDEN_JOKER):   # the golden joker scores as any joker
            return replace(self, jokers=self.jokers + 1)
        if card == PLUS2:
            return replace(self, plus2=self.plus2 + 1)
        if card == LAST_ROUND:
            raise ValueError("the last-round card never joins a collection")
        index = CATALOGUE.colours.index(card)
        counts = self.counts[:index] + (self.counts[index] + 1,) + self.counts[index + 1:]
        return replace(self, counts=counts)

    @property
    def size(self) -> int:
        return sum(self.counts) + self.jokers + self.plus2

    def by_colour(self) -> dict[str, int]:
        """Colours held (count > 0), in catalogue order."""
        return {c: n for c, n in zip(CATALOGUE.colours, self.counts) if n}


@dataclass(frozen=True)
class ColorettoState:
    """Everything the table knows.  Only the pile's order is hidden; its
    contents (``pile``: copies left per ``PILE_KINDS``) are known."""

    names: tuple[str, ...]
    rules: Rules
    phase: str
    rows: tuple[Row, ...]
    collections: tuple[Collection, ...]
    pile: tuple[int, ...]
    removed: tuple[str, ...] = ()
    start_cards: tuple[tuple[int, str], ...] = ()
    current: int = -1
    drawn: str | None = None
    out: tuple[int, ...] = ()
    round: int = 0
    draws: int = 0
    last_round_draw: int = 0
    last_round: bool = False
    #: the last-round card came up this many draws after (+) or before (-) the draw
    #: the 15 cards under it foretold: the pile was miscounted (0: as foretold)
    miscount: int = 0
    #: players' own scoring choices: (seat, joker colours, positive colours), AMB-C5
    scoring: tuple[tuple[int, tuple[str, ...], tuple[str, ...]], ...] = ()
    #: players scoring with another side than the table's: (seat, side), AMB-C9
    sides: tuple[tuple[int, str], ...] = ()
    #: the seat that took the golden joker and now takes the pile's top card
    bonus_for: int | None = None
    last_taker: int | None = None
    discarded: tuple[str, ...] = ()

    # -- derived facts -------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def colours_in_play(self) -> tuple[str, ...]:
        return tuple(c for c in CATALOGUE.colours if c not in self.removed)

    @property
    def pile_size(self) -> int:
        return sum(self.pile)

    def left(self, kind: str) -> int:
        """Copies of ``kind`` still in the pile."""
        return self.pile[PILE_KINDS.index(kind)]

    def without_from_pile(self, kind: str, copies: int = 1) -> tuple[int, ...]:
        index = PILE_KINDS.index(kind)
        return self.pile[:index] + (self.pile[index] - copies,) + self.pile[index + 1:]

    @property
    def active(self) -> tuple[int, ...]:
        """Seats that have not taken a row this round."""
        return tuple(s for s in range(self.players) if s not in self.out)

    @property
    def open_rows(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.rows) if r.is_open)

    @property
    def next_draw(self) -> int:
        """The 1-based number of the next draw from the pile in this game."""
        return self.draws + 1

    @property
    def draws_until_last_round(self) -> int | None:
        """Draws before the last-round card comes up (0: the next one, and also once it
        is overdue because the pile was miscounted); None once drawn or before play begins."""
        if self.last_round or not self.last_round_draw:
            return None
        return max(0, self.last_round_draw - self.next_draw)

    @property
    def last_round_overdue(self) -> bool:
        """The last-round card did not come up at the draw the pile foretold."""
        return not self.last_round and 0 < self.last_round_draw < self.next_draw

    def side_of(self, seat: int) -> str:
        """The scoring side ``seat`` scores with: its own choice, else the table's."""
        return dict(self.sides).get(seat, self.rules.side)

    def next_active_after(self, seat: int) -> int:
        """The first seat clockwise (to the left, seat + 1) of ``seat`` still active;
        ``seat`` itself when it is the only one left."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate not in self.out:
                return candidate
        raise ValueError("nobody is active")

    def start_card_order(self) -> tuple[int, ...]:
        """Seats in the order they receive start cards: 0, 1, ..., then again with 2 players."""
        per_seat = CATALOGUE.start_cards_for(self.players)
        return tuple(seat for _ in range(per_seat) for seat in range(self.players))

    def start_colours(self, seat: int) -> tuple[str, ...]:
        return tuple(colour for s, colour in self.start_cards if s == seat)
