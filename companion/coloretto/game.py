"""The Coloretto game object: the engine protocol over the pure rules."""
from __future__ import annotations

import random
from typing import Any, Sequence

from companion.actions import Action
from companion import match
from companion.coloretto import camera, rules, view
from companion.coloretto.actions import (CODEC, Place, RemoveColour, Reveal, StartCard,
                                         StartPlayer, Take)
from companion.coloretto.data import LAST_ROUND
from companion.coloretto.state import (DRAW, OVER, PLACE, PLAY_PHASES, REMOVE_COLOURS,
                                       START_CARDS, START_PLAYER, TURN, ColorettoState, Rules)
from companion.corrections import Counted
from companion.engine import Engine, GameConfig, Option, ScoreSheet
from companion.errors import IllegalAction
from companion.coloretto.rulebook import HEADINGS
from companion.messages import Text
from companion.readings import TableReading
from companion.signals import (FinalRound, GameEnded, RoundEnded, SeatScored, Signal,
                               TableNotice, TurnStarted)

OPTIONS = (
    # AMB-C4, AMB-C9
    Option("side", "Scoring side", "brown", ("brown", "grey"),
           "Which side of the scoring card everyone uses. Brown (recommended, and for a first "
           "game): 1, 3, 6, 10, 15, 21 points. Grey: 1, 4, 8, 7, 6, 5 points, and 7 or more cards "
           "score like 6.", labels=("Brown side", "Grey side")),
    # AMB-C3
    Option("joker_colours", "Joker colours", "in_play", ("in_play", "any_colour", "optional"),
           "At the end each joker joins a colour. Recommended: a colour still in the game. "
           "Or: any colour, even one set aside at the start. Or: a joker may also stay without "
           "a colour.", labels=("A colour still in the game (recommended)", "Any colour",
                                "May stay without a colour")),
    # AMB-C1
    Option("start_cards", "Start cards", "dealt", ("dealt", "chosen"),
           "Recommended: the start cards are dealt at random. Or: each player picks their own.",
           labels=("Dealt at random (recommended)", "Each player picks")),
    # AMB-C1
    Option("start_colours_all_distinct", "2 players: all 4 start colours differ", True,
           (False, True),
           "With 2 players each has two start cards of different colours. Recommended: yes, all "
           "four colours differ. No: the two players may share a colour."),
    # AMB-C10
    Option("after_last_round_card", "After the last-round card", "draw_again",
           ("draw_again", "choose_again"),
           "When the last-round card comes up it is set aside. Recommended: the same player "
           "then draws another card and places it. Or: that player may instead take a row.",
           labels=("Draw again (recommended)", "Draw or take a row")),
    # AMB-C13
    Option("jokers", "Jokers", "three", ("three", "golden"),
           "Recommended, as the rulebook: three jokers. Or, as in some editions: two jokers and "
           "a golden joker; whoever takes the golden joker also takes the top card of the pile "
           "at once. A golden joker scores like any joker: a card of the colour its owner gives it.",
           labels=("Three jokers (recommended)", "Two jokers and a golden joker")),
    # AMB-C9
    Option("scoring_sides", "Scoring side for each player", "together", ("together", "each_player"),
           "Recommended: everyone scores with the side chosen above. Or: each player may score "
           "with the other side, chosen on the score screen.",
           labels=("Everyone the same side (recommended)", "Each player chooses")),
    # digest §5: several games added together (not in the rulebook)
    Option(match.GAMES_OPTION, "Games added together", 1, (1, 2, 3, 4),
           "Recommended: one game, as the rulebook scores it. Or: play several games with the "
           "same seats and add up the scores; the score screen keeps the running total.",
           labels=("One game (recommended)", "2 games", "3 games", "4 games")),
    Option(match.OPTION, "Earlier games of this match", "", (),
           "Filled in by the companion when the next game of a match starts: the scores of the "
           "earlier games.", on_setup=False),
)


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
        return rules.initial_state(tuple(p.name for p in config.players), Rules(**values))

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
        return view.score_sheet(state)

    def summary(self, state: ColorettoState) -> dict[str, Any]:
        return view.summary(state)

    def signals(self, before: ColorettoState, action: Action,
                after: ColorettoState) -> tuple[Signal, ...]:
        found: list[Signal] = []
        if isinstance(action, Reveal) and action.card == LAST_ROUND:
            found.append(FinalRound("the last-round card was drawn: this round is the last"))
        # after FinalRound: the banner shown last stays on screen
        if isinstance(action, Reveal) and not rules.is_foretold(before, action.card):
            found.append(TableNotice(_miscount_notice(before, action.card)))
        if isinstance(action, Take):
            gained = (view.hand_score(after, action.seat).total
                      - view.hand_score(before, action.seat).total)
            found.append(SeatScored(action.seat, gained))
        if isinstance(action, Take) and after.bonus_for is not None:   # shown last, so it stays
            found.append(TableNotice(Text("{name} took the golden joker and also takes the top card "
                                          "of the pile: say which card it is.",
                                          name=after.names[action.seat])))
        if after.phase == OVER and before.phase != OVER:
            found.append(RoundEnded(None))
            found.append(GameEnded(view.score_sheet(after).winners))
            return tuple(found)
        new_round = after.round > before.round and before.round > 0
        if new_round:
            found.append(RoundEnded(after.current))
        if after.phase in PLAY_PHASES and (
                new_round or before.phase not in PLAY_PHASES or before.current != after.current):
            found.append(TurnStarted(after.current))
        return tuple(found)

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


def _miscount_notice(before: ColorettoState, card: str) -> Text:
    """What the table hears when the draw disagrees with the 15 cards counted under
    the last-round card."""
    if card == LAST_ROUND and before.last_round_overdue:
        return Text("The last-round card came up later than counted: this round is the last.")
    if card == LAST_ROUND:
        return Text("The last-round card came up sooner than counted: the pile was miscounted. "
                    "This round is the last.")
    return Text("The last-round card should have come up now: the pile was miscounted. Play on "
                "and enter the last-round card when it comes up.")


def _weighted(rng: random.Random, items: Sequence[str], weights: Sequence[int]) -> str:
    """One of ``items`` with probability proportional to ``weights`` (whole numbers)."""
    pick = rng.randrange(sum(weights))
    for item, weight in zip(items, weights):
        if pick < weight:
            return item
        pick -= weight
    raise AssertionError("unreachable: pick < sum(weights)")


GAME = Coloretto()
