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
    marked = _collect("-m", "ui", "tests/ui", "tests/test_markers.py")
    assert marked and all(node.startswith("tests/ui/") for node in marked)
    assert _collect("-m", "not ui", "tests/ui") == []
    assert _collect("-m", "not ui", "tests/test_markers.py") != []


def test_the_ui_marker_is_registered():
    done = subprocess.run([sys.executable, "-m", "pytest", "--markers"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert "@pytest.mark.ui:" in done.stdout
