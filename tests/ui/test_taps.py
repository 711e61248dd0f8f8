"""The taps a table spends (issue: set up a 4-player Coloretto with known players in
at most 8 taps, tests/ui/test_setup.py; here a whole 3-player Coloretto by touch)."""
from __future__ import annotations

import random

from companion.engine import TABLE, GameConfig, Player
from companion.games import load_game
from companion.journal import Journal
from companion.session import TableSession
from tests.history.games import fast


def _people(tmp_path):
    """Ann, Bea and Cy in History (one finished counter game)."""
    data = tmp_path / "data"
    game = load_game("counter")
    rng = random.Random(3)
    with Journal(data / "journal.sqlite3") as journal:
        fast(journal)
        config = GameConfig("counter", tuple(Player(s, n, c) for s, (n, c) in enumerate(
            (("Ann", "red"), ("Bea", "blue"), ("Cy", "green")))))
        session = TableSession.new(journal, config)
        while not session.is_over:
            state = session.state
            action = game.sample_chance(state, rng) if session.to_act == (TABLE,) \
                else rng.choice(list(game.legal_actions(state)))
            session.submit(action)
    return data


def test_a_whole_three_player_coloretto_by_touch_counts_its_taps(run_ui, tmp_path):
    r = run_ui("scenarios_taps:coloretto_three_by_touch", data_dir=_people(tmp_path)).result
    assert r["players"] == ["Ann", "Bea", "Cy"]
    taps = r["taps"]
    assert taps["setup"] <= 6, taps                     # New game, (Coloretto), 3 chips, Start
    assert taps["table_setup"] == 5, taps               # a colour back, three start cards, who starts
    # one tap per decision at the table: what was drawn, the row it goes to, the row taken
    assert taps["game"] == sum(r["decisions"].values()), (taps, r["decisions"])
    print(f"taps: {taps}, total {sum(taps.values())}; decisions {r['decisions']}")
