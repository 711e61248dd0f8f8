"""Shared helpers for the Caravelas tests: configs, states set up to a turn, and
players placed where a vector needs them."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.caravelas import GAME
from companion.caravelas.actions import DrawOrder, PassBid
from companion.caravelas.state import CaravelasState
from companion.engine import GameConfig

NAMES = ("Ann", "Bea", "Cy", "Dov")


def config(players: int, **options: Any) -> GameConfig:
    return GameConfig.build("caravelas", NAMES[:players], **options)


def started(players: int = 2, order: tuple[int, ...] | None = None, **options: Any) -> CaravelasState:
    """The first turn of round 1: the table drew ``order`` (default seat order) and
    everybody passed in the bidding."""
    state = GAME.setup(config(players, **options))
    order = order if order is not None else tuple(range(players))
    state = GAME.apply(state, DrawOrder(order))
    for seat in order:
        state = GAME.apply(state, PassBid(seat))
    return state


def mapped(players: int = 2, board: str = "mini", **options: Any) -> CaravelasState:
    """``started`` on a shipped board file (``mini`` is the digest's MB)."""
    if board == "mini":
        options["board.file"] = str(_mini_path())
        return started(players, **options)
    return started(players, board=board, **options)


def _mini_path():
    from companion.caravelas.board import SHIPPED
    return SHIPPED["mini"]


def put(state: CaravelasState, seat: int, **changes: Any) -> CaravelasState:
    """``state`` with player ``seat`` changed (where, spent, hand, cargo, ...)."""
    return state.with_player(seat, **changes)


def run(state: CaravelasState, *actions) -> CaravelasState:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def discovered(state: CaravelasState, **owners: int) -> CaravelasState:
    return replace(state, discovered=tuple(sorted(state.discovered + tuple(owners.items()))))
