"""Golden Horn in the real app under Xvfb: a 2-player game by taps to the final
scores, the big screen with a move read from the camera view, and Greek at 800x480."""
from __future__ import annotations

import re

import numpy as np

from companion.engine import GameConfig
from companion.golden_horn import GAME
from companion.record import replay


def pixel(image, window_xy, window_size):
    """BGR of the screenshot at a window point (window y grows upwards)."""
    x, y = window_xy
    return image[int(window_size[1] - y), int(x)].astype(int)


def colour_share(image, rgb, tolerance=30):
    """Fraction of the screenshot within ``tolerance`` of colour ``rgb`` (0-255)."""
    target = np.array(rgb[::-1])
    return float((np.abs(image.astype(int) - target).max(axis=2) <= tolerance).mean())


def test_two_player_game_by_taps_to_the_final_scores(run_ui, tmp_path):
    data = tmp_path / "touch-only"
    data.mkdir()
    (data / "settings.toml").write_text('camera = "none"\n')   # touch only: no camera worker
    run = run_ui("scenarios_golden_horn:play_two_players_to_the_end", data_dir=data)
    r = run.result
    assert r["prompt_at_start"] == "Cubes drawn from the bag into Venice: 0/9"
    assert r["venice_after_taps"] == {"Y": 2, "P": 1, "G": 2, "R": 2, "O": 1, "B": 1}
    assert r["prompt_cards"] == "Cards Ann draws: 0/5"
    assert r["hands"][0] == "YYRRB" and len(r["hands"][1]) == 5
    assert r["placements"] == ["seat 1 places the ships: ship a in Venice, ship b in Venice, ship c in Constantinople",
                               "seat 2 places the ships: ship a in Venice, ship b in Venice, ship c in Venice"]
    # ship a in Venice: the squares it can reach light up, the biggest loads come first
    assert r["reachable_nodes"] and set(r["reachable_nodes"]) <= {"s1", "s2", "s3", "M", "s4", "s5", "s6"}
    assert r["load_buttons"][:2] == ["Load 2 yellow", "Load 2 green"] and r["load_buttons"][-1] == "Load nothing"
    # the illegal attempt was refused with the rule's reason, shown in the banner
    assert "ends the move" in r["illegal_reason"] and r["illegal_rule"].startswith("§")
    # ... in the players' words: the player's name, the rulebook's heading, no digest code
    assert r["accepted"] is False and r["banner"].startswith("Reaching Modone ends the move; Ann's ship a can stop")
    assert r["banner"].endswith("(rulebook: “Moving a ship”)") and "§" not in r["banner"]
    # pirates by taps: the target and the two card colours; both seats flash
    assert r["raid"]["type"] == "attack" and len(r["raid"]["cards"]) == 2
    assert r["raid_flash"] == [0, 1]
    assert r["over"] and len(r["turns"]) >= 4
    assert any("Final scores" in t for t in r["scores_texts"])
    assert "Cubes in the warehouse" in r["score_lines"]
    # the journaled actions replay to the same final scores
    config = GameConfig.from_dict(r["config"])
    assert config.option("port.refill") == "none" and config.option("cards.hands") == "open"
    final = replay(GAME, config, [GAME.parse_action(a) for a in r["actions"]])[-1]
    assert GAME.is_over(final)
    assert [t for t in r["scores_texts"] if t.isdigit()][-1] == str(GAME.score_sheet(final).totals[1])

    start = run.image("gh_start")
    assert start.shape[:2] == (480, 800)
    for rgb in ((242, 204, 38), (204, 51, 51), (46, 115, 209)):  # yellow, red, blue squares and buttons
        assert colour_share(start, rgb) > 0.01
    picked = run.image("gh_ship_picked")
    size = r["window"]
    nodes = r["nodes"]
    lit = [n for n in nodes.values() if n["reachable"] and not n["ships"]]
    dim = [n for n in nodes.values() if n["dimmed"] and not n["ships"]]
    assert lit and dim
    # reachable squares keep their colour, the others are dimmed to about a third
    for node in lit:
        assert np.abs(pixel(picked, node["centre"], size) - node["fill"][::-1]).max() <= 12
    for node in dim:
        assert np.abs(pixel(picked, node["centre"], size) - np.array(node["fill"][::-1]) * 0.35).max() <= 12
    scores = run.image("gh_scores")
    green = (scores[:, :, 1] > 90) & (scores[:, :, 2] < 80) & (scores[:, :, 0] < 80)
    assert green.mean() > 0.05        # the winner's column


def test_big_screen_move_read_from_the_camera_view(run_ui):
    run = run_ui("scenarios_golden_horn:big_screen_with_camera", size="1280x800")
    r = run.result
    assert r["camera_visible"]
    assert r["camera_note"].startswith("Ann's ship a stands on square ") and not r["note_pending"]
    assert r["camera_note"].endswith("where no legal move ends: put it back on Venice, or play the move by touch.")
    assert r["proposal"].startswith("seat 1's ship a sails to square 1")
    # the whole move in table words, the cubes counted; one Confirm plays it
    assert re.fullmatch(r"Camera saw: Ann's ship a to square 1, loading \d+ [a-z]+", r["proposal_text"])
    assert r["confirmed"] == r["proposal"] and r["ship_after"] == "s1"
    assert r["confirmed_count"] == 1 and not r["pending_after_confirm"]
    texts = r["texts_ship"]
    assert "Venice" in texts and "Constantinople" in texts and "Modone 0/3" in texts
    route = iter(texts[texts.index("Venice"):])   # the squares in route order (ports' cube counts between)
    assert all(str(n) in route for n in range(1, 13))
    image = run.image("gh4_camera_proposal")
    assert image.shape[:2] == (800, 1280)
    wood = colour_share(image, (140, 105, 70), tolerance=40)   # the table around the board in the camera view
    assert wood > 0.003
    tree = r["trees"]["gh4_after_camera"]
    labels = [row for row in tree if row["visible"] and row["cls"] == "Label" and row["text"]]
    assert all(row["size"][1] >= 12 for row in labels)


def test_greek_small_screen_and_camera_toggle(run_ui):
    run = run_ui("scenarios_golden_horn:small_screen_in_greek", lang="el")
    r = run.result
    assert "Τυχαίο τράβηγμα" in r["texts_fill"] and "Βενετία" in r["texts_fill"]
    assert any(t.startswith("Κύβοι από το σακούλι για Βενετία") for t in r["texts_fill"])
    assert "Χωρίς φόρτωση" in r["texts_ship"] and "Πίσω" in r["texts_ship"]
    assert r["camera_visible"]
    assert r["camera_note"].startswith("Το πλοίο a (Ann) βρίσκεται σε: τετράγωνο ") and not r["note_pending"]
    assert r["camera_note"].endswith("βάλτε το πίσω σε: Βενετία, ή παίξτε την κίνηση με αφή.")
    assert r["confirmed"] == r["proposal"] and r["ship_after"] == "s1"
    assert run.image("gh_el_camera").shape[:2] == (480, 800)


def test_setup_reads_the_route_tiles_from_the_camera(run_ui):
    run = run_ui("scenarios_golden_horn:route_from_the_camera")
    r = run.result
    assert r["camera_button"] == "Read from the camera" and r["before"] == ""
    assert r["error_off"] == "The camera is switched off in the settings: type the colours."
    assert r["help_while_reading"] == "Reading from the camera…"
    # the simulated copy's tiles as laid for 4 players (tests/golden_horn/test_route_reading.py)
    assert r["read"] == "OPG BYR POG YRB"
    assert r["help_after"] == "Read by the camera: OPG BYR POG YRB" and r["error_after"] == ""
    assert r["config_route"] == "OPG BYR POG YRB"
    assert r["route_colours"] == "OPGBYRPOGYRB"
    assert r["remembered"] == "OPG BYR POG YRB" and r["remembered_for_2"] == ""
    shot = run.image("gh_setup_route_read")
    assert shot.shape[:2] == (480, 800)
