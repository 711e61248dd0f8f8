"""Golden Horn actions: small frozen dataclasses that round-trip through JSON.

Colours are the letters Y P G R O B; several colours are a string ("GR").
Route positions are node ids: "V", "C", "M", "s1".."s12".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.actions import Action, ActionCodec
from companion.engine import InvalidAction
from companion.golden_horn.data import COLOURS, SHIP_NAMES


def _check_colours(kind: str, field: str, text: str) -> None:
    bad = set(text) - set(COLOURS)
    if bad:
        raise InvalidAction(f"{field} has unknown colour(s) {''.join(sorted(bad))} "
                            f"(colours are {COLOURS})")


def _canonical(text: str) -> str:
    """Colours sorted in the fixed order Y P G R O B."""
    return "".join(sorted(text, key=COLOURS.index))


def _check_ship(kind: str, ship: str) -> None:
    if len(ship) != 2 or not ship[0].isdigit() or ship[1] not in SHIP_NAMES:
        raise InvalidAction(f"ship must be an owner seat and a ship letter {'/'.join(SHIP_NAMES)} "
                            f"such as '1b', not {ship!r}")


@dataclass(frozen=True)
class DrawCubes(Action):
    """Chance: the cubes drawn from the bag into a main port ("V" or "C")."""

    type: ClassVar[str] = "draw_cubes"
    port: str
    cubes: str

    def __post_init__(self) -> None:
        if self.port not in ("V", "C"):
            raise InvalidAction(f"port must be V or C, not {self.port!r}")
        _check_colours(self.type, "cubes", self.cubes)
        object.__setattr__(self, "cubes", _canonical(self.cubes))

    def __str__(self) -> str:
        return f"{self.cubes or 'no cubes'} drawn from the bag into {self.port}"


@dataclass(frozen=True)
class DrawCards(Action):
    """Chance (open hands only): the cards a seat drew or was dealt."""

    type: ClassVar[str] = "draw_cards"
    seat: int
    cards: str

    def __post_init__(self) -> None:
        _check_colours(self.type, "cards", self.cards)
        object.__setattr__(self, "cards", _canonical(self.cards))

    def __str__(self) -> str:
        return f"seat {self.seat} draws {self.cards or 'no cards'}"


@dataclass(frozen=True)
class PlaceFleet(Action):
    """Where a seat's ships a, b, c start: one of "V"/"C" each, e.g. "VVC"."""

    type: ClassVar[str] = "place_fleet"
    owner: int
    ports: str

    def __post_init__(self) -> None:
        if len(self.ports) != len(SHIP_NAMES) or set(self.ports) - {"V", "C"}:
            raise InvalidAction(f"ports must be {len(SHIP_NAMES)} letters V or C, "
                                f"not {self.ports!r}")

    def __str__(self) -> str:
        where = ", ".join(f"{n} in {p}" for n, p in zip(SHIP_NAMES, self.ports))
        return f"seat {self.owner} places ships {where}"


@dataclass(frozen=True)
class Attack(Action):
    """Pirates: ``seat`` plays two cards on ship ``ship`` (e.g. "1b") at sea (§4)."""

    type: ClassVar[str] = "attack"
    seat: int
    ship: str
    cards: str

    def __post_init__(self) -> None:
        _check_ship(self.type, self.ship)
        _check_colours(self.type, "cards", self.cards)
        object.__setattr__(self, "cards", _canonical(self.cards))

    def __str__(self) -> str:
        return f"seat {self.seat} sends pirates ({'+'.join(self.cards)}) at ship {self.ship}"


@dataclass(frozen=True)
class Move(Action):
    """Move one's own ship (e.g. "1b") to node ``to`` (§5): ``load`` is the colour loaded when
    leaving a main port ("" for none), ``reverse`` uses the pirate turn-around
    right, ``wind`` lists the wind cards played in order (they follow from the
    path, M8)."""

    type: ClassVar[str] = "move"
    seat: int
    ship: str
    to: str
    load: str = ""
    reverse: bool = False
    wind: str = ""

    def __post_init__(self) -> None:
        _check_ship(self.type, self.ship)
        if len(self.load) > 1:
            raise InvalidAction("load is one colour or empty")
        _check_colours(self.type, "load", self.load)
        _check_colours(self.type, "wind", self.wind)

    def __str__(self) -> str:
        text = f"seat {self.seat} moves ship {self.ship} to {self.to}"
        if self.reverse:
            text += ", turned around"
        if self.load:
            text += f", loading {self.load}"
        if self.wind:
            text += f", wind {'+'.join(self.wind)}"
        return text


@dataclass(frozen=True)
class TurnAround(Action):
    """(turn-around timing "immediateOnly") the owner of a ship emptied by pirates
    decides at once whether it reverses its heading (D3)."""

    type: ClassVar[str] = "turn_around"
    seat: int
    ship: str
    reverse: bool

    def __post_init__(self) -> None:
        _check_ship(self.type, self.ship)

    def __str__(self) -> str:
        verb = "turns" if self.reverse else "does not turn"
        return f"seat {self.seat} {verb} ship {self.ship} around"


@dataclass(frozen=True)
class DeclareEnd(Action):
    """``seat`` declares the end of the game (E2, needs all six colours)."""

    type: ClassVar[str] = "declare_end"
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} declares the end"


@dataclass(frozen=True)
class EndTurn(Action):
    """``seat`` ends the turn after moving without declaring (END TURN button)."""

    type: ClassVar[str] = "end_turn"
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} ends the turn"


ACTION_TYPES = (DrawCubes, DrawCards, PlaceFleet, Attack, Move, TurnAround, DeclareEnd, EndTurn)
CODEC = ActionCodec(*ACTION_TYPES)
