"""Storage broken on purpose, for the reliability and UI tests: a tiny
filesystem that fills up (needs root and a kernel that lets us mount tmpfs;
the tests say so when it cannot), and filling it to the last byte."""
from __future__ import annotations

import contextlib
import os
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


def fill_disk(folder: Path) -> Path:
    """Fill the filesystem of ``folder`` to the last byte; the filler file, to delete later."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"x" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler
