"""The taps a table spends (issue: set up a 4-player Coloretto with known players in
at most 8 taps, tests/ui/test_setup.py; here a whole 3-player Coloretto by touch)."""
from __future__ import annotations

from tests.ui.test_setup import finished_games


def _people(tmp_path):
    """Ann, Bea and Cy in History (one finished counter game)."""
    return finished_games(tmp_path, [(("Ann", "red"), ("Bea", "blue"), ("Cy", "green"))])


def test_a_whole_three_player_coloretto_by_touch_counts_its_taps(run_ui, tmp_path):
    r = run_ui("scenarios_taps:coloretto_three_by_touch", data_dir=_people(tmp_path)).result
    assert r["players"] == ["Ann", "Bea", "Cy"]
    taps = r["taps"]
    assert taps["setup"] <= 6, taps                     # New game, (Coloretto), 3 chips, Start
    assert taps["table_setup"] == 5, taps               # a colour back, three start cards, who starts
    # one tap per decision at the table: what was drawn, the row it goes to, the row taken
    assert taps["game"] == sum(r["decisions"].values()), (taps, r["decisions"])
    print(f"taps: {taps}, total {sum(taps.values())}; decisions {r['decisions']}")
