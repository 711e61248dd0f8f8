"""Caravelas's table under Xvfb at 800x480 and 1280x800: the map's key, the header
clear of the map, no Correct button (Caravelas has no counts to correct)."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_the_map_key_is_one_tap_away_and_the_map_stays_in_its_area(run_ui, size):
    run = run_ui("scenarios_caravelas_table:map_key_and_header", size=size)
    r = run.result
    width, height = (int(v) for v in size.split("x"))
    assert not r["correct_shown"]
    assert r["key_shown"]
    x, y, w, h = r["key_box"]
    assert 0 <= x and x + w <= width and 0 <= y and y + h <= height and w >= 48 and h >= 48
    texts = " ".join(r["key_texts"])
    assert "the number is the points its shield gives" in texts
    assert "Madeira · 1 point · loads pepper" in texts        # the ports by name, points, goods
    assert "Guinea · 4 points · loads chilli peppers" in texts
    assert r["spot"] and r["spot_in_view"]                    # a port tapped in the key: ringed, in view
    # the header's pixels stay the header's colour (a map cell or a ship drawn over it would not)
    hx, hy, hw, hh = r["header_box"]
    colour = [round(c * 255) for c in r["header_rgba"][:3]][::-1]       # BGR
    for name in ("dragged_down", "dragged_up"):
        image = run.image(name)
        top = height - (hy + hh)
        strip = image[int(top) + 2:int(top + hh) - 2, int(hx) + int(hw * 0.6):int(hx + hw) - 4]
        off = (abs(strip.astype(int) - colour).sum(axis=2) > 60).mean()
        assert off < 0.01, (name, off)
