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


@pytest.fixture
def remount_ro():
    """``remount_ro(folder)`` makes a tmpfs folder read-only (a stick with its lock switch on)."""
    import subprocess

    mounted = []

    def remount(folder) -> None:
        done = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True)
        assert done.returncode == 0, done.stderr
        mounted.append(folder)

    yield remount
    for folder in mounted:
        subprocess.run(["mount", "-o", "remount,rw", str(folder)], check=False)
