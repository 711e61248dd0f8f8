"""Caravelas under Xvfb (bookkeeping mode): a 2-player game by taps from setup to
the final scores (a bidding round, a discovery from the port search, a bonus move,
a refusal, Lisbon stops buying the three monastery tiles, the final round and the
destination cards), and the table at 1280x800 in Greek."""
from __future__ import annotations


def test_bookkeeping_game_by_taps_to_final_scores(run_app):
    run = run_app(play_bookkeeping_game)
    r = run.result
    assert r["prompt_order"] == "Who sits first on the turn-order track? Tap the players in order"
    assert r["prompt_bid"] == "Ana: Bidding for turn order: raise or pass"
    assert r["bids"] == [1, 3]                       # Bo raised the highest bid by 2
    assert r["prompt_place"] == "Bo: Choose a turn-order space"
    assert r["order"] == [1, 0]                      # Bo bid more: Bo sails first
    assert r["bo_markers"] == "Markers: 6 free · 3 spent · 3 aside"
    assert r["ports_matching"] == ["madeira"]        # "mad" finds one port of 32
    assert r["pending_bonus"] == "bonus" and r["bonus_seats"] == [0]
    assert "bonus moves" in r["info_bonus"]
    assert r["refusal"].startswith("Pepper has already been loaded on this voyage")
    assert r["refused_kept"]
    assert r["lisbon_result_bo"] == "+10 VP · monastery tile 1"
    assert r["bo_tiles"] == [1]
    assert r["lisbon_sell"] == "+5 VP · wrecks repaired"   # selling the pepper, before choosing the tile
    assert r["prompt_die"] == "Roll the red die"
    assert r["prompt_wreck"] == "Ana: Choose the wrecked ship"
    assert r["ana_ships"].startswith("Ships 1: wrecked · 2: – · 3: pepper")
    assert r["lisbon_result_ana"] == "+10 VP · monastery tile 2 · wrecks repaired"
    assert r["round_two_phase"] == "bid"
    assert r["final_round"] and "Final round!" in r["info_final"]
    assert r["phase_reveal"] == "reveal"
    assert r["measure_lisbon"] == [] and r["measure_table"] == []
    # Ana shows Madeira by tap (Bo's monument: no points), the table the rest (seeded)
    assert r["prompt_reveal"] == "Ana: Show the destination cards"
    assert r["revealing"] == 0 and r["revealed_madeira"] == [["madeira"], []]
    # the engine's score sheet on the scores screen: Bo 3 (Madeira) + 20 (tiles 1, 3);
    # Ana 1 (Ceuta) + 10 (tile 2) + 5 (her Ceuta destination card)
    assert r["totals"] == [16, 23] and r["winners"] == [1]
    assert [1, "Monastery tiles", 20] in r["lines"] and [0, "Destination cards", 5] in r["lines"]
    assert "Destination cards" in r["scores_texts"]   # a row of the table; Ana's details on a tap
    assert "Destination cards (scoring: Ceuta)" in r["details_texts"]
    assert "23" in r["scores_texts"] and "16" in r["scores_texts"]
    for name in ("bidding", "bonus_move", "lisbon", "table", "reveal", "scores"):
        image = run.image(name)
        assert image.shape[:2] == (480, 800)
        assert float(image.std()) > 20


def test_greek_table_at_1280x800(run_app):
    run = run_app(wide_greek_table, size="1280x800", lang="el")
    r = run.result
    assert r["measure_sail"] == []
    assert r["ports_shown"] == 32
    texts = r["texts_sail"] + r["texts_lisbon"]
    for english in ("Sail", "Goods", "Lisbon", "Markers", "Stop in Lisbon", "END TURN"):
        assert not any(english in t for t in texts), english
    assert "Λισαβόνα" in " ".join(texts)
    assert run.image("wide_sail").shape[:2] == (800, 1280)


# -- the steps, run in the app --------------------------------------------------------------
# Bookkeeping mode; mapped mode on the demo board is in test_caravelas_map.py.


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
