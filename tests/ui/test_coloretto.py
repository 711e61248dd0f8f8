"""Coloretto under Xvfb: a 3-player game by taps through a round end to the final scores,
and the table in Greek at 1280x800."""
from __future__ import annotations

import numpy as np

GREEN_BGR = (0x44, 0x9E, 0x2F)   # CARD_RGB["green"] = #2f9e44


def test_three_player_game_by_taps_to_final_scores(run_ui):
    run = run_ui("scenarios_coloretto:play_three_players")
    r = run.result
    assert r["prompt_setup"] == "Which colour goes back in the box?"
    assert r["turn_at_start"] == "Ana's turn"
    assert r["prompt_turn"] == "Ana: tap the card drawn, or tap a row to take it"
    # the first card drawn by tap lies in row 1, drawn in its colour
    [chip] = r["chips_after_first"]
    assert chip["card"] == "green"
    image = run.image("first_card")
    height = image.shape[0]
    x, y, w, h = chip["rect"]
    patch = image[int(height - y - h * 0.7):int(height - y - h * 0.3), int(x + w * 0.3):int(x + w * 0.7)]
    assert np.abs(patch.reshape(-1, 3).mean(axis=0) - GREEN_BGR).max() < 30
    # Ana took two greens: 3 points for green, 1 for her yellow start card
    assert r["ana_line"] == ["4"]
    assert r["row_status_taken"] == "Cy took it"
    # round end: Bo took last, so Bo starts; the LEDs show it
    assert r["round_after"] == 2
    assert r["banner_round_end"] == "Round over. Bo starts the next round"
    assert r["leds_round_two"][:3] == [False, True, False]
    assert r["prompt_round_two"].startswith("Bo: ")
    assert "Score if the game ended now" in r["popup_texts"]
    # at the draw the pile count foretold, the last-round card can be entered, and so can any
    # colour the pile still holds (a miscounted pile never blocks the table); then the final round
    assert "last_round" in r["buttons_before_last"] and "green" in r["buttons_before_last"]
    assert "Final round!" in r["info_final"]
    # the scores screen, then the table's final breakdown with the winner
    assert any("Final scores" in t for t in r["scores_texts"])
    assert r["breakdowns"] == ["Ana", "Bo", "Cy"]
    assert any(t.startswith("Winner: ") or t.startswith("Shared win: ") for t in r["final_texts"])
    for total in r["totals"]:
        assert str(total) in r["final_texts"]
    final = run.image("final_table")
    assert final.shape[:2] == (480, 800)
    # the winner's column is drawn green
    winner_green = (final[:, :, 1] > 90) & (final[:, :, 2] < 90) & (final[:, :, 0] < 60)
    assert winner_green.mean() > 0.04
    round_two = run.image("round_two")
    assert float(round_two.std()) > 20


def test_greek_table_at_1280x800(run_ui):
    run = run_ui("scenarios_coloretto:greek_table", size="1280x800", lang="el")
    texts = run.result["texts_el"]
    place = run.result["texts_place_el"]
    assert any("Γύρος 1" in t for t in texts)
    assert "Γραμμή 1" in texts
    assert not any("tap" in t or "Row " in t for t in texts + place)
    assert "Τυχαία" in texts
    # an illegal tap is refused in Greek, with the rule that forbids it
    assert run.result["refusal_banner_el"] == "Η τρίτη γραμμή δεν έχει κάρτες για να την πάρετε (κανόνες: «Β. Πάρσιμο μίας γραμμής»)"
    assert run.result["refusal_is_error"]
    assert run.result["actions_after_refusal"] == run.result["actions_before_refusal"]
    assert run.result["proposal_el"] == "Η κάμερα είδε: Ana: παίρνει την δεύτερη γραμμή"
    image = run.image("table_el")
    assert image.shape[:2] == (800, 1280)
    assert float(image.std()) > 20
