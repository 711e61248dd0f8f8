"""What the table sees: the summary for screens, signals for LEDs and buzzer,
and the camera's ship readings explained as legal moves."""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from companion.actions import Action
from companion.golden_horn import cubes
from companion.golden_horn.actions import Attack, Move
from companion.golden_horn.chance import describe
from companion.golden_horn.data import COLOURS, PORT_NAMES, SHIP_NAMES
from companion.golden_horn.movement import load_choices, may_reverse, reaches
from companion.golden_horn.scoring import score, score_sheet
from companion.golden_horn.state import OVER, PLAY, TO_C, TO_V, GoldenHornState, Ship
from companion.golden_horn.texts import colour_word, letters_text, node_words, ship_words
from companion.golden_horn.turns import why_cannot_declare
from companion.messages import Seat, Text
from companion.readings import TableReading, pieces_of_game
from companion.signals import (FinalRound, GameEnded, PirateAttack, RoundEnded, SeatScored, Signal,
                               TurnStarted)

#: The game code of Golden Horn's tags (``TC1:GH:…``, identities ``gh:…``; docs/tags.md).
GAME_CODE = "gh"
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
    (the biggest load first, no reversal before reversal); () when none does, and
    () while a ship's tag is on the table twice (the reading cannot be trusted)."""
    if _doubled_ships(state, reading):
        return ()
    found: list[Action] = []
    moves = [a for a in legal if isinstance(a, Move)]
    for ship, space in _moved_ships(state, reading):
        found.extend(m for m in moves if m.ship == ship.label and m.to == space and not m.reverse)
        found.extend(m for m in moves if m.ship == ship.label and m.to == space and m.reverse)
    return tuple(dict.fromkeys(found))


def _seen_ships(state: GoldenHornState, reading: TableReading) -> list[tuple[Ship, Any]]:
    """(ship, piece reading) for every Golden Horn ship tag seen; tags of other games
    (``TC1:CV:…``, ``TC1:CO:…``, ``TC1:XX:…``) and unknown ships are left out."""
    seen = []
    for piece in pieces_of_game(reading, GAME_CODE, "ship"):
        ship_id = _ship_id(state, piece.seat, piece.piece)
        ship = state.ship_by_id(ship_id) if ship_id is not None else None
        if ship is not None:
            seen.append((ship, piece))
    return seen


def _doubled_ships(state: GoldenHornState, reading: TableReading) -> list[Ship]:
    """Ships whose tag the camera sees more than once (a printed copy on the table)."""
    seen = [ship for ship, _ in _seen_ships(state, reading)]
    counts = Counter(ship.label for ship in seen)
    return list({ship.label: ship for ship in seen if counts[ship.label] > 1}.values())


def _moved_ships(state: GoldenHornState, reading: TableReading) -> list[tuple[Ship, str]]:
    """Placed ships the camera sees on another node than the game has them on, with that
    node; a ship seen twice is never moved (see :func:`_doubled_ships`)."""
    doubled = {ship.label for ship in _doubled_ships(state, reading)}
    moved = []
    for ship, piece in _seen_ships(state, reading):
        space = _space_id(state, piece.space)
        if ship.label in doubled or space is None or ship.at < 0 or state.route[ship.at].id == space:
            continue
        moved.append((ship, space))
    return moved


def describe_move(before: GoldenHornState, move: Move, after: GoldenHornState) -> Text:
    """A ship's move as the table says it: "Bea's ship a to Modone, loading 2 red"
    (the cubes counted from the game: what the ship holds after the move)."""
    ship, moved = before.ship_by_id(move.ship), after.ship_by_id(move.ship)
    details: list[Text] = []
    if move.reverse:
        details.append(Text("turned around"))
    if ship is not None and ship.cargo and moved is not None and not moved.cargo:
        details.append(Text("delivering {count} {colour}", count=ship.cargo,
                            colour=colour_word(ship.cargo_colour)))
    if move.load and moved is not None and moved.cargo_colour == move.load:
        details.append(Text("loading {count} {colour}", count=moved.cargo, colour=colour_word(move.load)))
    if move.wind:
        details.append(Text("wind cards {cards}", cards=letters_text(move.wind)))
    if details:
        return Text("{ship} to {to}, {details}", ship=ship_words(move.ship), to=node_words(move.to),
                    details=tuple(details))
    return Text("{ship} to {to}", ship=ship_words(move.ship), to=node_words(move.to))


def unexplained_reading(state: GoldenHornState, reading: TableReading) -> tuple[Text, ...]:
    """Ships the camera sees twice, or off the node the game has them on (when no legal
    move explains it): what the table screen shows instead of a proposal."""
    found = [Text("Two tags of {seat}'s ship {letter} are on the table: remove the copy.",
                  seat=Seat(ship.owner), letter=ship.name) for ship in _doubled_ships(state, reading)]
    for ship, space in _moved_ships(state, reading):
        found.append(Text("{seat}'s ship {letter} stands on {seen}, where no legal move ends: "
                          "put it back on {node}, or play the move by touch.",
                          seat=Seat(ship.owner), letter=ship.name, seen=node_words(space),
                          node=node_words(state.route[ship.at].id)))
    return tuple(found)
