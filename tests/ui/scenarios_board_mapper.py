"""The Caravelas board mapper in the real app (tests/ui/run.py): the demo board
rendered as a scan, mapped by taps on it from the Caravelas setup, a broken map's
problem shown, the valid map exported into the setup's board file."""
from __future__ import annotations

import json
from pathlib import Path

from kivy.tests.common import UnitTestTouch

from companion.caravelas.texts import GOOD_WORDS
from companion.caravelas.board import SHIPPED
from companion.caravelas.data import PORT_BY_ID

from tests.caravelas.test_mapper import DEMO_SHIELDS
from tests.ui.probe import written_at_once

LANES = ("D11", "D15", "D22", "D24", "D32", "D34")
CURRENTS = (("D03", "D13"), ("D13", "D14"), ("D14", "D24"), ("D24", "D34"), ("D52", "D42"), ("D42", "D32"))
SYMBOLS = (("D10", "pirate"), ("D13", "pirate"), ("D33", "pirate"), ("D21", "eventRed"), ("D40", "eventRed"),
           ("D23", "eventBlue"), ("D25", "eventBlue"), ("D31", "eventBlue"), ("D33", "eventBlue"),
           ("D46", "eventBlue"))


def centre(cell: str) -> tuple[float, float]:
    return 60.0 + 100 * int(cell[1]), 60.0 + 100 * int(cell[2])


async def open_mapper(probe) -> object:
    app = probe.app
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    await probe.tap(probe.find(text="Caravelas", cls="GameChoice"))
    await probe.until(lambda: app.manager.get_screen("setup").game_name == "caravelas")
    await probe.tap(probe.find(text=app.tr("Map your board")))
    await probe.until(lambda: app.manager.current == "board_mapper")
    return app.manager.get_screen("board_mapper")


async def pick_the_scan(probe, screen) -> Path:
    """The rendered demo board picked from the USB stick's pictures on the mapper's
    opening (a scan: square-on already, so its corners need no taps)."""
    await probe.until(lambda: screen.ids.usb_files.children)
    button = probe.find(text="demo-scan.png", root=screen.ids.usb_files)
    await probe.tap(button)
    await probe.until(lambda: not screen.choosing)
    return Path(screen.ids.map.image_path)


async def tap_at(probe, screen, x: float, y: float) -> None:
    """A finger on the board image at image pixel (x, y)."""
    wx, wy = screen.ids.map.to_window(*screen.ids.map.to_widget(x, y))
    touch = UnitTestTouch(wx, wy)
    touch.touch_down()
    touch.touch_up()


async def tool(probe, screen, name: str) -> None:
    [button] = [b for b in screen.ids.tools.children if b.test_id == f"tool_{name}"]
    await probe.tap(button, frames=1)
    assert screen.tool == name


async def cells(probe, screen, *names: str) -> None:
    """Taps on cells (the touches are handled as they come; one frame after them all)."""
    for name in names:
        await tap_at(probe, screen, *centre(name))
    await probe.frames(1)


async def map_the_demo_board(probe) -> None:
    """Every cell, the lanes home, the currents, symbols, Lisbon, the 32 shields and
    the two ocean parts, tapped on the rendered demo board; a broken map; export."""
    app = probe.app
    screen = await open_mapper(probe)
    scan = await pick_the_scan(probe, screen)
    assert scan.name == "stick-picture.png" and scan.is_file()     # the stick's picture, copied
    await probe.screenshot("mapper_empty")
    await tool(probe, screen, "cell")
    ids = [f"D{col}{row}" for col in range(6) for row in range(7)]
    await cells(probe, screen, *ids)
    probe.record("step_cells", screen.step)
    await tool(probe, screen, "edge")
    await cells(probe, screen, *(cell for far in LANES for cell in ("D03", far)))
    await tool(probe, screen, "current")
    await cells(probe, screen, *(cell for pair in CURRENTS for cell in pair))
    await tool(probe, screen, "dot")
    await cells(probe, screen, "D34")
    for symbol in ("pirate", "eventBlue", "eventRed"):
        await tool(probe, screen, symbol)
        await cells(probe, screen, *(cell for cell, kind in SYMBOLS if kind == symbol))
    await tool(probe, screen, "lisbon")
    probe.record("step_lisbon", screen.step)
    await cells(probe, screen, "D03")
    await tool(probe, screen, "port")
    steps = {"ports_0": screen.step}
    for n, (cell, port, vp, good) in enumerate(DEMO_SHIELDS):
        screen.ids.port.text = PORT_BY_ID[port].name          # chosen from the spinners
        screen.ids.vp.text = str(vp)
        screen.ids.good.text = app.say(GOOD_WORDS[good]) if good else "–"
        await tap_at(probe, screen, *centre(cell))
        if n == 11:
            await probe.frames(1)
            steps["ports_12"] = screen.ids.step.text
            await probe.screenshot("mapper_ports")
    await probe.frames(1)
    steps["ports_all"] = screen.step
    await tool(probe, screen, "east")
    steps["parts_none"] = screen.step
    await cells(probe, screen, *(f"D3{row}" for row in range(7)))
    steps["parts_east"] = screen.step
    probe.record("steps", steps)
    await tool(probe, screen, "fillWest")
    await cells(probe, screen, "D00")
    await tool(probe, screen, "fillEast")
    await cells(probe, screen, "D56")
    probe.record("problems_done", screen.problems)
    await probe.screenshot("mapper_done")
    # broken maps: a cell cut off by land on both sides, a current across land
    await tool(probe, screen, "edge")
    await cells(probe, screen, "D00", "D01", "D00", "D10")
    probe.record("problems_island", screen.problems)
    probe.record("highlighted_island", list(screen.ids.map.highlighted))
    await probe.screenshot("mapper_island")
    await cells(probe, screen, "D13", "D14")
    probe.record("problems_current", screen.problems)
    probe.record("highlighted_current", list(screen.ids.map.highlighted))
    for _ in range(3):
        await probe.tap_id("undo")
    probe.record("problems_undone", screen.problems)
    await probe.tap_id("export")
    probe.record("exported", str(screen.export_path))
    probe.record("export_status", screen.status)
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "setup")
    board_row = [r for r in probe.find_all(cls="TextOptionRow") if r.ids.camera.text == "Map your board"]
    probe.record("setup_board_file", board_row[0].ids.choice.text)
    probe.record("progress", json.loads(Path(screen.progress_path).read_text(encoding="utf-8"))["schema"])


async def import_the_demo_board_wide(probe) -> None:
    """1280x800: the shipped demo file imported onto its rendered scan."""
    screen = await open_mapper(probe)
    await pick_the_scan(probe, screen)
    screen.ids.path.text = str(SHIPPED["demo"])
    await probe.tap_id("import_board")
    probe.record("cells", len(screen.board_map.state.cells))
    probe.record("problems", screen.problems)
    await probe.screenshot("mapper_wide")


async def camera_sails_a_pawn(probe) -> None:
    """A game on the demo board: a pawn moved on the stepped simulated table is read,
    its path proposed in the message strip and confirmed with one tap."""
    from companion.caravelas.actions import DrawOrder, PassBid

    app = probe.app

    def demo_board() -> None:
        row = next(r for r in probe.find_all(cls="OptionRow") if r.ids.label.text == "Board")
        row.ids.choice.text = "Demo board (not the real map)"
    await probe.start_game("Caravelas", "caravelas", ("Ana", "Bo"), demo_board)
    session = app.session
    with written_at_once(session):
        for action in (DrawOrder((0, 1)), PassBid(0), PassBid(1)):   # the bidding, as in the bookkeeping test
            session.submit(action)
    await probe.step_camera()                                    # both pawns in Lisbon: nothing to do
    probe.record("pending_at_start", session.pending is not None)
    table = app.camera.setup.simulated_table
    table.put_pawn(0, "D14")                                     # Ana's pawn, moved by hand
    await probe.step_camera()
    await probe.until_session(lambda: session.pending is not None)
    probe.record("proposal_text", probe.find(wid="message").text)
    board_map = probe.find_all(cls="CaravelasMapView")[0].board_map
    await probe.until(lambda: board_map.drawn_proposal != ())
    probe.record("drawn_proposal", list(board_map.drawn_proposal))     # what Confirm will do, on the map
    await probe.screenshot("camera_proposal")
    before = len(session.actions)
    await probe.tap_id("confirm_proposal")
    await probe.until(lambda: len(session.actions) >= before + 2)
    probe.record("confirmed", [str(a) for a in session.actions[before:]])
    probe.record("where", session.state.players[0].where)
    await probe.until(lambda: board_map.drawn_proposal == ())
    probe.record("drawn_after_confirm", list(board_map.drawn_proposal))
    # a path tapped on the map: the simulated pawn follows the game (else the camera would
    # see it left behind and propose the way back)
    from tests.ui.scenarios_caravelas import tap, tap_cell

    await tap_cell(probe, "D24")
    await tap(probe, "path_confirm")
    await probe.until(lambda: pawn_cell(table, 0) == "D24")
    probe.record("pawn_after_tapped_path", pawn_cell(table, 0))
    # a camera proposal rejected: the pawn goes back to the ship's cell
    table.put_pawn(0, "D34")
    await probe.step_camera()
    await probe.until_session(lambda: session.pending is not None)
    probe.record("proposed_again", [str(a) for a in session.pending.steps])
    await probe.tap_id("reject_proposal")
    await probe.until(lambda: pawn_cell(table, 0) == "D24")
    probe.record("pawn_after_reject", [pawn_cell(table, 0), session.state.players[0].where])


def pawn_cell(table, seat: int) -> str:
    """The cell whose centre is nearest seat's pawn on the simulated table."""
    import math

    piece = next(p for p in table.pieces() if p.tag is not None and p.tag.identity == f"cv:ship:{seat}:a")
    return min(table.board.cells, key=lambda c: math.dist(table.cell_centre(c), piece.position_mm))


async def damaged_progress_is_set_aside(probe) -> None:
    """The saved map's progress file has an edit whose field is wrong (the test wrote it
    before the start): the mapper opens on a new map and says so; the file is kept aside."""
    app = probe.app
    screen = await open_mapper(probe)
    await probe.frames(2)
    probe.record("banner", app.banner)
    probe.record("banner_is_error", app.banner_is_error)
    probe.record("edits", len(screen.board_map.edits))
    await probe.screenshot("mapper_progress_damaged")


def image_rect(screen) -> list[float]:
    return [round(v, 1) for v in screen.ids.map.image_rect()]


async def tap_window(probe, x: float, y: float) -> None:
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()


async def opening_and_fixed_picture(probe) -> None:
    """A first visit: the opening shows the camera's live view (the simulated camera's
    rendered board) and the pictures of the USB stick (a folder named by the test);
    the camera's picture taken, two corners tapped; then "New picture", the stick's
    scan picked, its four corners tapped; cells tapped where the picture was drawn right
    after the corners: each lands on its board cell."""
    app = probe.app
    screen = await open_mapper(probe)
    probe.record("choosing", screen.choosing)
    probe.record("step_opening", screen.ids.step.text)
    await probe.until(lambda: screen.frame_ready)
    await probe.until(lambda: screen.ids.live.texture is not None)
    live = screen.ids.live
    probe.record("live_size", list(live.texture.size))
    probe.record("usb_note", screen.usb_note)
    probe.record("usb_files", [b.text for b in reversed(screen.ids.usb_files.children)])
    probe.record("opening_visible", [probe.visible(probe.find(wid=w)) for w in ("take_picture", "live")])
    await probe.screenshot("mapper_opening")
    main = screen.main_action("confirm")
    probe.record("panel_confirm", main.label if main is not None else None)
    # the camera's picture, then its corners
    await probe.tap_id("take_picture")
    await probe.until(lambda: not screen.choosing and screen.tool == "corners")
    probe.record("step_corners_0", screen.ids.step.text)
    view = screen.ids.map
    w, h = view.image_size
    probe.record("camera_picture", [w, h])
    for x, y in ((0.2 * w, 0.2 * h), (0.8 * w, 0.2 * h)):
        await tap_window(probe, *view.to_window(*view.to_widget(x, y)))
    await probe.frames(1)
    probe.record("step_corners_2", screen.ids.step.text)
    await probe.screenshot("mapper_corners")
    # a new picture: the stick's scan
    await probe.tap_id("capture")
    await probe.until(lambda: screen.choosing)
    await probe.until(lambda: screen.ids.usb_files.children)
    await probe.tap(probe.find(text="demo-scan.png", root=screen.ids.usb_files))
    await probe.until(lambda: not screen.choosing and screen.tool == "corners")
    w, h = view.image_size
    probe.record("scan_size", [w, h])
    probe.record("scan_path", view.image_path)
    probe.record("rect_before_corners", image_rect(screen))
    for x, y in ((0, 0), (w, 0), (w, h), (0, h)):
        await tap_window(probe, *view.to_window(*view.to_widget(x, y)))
    await probe.until(lambda: screen.tool == "cell")
    await probe.frames(2)
    rect = image_rect(screen)
    probe.record("rect_after_corners", rect)
    probe.record("rectified_size", list(view.image_size))
    probe.record("step_after_corners", screen.ids.step.text)
    await probe.screenshot("mapper_straightened")

    def window_point(cell: str) -> tuple[float, float]:
        """Where ``cell`` is on the picture as it was drawn right after the corners."""
        cx, cy = centre(cell)
        return rect[0] + cx / w * rect[2], rect[1] + rect[3] - cy / h * rect[3]
    placed = ("D00", "D10", "D20", "D01", "D11")
    for name in placed:
        await tap_window(probe, *window_point(name))
        await probe.frames(1)
        probe.record(f"rect_after_{name}", image_rect(screen))
    probe.record("cells", [[c.id, c.x, c.y] for c in screen.board_map.state.cells])
    probe.record("step_cells", screen.ids.step.text)
    await tool(probe, screen, "lisbon")
    await tap_window(probe, *window_point("D11"))
    await probe.frames(1)
    probe.record("lisbon", screen.board_map.state.lisbon)
    probe.record("rect_end", image_rect(screen))
    await probe.screenshot("mapper_fixed")


async def opening_without_camera_or_stick(probe) -> None:
    """No camera chosen in Settings and no stick: the opening says both, and what to do."""
    screen = await open_mapper(probe)
    await probe.until(lambda: "Settings" in screen.camera_note)
    probe.record("camera_note", screen.camera_note)
    probe.record("usb_note", screen.usb_note)
    probe.record("take_disabled", screen.ids.take_picture.disabled)
    probe.record("step", screen.ids.step.text)
    await probe.screenshot("mapper_nothing")


async def step_lines_measured(probe) -> None:
    """Every instruction the mapper gives, in the app's language, measured on the
    instruction line at this window size: the lines each takes (the line holds 2)."""
    from kivy.uix.label import Label

    from companion.caravelas import mapper as M
    from companion.caravelas.data import PORTS
    from companion.caravelas.mapper_steps import SYMBOL_TOOLS

    app = probe.app
    screen = await open_mapper(probe)
    line = screen.ids.step
    state = M.BoardMap().state
    for n in range(22):
        state = M.AddCell(100.0 * (n % 6), 100.0 * (n // 6)).apply(state)
    texts = [M.step_text("cell", M.BoardMap().state, picture=False),
             M.step_text("corners", state, picture=True, corners=2),
             M.step_text("cell", state, picture=True), M.step_text("edge", state, picture=True),
             M.step_text("edge", state, picture=True, first="C001"), M.step_text("current", state, picture=True),
             M.step_text("dot", state, picture=True), M.step_text("lisbon", state, picture=True),
             M.step_text("port", state, picture=True, port=max(PORTS, key=lambda p: len(p.name)).id),
             M.step_text("west", state, picture=True)]
    texts += [M.step_text(tool, state, picture=True) for tool in SYMBOL_TOOLS]
    measured = []
    for text in texts:
        shown = app.say(text)
        probe_label = Label(text=shown, font_size=line.font_size, bold=True, text_size=(line.width, None))
        probe_label.texture_update()
        one = Label(text="Xg", font_size=line.font_size, bold=True)
        one.texture_update()
        measured.append([shown, round(probe_label.texture_size[1] / one.texture_size[1])])
    probe.record("measured", measured)
    probe.record("line", [line.width, line.height])
