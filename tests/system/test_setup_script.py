"""setup.sh, read through its --dry-run on a pretend Raspberry Pi (a fake device-tree model
file, never the real /proc): every step of the kiosk install is printed and nothing changes."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.system.install import ROOT, SETUP, dry_run, steps, written_files


def has_step(lines: list[str], pattern: str) -> bool:
    return any(re.search(pattern, line) for line in lines)


def test_setup_script_is_strict_and_knows_its_options():
    text = SETUP.read_text()
    assert text.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in text
    proc = subprocess.run(["bash", str(SETUP), "--bogus"], capture_output=True, text=True, timeout=30)
    assert proc.returncode != 0 and "unknown option '--bogus'" in proc.stderr
    proc = subprocess.run(["bash", str(SETUP), "--help"], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0 and "--service" in proc.stdout and "--dry-run" in proc.stdout


def test_dev_and_service_together_are_refused(tmp_path):
    proc = dry_run(tmp_path, "--dev", "--service")
    assert proc.returncode != 0 and "--dev and --service" in proc.stderr


def test_service_dry_run_on_a_pi_prints_every_step(tmp_path):
    prefix = tmp_path / "opt"
    proc = dry_run(tmp_path, "--service", prefix=prefix)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out, lines = proc.stdout, steps(proc.stdout)
    assert "Raspberry Pi detected: Raspberry Pi 5 Model B Rev 1.0" in out
    # apt: Picamera2 and lgpio from apt (never on this x86 machine, so always listed here);
    # DEBIAN_FRONTEND passed through env because sudo drops it.
    assert has_step(lines, r"^(sudo )?env DEBIAN_FRONTEND=noninteractive apt-get install .*python3-picamera2")
    assert has_step(lines, r"apt-get install .*python3-lgpio")
    # A root-owned copy with its own venv that sees apt's packages; Picamera2 is checked in it.
    assert has_step(lines, rf"install -d -m 0755 -o root -g root {prefix} {prefix}/src$")
    assert has_step(lines, rf"^(sudo )?rsync -a --delete --chown=root:root .* {prefix}/src/$")
    assert has_step(lines, rf"^(sudo )?/usr/bin/python3 -m venv --system-site-packages {prefix}/venv$")
    assert has_step(lines, rf"^(sudo )?{prefix}/venv/bin/python -m pip install .*-r {prefix}/src/requirements.txt$")
    assert has_step(lines, rf"^(sudo )?{prefix}/venv/bin/python {prefix}/src/tools/check_pi_stack.py$")
    # The user, the unit and its timer, enabled; console boot (or already so).
    assert has_step(lines, r"useradd --system .*--shell /usr/sbin/nologin companion$") or \
        "system user companion: present" in out
    assert set(written_files(out)) == {"/etc/systemd/system/table-companion.service",
                                       "/etc/systemd/system/table-companion-retry.timer"}
    assert has_step(lines, r"systemctl daemon-reload$")
    assert has_step(lines, r"systemctl enable table-companion.service$")
    assert has_step(lines, r"raspi-config nonint do_boot_behaviour B1$|systemctl set-default multi-user.target$") \
        or "boots to the console already" in out
    # The checkout's own .venv is not the kiosk's: --service leaves it alone.
    assert not any(str(ROOT / ".venv") in line for line in lines)
    # Nothing was done.
    assert not prefix.exists()


def test_service_dry_run_elsewhere_has_no_pi_parts(tmp_path):
    prefix = tmp_path / "opt"
    proc = dry_run(tmp_path, "--service", pi=False, prefix=prefix)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = steps(proc.stdout)
    assert "Raspberry Pi detected" not in proc.stdout
    assert not has_step(lines, r"python3-picamera2|python3-lgpio|check_pi_stack|raspi-config")
    assert has_step(lines, rf"^(sudo )?/usr/bin/python3 -m venv {prefix}/venv$")  # no --system-site-packages


def test_a_venv_without_system_site_packages_is_made_again_on_a_pi(tmp_path):
    prefix = tmp_path / "opt"
    venv = prefix / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(sys.executable)
    cfg = venv / "pyvenv.cfg"
    cfg.write_text("home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11.2\n")
    proc = dry_run(tmp_path, "--service", prefix=prefix)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"recreating {venv} with --system-site-packages" in proc.stdout
    assert has_step(steps(proc.stdout), rf"-m venv --clear --system-site-packages {venv}$")
    # A right one is kept, and so is a venv elsewhere (no apt packages to see there).
    cfg.write_text("home = /usr/bin\ninclude-system-site-packages = true\nversion = 3.11.2\n")
    for pi in (True, False):
        proc = dry_run(tmp_path, "--service", prefix=prefix, pi=pi)
        assert proc.returncode == 0 and not has_step(steps(proc.stdout), r"-m venv"), proc.stdout


def test_checkout_dry_run_on_a_pi_checks_picamera2_in_the_checkout_venv(tmp_path):
    proc = dry_run(tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = steps(proc.stdout)
    venv = ROOT / ".venv"
    assert has_step(lines, rf"^{venv}/bin/python -m pip install .*--no-deps -e {ROOT}$")
    assert has_step(lines, rf"^{venv}/bin/python {ROOT}/tools/check_pi_stack.py$")
    assert not written_files(proc.stdout) and not has_step(lines, r"systemctl|useradd|rsync")


def test_setup_copies_what_the_kiosk_runs(tmp_path):
    """The rsync list names every top-level package pyproject installs, and the tools setup runs."""
    text = SETUP.read_text()
    for name in ("companion", "hardware", "vision", "ui", "tools", "pyproject.toml", "requirements.txt"):
        assert f'"$ROOT/{name}"' in text, name
    assert (ROOT / "tools" / "check_pi_stack.py").exists()


def test_dry_run_needs_no_root(tmp_path):
    """A person can read the plan before typing sudo: the dry run asks for no privileges."""
    if os.geteuid() != 0:
        proc = dry_run(tmp_path, "--service")
        assert proc.returncode == 0, proc.stderr
        return
    import pwd

    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        return
    import tempfile

    with tempfile.TemporaryDirectory() as shared:  # pytest's tmp_path is private to root
        os.chmod(shared, 0o755)
        model = Path(shared) / "device-tree-model"
        model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
        model.chmod(0o644)
        env = dict(os.environ, TABLE_COMPANION_DEVICE_MODEL=str(model),
                   TABLE_COMPANION_PREFIX=str(Path(shared) / "opt"), HOME=shared)
        proc = subprocess.run(["bash", str(SETUP), "--service", "--dry-run"], env=env, capture_output=True,
                              text=True, timeout=120, user=nobody.pw_uid, group=nobody.pw_gid, cwd=shared)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "Raspberry Pi detected" in proc.stdout
        assert has_step(steps(proc.stdout), r"^sudo env DEBIAN_FRONTEND=noninteractive apt-get install .*python3-picamera2")
        assert has_step(steps(proc.stdout), r"^sudo /usr/bin/python3 -m venv --system-site-packages ")
        assert not (Path(shared) / "opt").exists()


def test_a_kiosk_venv_on_another_python_is_made_again_on_debians(tmp_path):
    """A venv on a pyenv/conda Python sees neither apt's Picamera2 nor, from a home directory,
    can the service user run it: the kiosk's venv is made on /usr/bin/python3."""
    prefix = tmp_path / "opt"
    venv = prefix / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(sys.executable)
    (venv / "pyvenv.cfg").write_text("home = /root/.pyenv/versions/3.11.7/bin\n"
                                     "include-system-site-packages = true\nversion = 3.11.7\n")
    proc = dry_run(tmp_path, "--service", prefix=prefix)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"recreating {venv} with /usr/bin/python3" in proc.stdout
    assert has_step(steps(proc.stdout), rf"^(sudo )?/usr/bin/python3 -m venv --clear --system-site-packages {venv}$")
