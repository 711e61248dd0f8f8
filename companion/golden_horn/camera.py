"""The camera's ship readings in Golden Horn: the legal moves that explain ships seen on new
spaces, a move in table words, and what no move explains (a ship off its node, a copied tag)."""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from companion.actions import Action
from companion.golden_horn.actions import Move
from companion.golden_horn.data import SHIP_NAMES
from companion.golden_horn.state import GoldenHornState, Ship
from companion.golden_horn.texts import colour_word, letters_text, node_words, ship_words
from companion.messages import Seat, Text
from companion.readings import TableReading, pieces_of_game

#: The game code of Golden Horn's tags (``TC1:GH:…``, identities ``gh:…``; docs/tags.md).
GAME_CODE = "gh"
_SPACE_ALIASES = {"venice": "V", "venezia": "V", "constantinople": "C", "costantinopoli": "C",
                  "modone": "M", "methoni": "M", "v": "V", "c": "C", "m": "M"}


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
