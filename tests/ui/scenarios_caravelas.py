"""Caravelas scenarios (bookkeeping mode, and mapped mode on the demo board), run
inside the real app by tests/ui/run.py."""
from __future__ import annotations
from tests.ui.probe import written_at_once

NAMES = ("Ana", "Bo")


def by_id(probe, ident: str):
    found = [w for w in probe.walk(probe.app.root) if getattr(w, "test_id", None) == ident
             and probe.visible(w)]
    assert found, f"nothing tagged {ident!r} on screen"
    return found[0]


async def tap(probe, ident: str, grows: bool = True) -> None:
    """Tap the widget tagged ``ident``; with ``grows`` wait for the action it plays."""
    before = len(probe.app.session.actions)
    await probe.tap(by_id(probe, ident))
    if grows:
        await probe.until(lambda: len(probe.app.session.actions) > before)


async def lisbon_stop(probe, ways: dict[int, str]) -> str:
    """Open the Lisbon tab, choose a way for some cubes, read the result, stop."""
    await tap(probe, "tab_lisbon", grows=False)
    for index, way in ways.items():
        await tap(probe, f"lisbon_{index}_{way}", grows=False)
    result = probe.find(wid="result").text
    await tap(probe, "lisbon_stop")
    return result


def free_space(probe) -> str:
    return min(w.test_id for w in probe.walk(probe.app.root)
               if str(getattr(w, "test_id", "")).startswith("space_") and probe.visible(w))


def in_view(probe, problems: list[dict], cls: str = "CaravelasView") -> list[dict]:
    """The problems inside the Caravelas view (the app's header is measured by test_layout)."""
    view = probe.find_all(cls=cls)[0]
    x0, y0 = view.to_window(*view.pos)
    return [p for p in problems if x0 - 1 <= p["box"][0] and y0 - 1 <= p["box"][1]
            and p["box"][1] + p["box"][3] <= y0 + view.height + 1]


def seat_body(probe, seat: int) -> str:
    return by_id(probe, f"seat_{seat}").body


async def play_bookkeeping_game(probe) -> None:
    """Ana and Bo, no board file: first order by taps, a bidding round, a discovery
    through the port search, Favourable Wind and Bo's bonus move, Lisbon stops that
    buy the three monastery tiles, the final round, destination cards, final scores."""
    from tests.ui.measure import measure

    app = probe.app
    session = lambda: app.session  # noqa: E731
    await probe.start_game("Caravelas", "caravelas", NAMES)
    probe.record("prompt_order", probe.find(wid="prompt").text)
    await tap(probe, "order_0", grows=False)
    await tap(probe, "order_1")
    # bidding: Ana raises by 1, Bo by 2, Ana passes, Bo passes: Bo chooses first
    probe.record("prompt_bid", probe.find(wid="prompt").text)
    probe.record("info_bid", probe.find(wid="info").text)
    await probe.screenshot("bidding")
    await tap(probe, "raise_1")
    await tap(probe, "raise_2")
    probe.record("bids", list(session().state.totals))
    await tap(probe, "pass")
    await tap(probe, "pass")
    probe.record("prompt_place", probe.find(wid="prompt").text)
    await tap(probe, "space_0")            # Bo takes the first space, Ana the one left
    await tap(probe, "space_1")
    probe.record("order", list(session().state.order))
    probe.record("bo_markers", seat_body(probe, 1).splitlines()[0])
    # Bo sails 2, discovers Madeira (shield 3) through the search, plays Favourable Wind
    await tap(probe, "sail_2")
    await tap(probe, "tab_port", grows=False)
    probe.find(wid="search").text = "mad"
    await probe.frames(3)
    probe.record("ports_matching", [w.port for w in probe.find_all(cls="CaravelasButton")
                                    if getattr(w, "port", None) and probe.visible(w)])
    await tap(probe, "port_madeira", grows=False)
    await tap(probe, "shield_3")
    await tap(probe, "tab_card", grows=False)
    await tap(probe, "card_wind")
    probe.record("pending_bonus", session().state.pending)
    probe.record("bonus_seats", list(session().state.bonus.queue))
    probe.record("info_bonus", probe.find(wid="info").text)
    await probe.screenshot("bonus_move")
    # Ana's bonus move: she sails to Ceuta (shield 1), loads pepper, ends the free move
    await tap(probe, "tab_port", grows=False)
    probe.find(wid="search").text = "ceu"
    await probe.frames(2)
    await tap(probe, "port_ceuta", grows=False)
    await tap(probe, "shield_1")
    await tap(probe, "tab_goods", grows=False)
    await tap(probe, "load_pepper")
    await tap(probe, "end_bonus")
    # Bo: an illegal tap is refused by the banner, nothing is played
    before = len(session().actions)
    await tap(probe, "tab_goods", grows=False)
    await tap(probe, "load_pepper")
    await tap(probe, "load_pepper", grows=False)
    await probe.until(lambda: app.banner != "")
    probe.record("refusal", app.banner)
    probe.record("refused_kept", len(session().actions) == before + 1)
    # Bo stops in Lisbon: the pepper buys a tile
    probe.record("lisbon_result_bo", await lisbon_stop(probe, {0: "tile"}))
    probe.record("bo_tiles", list(session().state.players[1].tiles))
    # Ana: a red event cell, the table enters the die (1 wreck), she picks ship 1
    await tap(probe, "tab_sail", grows=False)
    await tap(probe, "red_cell")
    probe.record("prompt_die", probe.find(wid="prompt").text)
    await tap(probe, "die_1")
    probe.record("prompt_wreck", probe.find(wid="prompt").text)
    probe.record("info_die", probe.find(wid="info").text)
    await tap(probe, "wreck_1")
    probe.record("ana_ships", seat_body(probe, 0).splitlines()[1])
    # with pepper aboard, the Lisbon panel shows the three ways; she buys a tile
    await tap(probe, "tab_lisbon", grows=False)
    await probe.screenshot("lisbon")
    probe.record("measure_lisbon", in_view(probe, measure(probe, await probe.screenshot("measure_lisbon"))))
    probe.record("lisbon_sell", probe.find(wid="result").text)
    probe.record("lisbon_result_ana", await lisbon_stop(probe, {0: "tile"}))
    # round 2: both pass the bidding, placement, Bo loads pepper and buys the last tile
    await probe.until(lambda: session().state.round == 2)
    probe.record("round_two_phase", session().state.phase)
    while session().state.phase in ("bid", "place"):
        await tap(probe, "pass" if session().state.phase == "bid" else free_space(probe))
    await probe.screenshot("table")
    probe.record("measure_table", in_view(probe, measure(probe, await probe.screenshot("measure_table"))))
    active = session().state.active
    await tap(probe, "tab_port", grows=False)
    probe.find(wid="search").text = "madeira"
    await probe.frames(2)
    await tap(probe, "port_madeira")       # discovered: no shield asked
    await tap(probe, "tab_goods", grows=False)
    await tap(probe, "load_pepper")
    await lisbon_stop(probe, {0: "tile"})
    probe.record("final_round", session().state.last_tile_round)
    probe.record("info_final", probe.find(wid="info").text)
    await tap(probe, "end_turn")
    probe.record("active_second", active)
    # the destination cards, shown by the table (Random), then the scores screen
    probe.record("phase_reveal", session().state.phase)
    await probe.screenshot("reveal")
    # one card shown by tap through the port list, the others by the table (seeded)
    probe.record("revealing", session().game.legal_actions(session().state)[0].seat)
    probe.record("prompt_reveal", probe.find(wid="prompt").text)
    probe.find(wid="search").text = "madeira"
    await probe.frames(2)
    await tap(probe, "port_madeira")
    probe.record("revealed_madeira", [list(p.revealed) for p in session().state.players])
    await probe.frames(2)
    probe.record("prompt_reveal_next", probe.find(wid="prompt").text)
    probe.record("search_after_reveal", probe.find(wid="search").text)
    probe.record("ports_after_reveal", [w.port for w in probe.find_all(cls="CaravelasButton")
                                        if getattr(w, "port", None) and probe.visible(w)])
    probe.find_all(cls="CaravelasView")[0].rng.seed(15)
    while not session().is_over:
        await tap(probe, "random")
    await probe.until(lambda: app.manager.current == "scores")
    await probe.screenshot("scores")
    probe.record("scores_texts", probe.texts(probe.screen()))
    await probe.tap(probe.find(cls="ScoreName", text="Ana"))   # her lines in full, with their details
    popup = next(w for w in app.root_window.children if type(w).__name__ == "ScoreDetailsPopup")
    probe.record("details_texts", probe.texts(popup))
    popup.dismiss()
    await probe.until(lambda: popup.parent is None)
    probe.record("totals", list(session().score_sheet().totals))
    probe.record("lines", [[line.seat, str(line.label), line.points] for line in session().score_sheet().lines])
    probe.record("winners", list(session().score_sheet().winners))


async def wide_greek_table(probe) -> None:
    """At 1280x800 in Greek: the order drawn at random, both pass the bidding, the
    sailing tabs, the port list and the Lisbon panel; screenshots and measures."""
    from tests.ui.measure import measure

    app = probe.app
    await probe.start_game("Caravelas", "caravelas", NAMES)
    await tap(probe, "random")
    while app.session.state.phase in ("bid", "place"):
        await tap(probe, "pass" if app.session.state.phase == "bid" else free_space(probe))
    await probe.screenshot("wide_sail")
    probe.record("texts_sail", probe.texts(probe.screen()))
    probe.record("measure_sail", in_view(probe, measure(probe, await probe.screenshot("wide_measure"))))
    await tap(probe, "tab_port", grows=False)
    await probe.screenshot("wide_ports")
    probe.record("ports_shown", len([w for w in probe.find_all(cls="CaravelasButton")
                                     if getattr(w, "port", None)]))
    await tap(probe, "tab_lisbon", grows=False)
    probe.record("texts_lisbon", probe.texts(probe.screen()))
    await probe.screenshot("wide_lisbon")


# -- mapped mode: the demo board --------------------------------------------------------------

def choose_options(probe, chosen: dict) -> None:
    """Set engine options (name -> value) in their setup rows, as a player would."""
    from companion.caravelas.game import GAME

    app = probe.app
    setup = app.manager.get_screen("setup")
    groups = {o.group for o in GAME.options if o.name in chosen and o.group}
    for fold in probe.find_all(cls="OptionFold"):       # a group's options show after a tap
        if fold.group in groups and not fold.ids.rows.children:
            setup.toggle_fold(fold)
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
    with written_at_once(session()):
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
    from tests.ui.measure import measure
    from vision.games.caravelas.camera import pawn_tag

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
    """Laptop play on the demo board: pawns dragged on the simulated
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
