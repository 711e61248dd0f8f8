"""The Caravelas board mapper under Xvfb: taps on a rendered demo board give a file
that validates and equals the demo board's map; a broken map shows its problem."""
from __future__ import annotations

import json

import pytest

from companion.caravelas.board import DATA_DIR, load_board
from companion.caravelas.mapper import MAPPED_KEYS

from tests.caravelas.test_mapper import canonical


def centre(cell: str) -> tuple[float, float]:
    """A demo board cell's centre on its rendered scan (as in the scenarios)."""
    return 60.0 + 100 * int(cell[1]), 60.0 + 100 * int(cell[2])


def relabelled(doc: dict, names: dict[str, str]) -> dict:
    """``doc`` with its cell ids renamed (the mapper numbers cells in tap order)."""
    text = json.dumps(doc)
    for old, new in sorted(names.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(f'"{old}"', f'"{new}"')
    return json.loads(text)


def test_mapping_the_demo_board_by_taps(run_ui, tmp_path, monkeypatch):
    _stick_with_the_demo_scan(tmp_path, monkeypatch)
    run = run_ui("scenarios_board_mapper:map_the_demo_board")
    r = run.result
    assert r["problems_done"] == "The map is a valid board: export it."
    assert r["problems_island"] == "1 cell cannot be reached from Lisbon"
    assert r["highlighted_island"] == ["C001"]                 # D00, the first cell tapped
    assert r["problems_current"].splitlines() == ["A current's arrow joins cells that are not neighbours.",
                                                  "1 cell cannot be reached from Lisbon"]
    assert r["highlighted_current"] == ["C001", "C011", "C012"]   # D00; D13 -> D14
    assert r["problems_undone"] == r["problems_done"]
    # the instruction line: the step and what is left of it, at every step
    assert r["step_cells"].startswith("42 cells placed")
    assert r["step_lisbon"] == "Tap Lisbon's cell."
    steps = r["steps"]
    assert steps["ports_0"].startswith("0 of 32 ports placed: tap the cell of ")
    assert steps["ports_12"].startswith("12 of 32 ports placed: tap the cell of ")
    assert steps["ports_all"] == "Every port is placed."
    assert steps["parts_none"].startswith("0 of 42 cells in an ocean part")
    assert steps["parts_east"].startswith("7 of 42 cells in an ocean part")
    assert r["setup_board_file"] == r["exported"] and r["progress"] == "caravelas-map/1"
    load_board(r["exported"])                                   # validates (§12.3)
    exported = json.loads(open(r["exported"], encoding="utf-8").read())
    demo = json.loads((DATA_DIR / "demo-board.json").read_text(encoding="utf-8"))
    ids = [f"D{col}{row}" for col in range(6) for row in range(7)]
    names = {f"C{n:03d}": cell for n, cell in enumerate(ids, 1)}
    mapped = canonical(relabelled({k: v for k, v in exported.items() if k in MAPPED_KEYS}, names))
    mapped["freeEdges"] = [dict(e, current="trade") for e in mapped["freeEdges"]]   # the screen's name
    assert mapped == canonical({k: v for k, v in demo.items() if k in MAPPED_KEYS})
    for name in ("mapper_empty", "mapper_ports", "mapper_done", "mapper_island"):
        image = run.image(name)
        assert image.shape[:2] == (480, 800) and float(image.std()) > 20


def test_importing_the_demo_board_at_1280x800(run_ui, tmp_path, monkeypatch):
    _stick_with_the_demo_scan(tmp_path, monkeypatch)
    run = run_ui("scenarios_board_mapper:import_the_demo_board_wide", size="1280x800")
    assert run.result["cells"] == 42
    assert run.result["problems"] == "The map is a valid board: export it."
    assert run.image("mapper_wide").shape[:2] == (800, 1280)


def test_a_pawn_moved_on_the_simulated_table_is_proposed_and_confirmed(run_ui):
    r = run_ui("scenarios_board_mapper:camera_sails_a_pawn").result
    assert r["pending_at_start"] is False
    assert "Ana sails 2 cells to Cape Verde, paying the pirates 1 marker" in r["proposal_text"]
    assert r["drawn_proposal"] == ["D03", "D13", "D14"]         # the path drawn from Lisbon, D14 ringed
    assert len(r["confirmed"]) == 2 and r["where"] == "D14"
    assert r["drawn_after_confirm"] == []
    assert r["pawn_after_tapped_path"] == "D24"                 # the simulated pawn follows a tapped path
    assert r["proposed_again"] == ["seat 1 sails to Mauritius"]
    assert r["pawn_after_reject"] == ["D24", "D24"]             # rejected: the pawn back, nothing played


def test_a_damaged_progress_file_is_said_on_screen_and_kept_aside(run_ui, tmp_path):
    """An edit with a wrong field in the saved progress (a list where a number belongs,
    which raised TypeError): the mapper starts a new map, the red strip says the file is
    kept aside under its new name, and the file is there, unchanged."""
    data = tmp_path / "data"
    folder = data / "caravelas"
    folder.mkdir(parents=True)
    text = json.dumps({"schema": "caravelas-map/1", "image": "",
                       "edits": [{"kind": "addCell", "x": [1], "y": 2}]})
    (folder / "board-map.json").write_text(text, encoding="utf-8")
    r = run_ui("scenarios_board_mapper:damaged_progress_is_set_aside", data_dir=data).result
    [kept] = [p for p in folder.iterdir() if p.name.startswith("board-map.json.damaged-")]
    assert kept.read_text(encoding="utf-8") == text and not (folder / "board-map.json").exists()
    assert kept.name in r["banner"] and "new map" in r["banner"] and r["banner_is_error"], r["banner"]
    assert r["edits"] == 0


def _stick_with_the_demo_scan(tmp_path, monkeypatch):
    import cv2

    from vision.games.caravelas.board import render_board_image

    stick = tmp_path / "stick"
    (stick / "photos").mkdir(parents=True)
    image = render_board_image(load_board("demo"))
    cv2.imwrite(str(stick / "photos" / "demo-scan.png"), image)
    (stick / "notes.txt").write_text("not a picture")
    monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(stick))
    return image.shape[1], image.shape[0]


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_the_mapper_opens_on_the_camera_and_the_stick_and_keeps_the_picture_fixed(
        run_ui, tmp_path, monkeypatch, size):
    """The opening: the simulated camera's live view with "Take this picture" and the
    stick's pictures by name (no typed path, no blank area); the instruction line counts
    the corners; once the corners are set the picture stays where it was drawn, and a tap
    where a board cell was drawn lands on that cell."""
    scan_w, scan_h = _stick_with_the_demo_scan(tmp_path, monkeypatch)
    run = run_ui("scenarios_board_mapper:opening_and_fixed_picture", size=size)
    r = run.result
    assert r["choosing"] is True and r["opening_visible"] == [True, True]
    assert r["step_opening"] == "Take a picture of the board with the camera, or pick one from the USB stick."
    assert r["live_size"][0] > 0 and r["usb_files"] == ["demo-scan.png"]
    assert r["usb_note"] == "Pictures on the USB stick: tap one."
    assert r["panel_confirm"] == "Take this picture"                 # the panel's CONFIRM takes it too
    assert r["scan_path"].endswith("caravelas/stick-picture.png")     # copied: the stick may go
    assert r["step_corners_0"].startswith("Tap the 4 board corners: 0 of 4")
    assert r["step_corners_2"].startswith("Tap the 4 board corners: 2 of 4")
    assert r["camera_picture"] == r["live_size"]
    assert r["scan_size"] == [scan_w, scan_h]
    assert r["step_after_corners"].startswith("0 cells placed")
    assert r["step_cells"].startswith("5 cells placed")
    # the straightened board keeps the board's shape (longer side 1200 px)
    rw, rh = r["rectified_size"]
    assert max(rw, rh) == 1200 and abs(rw / rh - scan_w / scan_h) < 0.01
    # fixed: the picture's rect after every tap is the one right after the corners
    placed = ("D00", "D10", "D20", "D01", "D11")
    for key in [f"rect_after_{name}" for name in placed] + ["rect_end"]:
        assert r[key] == r["rect_after_corners"], key
    # each tap landed on its cell of the board (image pixels of the straightened board)
    pitch = 100 * rw / scan_w
    for (cid, x, y), name in zip(r["cells"], placed):
        cx, cy = centre(name)
        assert abs(x - cx * rw / scan_w) < pitch / 10 and abs(y - cy * rh / scan_h) < pitch / 10, (name, x, y)
    assert r["lisbon"] == r["cells"][4][0]                      # D11's cell
    for name in ("mapper_opening", "mapper_corners", "mapper_straightened", "mapper_fixed"):
        image = run.image(name)
        assert image.shape[:2] == tuple(int(v) for v in reversed(size.split("x"))) and float(image.std()) > 20


def test_the_opening_says_there_is_no_camera_and_no_stick(run_ui, tmp_path, monkeypatch):
    empty = tmp_path / "no-stick"
    empty.mkdir()
    monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(tmp_path / "absent"))
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_text('camera = "none"\n')
    run = run_ui("scenarios_board_mapper:opening_without_camera_or_stick", data_dir=data)
    r = run.result
    assert r["camera_note"].startswith("No camera is chosen in Settings")
    assert r["usb_note"].startswith("No pictures on a USB stick: put in a stick")
    assert r["take_disabled"] is True
    assert float(run.image("mapper_nothing").std()) > 20


@pytest.mark.parametrize("lang", ["en", "el", "it", "pl"])
def test_every_instruction_fits_its_line_at_800x480(run_ui, lang):
    r = run_ui("scenarios_board_mapper:step_lines_measured", lang=lang).result
    too_long = [text for text, lines in r["measured"] if lines > 2]
    assert too_long == [], (r["line"], too_long)
