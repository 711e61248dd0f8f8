"""The Golden Horn engine: the :class:`companion.engine.Game` protocol over
:class:`GoldenHornState`."""
from __future__ import annotations

import random
from typing import Any

from companion.actions import Action
from companion.corrections import Counted
from companion.engine import Engine, GameConfig, ScoreSheet
from companion.errors import CompanionError
from companion.golden_horn import camera, chance, rules, turns
from companion.golden_horn.actions import CODEC, EndTurn, Move
from companion.golden_horn.corrections import counted
from companion.golden_horn.movement import Reach, load_choices, reaches
from companion.golden_horn.scoring import score_sheet
from companion.golden_horn.setup import OPTIONS, initial_state
from companion.golden_horn.signals import signals
from companion.golden_horn.state import AFTER_MOVE, OVER, PLAY, GoldenHornState
from companion.golden_horn.summary import summary
from companion.messages import Text
from companion.readings import TableReading
from companion.signals import Signal


class GoldenHorn(Engine[GoldenHornState]):
    """Golden Horn (Leo Colovini, Piatnik 2013), both rulebook editions."""

    name = "golden_horn"
    title = "Golden Horn"
    min_players = 2
    max_players = 4
    options = OPTIONS
    codec = CODEC

    # -- protocol -------------------------------------------------------
    def setup(self, config: GameConfig) -> GoldenHornState:
        return initial_state(config, self.checked_options(config))

    def to_act(self, state: GoldenHornState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: GoldenHornState, seat: int | None = None) -> tuple[Action, ...]:
        return rules.legal_actions(state, seat)

    def apply(self, state: GoldenHornState, action: Action) -> GoldenHornState:
        return rules.apply(state, action)

    def is_over(self, state: GoldenHornState) -> bool:
        return state.phase == OVER

    def score_sheet(self, state: GoldenHornState) -> ScoreSheet:
        return score_sheet(state)

    def signals(self, before: GoldenHornState, action: Action, after: GoldenHornState) -> tuple[Signal, ...]:
        return signals(before, action, after)

    def summary(self, state: GoldenHornState) -> dict[str, Any]:
        return summary(state)

    def sample_chance(self, state: GoldenHornState, rng: random.Random) -> Action:
        return chance.sample(state, rng)

    def end_turn_action(self, state: GoldenHornState) -> Action | None:
        if state.phase == AFTER_MOVE and not state.pending:
            return EndTurn(state.current)
        return None

    def counted(self, state: GoldenHornState) -> tuple[Counted, ...]:
        """What the table may correct now (see companion.corrections)."""
        return counted(state)

    # -- camera and table screen ----------------------------------------
    def actions_for_reading(self, state: GoldenHornState, reading: TableReading) -> tuple[Action, ...]:
        """Legal moves explaining ships the camera saw on new spaces, most likely first."""
        if state.phase != PLAY or state.pending:
            return ()
        return camera.actions_for_reading(state, reading, self.legal_actions(state, state.current))

    def describe_reading(self, state: GoldenHornState, steps: tuple[Action, ...]) -> Text | None:
        """A ship's move seen by the camera, in table words with the cubes it loads."""
        if len(steps) != 1 or not isinstance(steps[0], Move):
            return None
        try:
            after = self.apply(state, steps[0])
        except CompanionError:     # proposed by hand and refused: its own words, refused on Confirm
            return None
        return camera.describe_move(state, steps[0], after)

    def unexplained_reading(self, state: GoldenHornState, reading: TableReading) -> tuple[Text, ...]:
        """What the camera sees that no legal action explains (ships off their node)."""
        if state.phase != PLAY or state.pending:
            return ()
        return camera.unexplained_reading(state, reading)

    def reachable(self, state: GoldenHornState, ship_id: str, reverse: bool = False) -> tuple[Reach, ...]:
        """For a chosen ship: every square or port it can end on this move, with
        the wind cards each needs and whether its owner can pay them."""
        ship = turns.find_ship(state, ship_id)
        if ship.at < 0:
            return ()
        return reaches(state, ship, reverse)

    def load_choices(self, state: GoldenHornState, ship_id: str) -> tuple[str, ...]:
        """The loading colours (most cubes first, "" = nothing) for a ship leaving port."""
        return load_choices(state, turns.find_ship(state, ship_id))

    def moves_for_ship(self, state: GoldenHornState, ship_id: str) -> tuple[Move, ...]:
        """The legal move actions of one ship (for the screen's ship picker)."""
        return tuple(a for a in self.legal_actions(state) if isinstance(a, Move) and a.ship == ship_id)


GAME = GoldenHorn()
