"""Which view plays a Caravelas game: the bookkeeping view without a board file,
the generic view (every legal step a button) on one (no window needed)."""
from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("KIVY_NO_ARGS", "1")

from companion.caravelas import GAME  # noqa: E402
from companion.engine import GameConfig  # noqa: E402
from ui.games import view_for  # noqa: E402


def _session(**options):
    config = GameConfig.build("caravelas", ("Ana", "Bo"), **options)
    return SimpleNamespace(config=config, state=GAME.setup(config))


def test_bookkeeping_game_gets_the_caravelas_view_and_a_board_file_the_generic_one():
    assert type(view_for(_session())).__name__ == "CaravelasView"
    assert type(view_for(_session(board="demo"))).__name__ == "GenericView"
