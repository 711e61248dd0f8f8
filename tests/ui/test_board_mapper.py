"""The Caravelas board mapper under Xvfb: taps on a rendered demo board give a file
that validates and equals the demo board's map; a broken map shows its problem."""
from __future__ import annotations

import json

from companion.caravelas.board import DATA_DIR, load_board
from companion.caravelas.mapper import MAPPED_KEYS

from tests.caravelas.test_mapper import canonical


def relabelled(doc: dict, names: dict[str, str]) -> dict:
    """``doc`` with its cell ids renamed (the mapper numbers cells in tap order)."""
    text = json.dumps(doc)
    for old, new in sorted(names.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(f'"{old}"', f'"{new}"')
    return json.loads(text)


def test_mapping_the_demo_board_by_taps(run_ui):
    run = run_ui("scenarios_board_mapper:map_the_demo_board")
    r = run.result
    assert r["problems_done"] == "The map is a valid board: export it."
    assert r["problems_island"] == "1 cell cannot be reached from Lisbon"
    assert r["highlighted_island"] == ["C001"]                 # D00, the first cell tapped
    assert r["problems_current"].splitlines() == ["A current's arrow joins cells that are not neighbours.",
                                                  "1 cell cannot be reached from Lisbon"]
    assert r["highlighted_current"] == ["C001", "C011", "C012"]   # D00; D13 -> D14
    assert r["problems_undone"] == r["problems_done"]
    assert r["setup_board_file"] == r["exported"] and r["progress"] == "caravelas-map/1"
    load_board(r["exported"])                                   # validates (§12.3)
    exported = json.loads(open(r["exported"], encoding="utf-8").read())
    demo = json.loads((DATA_DIR / "demo-board.json").read_text(encoding="utf-8"))
    ids = [f"D{col}{row}" for col in range(6) for row in range(7)]
    names = {f"C{n:03d}": cell for n, cell in enumerate(ids, 1)}
    mapped = canonical(relabelled({k: v for k, v in exported.items() if k in MAPPED_KEYS}, names))
    mapped["freeEdges"] = [dict(e, current="trade") for e in mapped["freeEdges"]]   # the screen's name
    assert mapped == canonical({k: v for k, v in demo.items() if k in MAPPED_KEYS})
    for name in ("mapper_empty", "mapper_done", "mapper_island"):
        image = run.image(name)
        assert image.shape[:2] == (480, 800) and float(image.std()) > 20


def test_importing_the_demo_board_at_1280x800(run_ui):
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
