"""Alles auf 1 Karte with 3 and 4 players at 800x480 and 1280x800: every player's
panel can be brought into view whole, and the acting player's panel is in view at
each new moment (issue: the third panel was off-screen, or cut at 1280)."""
from __future__ import annotations

import pytest

from companion.colour_symbols import COLOUR_SYMBOLS


def _inside(box, area) -> bool:
    """The panel's whole width in the area, and its top (the name strip and its
    button) too: at 800x480 a panel's cards may go on below, reached by scrolling down,
    never sideways."""
    x, y, w, h = box
    ax, ay, aw, ah = area
    return ax - 1 <= x and x + w <= ax + aw + 1 and y + h <= ay + ah + 1 and y + h - 48 >= ay - 1


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_every_panel_is_reachable_and_the_acting_one_in_view(run_ui, size):
    r = run_ui("scenarios_alles_panels:three_and_four_players", size=size).result
    for moment in ("mark_3", "throw_3", "mark_4", "throw_4"):
        seen = r[moment]
        players = int(moment[-1])
        assert len(seen["panels"]) == players, moment
        # what shows is shown whole: no panel cut by the screen's edge
        for key, panel in seen["panels"].items():
            if panel["shown"]:
                assert _inside(panel["box"], seen["scroll"]), (moment, key, panel, seen["scroll"])
        acting = str(seen["acting"])
        assert seen["panels"][acting]["shown"], (moment, acting)      # the acting player in view
        for key, panel in seen["reached"].items():                  # every player one tap away
            assert panel["shown"] and _inside(panel["box"], seen["scroll"]), (moment, key, panel)
        if not all(p["shown"] for p in seen["panels"].values()):
            assert len(seen["tabs"]) == players, seen["tabs"]
            # her whole name, after her colour's symbol
            assert any(tab.startswith(tuple(f"{mark} Giulia\n" for mark in COLOUR_SYMBOLS.values()))
                       for tab in seen["tabs"]), seen["tabs"]
