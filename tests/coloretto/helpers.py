"""Shared helpers for the Coloretto tests: configs, set-up states (random playouts:
tests.conformance.playout.play)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.coloretto import GAME
from companion.coloretto.actions import RemoveColour, StartPlayer
from companion.coloretto.data import CATALOGUE
from companion.coloretto.state import ColorettoState, Row
from companion.engine import GameConfig

#: The digest's arbitrary colours A..G, mapped onto catalogue ids.
A, B, C, D, E, F, G = CATALOGUE.colours
LETTERS = dict(zip("ABCDEFG", CATALOGUE.colours))
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


def config(players: int, **options: Any) -> GameConfig:
    return GameConfig.build("coloretto", NAMES[:players], **options)


def set_up(players: int, starter: int = 0, removed: tuple[str, ...] | None = None,
           **options: Any) -> ColorettoState:
    """A state ready for the first turn: the last colours removed (G, then F), start
    cards dealt in catalogue order, ``starter`` to move."""
    state = GAME.setup(config(players, **options))
    if removed is None:
        removed = (G, F)[:CATALOGUE.removed_for(players)]
    for colour in removed:
        state = GAME.apply(state, RemoveColour(colour))
    while state.phase == "start_cards":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return GAME.apply(state, StartPlayer(starter))


def cards(text: str) -> tuple[str, ...]:
    """'A B +2 J' -> card ids (J = joker, +2 = plus2, L = last_round)."""
    special = {"J": "joker", "+2": "plus2", "L": "last_round"}
    return tuple(special.get(t, LETTERS.get(t, t)) for t in text.split())


def with_rows(state: ColorettoState, rows: list[str], out: dict[int, int] | None = None,
              current: int = 0) -> ColorettoState:
    """``state`` with the given row contents (card strings) and takers {seat: row};
    the pile loses the cards laid out so the card count stays right."""
    out = out or {}
    new_rows, pile = [], state
    for index, text in enumerate(rows):
        taker = next((seat for seat, row in out.items() if row == index), None)
        laid = cards(text)
        for card in laid:
            pile = replace(pile, pile=pile.without_from_pile(card))
        new_rows.append(Row(state.rows[index].capacity, laid, taker))
    return replace(pile, rows=tuple(new_rows), out=tuple(out), current=current)


def total_cards(state: ColorettoState) -> int:
    """Every drawable card accounted for: pile, rows, collections, discarded, in hand,
    removed colours and the last-round card once drawn (must stay 77)."""
    return (state.pile_size + sum(len(r.cards) for r in state.rows)
            + sum(c.size for c in state.collections) + len(state.discarded)
            + (state.drawn is not None) + CATALOGUE.copies_per_colour * len(state.removed)
            + state.last_round)
