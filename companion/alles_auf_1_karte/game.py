"""The Alles auf 1 Karte engine: the :class:`companion.engine.Game` protocol."""
from __future__ import annotations

import random
from typing import Any

from companion.actions import Action
from companion.corrections import Counted
from companion.engine import Engine, GameConfig, ScoreSheet, resolve_options
from companion.errors import IllegalAction
from companion.alles_auf_1_karte.rulebook import HEADINGS
from companion.messages import Text
from companion.readings import TableReading
from companion.signals import Signal
from companion.alles_auf_1_karte import camera, rules
from companion.alles_auf_1_karte.actions import (
    CODEC, DICE_COUNT, DrawCard, Mark, RevealCard, Reroll, RollDice)
from companion.alles_auf_1_karte.texts import card_words, seat_ref
from companion.alles_auf_1_karte.cards import COLOURS
from companion.alles_auf_1_karte.catalogue import Catalogue, shipped_catalogue
from companion.alles_auf_1_karte.invariants import check_state
from companion.alles_auf_1_karte.marking import infer_mark
from companion.alles_auf_1_karte.scoring import score_sheet
from companion.alles_auf_1_karte.setup import (
    OPTIONS, cards_from_option, initial_state, split_options)
from companion.alles_auf_1_karte.state import (
    DEAL, DECIDE, OVER, REPLACE, REVEAL, THROW, GameState)
from companion.alles_auf_1_karte.mark_options import (CardOption, SeatHint, card_option, mark_options,
                                                     seat_hint)
from companion.alles_auf_1_karte.signals import signals
from companion.alles_auf_1_karte.summary import summary


class AllesAuf1Karte(Engine[GameState]):
    """Rules of Alles auf 1 Karte (NSV 2021), basic game and advanced variant.

    The card layouts come from the ``cards`` option when a config names them
    (so records replay anywhere), else from ``catalogue`` (default: shipped).
    """

    name = "alles_auf_1_karte"
    title = "Alles auf 1 Karte"
    min_players = 2
    max_players = 4
    options = OPTIONS
    codec = CODEC

    def __init__(self, catalogue: Catalogue | None = None):
        self._catalogue = catalogue

    @property
    def catalogue(self) -> Catalogue:
        return self._catalogue if self._catalogue is not None else shipped_catalogue()

    def with_catalogue(self, catalogue: Catalogue) -> "AllesAuf1Karte":
        """The same rules dealing from another catalogue (e.g. the user's corrections)."""
        return AllesAuf1Karte(catalogue)

    def cards_option(self) -> tuple[str, ...]:
        """The value for the hidden ``cards`` config option that pins this catalogue's
        layouts in a config (and so in the game record)."""
        return self.catalogue.ids

    # -- protocol ------------------------------------------------------------
    def setup(self, config: GameConfig) -> GameState:
        self.check_config(config)
        visible, cards = split_options(config)
        options = resolve_options(self, visible)
        return initial_state(config, options, cards_from_option(cards, self.catalogue))

    def to_act(self, state: GameState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: GameState, seat: int | None = None) -> tuple[Action, ...]:
        return rules.legal_actions(state, seat)

    def apply(self, state: GameState, action: Action) -> GameState:
        try:
            return rules.apply(state, action)
        except IllegalAction as exc:
            raise exc.citing(HEADINGS) from None

    def counted(self, state: GameState) -> tuple[Counted, ...]:
        """What the table may correct now (see companion.corrections)."""
        return rules.counted(state)

    def is_over(self, state: GameState) -> bool:
        return state.phase == OVER

    def score_sheet(self, state: GameState) -> ScoreSheet:
        return score_sheet(state)

    def summary(self, state: GameState) -> dict[str, Any]:
        return summary(state)

    def signals(self, before: GameState, action: Action, after: GameState) -> tuple[Signal, ...]:
        return signals(before, action, after)

    def sample_chance(self, state: GameState, rng: random.Random) -> Action:
        if state.phase == DEAL:
            return DrawCard(rules.seats_to_deal(state)[0], rng.choice(state.pile))
        if state.phase == REVEAL:
            return RevealCard(rng.choice(state.pile))
        if state.phase == REPLACE and not state.rules.advanced:
            return DrawCard(state.replacements[0], rng.choice(state.pile))
        if state.phase == THROW:
            kept = rules.kept_dice(state)
            thrown = tuple(rng.choice(COLOURS) for _ in range(DICE_COUNT - len(kept)))
            return RollDice(kept + thrown)
        raise IllegalAction(Text("No chance outcome is due now: a player acts."))

    def end_turn_action(self, state: GameState) -> Action | None:
        """END TURN while deciding on re-rolls keeps the roll (it becomes final)."""
        if state.phase == DECIDE:
            return Reroll(state.active, ())
        return None

    def actions_for_reading(self, state: GameState, reading: TableReading) -> tuple[Action, ...]:
        return camera.actions_for_reading(state, reading)

    def draw_for_tag(self, state: GameState, tag: str) -> Action | None:
        return camera.draw_for_tag(state, tag)

    # -- helpers for the table screen -----------------------------------------
    def mark_options(self, state: GameState, seat: int) -> tuple[CardOption, ...]:
        return mark_options(state, seat)

    def preview_mark(self, state: GameState, seat: int, card_id: str,
                     colours: tuple[str, ...]) -> CardOption:
        """What marking ``colours`` on ``card_id`` would give (for toggling colours off);
        raises IllegalAction when that mark is not allowed."""
        card = state.seats[seat].open_card(card_id)
        if card is None:
            raise IllegalAction(Text("{seat} has no open {card}.", seat=seat_ref(seat, capitalised=True),
                                     card=card_words(card_id)))
        rules.apply(state, Mark(seat, card_id, colours))     # legality, with the reason
        return card_option(card, state.dice_counts(), Mark(seat, card_id, colours).colours)

    def seat_hint(self, state: GameState, seat: int) -> SeatHint:
        return seat_hint(state, seat)

    def infer_mark(self, state: GameState, seat: int, card_id: str,
                   marks: tuple[int, ...]) -> Mark:
        return infer_mark(state, seat, card_id, marks)

    def check_state(self, state: GameState) -> None:
        check_state(state)


GAME = AllesAuf1Karte()
