"""An explicit "abandon this game" (scenarios_abandon.py): never parked silently; the
table's Home asks keep playing, keep it for later, or abandon it."""
from __future__ import annotations


def test_abandon_is_asked_named_and_recorded_and_new_game_asks_about_the_unfinished(run_ui):
    run = run_ui("scenarios_abandon:abandon_from_the_table_and_on_new_game")
    r = run.result
    popup = r["leave_popup"]
    assert popup["title"] == "Leave Coloretto with Ana, Bo, Cy?"
    assert any("marked abandoned" in t and "Home offers it again" in t for t in popup["texts"])
    assert popup["buttons"] == ["keep_playing", "leave_later", "abandon_yes"]
    assert r["after_keep_playing"] == ["table", "playing"]
    assert r["after_abandon"] == ["abandoned", False]
    assert r["after_leave_later"] == ["playing", True]
    asked = r["unfinished_popup"]
    assert asked["title"] == "Coloretto with Ana, Bo, Cy is not finished"
    assert asked["buttons"] == ["unfinished_resume", "unfinished_abandon", "unfinished_later"]
    assert r["resumed"] and r["after_later"] == "playing"
    status, banner = r["after_abandon_on_new_game"]
    assert status == "abandoned" and banner.startswith("Coloretto with Ana, Bo, Cy was abandoned")
    rows = r["unfinished_rows"]
    assert len(rows) == 2 and all(row.endswith(" · abandoned") for row in rows)
    assert r["played"] == 0
    for name in ("history_unfinished", "table_before_leaving"):
        assert run.image(name).shape[:2] == (480, 800)
    for name in ("leave_popup", "unfinished_popup"):       # the popups alone, inside the window
        height, width = run.image(name).shape[:2]
        assert 0 < height <= 480 and 0 < width <= 800
