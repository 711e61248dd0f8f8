"""Every game's table view, mid-game and at the end, readable and tappable from across
the table (issue #13): ≥ 48 px targets, ≥ 14 px text, nothing clipped, contrast ≥ 4.5:1,
measured from what is drawn at 800x480 (and once at 1280x800) in English, Greek and Polish."""
from __future__ import annotations

import pytest

CASES = [
    ("coloretto", "en", "800x480"),
    ("coloretto", "el", "800x480"),
    ("golden_horn", "en", "800x480"),
    ("golden_horn", "pl", "800x480"),
    ("alles_auf_1_karte", "en", "800x480"),
    ("alles_auf_1_karte", "el", "800x480"),
    ("golden_horn", "el", "1280x800"),
]


@pytest.mark.parametrize(("game", "lang", "size"), CASES)
def test_table_views_are_readable_and_tappable(run_ui, game, lang, size):
    run = run_ui(f"scenarios_views_measured:{game}", size=size, lang=lang)
    found = run.result["problems"]
    assert {"scores", "final_table"} <= set(found)
    problems = {look: rows for look, rows in found.items() if rows}
    assert not problems, problems
