"""Caravelas's words on the table screen that need no window: the header during a bonus
move, the red die's face, the destination cards' counter."""
from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("KIVY_NO_ARGS", "1")

from companion.caravelas import GAME  # noqa: E402
from companion.caravelas.actions import EndBonus, PlayCard  # noqa: E402
from companion.i18n import Translator  # noqa: E402
from tests.caravelas.helpers import config, put, run, started  # noqa: E402


def _session(state, players=2):
    return SimpleNamespace(config=config(players), state=state, to_act=GAME.to_act(state),
                           is_over=GAME.is_over(state), actions=())


def _app(lang="en"):
    return SimpleNamespace(tr=Translator(lang))


def test_the_header_of_a_bonus_move_names_the_mover_then_whose_turn_goes_on():
    from ui.screens.table import turn_text

    state = run(put(started(3), 0, spent=3), PlayCard(0, "wind"))        # Ann's Favourable Wind
    assert state.pending == "bonus" and GAME.to_act(state) == (1,)
    assert turn_text(_app(), _session(state, 3)) == "Bonus move: Bea · then Ann plays on"
    state = run(state, EndBonus(1))
    assert turn_text(_app(), _session(state, 3)) == "Bonus move: Cy · then Ann plays on"
    assert turn_text(_app(), _session(run(state, EndBonus(2)), 3)) == "Ann's turn"
