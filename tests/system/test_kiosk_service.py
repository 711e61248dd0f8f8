"""`setup.sh --service` beyond the unit itself: the systemd version it renders the unit for.
Read through dry runs on a pretend Pi."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.system.install import dry_run, unit_settings, values, written_files

UNIT_PATH = "/etc/systemd/system/table-companion.service"


def service_dry_run(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    proc = dry_run(tmp_path, "--service", env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


def fake_commands(tmp_path: Path, **scripts: str) -> str:
    """A PATH with small shell scripts standing in for the named commands first."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, body in scripts.items():
        path = bin_dir / name
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(0o755)
    return f"{bin_dir}:{os.environ['PATH']}"


# -- the systemd version -----------------------------------------------------------------------
def rendered_unit(proc: subprocess.CompletedProcess[str]) -> dict[str, list[tuple[str, str]]]:
    return unit_settings(written_files(proc.stdout)[UNIT_PATH])


@pytest.mark.parametrize(("reported", "growing"), [
    ("systemd 257 (257.9-1~deb13u1)", True),   # Raspberry Pi OS trixie
    ("systemd 254 (254.5-1)", True),           # the first with RestartSteps=
    ("systemd 253 (253.1-1)", False),
    ("systemd 252 (252.38-1~deb12u1)", False),  # Bookworm, the Legacy image
])
def test_the_unit_follows_the_version_systemctl_reports(tmp_path, reported, growing):
    path = fake_commands(tmp_path, systemctl=(
        f'case "$1" in --version) echo "{reported}"; echo "+PAM +AUDIT";; '
        'get-default) echo multi-user.target;; esac'))
    proc = service_dry_run(tmp_path, PATH=path)
    unit = rendered_unit(proc)
    version = reported.split()[1]
    assert f"systemd {version}: after a crash the kiosk restarts" in proc.stdout
    assert bool(values(unit, "Service", "RestartSteps")) is growing
    assert values(unit, "Unit", "StartLimitIntervalSec") == (["0"] if growing else ["60"])


def test_the_version_override_wins_and_an_unreadable_version_gets_252s_unit(tmp_path):
    path = fake_commands(tmp_path, systemctl='case "$1" in --version) echo "systemd 257 (257.9)";; esac')
    unit = rendered_unit(service_dry_run(tmp_path, PATH=path, TABLE_COMPANION_SYSTEMD_VERSION="252"))
    assert not values(unit, "Service", "RestartSteps")
    for reported in ("bogus 12", ""):
        path = fake_commands(tmp_path, systemctl=f'case "$1" in --version) echo "{reported}";; esac')
        proc = service_dry_run(tmp_path, PATH=path)
        assert "could not read systemd's version" in proc.stderr
        unit = rendered_unit(proc)
        assert not values(unit, "Service", "RestartSteps")
        assert values(unit, "Unit", "StartLimitBurst") == ["5"]
