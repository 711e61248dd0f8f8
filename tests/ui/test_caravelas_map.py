"""Caravelas on the demo board (mapped mode) under Xvfb: a 2-player game from setup
to the final scores with the path tapped cell by cell (a refusal, the pirates, a
blue event cell, Undo step, Confirm path, a bonus move, END TURN, a Lisbon stop),
the whole map at 1280x800 with a bonus move stopping in Lisbon (a table option),
and pawns dragged by hand on the simulated camera's view (laptop play)."""
from __future__ import annotations


def test_mapped_game_by_taps_to_final_scores(run_ui):
    run = run_ui("scenarios_caravelas:play_mapped_game")
    r = run.result
    assert r["order"] == [1, 0]                                # Bo bid more: Bo sails first
    assert r["cell_px"] >= 48                                  # a finger's target at 800x480
    assert r["path_hint"] == "Tap the cells of the path one by one · 6 markers available"
    # a cell not next to the ship: the engine's reason in the banner, nothing played
    assert r["refusal"] == ("Mozambique is not next to the ship (Lisbon) "    # names as on the board,
                            "(rulebook: “How to sail / Events / Pirates”)")  # the rulebook's heading
    assert r["refused_nothing_played"]
    assert r["pirate_line"] == "Pirates: pay 1 marker or play Favourable Wind"
    # along the current (free) into the pirates (1), then the blue event cell (1)
    assert r["path_closed_line"] == "2 of 6 markers · confirm, then: Play an event card"
    assert r["after_undo_line"] == "1 of 6 markers"
    assert r["nothing_played_while_tapping"]
    assert r["confirmed"] == ["seat 2 sails to the sea east of Lisbon", "seat 2 sails to the sea south of Luanda"]
    assert r["pending_blue"] == "blue" and r["bonus_seats"] == [0]
    assert r["ana_after_bonus"] == ["D02", ["pepper"], 0]      # Madeira: her monument, pepper
    assert r["bo_available"] == 2                              # 6 - 1 - 1 - Storm 2
    assert r["bo_last_line"] == "1 of 2 markers · discovered: Luanda"
    assert r["luanda"] == 1 and r["active_ana"] == 0
    assert r["lisbon_line"] == "1 of 8 markers · confirm, then: Stop in Lisbon or sail through"
    assert r["panel_confirmed"] == ["seat 1 sails to Lisbon"]
    assert r["ana_tiles"] == [1]
    assert r["phase_after_tiles"] == "reveal"
    assert r["measure_sail"] == [] and r["measure_path"] == [] and r["measure_lisbon"] == []
    assert r["totals"] == [21, 20]
    assert "Monastery tiles" in r["scores_texts"]        # its detail ("tiles 1, 3") in the name's popup
    for name in ("map_sail", "map_path", "map_bonus", "map_lisbon", "map_scores"):
        image = run.image(name)
        assert image.shape[:2] == (480, 800)
        assert float(image.std()) > 20


def test_whole_map_at_1280x800(run_ui):
    run = run_ui("scenarios_caravelas:wide_map", size="1280x800")
    r = run.result
    assert r["map_size"][1] <= r["area_size"][1] + 1           # no scrolling needed
    assert r["cell_px"] > 60
    assert r["path_line"] == "2 of 6 markers · discovered: Guinea, Madeira · loaded: chilli peppers, pepper"
    assert r["measure_map"] == [] and r["measure_free_lisbon"] == []
    # AMB-14 as chosen: Ana's bonus move ends in Lisbon with a stop that buys a tile
    assert r["free_lisbon_shown"] == [False, False]          # no "sail through", no hand exchange
    assert r["free_lisbon_result"] == "+10 VP · monastery tile 1"
    assert r["after_free_stop"] == [[1], "D03", 1, ""]         # then Bo's own Storm 2, his turn on
    assert run.image("wide_map").shape[:2] == (800, 1280)


def test_a_pawn_dragged_on_the_camera_view_is_read_proposed_and_confirmed(run_ui):
    """The simulated table renders the demo board with tagged pawns a player
    drags; the real pipeline reads them.  Another player's pawn moved is a note only."""
    r = run_ui("scenarios_caravelas:camera_drag").result
    assert r["has_camera"] and r["map_hidden"]               # the camera's view in the map's place
    assert r["camera_hint"] == "Drag the ship's pawn on the camera's view · 6 markers available"
    assert r["out_of_turn_note"] == "Ana's ship stands on Cape Verde, but it is not Ana's move: put it back on Lisbon."
    assert r["note_shown"] == r["out_of_turn_note"] and r["nothing_played"]
    assert r["proposal"] == ["D13", "D14"]                    # Bo's pawn: the cheapest path there
    assert r["proposal_text"] == "Camera saw: Bo sails 2 cells to Cape Verde, paying the pirates 1 marker"
    assert r["drawn"] == ["D03", "D13", "D14"]                # drawn on the map before Confirm
    assert r["measure_camera"] == []
    assert r["confirmed"] == ["seat 2 sails to the sea east of Lisbon", "seat 2 sails to Cape Verde"]
    assert r["where"] == ["D03", "D14"] and r["drawn_after"] == []


def test_the_cameras_path_adjusted_by_taps_in_greek_at_1280x800(run_ui):
    """The proposed path goes through the pirates; Bo taps their cell (asked: pay or
    Favourable Wind), then the way round instead: the proposal is withdrawn at the
    first tap and the tapped path is what is played."""
    r = run_ui("scenarios_caravelas:camera_drag_adjusted", size="1280x800", lang="el").result
    assert r["has_camera"] and r["map_hidden"] and r["nothing_played"]
    for key in ("camera_hint", "out_of_turn_note", "proposal_text"):       # every word translated
        assert not any(word in r[key] for word in ("Drag", "ship", "Camera saw", "sails", "pirates")), r[key]
    assert r["proposal"] == ["D13", "D14"] and r["drawn"] == ["D03", "D13", "D14"]
    assert r["measure_camera"] == []
    assert not r["pending_after_tap"] and r["drawn_after"] == []   # withdrawn at the first tap
    assert r["pirate_line"] and "Pirates" not in r["pirate_line"]   # asked, in Greek
    assert r["confirmed"] == ["seat 2 sails to Florida", "seat 2 sails to Cape Verde"]
    assert r["where"] == ["D03", "D14"]
