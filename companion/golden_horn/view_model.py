"""The typed view model of Golden Horn: the route with its ships and ports, the
seats, and what the table owes or may do now (cubes or cards to enter, which
fleet to place, where the current seat's ships can sail, which raids are open)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from companion.golden_horn import cubes
from companion.golden_horn.game import GAME
from companion.golden_horn.actions import Attack
from companion.golden_horn.data import COLOURS
from companion.golden_horn.movement import Reach, load_choices, may_reverse, reaches
from companion.golden_horn.scoring import score_sheet
from companion.golden_horn.state import OVER, PLAY, SETUP, TO_C, TO_V, GoldenHornState, Ship
from companion.golden_horn.turns import why_cannot_declare
from companion.engine import TABLE, GameConfig
from companion.view_model import TableViewModel

__all__ = ["COLOURS", "ChanceTask", "GoldenHornViewModel", "NodeView", "Reach", "SeatView",
           "ShipView", "view_model"]

_HEADINGS = {TO_C: "toC", TO_V: "toV"}


@dataclass(frozen=True)
class ChanceTask:
    """What the table owes: ``count`` cubes into port ``"VC"[target]`` (kind
    "cubes") or the ``count`` cards seat ``target`` draws (kind "cards")."""

    kind: str
    target: int
    count: int


@dataclass(frozen=True)
class NodeView:
    id: str
    kind: str                    # main | square | modone
    colour: str | None
    capacity: int | None
    ships: tuple[str, ...]


@dataclass(frozen=True)
class ShipView:
    id: str                      # "0a": owner's seat and the ship's letter
    owner: int
    name: str
    sail_set: str
    at: str | None
    heading: str | None          # "toC" | "toV" | None
    cargo: tuple[str, int] | None   # (colour, count)
    loads: tuple[str, ...] = ()  # the current seat's ships, before its move: loading choices
    ahead: tuple[Reach, ...] = ()
    reversed: tuple[Reach, ...] | None = None   # None: it may not turn around
    movable: bool = False        # the current seat may move it now

    def reach(self, reverse: bool) -> tuple[Reach, ...]:
        return (self.reversed or ()) if reverse else self.ahead


@dataclass(frozen=True)
class SeatView:
    seat: int
    warehouse: Mapping[str, int]
    hand_size: int
    hand: str | None             # the cards' colours when hands are open
    score: int
    can_declare: bool


@dataclass(frozen=True)
class GoldenHornViewModel(TableViewModel):
    route: tuple[NodeView, ...]
    ports: Mapping[str, Mapping[str, int]]    # "V"/"C" -> cubes by colour
    bag: Mapping[str, int]
    bag_total: int
    deck_size: int
    discard_total: int
    ships: tuple[ShipView, ...]
    seats: tuple[SeatView, ...]
    chance: ChanceTask | None                 # the table's next draw to enter
    placing_seat: int | None                  # setup: whose fleet is placed next
    turn_around_ship: str | None
    attacks: tuple[Attack, ...]               # raids the current seat may send

    def ship(self, ship_id: str | None) -> ShipView | None:
        return next((s for s in self.ships if s.id == ship_id), None)


def _ship(state: GoldenHornState, ship: Ship) -> ShipView:
    movable = state.phase == PLAY and not state.moved and ship.owner == state.current
    return ShipView(
        id=ship.label, owner=ship.owner, name=ship.name,
        sail_set="".join(c for c in COLOURS if c in ship.sail_set),
        at=state.route[ship.at].id if ship.at >= 0 else None,
        heading=_HEADINGS.get(ship.heading),
        cargo=(ship.cargo_colour, ship.cargo) if ship.cargo else None,
        loads=tuple(load_choices(state, ship)) if movable else (),
        ahead=tuple(reaches(state, ship, False)) if movable else (),
        reversed=tuple(reaches(state, ship, True)) if movable and may_reverse(ship) else None,
        movable=movable)


def _placing_seat(state: GoldenHornState, acting: tuple[int, ...]) -> int | None:
    if acting == (TABLE,) and not state.pending:
        return state.placed.index(False) if False in state.placed else 0
    if state.phase == SETUP and acting and acting[0] != TABLE:
        return acting[0]
    return None


def view_model(state: GoldenHornState, config: GameConfig) -> GoldenHornViewModel:
    """Everything the Golden Horn table shows; ``config`` gives the players' names."""
    sheet = score_sheet(state)
    acting = GAME.to_act(state)
    task = state.pending[0] if state.pending and acting == (TABLE,) else None
    names = tuple(p.name for p in config.players)
    return GoldenHornViewModel(
        game="golden_horn", phase=state.phase, round=state.round, names=names, to_act=acting,
        active_seat=state.current if state.phase not in (SETUP, OVER) else None,
        final_round=state.end is not None, is_over=state.phase == OVER,
        scores_now=tuple(sheet.totals), winners=tuple(sheet.winners) if state.phase == OVER else (),
        route=tuple(NodeView(n.id, n.kind, n.colour or None, n.capacity or None,
                             tuple(s.label for s in state.ships if s.at == i))
                    for i, n in enumerate(state.route)),
        ports={"V": cubes.to_dict(state.ports[0]), "C": cubes.to_dict(state.ports[1])},
        bag=cubes.to_dict(state.bag), bag_total=sum(state.bag), deck_size=state.deck_size,
        discard_total=sum(state.discard),
        ships=tuple(_ship(state, s) for s in state.ships),
        seats=tuple(SeatView(seat, cubes.to_dict(state.warehouses[seat]), state.hand_sizes[seat],
                             cubes.letters(state.hands[seat]) if state.hands is not None else None,
                             sheet.totals[seat], why_cannot_declare(state, seat) is None)
                    for seat in range(state.players)),
        chance=ChanceTask(task.kind, task.target, task.count) if task is not None else None,
        placing_seat=_placing_seat(state, acting),
        turn_around_ship=(f"{state.turn_around_ship[0]}{state.turn_around_ship[1]}"
                          if state.turn_around_ship else None),
        attacks=tuple(a for a in GAME.legal_actions(state, state.current) if isinstance(a, Attack))
        if state.phase == PLAY else ())
