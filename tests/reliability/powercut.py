"""Power cuts for the durability tests: only fsynced data survives.

The child runs with ``powercut_shim.c`` preloaded, which copies a watched file
to a snapshot directory at each fsync.  After the SIGKILL, :func:`cut_power`
puts the data directory back as a disk would hold it after the power came
back: every file as of its last fsync, files never fsynced gone (the WAL
index ``-shm`` is never fsynced, so it is always rebuilt)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

SHIM_SOURCE = Path(__file__).with_name("powercut_shim.c")


class ShimUnavailable(RuntimeError):
    """No C compiler: install gcc and libc6-dev (./setup.sh --dev does)."""


def build_shim(into: Path) -> Path:
    """Compile the LD_PRELOAD shim into ``into``; the shared object's path."""
    compiler = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if compiler is None:
        raise ShimUnavailable("the power-cut test needs a C compiler: apt-get install gcc libc6-dev")
    target = into / "powercut_shim.so"
    done = subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-Wall", "-o", str(target),
                           str(SHIM_SOURCE), "-ldl"], capture_output=True, text=True)
    if done.returncode != 0:
        raise ShimUnavailable(f"cannot build {SHIM_SOURCE.name}: {done.stderr.strip()}")
    return target


class PowerSupply:
    """A data directory whose power can be cut.

    ``env(kill_at)`` is the child's environment (LD_PRELOAD and the shim's
    settings); ``cut()`` restores the data directory from the snapshots.
    """

    def __init__(self, shim: Path, data: Path, snapshots: Path):
        self.shim, self.data, self.snapshots = shim, data.resolve(), snapshots.resolve()
        self.data.mkdir(parents=True, exist_ok=True)
        self.snapshots.mkdir(parents=True, exist_ok=True)
        self.restored_files = 0
        self.dropped_files = 0

    def env(self, kill_at_fsync: int | None = None) -> dict[str, str]:
        env = {"LD_PRELOAD": str(self.shim), "POWERCUT_WATCH": str(self.data),
               "POWERCUT_SNAP": str(self.snapshots)}
        if kill_at_fsync is not None:
            env["POWERCUT_KILL_AT"] = str(kill_at_fsync)
        return env

    def cut(self) -> None:
        """After the SIGKILL: the disk keeps what was fsynced, nothing more."""
        for item in self.snapshots.glob("*.tmp"):   # a copy the cut interrupted
            item.unlink()
        for item in self.data.iterdir():
            saved = self.snapshots / item.name
            if saved.exists():
                shutil.copyfile(saved, item)
                self.restored_files += 1
            else:
                item.unlink()
                self.dropped_files += 1
        for saved in self.snapshots.iterdir():
            if not (self.data / saved.name).exists():
                shutil.copyfile(saved, self.data / saved.name)
                self.restored_files += 1
