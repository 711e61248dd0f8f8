"""Shared fixtures: the counter and Pebbles test games are registered for every test; every test
under tests/ui/ is marked ``ui`` (``pytest -m "not ui"`` is the quick loop)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.registry import register_counter, register_pebbles

# tests that import Kivy in this process: Kivy must not read pytest's arguments as its own
os.environ.setdefault("KIVY_NO_ARGS", "1")
register_counter()
register_pebbles()   # the proof of docs/adding-a-game.md

UI_TESTS = Path(__file__).resolve().parent / "ui"


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "ui: drives the real Kivy app under Xvfb (slow); deselect with -m 'not ui'")


#: tests that take tens of seconds each (a real app run, a child process per power cut):
#: run first, so the two workers share them and the quick ones fill the end evenly
#: (xdist hands tests out in collection order) instead of one worker finishing a long
#: test while the other waits
LONG = (UI_TESTS, UI_TESTS.parent / "reliability", UI_TESTS.parent / "core" / "test_kill9.py")


def _runs_long(item) -> bool:
    path = Path(str(item.path)).resolve()
    return any(path == long or long in path.parents for long in LONG)


def _under_ui(item) -> bool:
    return UI_TESTS in Path(str(item.path)).resolve().parents


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _under_ui(item):
            item.add_marker(pytest.mark.ui)
    # every test under tests/ui/ is marked ui and no other is (the marker itself is registered
    # above; --strict-markers in pyproject.toml rejects a misspelt one): checked at every collection
    wrong = [item.nodeid for item in items if (item.get_closest_marker("ui") is not None) != _under_ui(item)]
    if wrong:
        raise pytest.UsageError("the ui marker belongs on every test under tests/ui/ and on no "
                                f"other: {', '.join(wrong)}")
    items.sort(key=lambda item: not _runs_long(item))   # stable: the order within each group stays


@pytest.fixture
def journal(tmp_path):
    from companion.journal import Journal

    with Journal(tmp_path / "journal.sqlite3") as j:
        yield j


@pytest.fixture
def remount_read_only():
    """``remount_read_only(folder)`` makes a tmpfs folder read-only (a failing SD card, a USB stick
    with its lock switch on); each is made writable again afterwards."""
    import subprocess

    mounted: list[Path] = []

    def remount(folder: Path) -> None:
        done = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True)
        assert done.returncode == 0, done.stderr
        mounted.append(folder)

    yield remount
    for folder in mounted:
        subprocess.run(["mount", "-o", "remount,rw", str(folder)], check=False)
