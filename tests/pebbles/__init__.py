"""Pebbles, the test game of docs/adding-a-game.md: seats take 1–3 pebbles from a
pile in turn; whoever takes the last one wins (rules: tests/pebbles/rules.md).
It reached the app only by following the checklist."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from companion.actions import Action, ActionCodec
from companion.engine import GameConfig, Option, ScoreLine, ScoreSheet, check_player_count, resolve_options
from companion.errors import IllegalAction
from companion.messages import Text
from companion.signals import GameEnded, TurnStarted


@dataclass(frozen=True)
class Take(Action):
    type: ClassVar[str] = "take"
    seat: int
    count: int

    def __str__(self) -> str:
        return f"seat {self.seat + 1} takes {self.count}"


@dataclass(frozen=True)
class State:
    players: int
    pile: int
    seat: int = 0
    winner: int | None = None


class Pebbles:
    name = "pebbles"
    title = "Pebbles"
    min_players = 2
    max_players = 4
    options = (Option("pile", "Pebbles in the pile", 21, (15, 21, 30)),)
    _codec = ActionCodec(Take)

    def setup(self, config: GameConfig) -> State:            # §1
        check_player_count(self, config)
        return State(config.player_count, resolve_options(self, config)["pile"])

    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state.winner is not None else (state.seat,)

    def legal_actions(self, state: State, seat: int | None = None) -> list[Action]:
        if state.winner is not None or seat not in (None, state.seat):
            return []
        return [Take(state.seat, n) for n in (1, 2, 3) if n <= state.pile]

    def apply(self, state: State, action: Action) -> State:
        if state.winner is not None:
            raise IllegalAction(Text("The game is over."), rule="§3")
        if not isinstance(action, Take) or action.seat != state.seat:
            raise IllegalAction(Text("It is another seat's turn."), rule="§2.2")
        if not 1 <= action.count <= 3:
            raise IllegalAction(Text("Take 1, 2 or 3 pebbles."), rule="§2.1")
        if action.count > state.pile:
            raise IllegalAction(Text("Take at most what the pile holds."), rule="AMB-1")
        pile = state.pile - action.count
        if pile == 0:                                          # §3, TV-1
            return State(state.players, 0, state.seat, state.seat)
        return State(state.players, pile, (state.seat + 1) % state.players)

    def is_over(self, state: State) -> bool:
        return state.winner is not None

    def score_sheet(self, state: State) -> ScoreSheet:
        totals = tuple(int(s == state.winner) for s in range(state.players))
        lines = tuple(ScoreLine(s, "last pebble", p) for s, p in enumerate(totals))
        winners = (state.winner,) if state.winner is not None else ()
        return ScoreSheet(lines, totals, winners, final=state.winner is not None)

    def signals(self, before: State, action: Action, after: State) -> tuple[Any, ...]:
        if after.winner is not None:
            return (GameEnded((after.winner,)),)
        return (TurnStarted(after.seat),)

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return self._codec.parse(data)

    def summary(self, state: State) -> dict[str, Any]:
        return {"pile": state.pile, "seat": state.seat, "winner": state.winner}

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        raise IllegalAction(Text("Nothing is left to chance in Pebbles."))

    def end_turn_action(self, state: State) -> Action | None:
        return None


GAME = Pebbles()
