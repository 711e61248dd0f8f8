"""The Pebbles test game in the real app (Xvfb): what docs/adding-a-game.md promises of a
game's Kivy side, a setup option editor and a score extra, shows on the generic screens."""
from __future__ import annotations


def test_pebbles_own_pile_editor_and_score_extra(run_ui):
    r = run_ui("scenarios_pebbles:pile_then_scores").result
    assert r["pile_sizes"] == [15, 21, 30] and r["pile_default"] == [21]
    assert r["pile_option"] == 15                      # the editor's value reached the config
    assert r["view"] == "GenericView"
    assert r["marks"] == 1 and r["mark_width"] == r["column_width"]   # under Ann's column only
    assert "Took the last pebble" in r["headings"]
