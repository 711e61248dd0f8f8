"""Actions of Alles auf 1 Karte: small frozen dataclasses that round-trip through JSON.

Colour lists are kept in a canonical order (red, orange, yellow, green, blue,
purple), so two actions that mean the same are equal.  A colour name that is
not one of the six, or a colour given twice, makes the action invalid.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.actions import ActionCodec, DescribedAction, SeatAction
from companion.corrections import TableCorrection
from companion.engine import TABLE
from companion.errors import InvalidAction
from companion.alles_auf_1_karte.cards import COLOURS, CardIdError, card_from_id
from companion.alles_auf_1_karte.texts import card_words, colour_word, describe_dice, seat_ref
from companion.messages import Seat, Text

DICE_COUNT = 5


def sort_colours(colours: tuple[str, ...], what: str, distinct: bool) -> tuple[str, ...]:
    """``colours`` in canonical order; InvalidAction for unknown or repeated names."""
    for colour in colours:
        if colour not in COLOURS:
            raise InvalidAction(f"{what}: {colour!r} is not a colour ({', '.join(COLOURS)})")
    if distinct and len(set(colours)) != len(colours):
        raise InvalidAction(f"{what}: a colour is listed twice")
    return tuple(sorted(colours, key=COLOURS.index))


def _seat_label(seat: int) -> Seat | Text:
    return Text("table") if seat == TABLE else seat_ref(seat)


@dataclass(frozen=True)
class DrawCard(SeatAction):
    """Chance: ``seat`` draws ``card`` from the pile (setup deal or replacement)."""

    type: ClassVar[str] = "draw_card"
    card: str

    def text(self) -> Text:
        return Text("{seat} draws {card}", seat=_seat_label(self.seat), card=card_words(self.card))


@dataclass(frozen=True)
class EnterCard(DescribedAction):
    """Chance: the card just drawn from the box matches no layout of this game's set
    (the shipped layouts are samples): ``card`` (a layout id, see cards.card_from_id)
    takes the place of ``replaces``, a card still in the pile.  The draw follows as
    an ordinary DrawCard/RevealCard of ``card``."""

    type: ClassVar[str] = "enter_card"
    card: str
    replaces: str

    def check(self) -> None:
        try:
            card_from_id(self.card)
        except CardIdError as exc:
            raise InvalidAction(f"enter_card: {exc}") from None

    def text(self) -> Text:
        return Text("The real {card} replaces the sample {sample} in this game's set",
                    card=card_words(self.card), sample=card_words(self.replaces))


@dataclass(frozen=True)
class KeepCards(SeatAction):
    """Advanced setup: ``seat`` keeps these 3 of the 5 cards it drew."""

    type: ClassVar[str] = "keep_cards"
    cards: tuple[str, ...]

    def check(self) -> None:
        if len(set(self.cards)) != len(self.cards):
            raise InvalidAction("keep_cards: a card is listed twice")
        self._keep("cards", tuple(sorted(self.cards)))

    def text(self) -> Text:
        return Text("{seat} keeps {cards}", seat=_seat_label(self.seat),
                    cards=tuple(Text("({card})", card=card_words(c)) for c in self.cards))


@dataclass(frozen=True)
class RevealCard(DescribedAction):
    """Chance, advanced variant: ``card`` is turned face up into the display."""

    type: ClassVar[str] = "reveal_card"
    card: str

    def text(self) -> Text:
        return Text("{card} is laid face up in the display", card=card_words(self.card))


@dataclass(frozen=True)
class RollDice(DescribedAction):
    """Chance: the 5 dice now showing ``faces`` (kept dice included)."""

    type: ClassVar[str] = "roll_dice"
    faces: tuple[str, ...]

    def check(self) -> None:
        if len(self.faces) != DICE_COUNT:
            raise InvalidAction(f"roll_dice: needs the faces of all {DICE_COUNT} dice, "
                                f"got {len(self.faces)}")
        self._keep("faces", sort_colours(self.faces, "roll_dice", False))

    def text(self) -> Text:
        return Text("dice show {dice}", dice=describe_dice(self.faces))


@dataclass(frozen=True)
class Reroll(SeatAction):
    """The active ``seat`` picks up ``dice`` (faces) to throw again; none = the roll is final."""

    type: ClassVar[str] = "reroll"
    dice: tuple[str, ...] = ()

    def check(self) -> None:
        if len(self.dice) > DICE_COUNT:
            raise InvalidAction(f"reroll: there are only {DICE_COUNT} dice")
        self._keep("dice", sort_colours(self.dice, "reroll", False))

    def text(self) -> Text:
        if not self.dice:
            return Text("{seat} keeps the roll", seat=_seat_label(self.seat))
        return Text("{seat} re-rolls {dice}", seat=_seat_label(self.seat), dice=describe_dice(self.dice))


@dataclass(frozen=True)
class Mark(SeatAction):
    """``seat`` uses every die of each of ``colours`` on its open ``card``."""

    type: ClassVar[str] = "mark"
    card: str
    colours: tuple[str, ...]

    def check(self) -> None:
        self._keep("colours", sort_colours(self.colours, "mark", True))

    def text(self) -> Text:
        used = tuple(colour_word(c) for c in self.colours) or Text("nothing")
        return Text("{seat} marks {colours} on {card}", seat=_seat_label(self.seat), colours=used,
                    card=card_words(self.card))


@dataclass(frozen=True)
class Pass(SeatAction):
    """``seat`` does not use this roll."""

    type: ClassVar[str] = "pass"

    def text(self) -> Text:
        return Text("{seat} passes", seat=_seat_label(self.seat))


@dataclass(frozen=True)
class TakeDisplayCard(SeatAction):
    """Advanced variant: after scoring, ``seat`` takes ``card`` from the display."""

    type: ClassVar[str] = "take_display_card"
    card: str

    def text(self) -> Text:
        return Text("{seat} takes {card} from the display", seat=_seat_label(self.seat),
                    card=card_words(self.card))


@dataclass(frozen=True)
class CorrectMarks(TableCorrection, SeatAction):
    """The table corrects the marks on ``seat``'s open ``card``: ``before`` the fields
    crossed per row as the app counts them, ``after`` as they are on the card."""

    type: ClassVar[str] = "correct_marks"
    card: str
    before: tuple[int, ...]
    after: tuple[int, ...]

    def check(self) -> None:
        if len(self.before) != len(self.after):
            raise InvalidAction("correct_marks: before and after need the same rows")

    def text(self) -> Text:
        return Text("Correction: marks on {seat}'s {card}, row by row: from {before} to {after}",
                    seat=_seat_label(self.seat), card=card_words(self.card),
                    before="-".join(map(str, self.before)), after="-".join(map(str, self.after)))


ACTION_TYPES = (DrawCard, EnterCard, KeepCards, RevealCard, RollDice, Reroll, Mark, Pass, TakeDisplayCard,
                CorrectMarks)
CODEC = ActionCodec(*ACTION_TYPES)
