"""Caravelas's table at a small screen: the map's key one tap away (its marks, the
ports by name with their points and goods), no Correct button where nothing can be
corrected, and the map kept inside its area (never over the turn header)."""
from __future__ import annotations

from tests.ui.scenarios_caravelas import start_mapped


async def map_key_and_header(probe) -> None:
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    app = probe.app
    await start_mapped(probe)
    screen = app.manager.get_screen("table")
    probe.record("correct_shown", probe.visible(screen.ids.correct) and screen.ids.correct.width > 0)
    view = probe.find_all(cls="CaravelasMapView")[0]
    key = view.ids.map_key
    probe.record("key_shown", probe.visible(key))
    x, y = key.to_window(*key.pos)
    probe.record("key_box", [x, y, key.width, key.height])
    await probe.tap(key)
    popup = next(w for w in Window.children if type(w).__name__ == "MapKeyPopup")
    await probe.opened(popup)
    probe.record("key_texts", probe.texts(popup))
    await probe.frames(3)
    popup.export_to_png(str(probe.out / "map_key.png"))
    probe.results["screenshots"]["map_key"] = str(probe.out / "map_key.png")
    # a port found from the key: the key closes, the port's cell ringed and in view
    await probe.tap(next(w for w in probe.walk(popup) if getattr(w, "test_id", None) == "key_port_mozambique"))
    await probe.until(lambda: popup.parent is None)
    board_map = view.board_map
    cell = board_map.cells[app.session.state.rules.board.port_cells["mozambique"]]
    cx, cy = cell.to_window(*cell.pos)
    area = view.ids.map_area
    ax, ay = area.to_window(*area.pos)
    probe.record("spot", board_map.state.spot == cell.cell)
    probe.record("spot_in_view", ax - 1 <= cx and cx + cell.width <= ax + area.width + 1
                 and ay - 1 <= cy and cy + cell.height <= ay + area.height + 1)
    await probe.screenshot("map_spot")
    # the map dragged by a finger as far as it goes, both ways: nothing of it over the header
    area = view.ids.map_area
    header = screen.ids.turn
    hx, hy = header.to_window(*header.pos)
    probe.record("header_box", [hx, hy, header.width, header.height])
    ax, ay = area.to_window(*area.pos)
    probe.record("area_box", [ax, ay, area.width, area.height])
    for name, dy in (("dragged_down", -400), ("dragged_up", 400)):
        start = (ax + area.width / 2, ay + area.height / 2)
        touch = UnitTestTouch(*start)
        touch.touch_down()
        for step in range(1, 9):
            touch.touch_move(start[0], start[1] + dy * step / 8)
            await probe.frames(1)
        # the finger still down: the map as far as it goes, as the window shows it (the
        # screen's own pixels, not a widget drawn again off-screen)
        await probe.frames(2)
        shot = Window.screenshot(name=str(probe.out / f"{name}.png"))
        probe.results["screenshots"][name] = shot
        touch.touch_up()
        await probe.frames(3)
    probe.record("header_rgba", list(screen.turn_rgba))
