"""Coloretto's signals for the LEDs, the buzzer and the banner."""
from __future__ import annotations

from companion.actions import Action
from companion.coloretto import rules
from companion.coloretto.actions import Reveal, Take
from companion.coloretto.data import LAST_ROUND
from companion.coloretto.scoring import hand_score, score_sheet
from companion.coloretto.state import OVER, PLAY_PHASES, ColorettoState
from companion.messages import Text
from companion.signals import (FinalRound, GameEnded, RoundEnded, SeatScored, Signal, TableNotice,
                               TurnStarted)


def signals(before: ColorettoState, action: Action, after: ColorettoState) -> tuple[Signal, ...]:
    """The last-round card, a miscounted pile, a row taken, the golden joker's extra card,
    round and game end, the next turn."""
    found: list[Signal] = []
    if isinstance(action, Reveal) and action.card == LAST_ROUND:
        found.append(FinalRound("the last-round card was drawn: this round is the last"))
    # after FinalRound: the banner shown last stays on screen
    if isinstance(action, Reveal) and not rules.is_foretold(before, action.card):
        found.append(TableNotice(_miscount_notice(before, action.card)))
    if isinstance(action, Take):
        gained = (hand_score(after, action.seat).total
                  - hand_score(before, action.seat).total)
        found.append(SeatScored(action.seat, gained))
    if isinstance(action, Take) and after.bonus_for is not None:   # shown last, so it stays
        found.append(TableNotice(Text("{name} took the golden joker and also takes the top card "
                                      "of the pile: say which card it is.",
                                      name=after.names[action.seat])))
    if after.phase == OVER and before.phase != OVER:
        found.append(RoundEnded(None))
        found.append(GameEnded(score_sheet(after).winners))
        return tuple(found)
    new_round = after.round > before.round and before.round > 0
    if new_round:
        found.append(RoundEnded(after.current))
    if after.phase in PLAY_PHASES and (
            new_round or before.phase not in PLAY_PHASES or before.current != after.current):
        found.append(TurnStarted(after.current))
    return tuple(found)


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
