"""What the table sees: the summary for screens, signals for LEDs and buzzer,
and the camera's ship readings explained as legal moves."""
from __future__ import annotations

from typing import Any, Sequence

from companion.actions import Action
from companion.golden_horn import cubes
from companion.golden_horn.actions import Attack, Move
from companion.golden_horn.chance import describe
from companion.golden_horn.data import COLOURS, PORT_NAMES, SHIP_NAMES
from companion.golden_horn.movement import load_choices, may_reverse, reaches
from companion.golden_horn.scoring import score, score_sheet
from companion.golden_horn.state import OVER, PLAY, TO_C, TO_V, GoldenHornState, Ship
from companion.golden_horn.turns import why_cannot_declare
from companion.i18n import Seat, Text
from companion.readings import TableReading
from companion.signals import (FinalRound, GameEnded, PirateAttack, RoundEnded, SeatScored, Signal,
                               TurnStarted)

_HEADINGS = {TO_C: "toC", TO_V: "toV"}
_SPACE_ALIASES = {"venice": "V", "venezia": "V", "constantinople": "C", "costantinopoli": "C",
                  "modone": "M", "methoni": "M", "v": "V", "c": "C", "m": "M"}


def end_reason(state: GoldenHornState) -> str:
    if state.end is None:
        return ""
    if state.end.reason == "declared":
        return f"seat {state.end.seat} declared the end"
    empty = [PORT_NAMES[p] for p, held in zip("VC", state.ports) if sum(held) == 0]
    return f"{' and '.join(empty) or 'a port'} ran out of cubes"


def ship_view(state: GoldenHornState, ship: Ship) -> dict[str, Any]:
    view: dict[str, Any] = {
        "id": ship.label, "owner": ship.owner, "name": ship.name, "sails": ship.sails,
        "sail_set": "".join(c for c in COLOURS if c in ship.sail_set),
        "at": state.route[ship.at].id if ship.at >= 0 else None,
        "heading": _HEADINGS.get(ship.heading),
        "cargo": {"colour": ship.cargo_colour, "count": ship.cargo} if ship.cargo else None,
        "may_turn_around": ship.may_turn_around,
    }
    if state.phase == PLAY and not state.moved and ship.owner == state.current:
        view["loads"] = list(load_choices(state, ship))
        view["moves"] = {
            "ahead": [r.__dict__ for r in reaches(state, ship, False)],
            "reversed": [r.__dict__ for r in reaches(state, ship, True)] if may_reverse(ship) else None,
        }
    return view


def summary(state: GoldenHornState) -> dict[str, Any]:
    """Everything a table screen shows, as JSON-able data."""
    sheet = score_sheet(state)
    return {
        "game": "golden_horn",
        "phase": state.phase,
        "players": state.players,
        "round": state.round,
        "turn": state.turn,
        "current": state.current,
        "start_seat": state.start_seat,
        "last_seat": state.last_seat,
        "final_round": state.end is not None,
        "end_reason": end_reason(state),
        "waiting_for": describe(state, state.pending[0]) if state.pending else None,
        "turn_around": (f"{state.turn_around_ship[0]}{state.turn_around_ship[1]}"
                        if state.turn_around_ship else None),
        "attacks_this_turn": state.attacks,
        "moved": state.moved,
        "route": [{"id": n.id, "kind": n.kind, "colour": n.colour or None,
                   "capacity": n.capacity or None,
                   "ships": [s.label for s in state.ships if s.at == i]}
                  for i, n in enumerate(state.route)],
        "ports": {"V": cubes.to_dict(state.ports[0]), "C": cubes.to_dict(state.ports[1])},
        "bag": cubes.to_dict(state.bag),
        "bag_total": sum(state.bag),
        "deck_size": state.deck_size,
        "discard": cubes.to_dict(state.discard),
        "discard_total": sum(state.discard),
        "ships": [ship_view(state, s) for s in state.ships],
        "seats": [{
            "seat": seat,
            "warehouse": cubes.to_dict(state.warehouses[seat]),
            "warehouse_total": sum(state.warehouses[seat]),
            "hand_size": state.hand_sizes[seat],
            "hand": cubes.letters(state.hands[seat]) if state.hands is not None else None,
            "score": sheet.totals[seat],
            "can_declare": why_cannot_declare(state, seat) is None,
        } for seat in range(state.players)],
        "scores": list(sheet.totals),
        "winners": list(sheet.winners) if state.phase == OVER else [],
    }


def signals(before: GoldenHornState, action: Action, after: GoldenHornState) -> tuple[Signal, ...]:
    """Pirates, deliveries, final round, round end, game end, the next turn."""
    out: list[Signal] = []
    if isinstance(action, Attack):
        target = before.ship_by_id(action.ship)
        if target is not None:
            out.append(PirateAttack(action.seat, target.owner))
    if isinstance(action, Move):
        gained = score(after.warehouses[action.seat]) - score(before.warehouses[action.seat])
        if gained > 0:
            out.append(SeatScored(action.seat, gained))
    if before.end is None and after.end is not None:
        out.append(FinalRound(end_reason(after)))
    if after.phase == OVER:
        if before.phase != OVER:
            out.append(GameEnded(score_sheet(after).winners))
        return tuple(out)
    if before.round >= 1 and after.round > before.round:
        out.append(RoundEnded(after.current))
    if after.turn != before.turn:
        out.append(TurnStarted(after.current))
    return tuple(out)


def _space_id(state: GoldenHornState, space: str | None) -> str | None:
    if not space:
        return None
    text = space.strip()
    text = _SPACE_ALIASES.get(text.lower(), text.lower())
    return text if state.node_index(text) is not None else None


def _ship_id(state: GoldenHornState, seat: int | None, piece: str) -> str | None:
    if len(piece) == 2 and state.ship_by_id(piece) is not None:
        return piece
    if seat is not None and piece in SHIP_NAMES and state.ship_by_id(f"{seat}{piece}") is not None:
        return f"{seat}{piece}"
    return None


def actions_for_reading(state: GoldenHornState, reading: TableReading,
                        legal: Sequence[Action]) -> tuple[Action, ...]:
    """The legal moves that explain ships seen on new spaces, most likely first
    (the biggest load first, no reversal before reversal); () when none does."""
    found: list[Action] = []
    moves = [a for a in legal if isinstance(a, Move)]
    for ship, space in _moved_ships(state, reading):
        found.extend(m for m in moves if m.ship == ship.label and m.to == space and not m.reverse)
        found.extend(m for m in moves if m.ship == ship.label and m.to == space and m.reverse)
    return tuple(dict.fromkeys(found))


def _moved_ships(state: GoldenHornState, reading: TableReading) -> list[tuple[Ship, str]]:
    """Placed ships the camera sees on another node than the game has them on, with that node."""
    moved = []
    for piece in reading.pieces:
        if piece.kind != "ship":
            continue
        ship_id = _ship_id(state, piece.seat, piece.piece)
        space = _space_id(state, piece.space)
        ship = state.ship_by_id(ship_id) if ship_id is not None else None
        if ship is None or space is None or ship.at < 0 or state.route[ship.at].id == space:
            continue
        moved.append((ship, space))
    return moved


def unexplained_reading(state: GoldenHornState, reading: TableReading) -> tuple[Text, ...]:
    """Ships the camera sees off the node the game has them on (when no legal move
    explains it): what the table screen shows instead of a proposal."""
    found = []
    for ship, space in _moved_ships(state, reading):
        found.append(Text("{seat}'s ship {letter} stands on {seen}, where no legal move ends: "
                          "put it back on {node}, or play the move by touch.",
                          seat=Seat(ship.owner), letter=ship.name, seen=node_words(space),
                          node=node_words(state.route[ship.at].id)))
    return tuple(found)


def node_words(node_id: str) -> Text:
    """How players call a route node: "Venice", "Modone", "square 5"."""
    ports = {"V": Text("Venice"), "C": Text("Constantinople"), "M": Text("Modone")}
    return ports.get(node_id) or Text("square {number}", number=node_id[1:])
