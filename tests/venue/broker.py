"""A real Mosquitto on 127.0.0.1 for the venue tests, configured by venue.broker (the code
setup.sh --venue-hub uses): a random free port, TLS, a password file and the ACL."""
from __future__ import annotations

import getpass
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Sequence

import pytest

from venue.broker import BrokerFiles, write_broker

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Broker:
    """``start()``, ``stop()`` (SIGTERM), ``kill()`` (SIGKILL) and ``restart()`` the same
    broker (same port, same files, its persistence kept)."""

    def __init__(self, folder: Path, venue: str, tables: Sequence[str], tls: bool = True):
        if not os.path.exists(MOSQUITTO):
            pytest.fail("mosquitto is not installed: ./setup.sh --dev installs it (apt's mosquitto)")
        self.folder = folder
        self.venue = venue
        self.port = free_port()
        self.files: BrokerFiles = write_broker(folder, venue, tables, port=self.port, bind="127.0.0.1", tls=tls,
                                               run_as=getpass.getuser())
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def passwords(self) -> dict[str, str]:
        return self.files.passwords

    @property
    def log(self) -> str:
        path = self.folder / "mosquitto.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def start(self, timeout: float = 20.0) -> None:
        self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.files.config)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"mosquitto stopped at start: {self.proc.stderr.read().decode() if self.proc.stderr else ''}"
                                   f"\n{self.log}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"mosquitto did not listen on {self.port} within {timeout} s\n{self.log}")

    def _end(self, sig: int) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, sig)
            self.proc.wait(20)
        self.proc = None

    def stop(self) -> None:
        self._end(signal.SIGTERM)

    def kill(self) -> None:
        self._end(signal.SIGKILL)

    def restart(self) -> None:
        self.stop()
        self.start()
