"""One Confirm per camera change, said in table words, under Xvfb with the
stepped simulated camera."""
from __future__ import annotations

import pytest

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


def test_one_camera_step_is_searched_once_and_its_confirm_applies_nothing_again(run_ui):
    """In the running app: the reading of one card is searched once (each of its three steps
    applied once); the strip's Confirm plays what that search found, without applying the
    steps again or searching the same reading afresh."""
    r = run_ui("scenarios_camera_once:coloretto_card_counted").result
    assert r["steps"] == 3
    assert r["camera_step"] == {"searches": 1, "applies": 3, "proposes": 1}
    assert r["confirm"] == {"searches": 0, "applies": 0, "proposes": 0}
    assert not r["pending_after_confirm"]


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_the_golden_horn_camera_view_never_replaces_the_move_controls(run_ui, size):
    run = run_ui("scenarios_camera_once:golden_horn_camera_beside_controls", size=size)
    r = run.result
    assert set(r["controls"]) >= {"ship_a", "ship_b", "ship_c"}
    assert not any(disabled for _box, disabled in r["controls"].values())
    assert r["covered"] == []                           # nothing of the controls under the camera
    assert r["camera_still_shown"] and len(r["destinations"]) >= 1
    assert r["problems"] == [] and r["problems_ship"] == []
    assert run.image("gh_camera_and_controls").shape[:2] == tuple(int(n) for n in reversed(size.split("x")))


@pytest.mark.parametrize(("size", "lang"), [("800x480", None), ("1280x800", None), ("800x480", "el")])
def test_ship_chips_in_a_crowded_port_are_readable_and_apart(run_ui, size, lang):
    """Golden Horn's route: ship labels ≥ 14 px, never overlapping, with 9+ ships in a
    port, with the GPIO panel on the Pi and beside the on-screen panel; the screen measures clean
    (in Greek too: four seat headers in 800 px wrap, never cut)."""
    r = run_ui("scenarios_camera_once:golden_horn_crowded_port", size=size, lang=lang).result
    assert r["ships_in_port"] == 12
    for shown in ("no_panel", "panel"):
        chips, port, title = r[shown]["chips"], r[shown]["port_box"], r[shown]["title_box"]
        assert chips and sum(int(c["text"][1:]) for c in chips) == 12, shown     # every ship counted
        for chip in chips:
            x0, y0, x1, y1 = chip["box"]
            assert chip["font"] >= 14
            assert chip["needs"][0] <= x1 - x0 + 1 and chip["needs"][1] <= y1 - y0 + 1, (shown, chip)   # not clipped
            assert port[0] - 1 <= x0 and x1 <= port[2] + 1 and port[1] - 1 <= y0 and y1 <= port[3] + 1
            assert not _overlap(chip["box"], title)
        for i, a in enumerate(chips):
            for b in chips[i + 1:]:
                assert not _overlap(a["box"], b["box"]), (shown, a, b)
        assert r[shown]["problems"] == [], shown


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1
