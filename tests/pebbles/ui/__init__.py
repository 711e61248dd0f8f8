"""Pebbles' Kivy side (docs/adding-a-game.md, step 6): the generic table view, its own
editor of the pile on the setup screen, and a score extra naming who took the last pebble."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from companion.engine import Option
from ui.games import GENERIC, GameUi, ScoreRow
from ui.games.editors import OptionEditor, SetupForm


def pile_editor(option: Option, form: SetupForm) -> OptionEditor:
    from tests.pebbles.ui.pile import PileEditor

    return PileEditor(option)


def last_pebble(session: Any, again: Callable[[], None]) -> Sequence[ScoreRow]:
    from tests.pebbles.ui.pile import last_pebble_row

    return last_pebble_row(session)


UI = GameUi(build_view=GENERIC.build_view, option_editors={"pile": pile_editor}, score_extras=last_pebble)
