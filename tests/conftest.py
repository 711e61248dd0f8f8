"""Shared fixtures: the counter and Pebbles test games are registered for every test; every test
under tests/ui/ is marked ``ui`` (``pytest -m "not ui"`` is the quick loop)."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import register_game

register_game("counter", "tests.fake_game", "Counter")
register_game("pebbles", "tests.pebbles.manifest", "Pebbles")   # the proof of docs/adding-a-game.md

UI_TESTS = Path(__file__).resolve().parent / "ui"


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "ui: drives the real Kivy app under Xvfb (slow); deselect with -m 'not ui'")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if UI_TESTS in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.ui)


@pytest.fixture
def journal(tmp_path):
    from companion.journal import Journal

    with Journal(tmp_path / "journal.sqlite3") as j:
        yield j
