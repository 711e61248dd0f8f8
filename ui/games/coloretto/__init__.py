"""Coloretto's Kivy side: the table view, the players' own scoring choice on the scores
screen, the words of its score lines, and the counts the table may correct."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from companion.coloretto import GAME
from companion.messages import N_
from ui.games import GameUi, ScoreRow


def build_view(session: Any) -> Any:
    from ui.games.coloretto.view import ColorettoView

    return ColorettoView(session=session)


def score_extras(session: Any, again: Callable[[], None]) -> Sequence[ScoreRow]:
    from ui.games.coloretto.score_choice import choice_rows

    return choice_rows(session, again)


UI = GameUi(
    build_view=build_view,
    score_extras=score_extras,
    # a colour's cards, the +2 cards and the jokers: each seat's own words in its cell
    score_headings={"{colour}: {count} card": N_("Colours"), "{count} +2 card": N_("+2 cards"),
                    "{count} joker": N_("Jokers")},
    corrections=GAME.counted,
)
