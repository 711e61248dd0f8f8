"""Golden Horn's summary of a state: everything a table screen shows, as JSON-able data
(for ``companion replay``, the history and the screens)."""
from __future__ import annotations

from typing import Any

from companion.golden_horn import cubes
from companion.golden_horn.chance import describe
from companion.golden_horn.data import COLOURS, PORT_NAMES
from companion.golden_horn.movement import load_choices, may_reverse, reaches
from companion.golden_horn.scoring import score_sheet
from companion.golden_horn.state import OVER, PLAY, TO_C, TO_V, GoldenHornState, Ship
from companion.golden_horn.turns import why_cannot_declare

_HEADINGS = {TO_C: "toC", TO_V: "toV"}


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
