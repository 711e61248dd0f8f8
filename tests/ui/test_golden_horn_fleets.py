"""Golden Horn's real sails asked for before the first game of a copy, by taps at 800x480,
remembered for the copy by the players' colours, with a warning for other seats."""
from __future__ import annotations

from companion.golden_horn.fleets import sample_fleet


def test_sails_asked_then_remembered_by_colour_with_a_warning(run_ui):
    run = run_ui("scenarios_golden_horn_fleets:first_game_then_remembered")
    r = run.result
    first = r["first"]
    assert first["fleets"] == [None, None] and first["statuses"] == ["not entered yet"] * 2
    assert first["notice"].startswith("First game with this copy")
    assert r["picker_title"] == "Ann's ships: tap a sail, then its colour"
    assert r["save_disabled_blank"] is True
    assert r["picked"] == ["RRB", "PG", "Y"]
    assert r["second_title"].startswith("Bea's ships")
    entered = r["entered"]
    assert entered["statuses"] == ["", "sample sails"]
    assert entered["notice"].startswith("Some players use the sample sails")
    assert r["start_banner"].startswith("Bea: the sample sails are used")
    bea = " ".join(sample_fleet(1))
    assert r["config_fleets"] == f"RRB PG Y / {bea}"
    assert r["ship_sails"][:3] == [["B", "R"], ["G", "P"], ["Y"]]
    # the same players in each other's seats: the fleets follow their colours, with a warning
    swapped = r["swapped"]
    assert swapped["fleets"] == [list(sample_fleet(1)), ["RRB", "PG", "Y"]]
    assert "other seats" in swapped["notice"]
    three = r["three"]
    assert three["fleets"][:2] == [["RRB", "PG", "Y"], list(sample_fleet(1))] and three["fleets"][2] is None
    assert three["statuses"][2] == "not entered yet"
    assert "entered for 2 players" in three["notice"]
    problems = {look: rows for look, rows in r["problems"].items() if rows}
    assert not problems, problems
    assert run.image("picker_popup").std() > 20
