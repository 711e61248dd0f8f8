"""The ``ui`` marker: tests/conftest.py puts it on every test under tests/ui/ (and
only there), so ``pytest -m "not ui"`` leaves out the slow Kivy tests."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _collect(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "--collect-only", "-q", "--strict-markers", "-p", "no:cacheprovider",
         *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 5), done.stdout + done.stderr      # 5: nothing selected
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_every_ui_test_and_nothing_else_is_marked_ui():
    """Collected with --strict-markers, so an unregistered ``ui`` marker fails too."""
    marked = _collect("-m", "ui", "tests/ui", "tests/test_markers.py")
    assert marked and all(node.startswith("tests/ui/") for node in marked)
    assert _collect("-m", "not ui", "tests/ui", "tests/test_markers.py") == [
        "tests/test_markers.py::test_every_ui_test_and_nothing_else_is_marked_ui"]
