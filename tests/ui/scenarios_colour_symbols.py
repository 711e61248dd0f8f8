"""Colours with their symbols (run by tests/ui/test_colour_symbols.py): set-up's colour
picker and Coloretto's table with "Symbols on colours" on or off (the test writes the
settings file), the Settings switch, and "What colour?" on the table's camera."""
from __future__ import annotations

from tests.ui.scenarios_coloretto import draw_and_place, start_coloretto, tap_card
from tests.ui.scenarios_setup import new_game, setup_screen


async def popup_shot(probe, popup, name: str) -> None:
    """A popup as drawn (the screen's own screenshot holds only what is under it)."""
    await probe.frames(3)
    path = probe.out / f"{name}.png"
    popup.export_to_png(str(path))
    probe.results["screenshots"][name] = str(path)


def marks(widgets) -> list:
    """Each swatch's corner symbol: [its width, height, x and y from the swatch's corner,
    the swatch's width and height], or None (none drawn)."""
    out = []
    for widget in widgets:
        rect = getattr(widget, "colour_mark_rect", None)
        out.append(None if rect is None else [round(v) for v in (
            *rect.size, rect.pos[0] - widget.x, rect.pos[1] - widget.y, widget.width, widget.height)])
    return out


async def picker_and_table(probe) -> None:
    """Set-up's picker for seat 1 (8 swatches), then Coloretto's table after a few cards."""
    app = probe.app
    probe.record("symbols_setting", app.colour_symbols)
    await new_game(probe, "Coloretto", "coloretto")
    rows = sorted(probe.find(wid="players").children, key=lambda r: r.seat)
    probe.record("seat_buttons", marks([r.ids.colour.__self__ for r in rows]))
    await probe.tap(rows[0].ids.colour.__self__)
    picker = setup_screen(probe)._picker
    await probe.opened(picker)
    swatches = list(reversed(picker.ids.swatches.children))
    probe.record("swatches", [s.colour for s in swatches])
    probe.record("swatch_marks", marks(swatches))
    probe.record("swatch_texts", [s.text.split("\n")[0] for s in swatches])
    await popup_shot(probe, picker, "picker")
    picker.dismiss()
    await probe.until(lambda: picker.parent is None)
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "home")
    await start_coloretto(probe)
    await brown_and_green_laid(probe)
    screen = app.manager.get_screen("table")
    probe.record("turn", [screen.turn_text, screen.turn_symbol])
    chips = [c for c in probe.find_all(cls="CardChip") if c.card and c.card in ("brown", "green", "yellow", "blue", "pink", "orange", "grey")]
    probe.record("card_symbols", sorted({c.card: c.symbol is not None for c in chips}.items()))
    probe.record("player_titles", [line.title for line in probe.find_all(cls="PlayerLine")])
    await probe.screenshot("table")
    probe.record("what_colour_offered", bool(app.can_name_colours))


async def brown_and_green_laid(probe) -> None:
    """Coloretto's start cards chosen, then a brown card in row 1 and a green one in row 2."""
    session = probe.app.session
    await tap_card(probe, "grey")
    await probe.until(lambda: session.state.phase == "start_cards")
    for colour in ("yellow", "blue", "pink"):
        before = len(session.actions)
        await tap_card(probe, colour)
        await probe.until(lambda: len(session.actions) > before)
    await probe.until(lambda: session.state.phase == "start_player")
    await probe.tap(probe.find(text="Ana", cls="PickerButton"))
    await probe.until(lambda: session.state.phase == "turn")
    await draw_and_place(probe, "brown", 0)
    await draw_and_place(probe, "green", 1)
    await probe.settled()


async def tap_frame(probe, popup, px: tuple[float, float]) -> None:
    """A finger on the probe's picture where it shows frame pixel ``px``."""
    from kivy.tests.common import UnitTestTouch

    picture = popup.ids.picture
    nw, nh = picture.norm_image_size
    w, h = popup._size
    x = picture.center_x - nw / 2 + px[0] / w * nw
    y = picture.center_y - nh / 2 + (1 - px[1] / h) * nh
    touch = UnitTestTouch(*picture.to_window(x, y))
    touch.touch_down()
    await probe.frames(1)
    touch.touch_up()


async def what_colour(probe) -> None:
    """Coloretto's table with its simulated camera: "What colour?" opens the camera's view
    with the ring in the middle; a tap on the picture moves the ring there."""
    app = probe.app
    await start_coloretto(probe)
    await brown_and_green_laid(probe)
    await probe.step_camera()
    await probe.until(lambda: app.can_name_colours)
    await probe.settled()
    await probe.screenshot("strip")
    await probe.tap_id("what_colour")
    from ui.widgets.colour_probe import ColourProbe

    popup = next(w for w in probe.walk() if isinstance(w, ColourProbe))
    await probe.opened(popup)
    await probe.until(lambda: popup.ids.picture.texture is not None and popup.ring[2] > 0)
    probe.record("named_middle", [popup.colour, popup.named])
    probe.record("ring", [round(v) for v in popup.ring])
    await popup_shot(probe, popup, "probe_middle")
    from vision.games.coloretto.camera import slot_centre

    table = app.camera.simulated_table
    for name, (row, slot) in (("brown", (0, 0)), ("green", (1, 0))):
        await tap_frame(probe, popup, table.to_image(slot_centre(row, slot)))
        await probe.until(lambda: popup.spot is not None and popup.colour != "")
        probe.record(f"named_{name}", [popup.colour, popup.named])
        await popup_shot(probe, popup, f"probe_{name}")
    await probe.tap(popup.ids.middle)
    await probe.until(lambda: popup.spot is None)
    await probe.tap(popup.ids.close)
    await probe.until(lambda: popup.parent is None)


async def settings_switch(probe) -> None:
    """Settings: "Symbols on colours" switched off and saved, kept in the file."""
    app = probe.app
    await probe.tap_id("open_settings")
    await probe.until(lambda: app.manager.current == "settings")
    await probe.settled()
    toggle = probe.find(wid="colour_symbols")
    probe.record("toggle_before", [toggle.state, toggle.text])
    await probe.screenshot("settings")
    await probe.tap(toggle)
    await probe.until(lambda: toggle.state == "normal")
    probe.record("toggle_after", [toggle.state, toggle.text])
    await probe.tap_id("save")
    await probe.until(lambda: app.manager.current == "home")
    probe.record("app_symbols", app.colour_symbols)
    probe.record("file", app.settings_path.read_text(encoding="utf-8"))
