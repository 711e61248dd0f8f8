"""The game clock on the table, the thinking times on the scores screen and a player's page
in History, under Xvfb with a fake clock: at 800×480 and 1280×800 in English, and at 800×480 in Greek (the tightest)."""
from __future__ import annotations

import pytest

CASES = [("800x480", "en"), ("1280x800", "en"), ("800x480", "el")]


@pytest.mark.parametrize("size, lang", CASES)
def test_the_table_shows_the_clock_and_the_scores_the_thinking_times(run_ui, size, lang):
    run = run_ui("scenarios_clock:clock_and_thinking", size=size, lang=lang)
    r = run.result
    # from the first move: Bo's 3725 s and Ana's 12 s; the set-up, Ana's 30 s before the first
    # move and the 600 s paused leave no trace
    assert r["face_running"] == "1:02:17" and r["face_paused"] == "1:02:17"
    assert r["note_paused"] and r["note_paused"] != "" and r["clock_text_fits"] == [True, True]
    if lang == "en":
        assert r["note_paused"] == "Paused"
        assert r["thinking"] == ["12 s", "1 h 02 min"]
    else:
        assert r["note_paused"] == "Σε παύση"
        assert r["thinking"] == ["12 δευτ.", "1 ώ. 02 λεπ."]
    # the clock never moves anything: the same place running and paused, the header untouched
    assert r["clock_box_running"] == r["clock_box_paused"]
    assert r["turn_box_running"] == r["turn_box_paused"]
    assert r["thinking_heading"] in r["scores_texts"] and r["thinking_fits"]
    # played to the end without more time: the result keeps the clock, History's player page shows it
    assert r["kept"] == {"seconds": 3737, "thinking": [12, 3725]}
    assert r["final_thinking"] == r["thinking"]
    assert r["marks"] == ["back", "pause", "resume"]
    assert r["player_thinking"] in r["player_overall"]
    for name in ("table_clock", "table_paused", "scores_thinking", "player_thinking"):
        assert run.image(name).shape[:2] == tuple(int(v) for v in reversed(size.split("x")))
