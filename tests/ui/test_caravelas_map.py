"""Caravelas on the demo board (mapped mode) under Xvfb: a 2-player game from setup
to the final scores with the path tapped cell by cell (a refusal, the pirates, a
blue event cell, Undo step, Confirm path, a bonus move, END TURN, a Lisbon stop),
the whole map at 1280x800 with a bonus move stopping in Lisbon (a table option),
and pawns dragged by hand on the simulated camera's view (laptop play)."""
from __future__ import annotations

from tests.ui.test_caravelas import NAMES, free_space, in_view, tap


def test_mapped_game_by_taps_to_final_scores(run_app):
    run = run_app(play_mapped_game)
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


def test_whole_map_at_1280x800(run_app):
    run = run_app(wide_map, size="1280x800")
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


def test_a_pawn_dragged_on_the_camera_view_is_read_proposed_and_confirmed(run_app):
    """Issue #16: the simulated table renders the demo board with tagged pawns a player
    drags; the real pipeline reads them.  Another player's pawn moved is a note only."""
    r = run_app(camera_drag).result
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


def test_the_cameras_path_adjusted_by_taps_in_greek_at_1280x800(run_app):
    """The proposed path goes through the pirates; Bo taps their cell (asked: pay or
    Favourable Wind), then the way round instead: the proposal is withdrawn at the
    first tap and the tapped path is what is played."""
    r = run_app(camera_drag_adjusted, size="1280x800", lang="el").result
    assert r["has_camera"] and r["map_hidden"] and r["nothing_played"]
    for key in ("camera_hint", "out_of_turn_note", "proposal_text"):       # every word translated
        assert not any(word in r[key] for word in ("Drag", "ship", "Camera saw", "sails", "pirates")), r[key]
    assert r["proposal"] == ["D13", "D14"] and r["drawn"] == ["D03", "D13", "D14"]
    assert r["measure_camera"] == []
    assert not r["pending_after_tap"] and r["drawn_after"] == []   # withdrawn at the first tap
    assert r["pirate_line"] and "Pirates" not in r["pirate_line"]   # asked, in Greek
    assert r["confirmed"] == ["seat 2 sails to Florida", "seat 2 sails to Cape Verde"]
    assert r["where"] == ["D03", "D14"]


# -- the steps, run in the app --------------------------------------------------------------

def choose_options(probe, chosen: dict) -> None:
    """Set engine options (name -> value) in their setup rows, as a player would."""
    from companion.caravelas.game import GAME

    app = probe.app
    rows = {row.ids.label.text: row for row in probe.find_all(cls="OptionRow")}
    for option in GAME.options:
        if option.name in chosen:
            rows[app.tr(option.label)].ids.choice.text = app.tr(option.label_for(chosen[option.name]))


async def start_mapped(probe, **options) -> None:
    """Ana and Bo on the demo board: the order by taps, Ana raises by 1, Bo by 2, both pass, Bo first."""
    chosen = {"board": "demo", **options}
    await probe.start_game("Caravelas", "caravelas", NAMES, lambda: choose_options(probe, chosen))
    assert all(probe.app.session.config.option(name) == value for name, value in chosen.items())
    await tap(probe, "order_0", grows=False)
    await tap(probe, "order_1")
    await tap(probe, "raise_1")
    await tap(probe, "raise_2")
    await tap(probe, "pass")
    await tap(probe, "pass")
    await tap(probe, "space_0")
    await tap(probe, "space_1")


async def tap_cell(probe, cell: str, grows: bool = False) -> None:
    """Bring ``cell`` into the map's view (a player drags the map) and tap it."""
    view = probe.find_all(cls="CaravelasMapView")[0]
    area, target = view.ids.map_area, view.board_map.cells[cell]
    area.scroll_to(target, padding=8, animate=False)

    def in_sight() -> bool:
        x, y = target.to_window(*target.pos)
        ax, ay = area.to_window(*area.pos)
        return ax <= x and x + target.width <= ax + area.width and ay <= y and y + target.height <= ay + area.height

    await probe.until(in_sight)
    await tap(probe, f"cell_{cell}", grows)


def shown(probe, ident: str) -> bool:
    return any(getattr(w, "test_id", None) == ident and probe.visible(w) for w in probe.walk(probe.app.root))


def path_line(probe) -> str:
    return probe.find(wid="path_line").text


async def play_mapped_game(probe) -> None:
    """Ana and Bo on the demo board, from setup to the final scores.  By taps: the
    order, the bidding, Bo's path (a refused cell, the pirates paid, a blue event
    cell closing the path, Undo step, Confirm path, Storm 2), Ana's bonus move into
    Madeira (discovery, pepper), Bo's last step and END TURN, Ana's path into Lisbon
    confirmed by the panel's CONFIRM and her stop buying a tile, the round-2 bidding.
    Then through the session: the two other tiles bought, the destination cards shown;
    the scores screen."""
    from companion.caravelas.actions import PassLisbon, Step, StopInLisbon

    from tests.ui.measure import measure

    app = probe.app
    session = lambda: app.session  # noqa: E731
    await start_mapped(probe)
    ANA, BO = 0, 1
    probe.record("order", list(session().state.order))
    probe.record("path_hint", path_line(probe))
    probe.record("cell_px", min(probe.find_all(cls="MapCell")[0].size))
    await probe.screenshot("map_sail")
    probe.record("measure_sail", in_view(probe, measure(probe, await probe.screenshot("measure_sail")),
                                         "CaravelasMapView"))
    # a cell that is not next to the ship: the engine refuses it, nothing is played
    before = len(session().actions)
    await tap_cell(probe, "D30")
    await probe.until(lambda: app.banner != "")
    probe.record("refusal", app.banner)
    probe.record("refused_nothing_played", len(session().actions) == before)
    # the pirates of D13 are paid; D23 is a blue event cell: the path closes there
    await tap_cell(probe, "D13")
    probe.record("pirate_line", path_line(probe))
    await tap(probe, "pirate_pay", grows=False)
    await tap_cell(probe, "D23")
    probe.record("path_closed_line", path_line(probe))
    await probe.screenshot("map_path")
    probe.record("measure_path", in_view(probe, measure(probe, await probe.screenshot("measure_path")),
                                         "CaravelasMapView"))
    await tap(probe, "path_undo", grows=False)
    probe.record("after_undo_line", path_line(probe))
    await tap_cell(probe, "D23")
    probe.record("nothing_played_while_tapping", len(session().actions) == before)
    await tap(probe, "path_confirm")
    probe.record("confirmed", [str(a) for a in session().actions[before:]])
    probe.record("pending_blue", session().state.pending)
    await probe.until(lambda: shown(probe, "card_storm2"))
    await probe.screenshot("map_card")
    await tap(probe, "card_storm2")
    # Ana's bonus move: into Madeira (her monument, a pepper cube), then she stops
    probe.record("bonus_seats", list(session().state.bonus.queue))
    await probe.screenshot("map_bonus")
    await tap_cell(probe, "D02", grows=True)
    await tap(probe, "end_bonus")
    probe.record("ana_after_bonus", [session().state.players[ANA].where,
                                     list(session().state.players[ANA].cargo), session().state.owner("madeira")])
    probe.record("bo_available", session().state.available(BO))
    # Bo: one more cell (Luanda), then END TURN plays it and ends the turn
    await tap_cell(probe, "D22")
    probe.record("bo_last_line", path_line(probe))
    await tap(probe, "end_turn")
    probe.record("luanda", session().state.owner("luanda"))
    # Ana sails into Lisbon: the path closes, then the Lisbon panel; she buys a tile
    probe.record("active_ana", session().state.active)
    await tap_cell(probe, "D03")
    probe.record("lisbon_line", path_line(probe))
    before = len(session().actions)            # the panel's CONFIRM plays the tapped path
    app.press("confirm")
    await probe.until(lambda: len(session().actions) > before)
    probe.record("panel_confirmed", [str(a) for a in session().actions[before:]])
    await probe.until(lambda: shown(probe, "lisbon_0_tile"))
    await tap(probe, "lisbon_0_tile", grows=False)
    await probe.screenshot("map_lisbon")
    probe.record("measure_lisbon", in_view(probe, measure(probe, await probe.screenshot("measure_lisbon")),
                                           "CaravelasMapView"))
    await tap(probe, "lisbon_stop")
    probe.record("ana_tiles", list(session().state.players[ANA].tiles))
    # round 2: both pass, the spaces by tap; the rest through the session
    await probe.until(lambda: session().state.round == 2)
    while session().state.phase in ("bid", "place"):
        await tap(probe, "pass" if session().state.phase == "bid" else free_space(probe))
    while session().state.tiles_left:
        seat = session().state.active
        board = session().state.rules.board
        for goal in ("D02", board.lisbon):          # Madeira for pepper, then Lisbon
            for cell in board.cheapest_path(session().state.players[seat].where, goal)[1:]:
                session().submit(Step(seat, cell))
                if session().state.pending == "lisbon" and cell != goal:
                    session().submit(PassLisbon(seat))
        session().submit(StopInLisbon(seat, tile=True))
    probe.record("phase_after_tiles", session().state.phase)
    game = session().game
    while not session().is_over:
        session().submit(game.sample_chance(session().state, view_rng(probe)))
    await probe.until(lambda: app.manager.current == "scores")
    await probe.screenshot("map_scores")
    probe.record("totals", list(session().score_sheet().totals))
    probe.record("scores_texts", probe.texts(probe.screen()))


def view_rng(probe):
    import random

    return random.Random(15)


async def wide_map(probe) -> None:
    """At 1280x800, the table option "a bonus move may stop in Lisbon" (AMB-14) chosen
    in setup: the whole demo board without scrolling, a path tapped and measured, then
    undone; Bo's Storm 2 gives Ana a bonus move to Madeira and back into Lisbon,
    where she stops and buys a tile with the pepper."""
    from tests.ui.measure import measure

    app = probe.app
    await start_mapped(probe, **{"lisbon.freeMoveStop": True})
    view = probe.find_all(cls="CaravelasMapView")[0]
    probe.record("map_size", list(view.board_map.size))
    probe.record("area_size", list(view.ids.map_area.size))
    probe.record("cell_px", min(view.board_map.cells["D00"].size))
    await tap_cell(probe, "D02")
    await tap_cell(probe, "D12")
    probe.record("path_line", path_line(probe))
    await probe.screenshot("wide_map")
    probe.record("measure_map", in_view(probe, measure(probe, await probe.screenshot("wide_measure")),
                                        "CaravelasMapView"))
    await tap(probe, "path_undo", grows=False)
    await tap(probe, "path_undo", grows=False)
    await tap_cell(probe, "D13")
    await tap(probe, "pirate_pay", grows=False)
    await tap_cell(probe, "D23")
    await tap(probe, "path_confirm")
    await tap(probe, "card_storm2")
    await tap_cell(probe, "D02", grows=True)
    await tap_cell(probe, "D03", grows=True)
    await probe.until(lambda: shown(probe, "lisbon_0_tile"))
    probe.record("free_lisbon_shown", [shown(probe, "lisbon_pass"), shown(probe, "lisbon_exchange")])
    await tap(probe, "lisbon_0_tile", grows=False)
    probe.record("free_lisbon_result", probe.find(wid="result").text)
    await probe.screenshot("wide_free_lisbon")
    probe.record("measure_free_lisbon", in_view(probe, measure(probe, await probe.screenshot("wide_measure2")),
                                                "CaravelasMapView"))
    await tap(probe, "lisbon_stop")
    state = app.session.state
    probe.record("after_free_stop", [list(state.players[0].tiles), state.players[0].where, state.active,
                                     state.pending])


async def _camera_proposal(probe):
    """The mapped game to Bo's turn, the Camera toggle on; Ana's pawn dragged by hand
    during Bo's turn is read and noted, never applied, until it is put back; Bo's pawn
    dragged two cells away: its path is proposed.  Returns the view."""
    from vision.games.caravelas.camera import pawn_tag

    from tests.ui.measure import measure

    app = probe.app
    await start_mapped(probe)
    session = app.session
    view = probe.find_all(cls="CaravelasMapView")[0]
    state, seat = session.state, session.state.active
    other = 1 - seat
    probe.record("has_camera", view.has_camera)
    await probe.tap_id("camera_toggle")
    await probe.until(lambda: view.camera_view is not None and probe.visible(view.camera_view))
    probe.record("map_hidden", not probe.visible(view.ids.map_area) and view.ids.map_area.disabled)
    probe.record("camera_hint", path_line(probe))
    await probe.step_camera()               # the table as set up: the camera settles on it
    camera = view.camera_view
    table, lisbon = camera.table, state.players[seat].where
    before = len(session.actions)
    table_screen = app.manager.get_screen("table")
    await probe.drag_piece(camera, pawn_tag(other).identity, table.cell_centre("D14"))
    await probe.step_camera()
    await probe.until_session(lambda: table_screen.camera_note != "")
    probe.record("out_of_turn_note", table_screen.camera_note)
    probe.record("note_shown", probe.find(wid="message").text)
    probe.record("nothing_played", session.pending is None and len(session.actions) == before)
    await probe.screenshot("cv_camera_note")
    await probe.drag_piece(camera, pawn_tag(other).identity, table.cell_centre(lisbon))    # put back
    await probe.step_camera()
    await probe.until_session(lambda: table_screen.camera_note == "")
    await probe.drag_piece(camera, pawn_tag(seat).identity, table.cell_centre("D14"))
    await probe.step_camera()
    await probe.until_session(lambda: session.pending is not None)
    probe.record("proposal", [step.cell for step in session.pending.steps])
    probe.record("proposal_text", probe.find(wid="message").text)
    await probe.screenshot("cv_camera_proposal")
    probe.record("measure_camera", in_view(probe, measure(probe, await probe.screenshot("cv_camera_measure")),
                                           "CaravelasMapView"))
    await probe.tap_id("camera_toggle")     # back to the map: the proposed path is drawn on it
    await probe.until(lambda: probe.visible(view.ids.map_area))
    probe.record("drawn", list(view.board_map.state.proposed))
    await probe.screenshot("cv_camera_map")
    return view, before


async def camera_drag(probe) -> None:
    """Laptop play on the demo board (issue #16): pawns dragged on the simulated
    camera's view, shown in the map's place; Bo's path proposed and confirmed."""
    view, before = await _camera_proposal(probe)
    session = probe.app.session
    await probe.tap_id("confirm_proposal")
    await probe.until(lambda: len(session.actions) > before)
    probe.record("where", [p.where for p in session.state.players])
    probe.record("confirmed", [str(a) for a in session.actions[before:]])
    probe.record("drawn_after", list(view.board_map.state.proposed))


async def camera_drag_adjusted(probe) -> None:
    """As camera_drag, but Bo adjusts the proposed path (through the pirates) by tapping
    cells on the map: the pirates' cell first (the proposal is withdrawn at once: a panel
    CONFIRM must not pay them), then the way round, confirmed."""
    view, before = await _camera_proposal(probe)
    session = probe.app.session
    await tap_cell(probe, "D13")            # the pirates' cell first: pay, or Favourable Wind?
    probe.record("pirate_line", path_line(probe))
    probe.record("pending_after_tap", session.pending is not None)
    probe.record("drawn_after", list(view.board_map.state.proposed))
    await tap_cell(probe, "D04")            # no: the way round
    await tap_cell(probe, "D14")
    await tap(probe, "path_confirm")
    await probe.until(lambda: len(session.actions) >= before + 2)
    probe.record("where", [p.where for p in session.state.players])
    probe.record("confirmed", [str(a) for a in session.actions[before:]])
    probe.record("spent", session.state.players[session.state.active].spent)
