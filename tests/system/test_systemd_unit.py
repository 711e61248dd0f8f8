"""The kiosk unit: systemd-analyze verify (where available) and the settings the design asks for."""
from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "table-companion.service"


def rendered(tmp_path: Path) -> Path:
    """The unit as setup.sh --service installs it (placeholders filled)."""
    text = UNIT.read_text().replace("@ROOT@", str(ROOT)).replace("@USER@", "companion")
    path = tmp_path / "table-companion.service"
    path.write_text(text)
    return path


def parsed() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # keep the keys' case
    parser.read_string(UNIT.read_text())
    return parser


def test_unit_asks_for_kiosk_restart_watchdog_and_hardening():
    service = parsed()["Service"]
    assert service["Type"] == "notify"
    assert service["Restart"] == "on-failure"
    assert int(service["WatchdogSec"]) > 0
    assert service["NoNewPrivileges"] == "yes"
    assert service["ProtectSystem"] == "strict"
    assert "/var/lib/table-companion" in service["ReadWritePaths"]
    assert set(service["SupplementaryGroups"].split()) == {"gpio", "video", "input", "render"}
    assert "--fullscreen" in service["ExecStart"] and "--data-dir /var/lib/table-companion" in service["ExecStart"]
    environment = UNIT.read_text()
    assert "SDL_VIDEODRIVER=kmsdrm" in environment
    assert parsed()["Install"]["WantedBy"] == "multi-user.target"


def test_systemd_analyze_verify(tmp_path):
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze is not installed here")
    if not (ROOT / ".venv" / "bin" / "companion").exists():
        pytest.skip("run ./setup.sh first: the unit's ExecStart must exist")
    proc = subprocess.run([tool, "verify", str(rendered(tmp_path))], capture_output=True, text=True,
                          timeout=60)
    problems = [line for line in (proc.stdout + proc.stderr).splitlines()
                if "table-companion.service" in line]
    assert proc.returncode == 0 and problems == [], proc.stdout + proc.stderr


def test_watchdog_ping_reaches_notify_socket(tmp_path, monkeypatch):
    import socket

    from ui import sdnotify

    address = str(tmp_path / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(address)
        monkeypatch.setenv("NOTIFY_SOCKET", address)
        assert sdnotify.ready() and sdnotify.watchdog()
        assert server.recv(64) == b"READY=1"
        assert server.recv(64) == b"WATCHDOG=1"
    monkeypatch.delenv("NOTIFY_SOCKET")
    assert sdnotify.ready() is False


def test_setup_script_is_strict_and_knows_its_options():
    text = (ROOT / "setup.sh").read_text()
    assert text.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in text
    proc = subprocess.run(["bash", str(ROOT / "setup.sh"), "--bogus"], capture_output=True, text=True,
                          timeout=30)
    assert proc.returncode != 0 and "unknown option '--bogus'" in proc.stderr
