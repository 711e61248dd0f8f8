"""Fixtures that break storage on purpose: a tiny filesystem that fills up,
a folder mounted read-only (both need root and a kernel that lets us mount
tmpfs; the tests say so when it cannot)."""
from __future__ import annotations

import contextlib
import subprocess
from pathlib import Path

import pytest


def _mount(target: Path, options: str) -> bool:
    target.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(target)],
                          capture_output=True, text=True)
    return done.returncode == 0


@contextlib.contextmanager
def small_disk(target: Path, size_kib: int):
    if not _mount(target, f"size={size_kib}k"):
        pytest.skip("cannot mount a small tmpfs here (needs root): full-disk case not run")
    try:
        yield target
    finally:
        subprocess.run(["umount", "-l", str(target)], check=False)


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
