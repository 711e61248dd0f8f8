"""Caravelas actions: small frozen values that round-trip through JSON.

Seats are 0-based here; texts show the player (or "seat N" counted from 1).
Chance, entered by the table: ``draw_order`` (SETUP-09), ``roll_die`` (the red
die), ``draw_event`` (variant 1), ``roll_dice`` (variant 2), ``reveal_card``
(a destination card shown at the end).  Bidding: ``bid`` / ``pass_bid`` /
``take_position``.  Sailing on a board file: ``step``; without one (bookkeeping):
``sail``, ``pirate``, ``reach``, ``cross_cape``, ``enter_event``.  Both:
``load``, ``play_card``, ``choose_wreck``, ``stop_in_lisbon``, ``pass_lisbon``,
``bonus_step``, ``end_bonus``, ``end_turn``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Any, ClassVar, Self

from companion.actions import (ActionCodec, AtLeast, DescribedAction, SeatAction, SeatNumber,
                               table_only)
from companion.caravelas.data import GOODS, PORT_BY_ID, card_kinds_valid
from companion.caravelas.texts import card_text, declined, good_word, port_name, who
from companion.errors import InvalidAction
from companion.messages import Text


@dataclass(frozen=True)
class _Seated(SeatAction):
    """A Caravelas action about one seat (seats count from 0)."""

    seat: SeatNumber


def _good(good: str) -> None:
    if good not in GOODS:
        raise InvalidAction(f"{good!r} is not a good (known: {', '.join(GOODS)})")


def _port(port: str) -> None:
    if port not in PORT_BY_ID:
        raise InvalidAction(f"{port!r} is not one of the 32 ports")


@dataclass(frozen=True)
class DrawOrder(DescribedAction):
    """Chance (SETUP-09): the first turn order, seats by track position."""

    type: ClassVar[str] = "draw_order"
    order: tuple[SeatNumber, ...]

    def text(self) -> Text:
        return Text("first turn order: {seats}", seats=tuple(who(s) for s in self.order))


@dataclass(frozen=True)
class Bid(_Seated):
    """``seat`` raises its bid to a cumulative ``total`` markers (BID-02)."""

    type: ClassVar[str] = "bid"
    total: Annotated[int, AtLeast(1, "a bid is at least 1 marker")]

    def text(self) -> Text:
        return Text("{seat} bids {count} marker in all", "{seat} bids {count} markers in all",
                    seat=who(self.seat), count=self.total)


@dataclass(frozen=True)
class PassBid(_Seated):
    type: ClassVar[str] = "pass_bid"

    def text(self) -> Text:
        return Text("{seat} passes", seat=who(self.seat))


@dataclass(frozen=True)
class TakePosition(_Seated):
    """A bidder puts their turn-order marker on track ``position`` (0-based, BID-06)."""

    type: ClassVar[str] = "take_position"
    position: Annotated[int, AtLeast(0, "positions start at 0")]

    def text(self) -> Text:
        return Text("{seat} takes turn-order space {position}", seat=who(self.seat),
                    position=self.position + 1)


class _ToCell(DescribedAction):
    """A move into a cell; ``at`` is the cell's name as a player finds it on the board
    (companion.caravelas.names), given by whoever knows the board: not journaled, not compared."""

    cell: str
    at: Any

    def named(self, board: Any) -> Self:
        """This move with its cell's table name (``board``: the game's board file)."""
        from companion.caravelas.names import cell_name
        return replace(self, **{"at": cell_name(board, self.cell)})   # a field of each move class

    def place(self) -> Text:
        return self.at if self.at is not None else Text("cell {cell}", cell=self.cell)


@dataclass(frozen=True)
class Step(_ToCell, _Seated):
    """Board file: the active ship enters ``cell``; ``defend`` plays Favourable Wind
    against the pirates there (§4.6)."""

    type: ClassVar[str] = "step"
    cell: str
    defend: bool = False
    decline: bool = False        # leave the port there undiscovered (table option)
    at: Any = table_only()

    def text(self) -> Text:
        if self.defend:
            move = Text("{seat} sails to {place}, Favourable Wind against the pirates",
                        seat=who(self.seat), place=self.place())
        else:
            move = Text("{seat} sails to {place}", seat=who(self.seat), place=self.place())
        return declined(move) if self.decline else move


@dataclass(frozen=True)
class Sail(_Seated):
    """Bookkeeping: ``seat`` spent ``markers`` on sailing steps (pirates apart)."""

    type: ClassVar[str] = "sail"
    markers: Annotated[int, AtLeast(1, "sailing spends at least 1 marker")]

    def text(self) -> Text:
        return Text("{seat} spends {count} marker sailing", "{seat} spends {count} markers sailing",
                    seat=who(self.seat), count=self.markers)


@dataclass(frozen=True)
class Pirate(_Seated):
    """Bookkeeping: ``seat`` entered a pirate cell: pays 1, or plays Favourable Wind."""

    type: ClassVar[str] = "pirate"
    defend: bool = False

    def text(self) -> Text:
        if self.defend:
            return Text("{seat} meets pirates and plays Favourable Wind", seat=who(self.seat))
        return Text("{seat} meets pirates and pays 1 marker", seat=who(self.seat))


@dataclass(frozen=True)
class Reach(_Seated):
    """Bookkeeping: ``seat``'s ship entered ``port``; ``vp`` is its shield (0 when
    already discovered)."""

    type: ClassVar[str] = "reach"
    port: str
    vp: int = 0

    def check(self) -> None:
        _port(self.port)
        if self.vp < 0:
            raise InvalidAction(f"a shield value is not negative: {self.vp}")

    def text(self) -> Text:
        if self.vp:
            return Text("{seat} discovers {port} (+{vp})", seat=who(self.seat), port=port_name(self.port),
                        vp=self.vp)
        return Text("{seat} reaches {port}", seat=who(self.seat), port=port_name(self.port))


@dataclass(frozen=True)
class CrossCape(_Seated):
    """Bookkeeping: ``seat``'s ship crossed the line at the Cape of Good Hope."""

    type: ClassVar[str] = "cross_cape"

    def text(self) -> Text:
        return Text("{seat} crosses the Cape of Good Hope line", seat=who(self.seat))


@dataclass(frozen=True)
class EnterEvent(_Seated):
    """Bookkeeping: ``seat`` entered a red event cell (the die is rolled), or in
    variant 1 a blue one (a card is drawn)."""

    type: ClassVar[str] = "enter_event"
    colour: str

    def check(self) -> None:
        if self.colour not in ("red", "blue"):
            raise InvalidAction(f"an event cell is red or blue, not {self.colour!r}")

    def text(self) -> Text:
        if self.colour == "red":
            return Text("{seat} enters a red event cell", seat=who(self.seat))
        return Text("{seat} enters a blue event cell", seat=who(self.seat))


@dataclass(frozen=True)
class Load(_Seated):
    """``seat`` loads a cube of ``good`` (bookkeeping; on a board it is automatic)."""

    type: ClassVar[str] = "load"
    good: str

    def check(self) -> None:
        _good(self.good)

    def text(self) -> Text:
        return Text("{seat} loads {good}", seat=who(self.seat), good=good_word(self.good))


@dataclass(frozen=True)
class PlayCard(_Seated):
    """``seat`` plays an event card on a blue event cell (§4.6)."""

    type: ClassVar[str] = "play_card"
    card: str

    def check(self) -> None:
        if not card_kinds_valid(self.card):
            raise InvalidAction(f"{self.card!r} is not an event card")

    def text(self) -> Text:
        return Text("{seat} plays {card}", seat=who(self.seat), card=card_text(self.card))


@dataclass(frozen=True)
class RollDie(DescribedAction):
    """Chance: the red die shows ``face`` (``red``, or a number of wrecks)."""

    type: ClassVar[str] = "roll_die"
    face: str

    def text(self) -> Text:
        if self.face == "red":
            return Text("the red die shows the red face")
        return Text("the red die shows {face}", face=self.face)


@dataclass(frozen=True)
class DrawEvent(DescribedAction):
    """Chance (variant 1): the card drawn on a blue event cell."""

    type: ClassVar[str] = "draw_event"
    card: str

    def check(self) -> None:
        if not card_kinds_valid(self.card):
            raise InvalidAction(f"{self.card!r} is not an event card")

    def text(self) -> Text:
        return Text("drawn: {card}", card=card_text(self.card))


@dataclass(frozen=True)
class RollDice(DescribedAction):
    """Chance (variant 2): the two six-sided dice add up to ``total``."""

    type: ClassVar[str] = "roll_dice"
    total: int

    def text(self) -> Text:
        return Text("the dice show {total}", total=self.total)


@dataclass(frozen=True)
class ChooseWreck(_Seated):
    """``seat`` puts a wreck marker on ship ``ship`` (1-4, EVR-03)."""

    type: ClassVar[str] = "choose_wreck"
    ship: int

    def text(self) -> Text:
        return Text("{seat}'s ship {ship} is wrecked", seat=who(self.seat), ship=self.ship)


@dataclass(frozen=True)
class StopInLisbon(_Seated):
    """``seat`` stops in Lisbon (§12): ``upgrade`` gives 3 different goods for the
    fleet upgrade, ``tile`` pays pepper for a monastery tile, the rest is sold;
    ``exchange`` discards the hand for 5 new cards instead of refilling it."""

    type: ClassVar[str] = "stop_in_lisbon"
    upgrade: tuple[str, ...] = ()
    tile: bool = False
    exchange: bool = False

    def check(self) -> None:
        for good in self.upgrade:
            _good(good)

    def text(self) -> Text:
        parts = []
        if self.upgrade:
            parts.append(Text("upgrades the fleet with {goods}",
                              goods=tuple(good_word(g) for g in self.upgrade)))
        if self.tile:
            parts.append(Text("buys a monastery tile"))
        if self.exchange:
            parts.append(Text("exchanges the hand"))
        if not parts:
            return Text("{seat} stops in Lisbon", seat=who(self.seat))
        return Text("{seat} stops in Lisbon: {what}", seat=who(self.seat), what=tuple(parts))


@dataclass(frozen=True)
class PassLisbon(_Seated):
    type: ClassVar[str] = "pass_lisbon"

    def text(self) -> Text:
        return Text("{seat} sails through Lisbon", seat=who(self.seat))


@dataclass(frozen=True)
class BonusStep(_ToCell, _Seated):
    """Board file: a bonus mover (or the active ship in a compass storm) enters ``cell``."""

    type: ClassVar[str] = "bonus_step"
    cell: str
    decline: bool = False
    at: Any = table_only()

    def text(self) -> Text:
        move = Text("{seat} moves to {place} for free", seat=who(self.seat), place=self.place())
        return declined(move) if self.decline else move


@dataclass(frozen=True)
class EndBonus(_Seated):
    """``seat`` ends (or declines) its bonus move or compass move."""

    type: ClassVar[str] = "end_bonus"

    def text(self) -> Text:
        return Text("{seat} ends the free move", seat=who(self.seat))


@dataclass(frozen=True)
class EndTurn(_Seated):
    """``seat`` stops sailing (TURN-END-2)."""

    type: ClassVar[str] = "end_turn"

    def text(self) -> Text:
        return Text("{seat} ends the turn", seat=who(self.seat))


@dataclass(frozen=True)
class RevealCard(_Seated):
    """Chance at the end: ``seat`` shows its destination card for ``port``."""

    type: ClassVar[str] = "reveal_card"
    port: str

    def check(self) -> None:
        _port(self.port)

    def text(self) -> Text:
        return Text("{seat} shows the destination card {port}", seat=who(self.seat),
                    port=port_name(self.port))


ACTION_CLASSES = (DrawOrder, Bid, PassBid, TakePosition, Step, Sail, Pirate, Reach, CrossCape,
                  EnterEvent, Load, PlayCard, RollDie, DrawEvent, RollDice, ChooseWreck,
                  StopInLisbon, PassLisbon, BonusStep, EndBonus, EndTurn, RevealCard)
CODEC = ActionCodec(*ACTION_CLASSES)
