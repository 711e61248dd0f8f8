"""Actions of Alles auf 1 Karte: small frozen dataclasses that round-trip through JSON.

Colour lists are kept in a canonical order (red, orange, yellow, green, blue,
purple), so two actions that mean the same are equal.  A colour name that is
not one of the six, or a colour given twice, makes the action invalid.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.actions import Action, ActionCodec
from companion.engine import TABLE, InvalidAction
from companion.alles_auf_1_karte.cards import COLOURS

DICE_COUNT = 5


def sort_colours(colours: tuple[str, ...], what: str, distinct: bool) -> tuple[str, ...]:
    """``colours`` in canonical order; InvalidAction for unknown or repeated names."""
    for colour in colours:
        if colour not in COLOURS:
            raise InvalidAction(f"{what}: {colour!r} is not a colour ({', '.join(COLOURS)})")
    if distinct and len(set(colours)) != len(colours):
        raise InvalidAction(f"{what}: a colour is listed twice")
    return tuple(sorted(colours, key=COLOURS.index))


def _seat_label(seat: int) -> str:
    return "table" if seat == TABLE else f"seat {seat + 1}"


@dataclass(frozen=True)
class DrawCard(Action):
    """Chance: ``seat`` draws ``card`` from the pile (setup deal or replacement)."""

    type: ClassVar[str] = "draw_card"
    seat: int
    card: str

    def __str__(self) -> str:
        return f"{_seat_label(self.seat)} draws card {self.card}"


@dataclass(frozen=True)
class KeepCards(Action):
    """Advanced setup: ``seat`` keeps these 3 of the 5 cards it drew."""

    type: ClassVar[str] = "keep_cards"
    seat: int
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(set(self.cards)) != len(self.cards):
            raise InvalidAction("keep_cards: a card is listed twice")
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return f"{_seat_label(self.seat)} keeps {', '.join(self.cards)}"


@dataclass(frozen=True)
class RevealCard(Action):
    """Chance, advanced variant: ``card`` is turned face up into the display."""

    type: ClassVar[str] = "reveal_card"
    card: str

    def __str__(self) -> str:
        return f"card {self.card} is laid face up in the display"


@dataclass(frozen=True)
class RollDice(Action):
    """Chance: the 5 dice now showing ``faces`` (kept dice included)."""

    type: ClassVar[str] = "roll_dice"
    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.faces) != DICE_COUNT:
            raise InvalidAction(f"roll_dice: needs the faces of all {DICE_COUNT} dice, "
                                f"got {len(self.faces)}")
        object.__setattr__(self, "faces", sort_colours(self.faces, "roll_dice", False))

    def __str__(self) -> str:
        return f"dice show {describe_dice(self.faces)}"


@dataclass(frozen=True)
class Reroll(Action):
    """The active ``seat`` picks up ``dice`` (faces) to throw again; none = the roll is final."""

    type: ClassVar[str] = "reroll"
    seat: int
    dice: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.dice) > DICE_COUNT:
            raise InvalidAction(f"reroll: there are only {DICE_COUNT} dice")
        object.__setattr__(self, "dice", sort_colours(self.dice, "reroll", False))

    def __str__(self) -> str:
        if not self.dice:
            return f"{_seat_label(self.seat)} keeps the roll"
        return f"{_seat_label(self.seat)} re-rolls {describe_dice(self.dice)}"


@dataclass(frozen=True)
class Mark(Action):
    """``seat`` uses every die of each of ``colours`` on its open ``card``."""

    type: ClassVar[str] = "mark"
    seat: int
    card: str
    colours: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", sort_colours(self.colours, "mark", True))

    def __str__(self) -> str:
        used = ", ".join(self.colours) if self.colours else "nothing"
        return f"{_seat_label(self.seat)} marks {used} on {self.card}"


@dataclass(frozen=True)
class Pass(Action):
    """``seat`` does not use this roll."""

    type: ClassVar[str] = "pass"
    seat: int

    def __str__(self) -> str:
        return f"{_seat_label(self.seat)} passes"


@dataclass(frozen=True)
class TakeDisplayCard(Action):
    """Advanced variant: after scoring, ``seat`` takes ``card`` from the display."""

    type: ClassVar[str] = "take_display_card"
    seat: int
    card: str

    def __str__(self) -> str:
        return f"{_seat_label(self.seat)} takes {self.card} from the display"


def describe_dice(faces: tuple[str, ...]) -> str:
    """``("red", "red", "blue")`` -> ``"2 red, 1 blue"``."""
    counts = [(c, faces.count(c)) for c in COLOURS if c in faces]
    return ", ".join(f"{n} {c}" for c, n in counts) or "no dice"


ACTION_TYPES = (DrawCard, KeepCards, RevealCard, RollDice, Reroll, Mark, Pass, TakeDisplayCard)
CODEC = ActionCodec(*ACTION_TYPES)
