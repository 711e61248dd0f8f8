"""The board mapper's model (companion/caravelas/mapper.py): the demo board built by
edits as a user would tap it equals the shipped file; every broken map names its
problem and the cells to highlight; undo, save, damaged progress files."""
from __future__ import annotations

import json
import math

import pytest

from companion.caravelas import mapper as M
from companion.caravelas.board import DATA_DIR, parse_board

DEMO_FILE = DATA_DIR / "demo-board.json"
DEMO = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
#: the demo's 32 shields, as a user reads them off the board: cell, port, value, good
DEMO_SHIELDS = (
    ("D00", "labrador", 1, None), ("D01", "terra_nova", 2, None), ("D02", "madeira", 1, "pepper"),
    ("D04", "florida", 1, None), ("D05", "azores", 2, None), ("D06", "ceuta", 3, None),
    ("D11", "cape_bojador", 3, None), ("D12", "guinea", 4, "chilli"), ("D14", "cape_verde", 2, None),
    ("D15", "porto_seguro", 3, "brazilwood"), ("D16", "sao_tome", 4, None), ("D20", "mina", 3, "ivory"),
    ("D22", "luanda", 1, None), ("D24", "congo", 3, None), ("D26", "good_hope", 1, None),
    ("D30", "mozambique", 4, None), ("D32", "sao_lourenco", 2, None), ("D34", "mauritius", 4, None),
    ("D35", "maldives", 1, None), ("D36", "muscat", 2, None), ("D41", "mogadishu", 2, None),
    ("D42", "bahrain", 3, None), ("D43", "diu", 4, None), ("D44", "calcutta", 1, None),
    ("D45", "ceylon", 2, "cinnamon"), ("D50", "malacca", 2, None), ("D51", "siam", 3, None),
    ("D52", "mombasa", 4, None), ("D53", "moluccas", 1, "nutmeg"), ("D54", "timor", 2, None),
    ("D55", "macau", 3, "silk"), ("D56", "tanegashima", 4, "silver"),
)


def canonical(doc: dict) -> dict:
    """A board document with its unordered lists in one order."""
    out = dict(doc)
    out["cells"] = sorted(doc["cells"], key=lambda c: c["id"])
    out["adjacency"] = sorted(sorted(p) for p in doc["adjacency"])
    out["freeEdges"] = sorted(doc["freeEdges"], key=lambda e: (e["from"], e["to"]))
    out["ports"] = sorted(doc["ports"], key=lambda p: p["id"])
    return out


def build_demo_by_edits() -> M.BoardMap:
    m = M.BoardMap()
    for col in range(6):
        for row in range(7):
            m = m.apply(M.AddCell(60 + 100 * col, 60 + 100 * row, f"D{col}{row}"))
    for far in ("D11", "D15", "D22", "D24", "D32", "D34"):       # the sea lanes home
        m = m.apply(M.ToggleEdge("D03", far))
    for a, b in (("D03", "D13"), ("D13", "D14"), ("D14", "D24"), ("D24", "D34"), ("D52", "D42"),
                 ("D42", "D32")):
        m = m.apply(M.ToggleCurrent(a, b, "trade"))
    m = m.apply(M.ToggleDot("D34"))
    for cell, symbol in (("D10", "pirate"), ("D13", "pirate"), ("D33", "pirate"), ("D21", "eventRed"),
                         ("D40", "eventRed"), ("D23", "eventBlue"), ("D25", "eventBlue"),
                         ("D31", "eventBlue"), ("D33", "eventBlue"), ("D46", "eventBlue")):
        m = m.apply(M.ToggleSymbol(cell, symbol))
    m = m.apply(M.SetLisbon("D03"))
    for cell, port, vp, good in DEMO_SHIELDS:
        m = m.apply(M.PlacePort(cell, port, vp, good))
    for row in range(7):                                           # the Cape line, then fill each side
        m = m.apply(M.PaintPart(f"D3{row}", "EAST"))
    m = m.apply(M.PaintPart("D00", "WEST", fill=True))
    m = m.apply(M.PaintPart("D56", "EAST", fill=True))
    return m.apply(M.SetExtras.of({k: v for k, v in DEMO.items() if k not in M.MAPPED_KEYS}))


def test_the_demo_board_built_by_edits_equals_the_shipped_file():
    m = build_demo_by_edits()
    assert M.findings(m.state) == ()
    exported = M.export_board(m.state)
    parse_board(exported, "exported")
    assert canonical(exported) == canonical(DEMO)


def test_adjacency_is_proposed_at_one_pitch_and_not_across_a_square_s_diagonal():
    m = M.BoardMap()
    for x, y in ((0, 0), (100, 0), (0, 100), (100, 100), (300, 0)):
        m = m.apply(M.AddCell(x, y))
    assert m.state.pitch() == 100
    assert m.state.adjacency() == {("C001", "C002"), ("C001", "C003"), ("C002", "C004"), ("C003", "C004")}


def test_hex_cells_get_six_neighbours_and_compass_steps_by_direction():
    m, pitch = M.BoardMap(), 80.0
    centre = m.apply(M.AddCell(400, 400, "H0"))
    m = centre
    for k in range(6):       # pointy-top hexes: neighbours at 0°, 60°, … (y grows downwards)
        a = math.radians(60 * k)
        m = m.apply(M.AddCell(400 + pitch * math.cos(a), 400 - pitch * math.sin(a), f"H{k + 1}"))
    assert {p for p in m.state.adjacency() if "H0" in p} == {M.edge("H0", f"H{k}") for k in range(1, 7)}
    steps = M.compass_neighbours(m.state, ("N", "NE", "E", "SE", "S", "SW", "W", "NW"))["H0"]
    assert steps == {"E": "H1", "NE": "H2", "NW": "H3", "W": "H4", "SW": "H5", "SE": "H6"}


def test_undo_drops_the_last_edit_and_replays_the_rest():
    m = build_demo_by_edits()
    for e in (M.ToggleEdge("D00", "D01"), M.RemoveCell("D13"), M.PaintPart("D00", "EAST", fill=True),
              M.PlacePort("D03", "labrador", 2)):
        changed = m.apply(e)
        assert changed.state != m.state and changed.undo().state == m.state
    assert not M.BoardMap().can_undo and m.can_undo


def test_the_edge_tool_toggles_a_proposed_link_and_a_sea_lane():
    m = M.BoardMap()
    for x in (0, 100, 300):
        m = m.apply(M.AddCell(x, 0))
    assert ("C001", "C002") in m.state.adjacency()
    cut = m.apply(M.ToggleEdge("C002", "C001"))
    assert ("C001", "C002") not in cut.state.adjacency()
    assert ("C001", "C002") in cut.apply(M.ToggleEdge("C001", "C002")).state.adjacency()
    lane = m.apply(M.ToggleEdge("C001", "C003"))
    assert ("C001", "C003") in lane.state.adjacency()
    assert lane.apply(M.ToggleEdge("C001", "C003")).state == m.state


def test_the_edge_tool_works_after_the_proposal_moved():
    m = M.BoardMap()
    for x in (0, 100, 300):
        m = m.apply(M.AddCell(x, 0))
    lane = m.apply(M.ToggleEdge("C002", "C003"))                # 200 px apart: a link beyond the proposal
    for x in (500, 700, 900):                                   # the pitch grows to 200: now proposed too
        lane = lane.apply(M.AddCell(x, 0))
    assert lane.state.pitch() == 200 and ("C002", "C003") in lane.state.proposed()
    cut = lane.apply(M.ToggleEdge("C002", "C003"))
    assert ("C002", "C003") not in cut.state.adjacency()
    assert ("C002", "C003") in cut.apply(M.ToggleEdge("C003", "C002")).state.adjacency()


def test_edits_round_trip_through_json_and_a_saved_map_reloads(tmp_path):
    m = build_demo_by_edits().apply(M.ClearPort("D00")).apply(M.RemoveCell("D06"))
    path = tmp_path / "map.json"
    M.save_map(path, m)
    loaded = M.load_map(path)
    assert loaded.kept_aside is None and loaded.map.edits == m.edits and loaded.map.state == m.state


def test_a_damaged_progress_file_is_kept_aside_and_a_new_map_started(tmp_path):
    path = tmp_path / "map.json"
    path.write_text('{"schema": "caravelas-map/1", "edits": [{"kind": "addCell", "x": 1', encoding="utf-8")
    loaded = M.load_map(path)
    assert loaded.map.edits == () and not path.exists()
    assert loaded.kept_aside.read_text(encoding="utf-8").endswith('"x": 1') and "map.json" in loaded.problem


A_CELL = {"kind": "addCell", "x": 10, "y": 20, "id": "A"}


@pytest.mark.parametrize("edits, field", [
    ([{"kind": "addCell", "x": [1], "y": 1}], "edit 1 (addCell): field 'x'"),          # was TypeError
    ([{"kind": "addCell", "x": 1e309, "y": 1}], "edit 1 (addCell): field 'x'"),        # inf, was taken
    ([{"kind": "addCell", "x": True, "y": 1}], "edit 1 (addCell): field 'x'"),         # was taken
    ([{"kind": "addCell", "x": 1, "y": 1, "id": [1]}], "edit 1 (addCell): field 'id'"),  # was taken
    ([A_CELL, {"kind": "removeCell", "cell": {"a": 1}}], "edit 2 (removeCell): field 'cell'"),  # TypeError
    ([A_CELL, {"kind": "placePort", "cell": "A", "port": "x", "vp": "3"}], "edit 2 (placePort): field 'vp'"),
    ([A_CELL, {"kind": "toggleCurrent", "a": "A", "b": "A", "current": [1]}],
     "edit 2 (toggleCurrent): field 'current'"),
    ([A_CELL, {"kind": "paintPart", "cell": "A", "part": "WEST", "fill": "yes"}], "edit 2 (paintPart): field 'fill'"),
    ([{"kind": "setExtras", "values": 5}], "edit 1 (setExtras): field 'values'"),
    ([{"kind": ["addCell"]}], "edit 1: field 'kind'"),
    ([A_CELL, {"kind": "removeCell"}], "edit 2 (removeCell): field 'cell' is missing"),
    ([A_CELL, {"kind": "removeCell", "cell": "A", "extra": 1}], "edit 2 (removeCell): unknown field 'extra'"),
    ([A_CELL, {"kind": "removeCell", "cell": "B"}], "edit 2 (removeCell): no cell 'B'"),
    ([7], "edit 1 is not an object"),
])
def test_a_progress_file_is_checked_field_by_field_naming_the_file_and_the_field(tmp_path, edits, field):
    """Each edit of the saved progress is checked field by field: a wrong field is refused
    with the file, the edit and the field named (it raised TypeError, or was taken as it was),
    and the file is kept aside under a new name, never deleted."""
    path = tmp_path / "board-map.json"
    text = json.dumps({"schema": M.MAP_SCHEMA, "image": "", "edits": edits})
    path.write_text(text, encoding="utf-8")
    loaded = M.load_map(path)
    assert loaded.map.edits == () and not path.exists()
    assert str(path) in loaded.problem and field in loaded.problem, loaded.problem
    assert loaded.kept_aside.read_text(encoding="utf-8") == text


def test_a_progress_file_s_image_must_be_a_path(tmp_path):
    path = tmp_path / "board-map.json"
    path.write_text(json.dumps({"schema": M.MAP_SCHEMA, "image": {"a": 1}, "edits": []}), encoding="utf-8")
    loaded = M.load_map(path)
    assert "field 'image'" in loaded.problem and loaded.kept_aside is not None


@pytest.mark.parametrize("special", ["fifo", "folder", "too-large"])
def test_a_progress_file_that_is_not_a_small_regular_file_is_refused_at_once(tmp_path, special):
    import os

    path = tmp_path / "board-map.json"
    if special == "fifo":
        os.mkfifo(path)
    elif special == "folder":
        path.mkdir()
    else:
        with path.open("wb") as out:
            out.truncate(M.MAX_MAP_BYTES + 1)
    loaded = M.load_map(path)
    assert loaded.map.edits == () and "board-map.json" in loaded.problem and loaded.kept_aside is not None


def test_a_damaged_progress_file_in_a_folder_that_cannot_be_written_is_said_not_raised(tmp_path, monkeypatch):
    """When the damaged file cannot be renamed (a read-only folder), the problem is still
    returned to be shown (os.replace's OSError escaped)."""
    import os

    path = tmp_path / "board-map.json"
    path.write_text("{", encoding="utf-8")

    def refused(*_a):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refused)
    loaded = M.load_map(path)
    assert loaded.kept_aside is None and "board-map.json" in loaded.problem and "set aside" in loaded.problem
    assert path.read_text(encoding="utf-8") == "{"


def test_saving_progress_is_atomic_a_failed_write_keeps_the_saved_file(tmp_path, monkeypatch):
    """A write that fails half-way (a full disk) leaves the saved progress as it was and
    no half-written copy beside it; the folder is synced after the rename."""
    import os

    path = tmp_path / "board-map.json"
    first = M.BoardMap().apply(M.AddCell(1, 2, "A"))
    M.save_map(path, first)
    before = path.read_bytes()
    real_fsync, synced = os.fsync, []

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        M.save_map(path, first.apply(M.AddCell(5, 6, "B")))
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["board-map.json"]

    def counting(fd):
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", counting)
    M.save_map(path, first.apply(M.AddCell(5, 6, "B")))
    assert synced == [False, True]     # the file, then its folder
    assert M.load_map(path).map.state.has_cell("B")


def test_import_then_export_gives_the_same_board_back():
    m = M.import_board(DEMO, "demo-board.json")
    assert canonical(M.export_board(m.state)) == canonical(DEMO)


def test_the_mini_board_without_centres_cannot_be_imported():
    mini = json.loads((DATA_DIR / "mini-board.json").read_text(encoding="utf-8"))
    with pytest.raises(M.MapError, match="no centre"):
        M.import_board(mini, "mini-board.json")


def codes(m: M.BoardMap) -> dict[str, tuple[str, ...]]:
    return {f.code: f.cells for f in M.findings(m.state)}


def test_an_island_cell_is_found_unreachable_from_lisbon():
    m = build_demo_by_edits().apply(M.AddCell(1000, 1000, "X1")).apply(M.PaintPart("X1", "WEST"))
    assert codes(m) == {"unreachable": ("X1",)}
    with pytest.raises(M.MapError, match="cannot be reached"):
        M.export_board(m.state)


def test_a_current_across_land_is_a_free_edge_not_in_adjacency():
    m = build_demo_by_edits().apply(M.ToggleEdge("D13", "D14"))
    assert codes(m) == {"current": ("D13", "D14")}


@pytest.mark.parametrize("edit, code, cells", [
    (M.AddCell(60, 760, "D07"), "part", ("D07",)),
    (M.PlacePort("D03", "labrador", 1), "lisbonPort", ("D03",)),
    (M.ClearPort("D56"), "ports", ()),
    (M.PlacePort("D00", "labrador", 1, "silver"), "goodTwice", ("D56", "D00")),
    (M.PlacePort("D02", "madeira", 1), "goods", ()),
    (M.SetExtras.of({"eventDeck": [{"type": "deadCalm", "count": 3}]}), "file", ()),
])
def test_each_broken_map_shows_its_finding(edit, code, cells):
    m = build_demo_by_edits().apply(edit)
    assert codes(m) == {code: cells}


def test_a_refused_file_says_why_without_the_loader_s_rule_numbers():
    m = build_demo_by_edits().apply(M.SetExtras.of({"eventDeck": [{"type": "deadCalm", "count": 3}]}))
    [finding] = M.findings(m.state)
    assert str(finding.text) == "The board file is refused: the event deck has 3 cards, not 86"


def test_a_map_all_in_one_part_has_no_cape_crossing():
    m = build_demo_by_edits()
    for cell in m.state.cells:
        m = m.apply(M.PaintPart(cell.id, "WEST"))
    assert codes(m) == {"cape": ()}


def test_a_fill_stops_at_cells_painted_the_other_part():
    m = build_demo_by_edits().apply(M.PaintPart("D56", "WEST", fill=True))
    assert [c.id for c in m.state.cells if c.part == "WEST"][-1] == "D56"
    assert m.state.cell("D55").part == "EAST"


def test_an_empty_map_and_one_without_lisbon_say_what_to_do_next():
    assert codes(M.BoardMap()) == {"empty": ()}
    m = M.BoardMap().apply(M.AddCell(0, 0)).apply(M.PaintPart("C001", "WEST"))
    assert set(codes(m)) == {"lisbon", "ports", "cape"}
    assert "next: Labrador" in str(next(f.text for f in M.findings(m.state) if f.code == "ports"))


@pytest.mark.parametrize("edit", [M.ToggleSymbol("D00", "kraken"), M.PlacePort("D00", "atlantis", 1),
                                  M.PaintPart("D00", "NORTH"), M.AddCell(5, 5, "D00"),
                                  M.ToggleEdge("D00", "D00"), M.SetLisbon("nowhere"),
                                  M.SetExtras.of({"cells": []})])
def test_an_edit_that_cannot_apply_is_refused_and_changes_nothing(edit):
    m = build_demo_by_edits()
    with pytest.raises(M.MapError):
        m.apply(edit)


def test_cell_at_finds_the_tapped_cell_within_half_a_pitch():
    m = build_demo_by_edits()
    assert M.cell_at(m.state, 170, 150) == "D11"
    assert M.cell_at(m.state, 110, 110) is None
