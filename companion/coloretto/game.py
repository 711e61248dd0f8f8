"""The Coloretto game object: the engine protocol over the pure rules."""
from __future__ import annotations

import random
from typing import Any, Sequence

from companion.actions import Action
from companion import match
from companion.coloretto import camera, rules
from companion.coloretto.actions import (CODEC, Place, RemoveColour, Reveal, StartCard,
                                         StartPlayer, Take)
from companion.coloretto.scoring import score_sheet
from companion.coloretto.setup import OPTIONS, initial_state
from companion.coloretto.signals import signals
from companion.coloretto.summary import summary
from companion.coloretto.state import (DRAW, OVER, PLACE, REMOVE_COLOURS, START_CARDS, START_PLAYER,
                                       TURN, ColorettoState, Rules)
from companion.corrections import Counted
from companion.engine import Engine, GameConfig, ScoreSheet
from companion.errors import IllegalAction
from companion.coloretto.rulebook import HEADINGS
from companion.messages import Text
from companion.readings import TableReading
from companion.signals import Signal


class Coloretto(Engine[ColorettoState]):
    """Coloretto (Michael Schacht), 2–5 players, as the digest reads the seed."""

    name = "coloretto"
    title = "Coloretto"
    min_players = 2
    max_players = 5
    options = OPTIONS
    codec = CODEC

    # -- setup and flow --------------------------------------------------------------
    def setup(self, config: GameConfig) -> ColorettoState:
        values = self.checked_options(config)
        match.parse_so_far(values[match.OPTION], config.player_count, values[match.GAMES_OPTION])
        return initial_state(tuple(p.name for p in config.players), Rules(**values))

    def to_act(self, state: ColorettoState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: ColorettoState, seat: int | None = None) -> tuple[Action, ...]:
        return rules.legal_actions(state, seat)

    def apply(self, state: ColorettoState, action: Action) -> ColorettoState:
        try:
            return rules.apply(state, action)
        except IllegalAction as exc:
            raise exc.citing(HEADINGS) from None

    def is_over(self, state: ColorettoState) -> bool:
        return state.phase == OVER

    # -- results and views -------------------------------------------------------------
    def score_sheet(self, state: ColorettoState) -> ScoreSheet:
        return score_sheet(state)

    def summary(self, state: ColorettoState) -> dict[str, Any]:
        return summary(state)

    def signals(self, before: ColorettoState, action: Action,
                after: ColorettoState) -> tuple[Signal, ...]:
        return signals(before, action, after)

    def counted(self, state: ColorettoState) -> tuple[Counted, ...]:
        """What the table may correct now (see companion.corrections)."""
        return rules.counted(state)

    # -- chance and buttons ----------------------------------------------------------
    def sample_chance(self, state: ColorettoState, rng: random.Random) -> Action:
        """An outcome as the table would produce it: colours removed and start cards
        at random, the start player by lot, the drawn card weighted by the copies
        left (the last-round card exactly at its depth)."""
        if state.phase == REMOVE_COLOURS:
            return RemoveColour(rng.choice(state.colours_in_play))
        if state.phase == START_CARDS and state.rules.start_cards == "dealt":
            seat = rules.next_start_card_seat(state)
            colours = rules.allowed_start_colours(state, seat)
            return StartCard(seat, _weighted(rng, colours, [state.left(c) for c in colours]))
        if state.phase == START_PLAYER:
            return StartPlayer(rng.randrange(state.players))
        if state.phase == DRAW:
            kinds = rules.foretold_reveals(state)
            return Reveal(_weighted(rng, kinds, [state.left(k) for k in kinds]))
        raise IllegalAction(Text("no chance outcome is due now"))

    def end_turn_action(self, state: ColorettoState) -> Action | None:
        """END TURN plays the only move left: a forced take, or the only row the drawn
        card fits.  Otherwise it does nothing (the player must choose)."""
        if state.phase not in (TURN, PLACE):
            return None
        legal = rules.legal_actions(state)
        if len(legal) == 1 and isinstance(legal[0], (Take, Place)):
            return legal[0]
        return None

    # -- camera ------------------------------------------------------------------------
    def actions_for_reading(self, state: ColorettoState,
                            reading: TableReading) -> tuple[Action, ...]:
        return camera.actions_for_reading(state, reading)

    def describe_reading(self, state: ColorettoState, steps: tuple[Action, ...]) -> Text | None:
        """One card drawn and placed, in table words (see companion.coloretto.camera)."""
        return camera.describe_reading(state, steps)


def _weighted(rng: random.Random, items: Sequence[str], weights: Sequence[int]) -> str:
    """One of ``items`` with probability proportional to ``weights`` (whole numbers)."""
    pick = rng.randrange(sum(weights))
    for item, weight in zip(items, weights):
        if pick < weight:
            return item
        pick -= weight
    raise AssertionError("unreachable: pick < sum(weights)")


GAME = Coloretto()
