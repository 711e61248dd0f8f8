"""The table-view kit's widget reuse: refreshes update widgets in place, creating
only the missing ones and removing only the surplus (no window needed)."""
from __future__ import annotations

import os

os.environ.setdefault("KIVY_NO_ARGS", "1")

from kivy.uix.boxlayout import BoxLayout  # noqa: E402
from kivy.uix.widget import Widget  # noqa: E402

from ui.games.kit import reuse, tag  # noqa: E402


def test_reuse_keeps_widgets_and_their_order():
    box = BoxLayout()
    made: list[int] = []

    def create(index: int) -> Widget:
        made.append(index)
        return tag(Widget(), f"w{index}")

    first = reuse(box, 3, create)
    assert [w.test_id for w in first] == ["w0", "w1", "w2"] and made == [0, 1, 2]
    again = reuse(box, 3, create)
    assert again == first and made == [0, 1, 2]          # nothing made again
    fewer = reuse(box, 2, create)
    assert fewer == first[:2] and len(box.children) == 2
    more = reuse(box, 4, create)
    assert more[:2] == first[:2] and [w.test_id for w in more] == ["w0", "w1", "w2", "w3"]
    assert made == [0, 1, 2, 2, 3]


def test_text_on_a_seat_or_cube_colour_reads_and_the_active_seat_stands_out():
    from ui.colours import SEAT_RGB, contrast, ink_on
    from ui.games.kit import IDLE_RGB, TEXT_CONTRAST, active_rgb, text_fill

    for name, rgb in SEAT_RGB.items():
        fill = text_fill(rgb)
        assert contrast(ink_on(fill), fill) >= TEXT_CONTRAST, name
        assert max(abs(a - b) for a, b in zip(fill, rgb)) < 0.1, name   # still the seat's colour
        assert contrast(active_rgb(rgb), IDLE_RGB) >= 3, name
    bright_red = (0.86, 0.16, 0.16)
    assert text_fill(bright_red) != bright_red   # a red too light for white text is shaded


def test_only_a_simulated_camera_offers_its_table_to_drag_pieces_on():
    """Every game's camera setup makes a simulated table; with the Pi camera or a
    webcam the views must not offer it (no Camera toggle over the map on the Pi)."""
    from companion.caravelas.game import GAME
    from companion.engine import GameConfig
    from ui.camera import CameraFeed
    from vision.games.caravelas import camera_setup
    from vision.sources.replay import ImageFolderSource
    from vision.sources.simulated import SimulatedSource

    state = GAME.setup(GameConfig.build("caravelas", ["Ann", "Bea"], board="demo"))
    setup = camera_setup(state)
    real = CameraFeed(None, setup, ImageFolderSource.__new__(ImageFolderSource))
    simulated = CameraFeed(None, setup, SimulatedSource(setup.simulated_table, stepped=True))
    try:
        assert real.simulated_table is None
        assert simulated.simulated_table is setup.simulated_table
    finally:
        real._status_event.cancel()
        simulated._status_event.cancel()
