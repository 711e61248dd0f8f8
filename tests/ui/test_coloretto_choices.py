"""Coloretto's rule choices under Xvfb: the setup options, the golden joker's top card
by taps (800x480), a player's own side and a match of two games with its running total
on the scores screen and in the history (800x480 and 1280x800)."""
from __future__ import annotations

import pytest


def test_setup_options_and_the_golden_jokers_top_card_by_taps(run_ui):
    run = run_ui("scenarios_coloretto_choices:golden_joker_by_taps")
    r = run.result
    for text in ("Jokers", "Three jokers (recommended)", "Scoring side for each player",
                 "Everyone the same side (recommended)", "Games added together", "One game (recommended)"):
        assert text in r["option_texts"]
    assert "Earlier games of this match" not in r["option_texts"]   # the companion fills it in
    assert r["jokers_option"] == "golden"
    assert "golden_joker" in r["golden_button"]
    assert r["prompt_golden"] == "Bo took the golden joker: tap the top card of the pile"
    assert "Bo took the golden joker and also takes the top card of the pile" in r["banner_golden"]
    assert r["bo_after"] == {"jokers": 1, "green": 1}
    assert r["turn_after"] == 2 and r["prompt_after"].startswith("Cy: ")
    assert run.image("golden_top_card").shape[:2] == (480, 800)


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_a_match_of_two_games_with_a_players_own_side(run_ui, size):
    run = run_ui("scenarios_coloretto_choices:match_with_own_side", size=size)
    r = run.result
    first, second = r["totals_first"], r["totals_second"]
    assert r["match_first"].startswith("Game 1 of 2. Total so far: ")
    assert r["next_buttons"] == 1
    assert r["side_toggles"] == [["Brown side", "down"], ["Grey side", "normal"]]
    assert "Scored with the grey side" in r["scores_grey"]
    assert r["second_players"] == ["Ana", "Bo", "Cy"]
    assert r["second_so_far"] == ",".join(map(str, first))
    assert r["second_phase"] == "remove_colours"        # a new game, set up as the rulebook says
    # "Game over" was the first game's news: the second table starts with a clear strip
    assert r["banner_first_over"] == "Game over" and r["banner_second_start"] == ""
    running = [a + b for a, b in zip(first, second)]
    assert r["match_last"].startswith("Match over after 2 games. Total: ")
    for name, total in zip(("Ana", "Bo", "Cy"), running):
        assert f"{name} {total}" in r["match_last"]
    assert r["next_buttons_last"] == 0
    assert any(f"game 2 of 2, total so far: {', '.join(map(str, running))}" in row for row in r["history_rows"])
    width, height = map(int, size.split("x"))
    assert run.image("scores_match_over").shape[:2] == (height, width)
