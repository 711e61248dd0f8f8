"""A tiny game for testing the session, journal and UI shell without a real
engine: seats take turns adding 1–3 to a shared total; after every move the
table rolls a die (chance) that adds 0 or 1; the first to bring the total to
``target`` or beyond wins."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from companion.actions import Action, ActionCodec
from companion.engine import (TABLE, GameConfig, Option, ScoreLine, ScoreSheet, check_player_count,
                              resolve_options)
from companion.errors import IllegalAction
from companion.manifest import GameManifest
from companion.signals import GameEnded, TurnStarted


@dataclass(frozen=True)
class Add(Action):
    type: ClassVar[str] = "add"
    seat: int
    amount: int

    def __str__(self) -> str:
        return f"seat {self.seat} adds {self.amount}"


@dataclass(frozen=True)
class Roll(Action):
    type: ClassVar[str] = "roll"
    bonus: int


@dataclass(frozen=True)
class Pass(Action):
    type: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True)
class State:
    players: int
    target: int
    total: int = 0
    seat: int = 0
    chance: bool = False
    points: tuple[int, ...] = ()
    winner: int | None = None


class CounterGame:
    name = "counter"
    title = "Counter"
    min_players = 2
    max_players = 5
    options = (Option("target", "Target", 20, (10, 20, 50, 10000)),)
    _codec = ActionCodec(Add, Roll, Pass)

    def setup(self, config: GameConfig) -> State:
        check_player_count(self, config)
        opts = resolve_options(self, config)
        return State(config.player_count, opts["target"], points=(0,) * config.player_count)

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.winner is not None:
            return ()
        return (TABLE,) if state.chance else (state.seat,)

    def legal_actions(self, state: State, seat: int | None = None):
        if state.winner is not None or (seat is not None and seat not in self.to_act(state)):
            return []
        if state.chance:
            return [Roll(0), Roll(1)]
        return [Add(state.seat, n) for n in (1, 2, 3)] + [Pass(state.seat)]

    def apply(self, state: State, action: Action) -> State:
        if state.winner is not None:
            raise IllegalAction("The game is over.")
        if isinstance(action, Roll):
            if not state.chance:
                raise IllegalAction("Nobody rolled.")
            if action.bonus not in (0, 1):
                raise IllegalAction("A roll adds 0 or 1.")
            return self._after(state, state.total + action.bonus, chance=False)
        if state.chance:
            raise IllegalAction("The table must roll first.")
        if getattr(action, "seat", None) != state.seat:
            raise IllegalAction(f"It is seat {state.seat + 1}'s turn.")
        if isinstance(action, Pass):
            return State(state.players, state.target, state.total, (state.seat + 1) % state.players,
                         False, state.points)
        assert isinstance(action, Add)
        if not 1 <= action.amount <= 3:
            raise IllegalAction("Add 1, 2 or 3.", rule="§1")
        points = list(state.points)
        points[state.seat] += action.amount
        new = State(state.players, state.target, state.total, state.seat, False, tuple(points))
        return self._after(new, state.total + action.amount, chance=True)

    def _after(self, state: State, total: int, chance: bool) -> State:
        if total >= state.target:
            return State(state.players, state.target, total, state.seat, False, state.points, state.seat)
        seat = state.seat if chance else (state.seat + 1) % state.players
        return State(state.players, state.target, total, seat, chance, state.points)

    def is_over(self, state: State) -> bool:
        return state.winner is not None

    def score_sheet(self, state: State) -> ScoreSheet:
        lines = tuple(ScoreLine(s, "added", p) for s, p in enumerate(state.points))
        winners = (state.winner,) if state.winner is not None else ()
        return ScoreSheet(lines, state.points, winners, final=state.winner is not None)

    def signals(self, before: State, action: Action, after: State):
        out = []
        if after.winner is not None:
            out.append(GameEnded((after.winner,)))
        elif not after.chance and after.seat != before.seat:
            out.append(TurnStarted(after.seat))
        return tuple(out)

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return self._codec.parse(data)

    def summary(self, state: State) -> dict[str, Any]:
        return {"total": state.total, "seat": state.seat, "winner": state.winner,
                "points": list(state.points)}

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        return Roll(rng.randint(0, 1))

    def end_turn_action(self, state: State) -> Action | None:
        return None if state.chance or state.winner is not None else Pass(state.seat)


GAME = CounterGame()

#: registered by the tests (tests/registry.py): no Kivy or vision side (the generic view, no camera), no catalogue
MANIFEST = GameManifest(engine=GAME, translated=False)
