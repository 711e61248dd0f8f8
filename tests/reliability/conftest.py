"""Fixtures that break storage on purpose (see storage_faults.py)."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.reliability.storage_faults import small_disk


@pytest.fixture
def tiny_disk(tmp_path):
    """A 512 KiB filesystem (yields its folder)."""
    with small_disk(tmp_path / "tiny", 512) as folder:
        yield folder


@pytest.fixture
def remount_read_only():
    """``remount_read_only(folder)`` makes a tmpfs folder read-only (as a failing SD card)."""
    mounted: list[Path] = []

    def remount(folder: Path) -> None:
        done = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True)
        assert done.returncode == 0, done.stderr
        mounted.append(folder)

    yield remount
    for folder in mounted:
        subprocess.run(["mount", "-o", "remount,rw", str(folder)], check=False)
