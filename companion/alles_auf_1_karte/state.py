"""The immutable game state of Alles auf 1 Karte and the values inside it.

Phases, in order (``phase`` field):

- ``deal``     the table deals the starting cards (DrawCard per card);
- ``keep``     advanced: every seat keeps 3 of its 5 cards (KeepCards);
- ``reveal``   advanced: the table lays display cards face up (RevealCard),
               at setup and to refill the display after a take;
- ``throw``    the table reports the dice (RollDice);
- ``decide``   the active seat re-rolls some dice or keeps the roll (Reroll);
- ``mark``     every seat uses the final roll on one card, or passes;
- ``replace``  scorers get a new card in turn order: the table draws one
               (basic) or the seat takes one from the display (advanced);
- ``over``     the game has ended.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cached_property
from typing import Any

from companion.alles_auf_1_karte.cards import COLOURS, SUN_BONUS, Card

DEAL, KEEP, REVEAL, THROW, DECIDE, MARK, REPLACE, OVER = (
    "deal", "keep", "reveal", "throw", "decide", "mark", "replace", "over")
MAX_THROWS = 3
CARDS_TO_END = 4
BASIC_OPEN, ADVANCED_OPEN, ADVANCED_DRAW, DISPLAY_SIZE = 2, 3, 5, 3


@dataclass(frozen=True)
class Rules:
    """The options a game was set up with."""

    advanced: bool = False
    must_use_all_fitting_colours: bool = False
    equal_turns: bool = False
    start: int = 0                          # the start player's seat

    @property
    def open_cards(self) -> int:
        return ADVANCED_OPEN if self.advanced else BASIC_OPEN

    @property
    def setup_draw(self) -> int:
        return ADVANCED_DRAW if self.advanced else BASIC_OPEN


@dataclass(frozen=True)
class CardInPlay:
    """A card on the table with its marks: ``marks[i]`` fields crossed in row ``i``."""

    card: Card
    marks: tuple[int, ...] = (0, 0, 0, 0, 0)

    @property
    def id(self) -> str:
        return self.card.id

    def free(self, index: int) -> int:
        return self.card.rows[index].fields - self.marks[index]

    def is_complete(self, index: int) -> bool:
        return self.marks[index] >= self.card.rows[index].fields

    @cached_property
    def complete_rows(self) -> tuple[int, ...]:
        """Indices of the complete rows (cached: the value is immutable)."""
        return tuple(i for i, (row, marks) in enumerate(zip(self.card.rows, self.marks))
                     if marks >= row.fields)

    @cached_property
    def row_points(self) -> int:
        """★ points of the complete rows (what an unscored card is worth at the end)."""
        return sum(self.card.rows[i].points for i in self.complete_rows)

    @cached_property
    def sun_bonus(self) -> int:
        """The bonus a card gets when it is scored: 2 for one complete sun row, 5 for two."""
        suns = sum(1 for i in self.complete_rows if self.card.rows[i].sun)
        return SUN_BONUS.get(suns, SUN_BONUS[max(SUN_BONUS)])

    @property
    def must_score(self) -> bool:
        return len(self.complete_rows) >= 3

    def with_dice(self, counts: dict[str, int], colours: tuple[str, ...]) -> "CardInPlay":
        """The card after crossing every die of each colour (legality not checked)."""
        marks = list(self.marks)
        for colour in colours:
            index = self.card.row_of(colour)
            if index is not None:
                marks[index] += counts.get(colour, 0)
        return replace(self, marks=tuple(marks))


@dataclass(frozen=True)
class ScoredCard:
    """A scored card, set aside read-only with its written score."""

    card: CardInPlay
    row_points: int
    bonus: int

    @property
    def score(self) -> int:
        return self.row_points + self.bonus

    @property
    def id(self) -> str:
        return self.card.id


@dataclass(frozen=True)
class SeatState:
    """One player's cards: ``open`` in the order they were laid out, ``scored`` in scoring order."""

    open: tuple[CardInPlay, ...] = ()
    scored: tuple[ScoredCard, ...] = ()

    def open_card(self, card_id: str) -> CardInPlay | None:
        for card in self.open:
            if card.id == card_id:
                return card
        return None


@dataclass(frozen=True)
class Decision:
    """What a seat did with this round's roll (``colours`` empty and card None = passed)."""

    card: str | None = None
    colours: tuple[str, ...] = ()
    scored: int | None = None


@dataclass(frozen=True)
class GameState:
    """Everything the table knows.  ``pile`` holds the ids of the face-down cards
    (their order is unknown, so they are kept in catalogue order)."""

    names: tuple[str, ...]
    rules: Rules
    cards: tuple[Card, ...]                 # all 30 layouts of this game
    seats: tuple[SeatState, ...]
    pile: tuple[str, ...]
    display: tuple[Card, ...] = ()
    phase: str = DEAL
    round: int = 0                          # rolls started so far (1 = the first roll)
    active: int = 0
    throws: int = 0                         # throws made this round (0..3)
    dice: tuple[str, ...] = ()              # the 5 faces, canonical order
    picked_up: tuple[str, ...] = ()         # dice being re-rolled (phase throw)
    decisions: tuple[Decision | None, ...] = ()
    replacements: tuple[int, ...] = ()      # seats still owed a new card, in order
    final_round: bool = False
    kept: tuple[bool, ...] = ()             # advanced setup: who has chosen

    @property
    def player_count(self) -> int:
        return len(self.names)

    def card(self, card_id: str) -> Card | None:
        for card in self.cards:
            if card.id == card_id:
                return card
        return None

    def dice_counts(self) -> dict[str, int]:
        return {c: self.dice.count(c) for c in COLOURS if c in self.dice}

    def turn_order(self) -> tuple[int, ...]:
        """Seats from the active one clockwise (marking and replacement order)."""
        n = self.player_count
        return tuple((self.active + k) % n for k in range(n))

    def with_seat(self, seat: int, new: SeatState) -> "GameState":
        seats = list(self.seats)
        seats[seat] = new
        return self.evolve(seats=tuple(seats))

    def card_count(self) -> int:
        """Cards accounted for: pile + open + scored + display (always 30)."""
        return (len(self.pile) + len(self.display)
                + sum(len(s.open) + len(s.scored) for s in self.seats))

    def evolve(self, **changes: Any) -> "GameState":
        """A copy with ``changes``; a fast ``dataclasses.replace`` (the engine's hot path).

        Copies the field values directly instead of re-running ``__init__``;
        the state has no derived fields, so this is equivalent.
        """
        unknown = changes.keys() - _STATE_FIELDS
        if unknown:
            raise TypeError(f"GameState has no field(s) {sorted(unknown)}")
        new = object.__new__(GameState)
        values = new.__dict__
        values.update(self.__dict__)
        values.update(changes)
        return new


_STATE_FIELDS = frozenset(f.name for f in fields(GameState))
