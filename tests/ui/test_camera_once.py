"""One Confirm per camera change, said in table words (issue #13), under Xvfb with the
stepped simulated camera."""
from __future__ import annotations

ROWS = ("first", "second", "third", "fourth", "fifth")


def test_a_coloretto_card_seen_by_the_camera_is_one_confirm(run_ui):
    run = run_ui("scenarios_camera_once:coloretto_card_seen_once")
    r = run.result
    [[card, row]] = r["laid"]
    assert len(r["steps"]) == 3 and not r["has_other_reading"]
    colour = card.replace("plus2", "+2")
    assert r["strip"].startswith("Camera saw: Ana draws a")
    assert colour in r["strip"] and r["strip"].endswith(f"and places it on the {ROWS[row]} row")
    assert r["confirmed"] == r["steps"] and not r["pending_after_confirm"]
    assert not r["strip_after_confirm"].startswith("Camera saw")
    assert r["after_undo"] == 0          # one Undo takes the whole card back
