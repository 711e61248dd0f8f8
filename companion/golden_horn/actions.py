"""Golden Horn actions: small frozen dataclasses that round-trip through JSON.

Colours are the letters Y P G R O B; several colours are a string ("GR").
Route positions are node ids: "V", "C", "M", "s1".."s12".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.actions import ActionCodec, DescribedAction, SeatAction
from companion.corrections import TableCorrection
from companion.errors import InvalidAction
from companion.golden_horn.data import COLOURS, SHIP_NAMES
from companion.golden_horn.texts import colour_word, letters_text, node_words, ship_words
from companion.messages import Seat, Text


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
class DrawCubes(DescribedAction):
    """Chance: the cubes drawn from the bag into a main port ("V" or "C")."""

    type: ClassVar[str] = "draw_cubes"
    port: str
    cubes: str

    def check(self) -> None:
        if self.port not in ("V", "C"):
            raise InvalidAction(f"port must be V or C, not {self.port!r}")
        _check_colours(self.type, "cubes", self.cubes)
        self._keep("cubes", _canonical(self.cubes))

    def text(self) -> Text:
        return Text("{cubes} drawn from the bag into {port}",
                    cubes=letters_text(self.cubes) if self.cubes else Text("no cubes"),
                    port=node_words(self.port))


@dataclass(frozen=True)
class DrawCards(SeatAction):
    """Chance (open hands only): the cards a seat drew or was dealt."""

    type: ClassVar[str] = "draw_cards"
    cards: str

    def check(self) -> None:
        _check_colours(self.type, "cards", self.cards)
        self._keep("cards", _canonical(self.cards))

    def text(self) -> Text:
        return Text("{seat} draws {cards}", seat=Seat(self.seat),
                    cards=letters_text(self.cards) if self.cards else Text("no cards"))


@dataclass(frozen=True)
class PlaceFleet(DescribedAction):
    """Where a seat's ships a, b, c start: one of "V"/"C" each, e.g. "VVC"."""

    type: ClassVar[str] = "place_fleet"
    owner: int
    ports: str

    def check(self) -> None:
        if len(self.ports) != len(SHIP_NAMES) or set(self.ports) - {"V", "C"}:
            raise InvalidAction(f"ports must be {len(SHIP_NAMES)} letters V or C, "
                                f"not {self.ports!r}")

    def text(self) -> Text:
        where = tuple(Text("ship {letter} in {port}", letter=n, port=node_words(p))
                      for n, p in zip(SHIP_NAMES, self.ports))
        return Text("{seat} places the ships: {where}", seat=Seat(self.owner), where=where)


@dataclass(frozen=True)
class Attack(SeatAction):
    """Pirates: ``seat`` plays two cards on ship ``ship`` (e.g. "1b") at sea (§4)."""

    type: ClassVar[str] = "attack"
    ship: str
    cards: str

    def check(self) -> None:
        _check_ship(self.type, self.ship)
        _check_colours(self.type, "cards", self.cards)
        self._keep("cards", _canonical(self.cards))

    def text(self) -> Text:
        return Text("{seat} sends pirates ({cards}) at {ship}", seat=Seat(self.seat),
                    cards=letters_text(self.cards), ship=ship_words(self.ship))


@dataclass(frozen=True)
class Move(SeatAction):
    """Move one's own ship (e.g. "1b") to node ``to`` (§5): ``load`` is the colour loaded when
    leaving a main port ("" for none), ``reverse`` uses the pirate turn-around
    right, ``wind`` lists the wind cards played (they follow from the path, M8;
    kept in the fixed colour order, so the same move has one value whatever
    order the cards are given in)."""

    type: ClassVar[str] = "move"
    ship: str
    to: str
    load: str = ""
    reverse: bool = False
    wind: str = ""

    def check(self) -> None:
        _check_ship(self.type, self.ship)
        if len(self.load) > 1:
            raise InvalidAction("load is one colour or empty")
        _check_colours(self.type, "load", self.load)
        _check_colours(self.type, "wind", self.wind)
        self._keep("wind", _canonical(self.wind))

    def text(self) -> Text:
        details = ((Text("turned around"),) if self.reverse else ()) + \
            ((Text("loading {colour}", colour=colour_word(self.load)),) if self.load else ()) + \
            ((Text("wind cards {cards}", cards=letters_text(self.wind)),) if self.wind else ())
        if details:
            return Text("{ship} sails to {to}, {details}", ship=ship_words(self.ship), to=node_words(self.to),
                        details=details)
        return Text("{ship} sails to {to}", ship=ship_words(self.ship), to=node_words(self.to))


@dataclass(frozen=True)
class TurnAround(SeatAction):
    """(turn-around timing "immediateOnly") the owner of a ship emptied by pirates
    decides at once whether it reverses its heading (D3)."""

    type: ClassVar[str] = "turn_around"
    ship: str
    reverse: bool

    def check(self) -> None:
        _check_ship(self.type, self.ship)

    def text(self) -> Text:
        if self.reverse:
            return Text("{ship} turns around", ship=ship_words(self.ship))
        return Text("{ship} keeps its heading", ship=ship_words(self.ship))


@dataclass(frozen=True)
class DeclareEnd(SeatAction):
    """``seat`` declares the end of the game (E2, needs all six colours)."""

    type: ClassVar[str] = "declare_end"

    def text(self) -> Text:
        return Text("{seat} declares the end", seat=Seat(self.seat))


@dataclass(frozen=True)
class EndTurn(SeatAction):
    """``seat`` ends the turn after moving without declaring (END TURN button)."""

    type: ClassVar[str] = "end_turn"

    def text(self) -> Text:
        return Text("{seat} ends the turn", seat=Seat(self.seat))


#: What a correction can set right, and what ``at`` names for each.
CORRECTABLE = {"warehouse": "seat", "hand": "seat", "cargo": "ship", "port": "port", "bag": ""}
PORT_WORDS = {"V": Text("Venice"), "C": Text("Constantinople")}


@dataclass(frozen=True)
class Correct(TableCorrection):
    """The table corrects a count the players keep by hand: ``what`` is ``warehouse``
    or ``hand`` (``at`` = the seat, e.g. "1"), ``cargo`` (``at`` = the ship, "1b"),
    ``port`` (``at`` = "V" or "C") or ``bag``; ``colour`` the cubes' (or, with open
    hands, the cards') colour, "" for a hidden hand's size; ``before`` the app's
    count, ``after`` what lies on the table."""

    type: ClassVar[str] = "correct"
    what: str
    at: str
    colour: str
    before: int
    after: int

    def check(self) -> None:
        kind = CORRECTABLE.get(self.what)
        if kind is None:
            raise InvalidAction(f"correct: {self.what!r} is not one of {', '.join(CORRECTABLE)}")
        if kind == "seat" and not self.at.isdigit():
            raise InvalidAction(f"correct: {self.what} needs a seat number, not {self.at!r}")
        if kind == "ship":
            _check_ship(self.type, self.at)
        if kind == "port" and self.at not in PORT_WORDS:
            raise InvalidAction(f"correct: port must be V or C, not {self.at!r}")
        if kind == "" and self.at:
            raise InvalidAction("correct: the bag needs no place")
        if len(self.colour) > 1 or (self.what != "hand" and not self.colour):
            raise InvalidAction("correct: colour is one colour letter")
        _check_colours(self.type, "colour", self.colour)

    def text(self) -> Text:
        place = self.place()
        if not self.colour:
            return Text("Correction: {place}: from {before} to {after}", place=place, before=self.before,
                        after=self.after)
        return Text("Correction: {place}, {colour}: from {before} to {after}", place=place,
                    colour=colour_word(self.colour), before=self.before, after=self.after)

    def place(self) -> Text:
        if self.what == "warehouse":
            return Text("{seat}'s warehouse", seat=Seat(int(self.at)))
        if self.what == "hand":
            return Text("{seat}'s hand", seat=Seat(int(self.at)))
        if self.what == "cargo":
            return Text("{seat}'s ship {ship}", seat=Seat(int(self.at[0])), ship=self.at[1])
        if self.what == "port":
            return Text("the port of {port}", port=PORT_WORDS[self.at])
        return Text("the bag")


ACTION_TYPES = (DrawCubes, DrawCards, PlaceFleet, Attack, Move, TurnAround, DeclareEnd, EndTurn, Correct)
CODEC = ActionCodec(*ACTION_TYPES)
