"""The layout never moves under a finger: one fixed message strip, a steady header,
taps that land where the finger went down."""
from __future__ import annotations

import numpy as np
import pytest

from ui.colours import SEAT_RGB


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_messages_and_proposals_never_move_what_players_tap(run_ui, size):
    run = run_ui("scenarios_layout:messages_keep_the_layout", size=size)
    r = run.result
    boxes = r["boxes"]
    for moment in ("refusal", "proposal", "after_confirm", "news"):
        assert boxes[moment] == boxes["quiet"], moment
    assert r["strip_height_quiet"] == r["strip_height_refusal"] > 0
    # a refusal too long for the strip's two lines ends in "…" at a word and opens in full
    assert r["refusal_cut"] and r["refusal_shown"].endswith("…")
    assert r["refusal_shown"][:-1] in r["popup_texts"][-1] or any(
        t.startswith("Reaching Constantinople") and t.endswith("may be declared") for t in r["popup_texts"])
    assert r["proposal_shown"].startswith("Camera saw: ") and "adds 3" in r["proposal_shown"]
    assert r["confirmed_while_refusal_came"]
    assert r["moved_while_banner_cleared"]
    assert r["undone_while_banner_came"]
    assert r["undo_banner"] == "Undone: seat 1 adds 3"   # undo says what it took back
    # the generic table view: ≥ 48 px targets, ≥ 14 px text, nothing clipped, contrast ≥ 4.5:1
    assert r["problems_generic_table"] == []
    if size == "800x480":   # the header's size is set for the 7" screen
        whose_turn_is_large_and_on_the_seat_colour(run)


def whose_turn_is_large_and_on_the_seat_colour(run):
    turn = run.result["turn"]
    assert turn["text"] == "Ana's turn"
    # 8 mm on a 7" 800x480 screen (154 mm wide: 5.2 px per mm) is 42 px
    assert turn["texture_height"] >= 42
    red = SEAT_RGB["red"]
    assert turn["rgba"][:3] == pytest.approx(red)
    quiet = run.image("quiet")   # BGR
    header = quiet[60:110, 20:200].reshape(-1, 3).astype(int)
    target = np.array(red[::-1]) * 255
    assert (np.abs(header - target).max(axis=1) < 10).mean() > 0.5


# The shell screens (home, settings, hardware test, history, every game's setup) are measured
# in every language by tests/ui/test_gallery.py, within the runs it makes anyway.


def test_bigger_screens_draw_larger_and_keep_room():
    from ui.kiosk import ui_scale

    assert ui_scale(800, 480) == 1.0 and ui_scale(640, 400) == 1.0   # never smaller than designed
    assert ui_scale(1280, 800) == 1.24                                # larger text, and room for more
    assert 1280 / ui_scale(1280, 800) >= 1000                         # Golden Horn's side-by-side camera
    assert ui_scale(1920, 1080) > ui_scale(1280, 800)
