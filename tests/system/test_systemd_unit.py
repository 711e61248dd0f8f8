"""The kiosk unit, as setup.sh renders it for systemd 252 (Raspberry Pi OS Bookworm, the
Legacy image) and 257 (trixie): the settings the Pi needs, the back-off each systemd gets,
`systemd-analyze verify` (where the tool exists) and its `security` exposure, which the
README reports."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.system.install import (
    README_EXPOSURE,
    ROOT,
    UNIT_TEMPLATE,
    dry_run,
    environment,
    unit_settings,
    values,
    written_files,
)

DATA_DIR = "/var/lib/table-companion"
UNIT_NAME = "table-companion.service"
TIMER_NAME = "table-companion-retry.timer"
BOOKWORM, TRIXIE = "252", "257"
VERSIONS = (BOOKWORM, TRIXIE)
# systemd.service(5): RestartSteps=, RestartMaxDelaySec= and RestartMode= are each "Added in
# version 254"; systemd 252 ignores them with an "Unknown key name" warning.
KEYS_SINCE_254 = {"RestartSteps", "RestartMaxDelaySec", "RestartMode"}

Sections = dict[str, list[tuple[str, str]]]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> dict[str, dict[str, Path]]:
    """{systemd version: {file name: path}}: the unit and timer exactly as `setup.sh --service`
    would write them for that systemd (dry run on a pretend Pi), each version in a folder of
    its own, with the install prefix in a temporary folder whose venv/bin/companion is the
    checkout's (so ExecStart= exists)."""
    tmp = tmp_path_factory.mktemp("render")
    prefix = tmp / "opt"
    out: dict[str, dict[str, Path]] = {}
    for version in VERSIONS:
        proc = dry_run(tmp, "--service", prefix=prefix, env={"TABLE_COMPANION_SYSTEMD_VERSION": version})
        assert proc.returncode == 0, proc.stdout + proc.stderr
        files = written_files(proc.stdout)
        units = tmp / f"systemd-{version}"
        units.mkdir()
        out[version] = {}
        for name in (UNIT_NAME, TIMER_NAME):
            (path,) = [p for p in files if p.endswith("/" + name)]
            assert path == f"/etc/systemd/system/{name}"
            out[version][name] = units / name
            out[version][name].write_text(files[path])
    companion = prefix / "venv" / "bin" / "companion"
    companion.parent.mkdir(parents=True)
    real = ROOT / ".venv" / "bin" / "companion"
    if real.exists():
        companion.symlink_to(real)
    else:  # only the unit's syntax is checked then
        companion.write_text("#!/bin/sh\nexit 0\n")
        companion.chmod(0o755)
    return out


@pytest.fixture(scope="module")
def units(rendered) -> dict[str, Sections]:
    """{systemd version: the rendered unit's settings}."""
    return {version: unit_settings(files[UNIT_NAME].read_text()) for version, files in rendered.items()}


def single(sections: Sections, section: str, key: str) -> str:
    found = values(sections, section, key)
    assert len(found) == 1, f"{key}= appears {len(found)} times in [{section}]"
    return found[0]


def restart_delays(restart_sec: float, steps: int, max_delay: float, count: int) -> list[float]:
    """The pause before each of ``count`` restarts in a row, as systemd 254+ computes it
    (src/core/service.c, service_restart_usec_next(); systemd.service(5), RestartSteps=): the
    first is RestartSec=, then it grows by (max / RestartSec)^(1 / steps) each time up to
    RestartMaxDelaySec=, reached at restart steps + 1."""
    return [restart_sec * (max_delay / restart_sec) ** ((n - 1) / steps) if n <= steps else max_delay
            for n in range(1, count + 1)]


def most_starts_in(starts: list[float], interval: float) -> int:
    """The most starts one start-limit window holds. systemd's window (ratelimit_below())
    opens at a start and counts the starts until ``interval`` has passed."""
    return max(sum(1 for s in starts if first <= s <= first + interval) for first in starts)


@pytest.mark.parametrize("version", VERSIONS)
def test_unit_is_a_notify_kiosk_that_always_restarts_and_stops_cleanly(units, rendered, version):
    unit = units[version]
    assert single(unit, "Service", "Type") == "notify"
    assert single(unit, "Service", "NotifyAccess") == "main"
    assert single(unit, "Service", "Restart") == "always"
    assert single(unit, "Service", "RestartSec") == "3"
    assert int(single(unit, "Service", "WatchdogSec")) > 0
    assert single(unit, "Service", "TimeoutStopSec") == "10"  # the app stops within 5 s of SIGTERM
    assert single(unit, "Service", "KillSignal") == "SIGTERM"
    assert single(unit, "Install", "WantedBy") == "multi-user.target"
    exec_start = single(unit, "Service", "ExecStart")
    prefix = rendered[version][UNIT_NAME].parents[1] / "opt"
    assert exec_start.startswith(f"{prefix}/venv/bin/companion ")
    assert "--fullscreen" in exec_start and f"--data-dir {DATA_DIR}" in exec_start
    assert values(unit, "Unit", "OnFailure") == [TIMER_NAME]


def test_the_two_units_differ_only_in_the_back_off(units, rendered):
    """One template: the 257 unit is the 252 one with the start limit swapped for the
    growing pause, nothing else."""
    old, new = units[BOOKWORM], units[TRIXIE]
    back_off = {"StartLimitIntervalSec", "StartLimitBurst"} | KEYS_SINCE_254
    for section in ("Unit", "Service", "Install"):
        assert [kv for kv in old[section] if kv[0] not in back_off] == \
               [kv for kv in new[section] if kv[0] not in back_off], section
    assert not KEYS_SINCE_254 & {k for k, _ in old["Service"]}
    assert KEYS_SINCE_254 <= {k for k, _ in new["Service"]}
    # The template's markers are gone from both, and no line of the other systemd is left.
    template = UNIT_TEMPLATE.read_text()
    assert re.search(r"^@SINCE_254@RestartSteps=", template, re.M)
    assert re.search(r"^@BEFORE_254@StartLimitBurst=", template, re.M)
    for files in rendered.values():
        assert not re.search(r"@(SINCE|BEFORE)_254@", files[UNIT_NAME].read_text())


def test_systemd_252_gives_up_after_the_start_limit_and_the_retry_timer_takes_over(units, rendered):
    unit = units[BOOKWORM]
    interval = int(single(unit, "Unit", "StartLimitIntervalSec"))
    assert interval == 60 and int(single(unit, "Unit", "StartLimitBurst")) == 5
    timer = unit_settings(rendered[BOOKWORM][TIMER_NAME].read_text())
    assert values(timer, "Timer", "Unit") == [UNIT_NAME]
    assert values(timer, "Timer", "RemainAfterElapse") == ["no"]  # armed again by the next failure
    # The timer must fire after the start limit expired, or its start is refused too.
    assert int(values(timer, "Timer", "OnActiveSec")[0]) > interval


def test_systemd_257_pauses_longer_each_time_and_never_gives_up(units):
    unit = units[TRIXIE]
    restart_sec = float(single(unit, "Service", "RestartSec"))
    steps = int(single(unit, "Service", "RestartSteps"))
    max_delay = float(single(unit, "Service", "RestartMaxDelaySec"))
    delays = restart_delays(restart_sec, steps, max_delay, 8)
    assert [round(d, 1) for d in delays] == [3.0, 5.9, 11.7, 23.1, 45.6, 90.0, 90.0, 90.0]
    # A crash loop's starts (each crash at once, the worst case): with 252's limit (5 starts
    # in 60 s) the restarts alone fill a window, so one more start (by hand, by setup) makes
    # systemd give up. Hence no start limit: the growing pause is the back-off.
    starts = [0.0]
    for delay in delays:
        starts.append(starts[-1] + delay)
    assert most_starts_in(starts, 60) == 5
    assert single(unit, "Unit", "StartLimitIntervalSec") == "0"
    assert not values(unit, "Unit", "StartLimitBurst")
    # The kiosk is dark at most RestartMaxDelaySec= between two starts, as under 252 (the
    # retry timer's 90 s); the timer stays for a failure without a restart, and only then:
    # since 254 a unit restarting in the default mode passes through "failed" and would
    # start OnFailure= at every crash.
    assert max_delay <= 90
    assert single(unit, "Service", "RestartMode") == "direct"


def test_no_udev_settle_and_ordered_after_plymouth(units):
    for unit in units.values():
        dependencies = " ".join(v for k, v in unit["Unit"] if k in {"After", "Wants", "Requires"})
        assert "udev-settle" not in dependencies
        after = " ".join(values(unit, "Unit", "After")).split()
        assert "plymouth-quit-wait.service" in after and "systemd-user-sessions.service" in after


@pytest.mark.parametrize("version", VERSIONS)
def test_environment_keeps_kivy_logs_and_gives_lgpio_a_writable_dir(units, version):
    unit = units[version]
    env = environment(unit)
    assert "KIVY_NO_CONSOLELOG" not in env and "KIVY_NO_FILELOG" not in env
    assert env["LG_WD"] == DATA_DIR
    assert single(unit, "Service", "WorkingDirectory") == DATA_DIR
    assert single(unit, "Service", "StateDirectory") == "table-companion"
    assert env["SDL_VIDEODRIVER"] == "kmsdrm" and env["KIVY_WINDOW"] == "sdl2"
    assert env["HOME"] == DATA_DIR
    assert env["XDG_RUNTIME_DIR"] == "/run/table-companion"
    assert single(unit, "Service", "RuntimeDirectory") == "table-companion"


@pytest.mark.parametrize("version", VERSIONS)
def test_hardening_asked_by_the_issue_without_cutting_off_devices(units, version):
    unit = units[version]
    expected = {
        "NoNewPrivileges": "yes", "CapabilityBoundingSet": "", "ProtectSystem": "strict",
        "ProtectHome": "yes", "ProtectClock": "yes", "ProtectHostname": "yes",
        "ProtectKernelLogs": "yes", "ProtectKernelTunables": "yes", "ProtectKernelModules": "yes",
        "ProtectControlGroups": "yes", "ProtectProc": "invisible", "PrivateMounts": "yes",
        "SystemCallFilter": "@system-service", "SystemCallErrorNumber": "EPERM",
        "SystemCallArchitectures": "native", "RestrictNamespaces": "yes", "IPAddressDeny": "any",
    }
    for key, value in expected.items():
        assert single(unit, "Service", key) == value, key
    # These would take the GPU, camera, touch, GPIO or /proc/device-tree away from the kiosk.
    keys = {k for k, _ in unit["Service"]}
    assert not keys & {"PrivateDevices", "DevicePolicy", "DeviceAllow", "ProcSubset",
                       "MemoryDenyWriteExecute", "PrivateNetwork", "PrivateUsers", "DynamicUser"}
    # Writable besides the state directory: only the folder USB sticks are mounted in ("-":
    # no error where it does not exist). MountFlags= stays unset: mounts from the host
    # must keep propagating into the unit (a stick plugged in after the start).
    assert values(unit, "Service", "ReadWritePaths") == ["-/media/companion"]
    assert not values(unit, "Service", "MountFlags")


@pytest.mark.parametrize("version", VERSIONS)
def test_rendered_unit_has_no_placeholder_left_and_only_existing_groups(rendered, version):
    import grp

    text = rendered[version][UNIT_NAME].read_text()
    assert not re.search(r"@[A-Z0-9_]+@", text), text
    assert not re.search(r"@[A-Z0-9_]+@", rendered[version][TIMER_NAME].read_text())
    sections = unit_settings(text)
    groups = values(sections, "Service", "SupplementaryGroups")[0].split()
    existing = []
    for name in ("gpio", "video", "input", "render"):
        try:
            grp.getgrnam(name)
        except KeyError:
            continue
        existing.append(name)
    assert groups == existing
    assert values(sections, "Service", "User") == ["companion"]
    assert environment(sections)["LG_WD"] == DATA_DIR


def host_systemd_version() -> int | None:
    if shutil.which("systemctl") is None:
        return None
    proc = subprocess.run(["systemctl", "--version"], capture_output=True, text=True, timeout=30)
    match = re.match(r"systemd (\d+)", proc.stdout)
    return int(match.group(1)) if match else None


def verify(files: dict[str, Path]) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze is not installed here (./setup.sh --dev installs it)")
    proc = subprocess.run([tool, "verify", str(files[UNIT_NAME]), str(files[TIMER_NAME])],
                          capture_output=True, text=True, timeout=60)
    problems = [line for line in (proc.stdout + proc.stderr).splitlines() if "table-companion" in line]
    return proc, problems


def test_systemd_analyze_verify_bookworms_unit(rendered):
    proc, problems = verify(rendered[BOOKWORM])
    assert proc.returncode == 0 and problems == [], proc.stdout + proc.stderr


def test_systemd_analyze_verify_trixies_unit(rendered):
    """On a systemd from 254 on, the 257 unit verifies clean; on an older one (this machine
    has 252) the only complaints are the keys 254 added, which is why 252 gets its own lines."""
    proc, problems = verify(rendered[TRIXIE])
    host = host_systemd_version()
    if host is not None and host >= 254:
        assert proc.returncode == 0 and problems == [], proc.stdout + proc.stderr
        return
    unknown = set()
    for line in problems:
        match = re.search(r"Unknown key(?: name)? '(\w+)' in section \[?'?Service'?\]?, ignoring", line)
        assert match, f"not an unknown key of systemd 254: {line}\n{proc.stdout + proc.stderr}"
        unknown.add(match.group(1))
    assert unknown == KEYS_SINCE_254, proc.stdout + proc.stderr


@pytest.mark.parametrize("version", VERSIONS)
def test_security_exposure_is_what_the_readme_says(rendered, version):
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze is not installed here (./setup.sh --dev installs it)")
    proc = subprocess.run([tool, "security", "--offline=true", "--no-pager", str(rendered[version][UNIT_NAME])],
                          capture_output=True, text=True, timeout=60)
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d)", proc.stdout)
    if match is None and "--offline" in proc.stderr:
        pytest.skip(f"this systemd-analyze has no --offline (systemd < 252): {proc.stderr.strip()}")
    assert match, proc.stdout + proc.stderr
    exposure = float(match.group(1))
    print(f"systemd-analyze security exposure: {exposure} (README says {README_EXPOSURE()})")
    assert exposure < 5.9  # the unit without its hardening
    assert exposure <= README_EXPOSURE()


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


def test_warnings_and_tracebacks_reach_stderr_under_the_units_environment(tmp_path, units):
    """journald gets what the app writes to stderr: with the unit's environment (its display
    settings aside, there is no display here) Kivy's warnings and an uncaught traceback show."""
    import os
    import sys

    env = {k: v.replace(DATA_DIR, str(tmp_path)) for k, v in environment(units[TRIXIE]).items()
           if k not in {"SDL_VIDEODRIVER", "KIVY_WINDOW", "KIVY_GL_BACKEND", "XDG_RUNTIME_DIR"}}
    # the unit's Kivy settings only (a UI test in this process may have set others)
    base = {k: v for k, v in os.environ.items() if not k.startswith("KIVY_")}
    env = dict(base, **env, KIVY_HOME=str(tmp_path / "kivy"), KIVY_NO_ARGS="1")
    probe = ("from kivy.logger import Logger\n"
             "Logger.warning('Probe: a warning for the journal')\n"
             "raise RuntimeError('a forced traceback for the journal')\n")
    proc = subprocess.run([sys.executable, "-c", probe], env=env, cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 1
    assert re.search(r"WARNING.*Probe.*a warning for the journal", proc.stderr), proc.stderr
    assert "Traceback (most recent call last)" in proc.stderr
    assert "RuntimeError: a forced traceback for the journal" in proc.stderr
