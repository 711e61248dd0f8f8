"""Playing through the shell: setup by taps, the simulated panel, scores, history, resume."""
from __future__ import annotations

import pytest


def test_counter_game_by_taps_to_scores_and_history(run_ui):
    run = run_ui("play_counter_to_the_end")
    r = run.result
    assert r["turn_at_start"] == "Ana's turn"
    assert r["turn_after_end_turn"] == "Player 2's turn"
    assert r["leds_after_end_turn"][:2] == [False, True]
    assert any("Final scores" in t for t in r["scores_texts"])
    assert len(r["history_rows"]) == 1 and "Counter" in r["history_rows"][0]
    assert "★" in r["history_rows"][0]
    scores = run.image("scores")
    assert scores.shape[:2] == (480, 800)
    # the winner's column is drawn green
    green = (scores[:, :, 1] > 90) & (scores[:, :, 2] < 80) & (scores[:, :, 0] < 80)
    assert green.mean() > 0.05


def test_unfinished_game_is_offered_and_resumes_exactly(run_ui, tmp_path):
    data = tmp_path / "shared-data"
    first = run_ui("start_and_leave", data_dir=data, name="first")
    second = run_ui("resume_after_restart", data_dir=data, name="second")
    assert len(first.result["actions"]) == 2
    assert "Counter" in second.result["resume_text"] and "Ana" in second.result["resume_text"]
    assert second.result["actions"] == first.result["actions"]
    # one Undo takes back the move together with the table's draw after it
    assert second.result["actions_after_undo"] == []


def test_resume_says_what_was_set_aside(run_ui, tmp_path):
    """A damaged last entry is set aside on resume, and the banner says so in words (it
    once read "Something went wrong (ValueError: ...)": a Text where a string was expected)."""
    import sqlite3

    data = tmp_path / "shared-data"
    first = run_ui("start_and_leave", data_dir=data, name="first")
    db = sqlite3.connect(data / "journal.sqlite3")
    db.execute("UPDATE events SET crc = crc + 1 WHERE seq = (SELECT MAX(seq) FROM events)")
    db.commit()
    db.close()
    second = run_ui("resume_with_moves_set_aside", data_dir=data, name="second")
    assert second.result["actions"] == first.result["actions"][:-1]
    banner = second.result["banner"]
    assert "kept aside in the journal" in banner and "went wrong" not in banner, banner
    assert not second.result["banner_is_error"]


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_a_match_goes_on_from_home_after_a_restart_between_two_games(run_ui, tmp_path, size):
    """Game 1 of a Coloretto match of 2 ended, then the app was closed: Home offers the
    next game (it was only on the live scores screen), with the totals so far; its setup
    shows each player's total by name (it hid them), and Start carries them on."""
    import random

    from companion.coloretto import GAME
    from companion.engine import TABLE, GameConfig
    from companion.journal import Journal
    from companion.session import TableSession

    data = tmp_path / "data"
    with Journal(data / "journal.sqlite3") as journal:
        session = TableSession.new(journal, GameConfig.build(
            "coloretto", ["Ana", "Bo", "Cy"], match_games=2))
        rng = random.Random(5)
        while not session.is_over:
            state = session.state
            session.submit(GAME.sample_chance(state, rng) if session.to_act == (TABLE,)
                           else rng.choice(list(GAME.legal_actions(state))))
        totals = session.score_sheet().totals
    r = run_ui("next_game_of_the_match_from_home", data_dir=data, size=size).result
    assert not r["resume_disabled"]
    assert "Next game" in r["resume_text"] and "game 2 of 2" in r["resume_text"], r["resume_text"]
    assert len(r["setup_summary"]) == 1 and r["setup_summary_visible"], r
    summary = r["setup_summary"][0]
    assert "Game 2 of 2" in summary, summary
    for name, total in zip(["Ana", "Bo", "Cy"], totals):
        assert f"{name}:\u00a0{total}" in summary, summary     # name and total kept on one line
    assert r["setup_names"] == ["Ana", "Bo", "Cy"]
    assert r["players"] == ["Ana", "Bo", "Cy"]
    assert r["so_far"] == ",".join(map(str, totals))
