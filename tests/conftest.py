"""Shared fixtures: the counter test game is registered for every test."""
from __future__ import annotations

import pytest

from companion.games import register_game

register_game("counter", "tests.fake_game", "Counter")


@pytest.fixture
def journal(tmp_path):
    from companion.journal import Journal

    with Journal(tmp_path / "journal.sqlite3") as j:
        yield j
