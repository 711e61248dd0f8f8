"""The Caravelas board mapper in the real app (tests/ui/run.py): the demo board
rendered as a scan, mapped by taps on it from the Caravelas setup, a broken map's
problem shown, the valid map exported into the setup's board file."""
from __future__ import annotations

import json
from pathlib import Path

import cv2
from kivy.tests.common import UnitTestTouch

from companion.caravelas.texts import GOOD_WORDS
from companion.caravelas.board import SHIPPED, load_board
from companion.caravelas.data import PORT_BY_ID
from vision.games.caravelas.board import render_board_image

from tests.caravelas.test_mapper import DEMO_SHIELDS

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
    await probe.tap(probe.find(text="Map your board"))
    await probe.until(lambda: app.manager.current == "board_mapper")
    return app.manager.get_screen("board_mapper")


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
    scan = probe.out / "demo-scan.png"
    cv2.imwrite(str(scan), render_board_image(load_board("demo")))
    screen = await open_mapper(probe)
    screen.ids.path.text = str(scan)
    await probe.tap_id("load_image")
    assert screen.ids.map.image_path == str(scan)
    await probe.screenshot("mapper_empty")
    await tool(probe, screen, "cell")
    ids = [f"D{col}{row}" for col in range(6) for row in range(7)]
    await cells(probe, screen, *ids)
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
    await cells(probe, screen, "D03")
    await tool(probe, screen, "port")
    for cell, port, vp, good in DEMO_SHIELDS:
        screen.ids.port.text = PORT_BY_ID[port].name          # chosen from the spinners
        screen.ids.vp.text = str(vp)
        screen.ids.good.text = app.say(GOOD_WORDS[good]) if good else "–"
        await tap_at(probe, screen, *centre(cell))
    await probe.frames(1)
    await tool(probe, screen, "east")
    await cells(probe, screen, *(f"D3{row}" for row in range(7)))
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
    scan = probe.out / "demo-scan.png"
    cv2.imwrite(str(scan), render_board_image(load_board("demo")))
    screen = await open_mapper(probe)
    screen.ids.path.text = str(scan)
    await probe.tap_id("load_image")
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
