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
from typing import Annotated, ClassVar

from companion.actions import ActionCodec, AtLeast, DescribedAction, SeatAction, SeatNumber
from companion.coloretto.data import CATALOGUE, LAST_ROUND, PILE_KINDS, SIDES
from companion.coloretto.texts import KIND_WORDS, SIDE_WORDS, card_label, colour_word, row_words
from companion.corrections import PlayerChoice, TableCorrection
from companion.errors import InvalidAction
from companion.messages import Seat, Text


def _check_colour(colour: str) -> None:
    if colour not in CATALOGUE.colours:
        raise InvalidAction(f"{colour!r} is not a Coloretto colour "
                            f"(known: {', '.join(CATALOGUE.colours)})")


#: a row's number, 0 for the first row laid out
RowNumber = Annotated[int, AtLeast(0, "row numbers start at 0")]


@dataclass(frozen=True)
class _Seated(SeatAction):
    """A Coloretto action about one seat (seats count from 0)."""

    seat: SeatNumber


@dataclass(frozen=True)
class RemoveColour(DescribedAction):
    """Setup (2–3 players): all 9 cards of ``colour`` go back in the box."""

    type: ClassVar[str] = "remove_colour"
    colour: str

    def check(self) -> None:
        _check_colour(self.colour)

    def text(self) -> Text:
        return Text("remove {colour} from the game", colour=colour_word(self.colour))


@dataclass(frozen=True)
class StartCard(_Seated):
    """Setup: ``seat`` starts with one card of ``colour`` face up."""

    type: ClassVar[str] = "start_card"
    colour: str

    def check(self) -> None:
        _check_colour(self.colour)

    def text(self) -> Text:
        return Text("{seat} starts with {colour}", seat=Seat(self.seat), colour=colour_word(self.colour))


@dataclass(frozen=True)
class StartPlayer(_Seated):
    """Setup: ``seat`` plays first (AMB-C14: entered, or drawn by lot)."""

    type: ClassVar[str] = "start_player"

    def text(self) -> Text:
        return Text("{seat} starts", seat=Seat(self.seat))


@dataclass(frozen=True)
class Draw(_Seated):
    """``seat`` chooses action A: draw the top card (the table then reveals it)."""

    type: ClassVar[str] = "draw"

    def text(self) -> Text:
        return Text("{seat} draws", seat=Seat(self.seat))


@dataclass(frozen=True)
class Reveal(DescribedAction):
    """Chance: the drawn card is ``card`` (a colour, joker, plus2 or last_round)."""

    type: ClassVar[str] = "reveal"
    card: str

    def check(self) -> None:
        if self.card not in PILE_KINDS:
            raise InvalidAction(f"{self.card!r} is not a Coloretto card "
                                f"(known: {', '.join(PILE_KINDS)})")

    def text(self) -> Text:
        return Text("drawn: {card}", card=card_label(self.card))


@dataclass(frozen=True)
class Place(_Seated):
    """``seat`` places the drawn card next to ``row``."""

    type: ClassVar[str] = "place"
    row: RowNumber

    def text(self) -> Text:
        return Text("{seat} places the card on {row}", seat=Seat(self.seat), row=row_words(self.row))


@dataclass(frozen=True)
class Take(_Seated):
    """``seat`` takes ``row`` with all its cards and sits out the rest of the round."""

    type: ClassVar[str] = "take"
    row: RowNumber

    def text(self) -> Text:
        return Text("{seat} takes {row}", seat=Seat(self.seat), row=row_words(self.row))


@dataclass(frozen=True)
class CorrectCards(TableCorrection, _Seated):
    """The table corrects ``seat``'s face-up cards of ``card`` (a colour, ``joker`` or
    ``plus2``) from ``before`` (the app's count) to ``after``.  Cards added come out of
    the pile while it has copies; cards taken away go out of the game."""

    type: ClassVar[str] = "correct_cards"
    card: str
    before: int
    after: int

    def check(self) -> None:
        if self.card not in CATALOGUE.card_kinds or self.card == LAST_ROUND:
            raise InvalidAction(f"{self.card!r} is not a card a player can hold")

    def kind_word(self) -> Text | str:
        return KIND_WORDS.get(self.card) or colour_word(self.card)

    def text(self) -> Text:
        return Text("Correction: {seat}'s cards, {card}: from {before} to {after}", seat=Seat(self.seat),
                    card=self.kind_word(), before=self.before, after=self.after)


@dataclass(frozen=True)
class ChooseScoring(PlayerChoice, _Seated):
    """``seat`` scores its jokers as ``jokers`` (one colour each, "" = unassigned where
    the option allows) and ``positive`` as its positive colours, instead of the
    companion's optimum; both empty: the optimum again (AMB-C5).  ``side``: the
    scoring side this player scores with, when each player chooses (AMB-C9; "" keeps it)."""

    type: ClassVar[str] = "choose_scoring"
    jokers: tuple[str, ...] = ()
    positive: tuple[str, ...] = ()
    side: str = ""

    def check(self) -> None:
        if self.side and self.side not in SIDES:
            raise InvalidAction(f"choose_scoring: {self.side!r} is not a scoring side ({', '.join(SIDES)})")
        for colour in self.jokers:
            if colour:
                _check_colour(colour)
        for colour in self.positive:
            _check_colour(colour)
        if len(set(self.positive)) != len(self.positive):
            raise InvalidAction("choose_scoring: a positive colour is listed twice")
        self._keep("jokers", tuple(sorted(self.jokers)))
        self._keep("positive", tuple(sorted(self.positive, key=CATALOGUE.colours.index)))

    @property
    def is_optimum(self) -> bool:
        return not self.jokers and not self.positive

    def text(self) -> Text:
        if self.is_optimum:
            chosen = Text("{seat} scores with the best joker and positive colours", seat=Seat(self.seat))
        else:
            jokers = tuple(colour_word(c) if c else Text("none") for c in self.jokers) or Text("none")
            chosen = Text("{seat} chooses: jokers as {jokers}; positive colours {colours}",
                          seat=Seat(self.seat), jokers=jokers,
                          colours=tuple(colour_word(c) for c in self.positive))
        if not self.side:
            return chosen
        return Text("{choice}, on {side}", choice=chosen, side=SIDE_WORDS[self.side])


ACTION_CLASSES = (RemoveColour, StartCard, StartPlayer, Draw, Reveal, Place, Take, CorrectCards,
                  ChooseScoring)
CODEC = ActionCodec(*ACTION_CLASSES)
