"""A journal of seeded random games of every registered game, made once per module."""
from __future__ import annotations

import pytest

from companion.journal import Journal
from tests.history.games import fast, fill


@pytest.fixture(scope="module")
def filled(tmp_path_factory):
    """(journal, played games): 3 finished games of every registered game."""
    path = tmp_path_factory.mktemp("history") / "journal.sqlite3"
    with Journal(path) as journal:
        fast(journal)
        yield journal, fill(journal, per_game=3, seed=18)
