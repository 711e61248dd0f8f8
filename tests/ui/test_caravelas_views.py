"""Which view plays a Caravelas game: the bookkeeping view without a board file,
the mapped view (the map drawn from the file) on one (no window needed)."""
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


def test_bookkeeping_game_gets_the_caravelas_view_and_a_board_file_the_map():
    assert type(view_for(_session())).__name__ == "CaravelasView"
    assert type(view_for(_session(board="demo"))).__name__ == "CaravelasMapView"


def test_the_map_places_every_cell_apart_and_keeps_a_finger_sized_cell():
    """The demo board at its centres, the mini-board (no centres) on a grid: every cell
    inside the map, no two overlapping; a small space scrolls rather than shrink cells."""
    from companion.caravelas.board import load_board
    from ui.games.caravelas.map import FILL, BoardMap

    for name in ("demo", "mini"):
        board_map = BoardMap(load_board(name), lambda _cell: None, size_hint=(None, None))
        scale = board_map.scale_for(300, 290, 50)
        assert board_map.pitch * scale * FILL >= 50 - 1e-6, name
        board_map.size = (board_map.span[0] * scale, board_map.span[1] * scale)
        board_map._redraw()
        boxes = [(c.x, c.y, c.right, c.top) for c in board_map.cells.values()]
        assert len(boxes) == len(board_map.board.cells)
        for x0, y0, x1, y1 in boxes:
            assert 0 <= x0 < x1 <= board_map.width + 1e-6 and 0 <= y0 < y1 <= board_map.height + 1e-6
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6 or a[3] <= b[1] + 1e-6 or b[3] <= a[1] + 1e-6
    # the whole map fits when there is room
    roomy = BoardMap(load_board("demo"), lambda _cell: None)
    assert roomy.scale_for(600, 700, 50) == 1.0
