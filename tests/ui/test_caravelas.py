"""Caravelas under Xvfb (bookkeeping mode): a 2-player game by taps from setup to
the final scores (a bidding round, a discovery from the port search, a bonus move,
a refusal, Lisbon stops buying the three monastery tiles, the final round and the
destination cards), and the table at 1280x800 in Greek."""
from __future__ import annotations


def test_bookkeeping_game_by_taps_to_final_scores(run_ui):
    run = run_ui("scenarios_caravelas:play_bookkeeping_game")
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
    assert "Red die: 1 wreck" in r["info_die"]          # the face rolled, shown while it matters
    assert r["ana_ships"].startswith("Ships 1: wrecked · 2: – · 3: pepper")
    assert r["lisbon_result_ana"] == "+10 VP · monastery tile 2 · wrecks repaired"
    assert r["round_two_phase"] == "bid"
    assert r["final_round"] and "Final round!" in r["info_final"]
    assert r["phase_reveal"] == "reveal"
    assert r["measure_lisbon"] == [] and r["measure_table"] == []
    # Ana shows Madeira by tap (Bo's monument: no points), the table the rest (seeded)
    # a counter per player; the search starts again from the whole list, her own ports
    # first (only they score: Ceuta), the cards already shown gone
    assert r["prompt_reveal"] == "Ana: destination card 1 of 16 · tap its port"
    assert r["revealing"] == 0 and r["revealed_madeira"] == [["madeira"], []]
    assert r["prompt_reveal_next"] == "Ana: destination card 2 of 16 · tap its port"
    assert r["search_after_reveal"] == ""
    assert r["ports_after_reveal"][0] == "ceuta" and "madeira" not in r["ports_after_reveal"]
    assert len(r["ports_after_reveal"]) == 31
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


def test_greek_table_at_1280x800(run_ui):
    run = run_ui("scenarios_caravelas:wide_greek_table", size="1280x800", lang="el")
    r = run.result
    assert r["measure_sail"] == []
    assert r["ports_shown"] == 32
    texts = r["texts_sail"] + r["texts_lisbon"]
    for english in ("Sail", "Goods", "Lisbon", "Markers", "Stop in Lisbon", "END TURN"):
        assert not any(english in t for t in texts), english
    assert "Λισαβόνα" in " ".join(texts)
    assert run.image("wide_sail").shape[:2] == (800, 1280)
