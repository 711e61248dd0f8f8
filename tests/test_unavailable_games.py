"""A registered game whose declaration does not load is listed with its reason (for the
home screen) and logged once, however often the games are listed."""
from __future__ import annotations

import logging

import pytest

from companion import games
from companion.games import available_games, unavailable_games
from tests.registry import register_game


@pytest.fixture
def scratch_registry():
    before = list(games.GAMES)
    yield
    games.GAMES[:] = before
    games._loaded.clear()
    games._broken.clear()


def test_broken_games_are_listed_with_their_reason_and_logged_once(scratch_registry, caplog):
    register_game("ghost", "tests.no_such_manifest", "Ghost")
    register_game("mislabelled", "tests.fake_game", "Mislabelled")
    with caplog.at_level(logging.ERROR, logger="companion.games"):
        for _ in range(3):
            playable = available_games()
            broken = unavailable_games()
    assert "ghost" not in playable and "coloretto" in playable
    assert [(b.name, b.missing) for b in broken] == [("ghost", True), ("mislabelled", False)]
    assert "Run ./setup.sh again" in str(broken[0].reason())
    assert "registry line" in str(broken[1].reason())
    assert caplog.text.count("cannot be played") == 2


def test_a_game_registered_again_is_no_longer_broken(scratch_registry):
    register_game("ghost", "tests.no_such_manifest", "Ghost")
    assert [b.name for b in unavailable_games()] == ["ghost"]
    register_game("ghost", "tests.fake_game", "Counter")   # fixed (wrong name: still broken)
    assert [b.missing for b in unavailable_games()] == [False]
    games.GAMES[:] = [e for e in games.GAMES if e.name != "ghost"]
    assert unavailable_games() == ()
