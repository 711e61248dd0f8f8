"""Caravelas's setup options under Xvfb: grouped, in sentences, with pickers."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_options_are_grouped_behind_one_tap_with_pickers_instead_of_codes(run_ui, size):
    r = run_ui("scenarios_caravelas_setup:options_grouped_with_pickers", size=size).result
    # the few a table sets every time; the rest behind one tap per group
    assert r["shown_at_first"] == ["Board", "Mapped board file", "Variant", "Round limit"]
    assert r["folds"] == ["For your copy of the game · 5 settings · tap to show",
                          "Where the rulebook is unclear · 12 settings · tap to show"]
    assert "The faces of your red die" in r["shown_with_copy"]
    assert "The event cards in your box" in r["shown_with_copy"]
    assert r["die_total"] == "6 faces together (a die has 6)"
    # no codes to type: the only text field is the board file's
    assert len(r["text_fields"]) == 1
    texts = " ".join(r["every_text"])
    for code in ("docs/", "caravelas-board/", "storm2=", "red red", "Storm cards are checked"):
        assert code not in texts, code
    assert r["deck_total"] == "86 cards together (the box has 86)"
    assert r["kept_open"]
    assert r["die"] == "red red red 1 1 1" and r["rules_die"] == ["red", "red", "red", "1", "1", "1"]
    assert "calm=9" in r["deck"] and "wind=17" in r["deck"]
    assert not r["storm_option_set"]          # no longer on the setup screen (it changes nothing)
    assert r["measure_closed"] == [] and r["measure_copy"] == []
