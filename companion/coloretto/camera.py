"""What a camera reading means in Coloretto: a drawn card seen beside a row.

The vision side reports each face-up card beside a row card as a
``PieceReading`` with ``kind="card"``, ``piece`` = a colour id, ``joker``,
``plus2`` or ``last_round``, and ``space="row:N"`` (N = 0-based row index,
as in actions).  Cards the state does not yet have at that row are *new*.
Untagged cards are read by their face colour, as colour dice are: the board
profile (``vision/profiles/coloretto.json``) has one colour tray per row named
``row:N`` and a ``side`` tray for the last-round card, so a die reading
``row:N:k`` with a face is a card at row N and ``side:1`` a card off the rows.

A drawn card is three actions (draw → reveal → place); the reading proposes
the one that is due now, and the session asks again on the state that step
leads to, until the state matches what the camera saw: one proposal for the
card, said in table words by :func:`describe_reading`.
"""
from __future__ import annotations

from collections import Counter

from companion.actions import Action
from companion.coloretto.actions import Draw, Place, Reveal, Take
from companion.coloretto.texts import card_label, row_words
from companion.coloretto.data import CATALOGUE, LAST_ROUND
from companion.coloretto.rules import legal_actions
from companion.coloretto.state import DRAW, PLACE, TURN, ColorettoState
from companion.messages import Seat, Text
from companion.readings import PieceReading, TableReading, pieces_of_game

#: The game code of Coloretto's tags (``TC1:CO:C:…``, identities ``co:card:…``; docs/tags.md).
#: Several cards share a colour, so a tag seen twice is two cards, not a copy.
GAME_CODE = "co"
CARD_KIND = "card"
ROW_PREFIX = "row:"
SIDE_TRAY = "side"


def row_of(piece: PieceReading) -> int | None:
    """The row index of ``space="row:N"``, or None for anything else."""
    if piece.space is None or not piece.space.startswith(ROW_PREFIX):
        return None
    try:
        return int(piece.space[len(ROW_PREFIX):])
    except ValueError:
        return None


def card_readings(reading: TableReading) -> list[PieceReading]:
    """Every card seen: Coloretto's tagged cards, plus cards read by colour in the row trays
    (die ``row:N:k`` → space ``row:N``) and the side tray (no space)."""
    cards = list(pieces_of_game(reading, GAME_CODE, CARD_KIND))   # never another game's tags
    for die in reading.dice:
        if die.face is None:
            continue
        tray = die.die.rpartition(":")[0]
        if tray.startswith(ROW_PREFIX):
            space: str | None = tray
        elif tray == SIDE_TRAY:
            space = None
        else:
            continue
        cards.append(PieceReading(die.die, CARD_KIND, None, die.face, space,
                                  confidence=die.confidence))
    return cards


def new_cards(state: ColorettoState, reading: TableReading) -> list[tuple[PieceReading, int | None]]:
    """Cards seen that the state does not account for, most confident first:
    (reading, row) for cards beside a row, (reading, None) for a newly seen
    last-round card anywhere."""
    cards = [p for p in card_readings(reading) if p.piece in CATALOGUE.card_kinds]
    found: list[tuple[PieceReading, int | None]] = []
    for index, row in enumerate(state.rows):
        known = Counter(row.cards)
        for piece in sorted((p for p in cards if row_of(p) == index),
                            key=lambda p: -p.confidence):
            if known[piece.piece] > 0:
                known[piece.piece] -= 1
            else:
                found.append((piece, index))
    if not state.last_round:
        found += [(p, None) for p in cards if p.piece == LAST_ROUND and row_of(p) is None]
    return sorted(found, key=lambda item: -item[0].confidence)


def vanished_rows(state: ColorettoState, reading: TableReading) -> list[int]:
    """Open rows holding cards in the state but none in the reading (taken, probably).
    Only trusted when the reading found the board."""
    if not reading.board_found:
        return []
    seen_rows = {row_of(p) for p in card_readings(reading)}
    return [i for i, row in enumerate(state.rows)
            if row.can_take and i not in seen_rows]


def actions_for_reading(state: ColorettoState, reading: TableReading) -> tuple[Action, ...]:
    """Legal actions explaining the reading, most likely first; () when none does."""
    legal = set(legal_actions(state))
    fresh = new_cards(state, reading)
    proposals: list[Action] = []
    if state.phase == TURN:
        if fresh:
            proposals.append(Draw(state.current))
        else:
            proposals += [Take(state.current, row) for row in vanished_rows(state, reading)]
    elif state.phase == DRAW:
        # a last-round card newly seen aside came up before any new row card
        reveals = [Reveal(piece.piece) for piece, _ in fresh]
        reveals.sort(key=lambda reveal: reveal.card != LAST_ROUND)
        proposals += reveals
    elif state.phase == PLACE:
        proposals += [Place(state.current, row) for piece, row in fresh
                      if row is not None and piece.piece == state.drawn]
    unique: list[Action] = []
    for action in proposals:
        if action in legal and action not in unique:
            unique.append(action)
    return tuple(unique)


def describe_reading(state: ColorettoState, steps: tuple[Action, ...]) -> Text | None:
    """A card drawn and placed, as the table says it ("Ann draws a green card and places
    it on the second row"); None when one action says it already (a row taken)."""
    if len(steps) < 2:
        return None
    cards = [step.card for step in steps if isinstance(step, Reveal)]
    place = next((step for step in steps if isinstance(step, Place)), None)
    others = [card for card in cards if card != LAST_ROUND]
    seat = Seat(place.seat if place is not None else state.current)
    if place is not None and len(others) == 1:
        if LAST_ROUND in cards:
            return Text("{seat} draws the last-round card, then {card}, and places it on {row}",
                        seat=seat, card=card_label(others[0]), row=row_words(place.row))
        return Text("{seat} draws {card} and places it on {row}", seat=seat,
                    card=card_label(others[0]), row=row_words(place.row))
    if cards == [LAST_ROUND] and place is None:
        return Text("{seat} draws the last-round card (the final round begins) and draws again",
                    seat=seat)
    return None
