"""A slow disk never freezes the screen: the real app under Xvfb with the journal's write of
a move held (scenarios_slow_disk.py)."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_a_held_write_keeps_the_screen_drawing_and_shows_the_move_once_written(run_ui, size):
    run = run_ui("scenarios_slow_disk:end_turn_on_a_slow_disk", size=size)
    r = run.result
    # the move's write is on the journal's writer thread, and the screen draws meanwhile
    assert r["writer_threads"] == ["journal-writer"]
    assert not r["returned_before_second_press"]
    assert r["frames_during_write"] >= 5
    # nothing of the move shows before its write returned: the turn, the LEDs, the actions
    assert r["turn_while_pending"] == r["turn_before"]
    assert r["actions_while_pending"] == 0
    assert r["led_while_pending"][:2] == [True, False]
    assert r["returned_when_shown"] is True
    # a second press of END TURN while it is saved is answered, refused: one turn ends
    assert not r["returned_at_refusal"]
    assert r["second_press_banner"] == "The last move is still being saved: tap again once it shows."
    assert len(r["actions_after"]) == 1
    assert r["events_on_disk"] == 1
    assert r["turn_after"] != r["turn_before"]
    assert "still being saved" not in r["banner_after_landed"]   # the refusal goes once the move shows
