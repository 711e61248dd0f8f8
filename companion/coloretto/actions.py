"""Coloretto actions: small frozen values that round-trip through JSON.

Rows and seats are 0-based here (as everywhere in the protocol); ``str``
shows rows 1-based, as players count them.  Card fields hold a colour id from
the catalogue or ``joker`` / ``plus2`` / ``last_round``.

Setup (chance or table decisions):  ``remove_colour`` (2–3 players),
``start_card`` (one per seat, two with 2 players), ``start_player``.
Play: ``draw`` (the seat chooses to draw) → ``reveal`` (the table says which
card came up) → ``place`` (the seat puts it on a row); or ``take`` (the seat
takes a row and sits out the rest of the round).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.actions import Action, ActionCodec
from companion.coloretto.data import CATALOGUE, LAST_ROUND
from companion.engine import InvalidAction


def _check_colour(colour: str) -> None:
    if colour not in CATALOGUE.colours:
        raise InvalidAction(f"{colour!r} is not a Coloretto colour "
                            f"(known: {', '.join(CATALOGUE.colours)})")


def _check_row(row: int) -> None:
    if row < 0:
        raise InvalidAction(f"row numbers start at 0, not {row}")


def _check_seat(seat: int) -> None:
    if seat < 0:
        raise InvalidAction(f"seat numbers start at 0, not {seat}")


def card_label(card: str) -> str:
    """How a card reads in messages: 'a yellow card', 'a joker', 'a +2 card'."""
    if card == "joker":
        return "a joker"
    if card == "plus2":
        return "a +2 card"
    if card == LAST_ROUND:
        return "the last-round card"
    return f"a {card} card"


@dataclass(frozen=True)
class RemoveColour(Action):
    """Setup (2–3 players): all 9 cards of ``colour`` go back in the box."""

    type: ClassVar[str] = "remove_colour"
    colour: str

    def __post_init__(self) -> None:
        _check_colour(self.colour)

    def __str__(self) -> str:
        return f"remove {self.colour} from the game"


@dataclass(frozen=True)
class StartCard(Action):
    """Setup: ``seat`` starts with one card of ``colour`` face up."""

    type: ClassVar[str] = "start_card"
    seat: int
    colour: str

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_colour(self.colour)

    def __str__(self) -> str:
        return f"seat {self.seat} starts with {self.colour}"


@dataclass(frozen=True)
class StartPlayer(Action):
    """Setup: ``seat`` plays first (AMB-C14: entered, or drawn by lot)."""

    type: ClassVar[str] = "start_player"
    seat: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"seat {self.seat} starts"


@dataclass(frozen=True)
class Draw(Action):
    """``seat`` chooses action A: draw the top card (the table then reveals it)."""

    type: ClassVar[str] = "draw"
    seat: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"seat {self.seat} draws"


@dataclass(frozen=True)
class Reveal(Action):
    """Chance: the drawn card is ``card`` (a colour, joker, plus2 or last_round)."""

    type: ClassVar[str] = "reveal"
    card: str

    def __post_init__(self) -> None:
        if self.card not in CATALOGUE.card_kinds:
            raise InvalidAction(f"{self.card!r} is not a Coloretto card "
                                f"(known: {', '.join(CATALOGUE.card_kinds)})")

    def __str__(self) -> str:
        return f"drawn: {card_label(self.card)}"


@dataclass(frozen=True)
class Place(Action):
    """``seat`` places the drawn card next to ``row``."""

    type: ClassVar[str] = "place"
    seat: int
    row: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_row(self.row)

    def __str__(self) -> str:
        return f"seat {self.seat} places on row {self.row + 1}"


@dataclass(frozen=True)
class Take(Action):
    """``seat`` takes ``row`` with all its cards and sits out the rest of the round."""

    type: ClassVar[str] = "take"
    seat: int
    row: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_row(self.row)

    def __str__(self) -> str:
        return f"seat {self.seat} takes row {self.row + 1}"


ACTION_CLASSES = (RemoveColour, StartCard, StartPlayer, Draw, Reveal, Place, Take)
CODEC = ActionCodec(*ACTION_CLASSES)
