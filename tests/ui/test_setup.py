"""Setup under Xvfb: kept until Start or Cancel, defaults in the screen's language, colours
as keys (LEDs in the seats' colours), a row of named swatches, known players in one tap."""
from __future__ import annotations

import random

import pytest

from companion.engine import TABLE, GameConfig, Player
from companion.games import load_game
from companion.journal import Journal
from companion.session import TableSession
from tests.history.games import fast
from ui.widgets.panel import SEAT_RGB


def test_setup_is_kept_across_home_language_and_the_board_mapper(run_ui):
    r = run_ui("scenarios_setup:kept_across_language_and_mapper", lang="el").result
    assert r["greek"] == [["Ann", "μωβ"], ["Παίκτης 2", "μπλε"], ["Παίκτης 3", "πράσινο"]]
    # Home, Polish: Ann and her colour kept; the defaults now in Polish
    assert r["polish"] == [["Ann", "fioletowy"], ["Gracz 2", "niebieski"], ["Gracz 3", "zielony"]]
    # Map your board, then Back: names and board file kept
    assert r["caravelas_after"] == r["caravelas_before"] and r["caravelas_after"][1][0] == "Bo"
    assert r["board_after"] == "/media/stick/our-board.json"
    # started: names in the screen's language, colours as keys, LEDs in those colours
    assert r["started"] == [["Ann", "purple"], ["Bo", "blue"], ["Gracz 3", "green"]]
    assert r["leds"] == [[round(c, 2) for c in SEAT_RGB[k]] for k in ("purple", "blue", "green")]
    assert r["after_start"][0] == ["Gracz 1", "czerwony"]
    assert r["after_cancel"][2] == ["Gracz 3", "zielony"]


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_colours_are_a_row_of_named_swatches_on_screen(run_ui, size):
    run = run_ui("scenarios_setup:swatches_measured", size=size)
    r = run.result
    width, height = r["window"]
    assert len(r["swatches"]) == 8
    for x, y, w, h, tw, th in r["swatches"]:
        assert 0 <= x and x + w <= width and 0 <= y and y + h <= height     # nothing off the screen
        assert w >= 48 and h >= 48 and tw <= w and th <= h
    assert len({round(y) for _x, y, *_ in r["swatches"]}) == 1               # one row
    assert [label.split("\n")[0] for label in r["labels"]] == [
        "red", "blue", "green", "yellow", "black", "white", "purple", "orange"]
    assert "Player 1" in r["labels"][0]      # who has red now
    assert r["after_swap"] == ["black", "blue", "green", "yellow", "red"]   # seat 1 takes seat 5's
    assert r["measured"] == []


def finished_games(tmp_path, tables):
    """A data dir whose History holds one finished counter game per table of (name, colour)."""
    data = tmp_path / "data"
    game = load_game("counter")
    rng = random.Random(3)
    with Journal(data / "journal.sqlite3") as journal:
        fast(journal)
        for table in tables:
            config = GameConfig("counter", tuple(Player(s, n, c) for s, (n, c) in enumerate(table)))
            session = TableSession.new(journal, config)
            while not session.is_over:
                state = session.state
                action = game.sample_chance(state, rng) if session.to_act == (TABLE,) \
                    else rng.choice(list(game.legal_actions(state)))
                session.submit(action)
    return data


def _history(tmp_path):
    """Finished counter games: Ann (red), Bea (blue), Cy, then Dan (yellow) and Eve (orange) last."""
    return finished_games(tmp_path, [(("Ann", "red"), ("Bea", "blue"), ("Cy", "green")),
                                     (("Ann", "red"), ("Bea", "blue")),
                                     (("Dan", "yellow"), ("Eve", "orange"), ("Ann", "white"))])


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_known_players_are_seated_in_one_tap(run_ui, tmp_path, size):
    run = run_ui("scenarios_setup:known_players_four", size=size, data_dir=_history(tmp_path))
    r = run.result
    known = [k[0] for k in r["known"]]            # most recent first: the last game's three
    assert set(known[:3]) == {"Dan", "Eve", "Ann"} and known[3:] == ["Bea", "Cy"]
    assert r["seated"] == [["Dan", "yellow"], ["Eve", "orange"], ["Ann", "red"], ["Bea", "blue"]]
    assert r["freed"][1] == ["Player 2", "orange"]
    assert r["started"] == [["Dan", "yellow"], ["Eve", "orange"], ["Ann", "red"], ["Bea", "blue"]]
    assert r["taps"] <= 8, r["taps"]
    assert r["measured"] == []
