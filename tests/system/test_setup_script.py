"""setup.sh, read through its --dry-run on a pretend Raspberry Pi (a fake device-tree model
file, never the real /proc): every step of the kiosk install is printed and nothing changes."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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
    assert has_step(lines, r"apt-get install .*python3-numpy .*python3-gpiozero")
    # A root-owned copy with its own venv that sees apt's packages; Picamera2 is checked in it.
    assert has_step(lines, rf"install -d -m 0755 -o root -g root {prefix} {prefix}/src$")
    assert has_step(lines, rf"^(sudo )?rsync -a --delete --chown=root:root .* {prefix}/src/$")
    assert has_step(lines, rf"^(sudo )?/usr/bin/python3 -m venv --system-site-packages {prefix}/venv$")
    # The venv is held to apt's numpy (the one Picamera2 is built against); the app and its
    # dependencies come from pyproject.toml, the app itself reinstalled from the copy.
    assert re.search(rf"^\[dry-run\] write {prefix}/venv/apt-constraints.txt: numpy==\S+$", out, re.M), out
    assert has_step(lines, rf"^(sudo )?{prefix}/venv/bin/python -m pip install .*-c {prefix}/venv/apt-constraints.txt "
                           rf"{prefix}/src\[sheets\]$")
    assert has_step(lines, rf"^(sudo )?{prefix}/venv/bin/python -m pip install .*--no-deps --force-reinstall {prefix}/src$")
    assert has_step(lines, rf"^(sudo )?{prefix}/venv/bin/python {prefix}/src/tools/check_pi_stack.py$")
    # The user, the unit and its timer, enabled; console boot (or already so).
    assert has_step(lines, r"useradd --system .*--shell /usr/sbin/nologin companion$") or \
        "system user companion: present" in out
    assert set(written_files(out)) == {"/etc/systemd/system/table-companion.service",
                                       "/etc/systemd/system/table-companion-retry.timer",
                                       "/etc/udev/rules.d/80-table-companion-usb.rules"}
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
    assert not has_step(lines, r"python3-picamera2|python3-lgpio|check_pi_stack|raspi-config|apt-constraints")
    assert has_step(lines, rf"^(sudo )?/usr/bin/python3 -m venv {prefix}/venv$")  # no --system-site-packages


def test_a_venv_without_system_site_packages_is_made_again_on_a_pi(tmp_path):
    prefix = tmp_path / "opt"
    venv = prefix / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(sys.executable)
    cfg = venv / "pyvenv.cfg"
    # made by this system's Python (the one setup.sh uses on a Pi), so only the flag is wrong
    system = subprocess.run(["/usr/bin/python3", "-c", "import platform; print(platform.python_version())"],
                            capture_output=True, text=True, check=True).stdout.strip()
    cfg.write_text(f"home = /usr/bin\ninclude-system-site-packages = false\nversion = {system}\n")
    proc = dry_run(tmp_path, "--service", prefix=prefix)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"recreating {venv} with --system-site-packages" in proc.stdout
    assert has_step(steps(proc.stdout), rf"-m venv --clear --system-site-packages {venv}$")
    # A right one is kept, and so is a venv elsewhere (no apt packages to see there).
    cfg.write_text(f"home = /usr/bin\ninclude-system-site-packages = true\nversion = {system}\n")
    for pi in (True, False):
        proc = dry_run(tmp_path, "--service", prefix=prefix, pi=pi)
        assert proc.returncode == 0 and not has_step(steps(proc.stdout), r"-m venv"), proc.stdout


def test_checkout_dry_run_on_a_pi_checks_picamera2_in_the_checkout_venv(tmp_path):
    proc = dry_run(tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = steps(proc.stdout)
    venv = ROOT / ".venv"
    assert has_step(lines, rf"^{venv}/bin/python -m pip install .*-c {venv}/apt-constraints.txt -e {ROOT}\[sheets\]$")
    assert has_step(lines, rf"^{venv}/bin/python {ROOT}/tools/check_pi_stack.py$")
    assert not written_files(proc.stdout) and not has_step(lines, r"systemctl|useradd|rsync")


@pytest.mark.parametrize("args, pi", [((), True), (("--dev",), False), ((), False), (("--service",), True)])
def test_every_path_compiles_the_translations_after_installing_babel(tmp_path, args, pi):
    """The .mo files the app reads are not in git: setup.sh compiles them with the venv's Babel,
    after pip installed it and (for the kiosk) before the app is copied into the venv."""
    prefix = tmp_path / "opt"
    proc = dry_run(tmp_path, *args, pi=pi, prefix=prefix)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = steps(proc.stdout)
    src, venv = (prefix / "src", prefix / "venv") if "--service" in args else (ROOT, ROOT / ".venv")
    compiled = [i for i, line in enumerate(lines) if line == f"(cd {src} && {venv}/bin/python -m tools.catalogues compile)"]
    installed = [i for i, line in enumerate(lines) if re.search(rf"{venv}/bin/python -m pip install .*{src}\[", line)]
    assert len(compiled) == 1 and installed and installed[0] < compiled[0], lines
    copied = [i for i, line in enumerate(lines) if line.endswith(f"--no-deps --force-reinstall {src}")]
    assert all(compiled[0] < i for i in copied) and bool(copied) == ("--service" in args)


def test_setup_copies_what_the_kiosk_runs(tmp_path):
    """The rsync list names every top-level package pyproject installs, and the tools setup runs."""
    text = SETUP.read_text()
    for name in ("companion", "hardware", "vision", "ui", "venue", "tools", "pyproject.toml"):
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
        # a copy of the checkout the user can read (a clone under /root is not)
        checkout = Path(shared) / "checkout"
        shutil.copytree(ROOT, checkout, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info"))
        for path in [checkout, *checkout.rglob("*")]:
            path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)
        model = Path(shared) / "device-tree-model"
        model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
        model.chmod(0o644)
        env = dict(os.environ, TABLE_COMPANION_DEVICE_MODEL=str(model),
                   TABLE_COMPANION_PREFIX=str(Path(shared) / "opt"), HOME=shared)
        proc = subprocess.run(["bash", str(checkout / SETUP.name), "--service", "--dry-run"], env=env, capture_output=True,
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


def test_dev_dry_run_installs_the_dev_extra_without_apt_pins_off_the_pi(tmp_path):
    proc = dry_run(tmp_path, "--dev", pi=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert has_step(steps(proc.stdout), rf"^{ROOT}/.venv/bin/python -m pip install -q --disable-pip-version-check "
                                        rf"-e {ROOT}\[sheets,dev\]$")


def test_32_bit_systems_are_refused_with_what_to_flash(tmp_path):
    for pi, words in ((True, "Flash 'Raspberry Pi OS Lite (64-bit)'"), (False, "needs a 64-bit Debian 12 or 13")):
        folder = tmp_path / ("pi" if pi else "laptop")
        folder.mkdir()
        proc = dry_run(folder, pi=pi, TABLE_COMPANION_ARCH="armhf")
        assert proc.returncode == 1 and words in proc.stderr, proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1  # one line, no trap noise
    for arch in ("arm64", "amd64"):
        assert dry_run(tmp_path / "laptop", pi=False, TABLE_COMPANION_ARCH=arch).returncode == 0


def test_the_os_generation_is_named(tmp_path):
    release = tmp_path / "os-release"
    release.write_text('PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nNAME="Debian GNU/Linux"\n'
                       'VERSION_CODENAME=trixie\n')
    proc = dry_run(tmp_path, TABLE_COMPANION_OS_RELEASE=str(release), TABLE_COMPANION_ARCH="arm64")
    assert proc.returncode == 0 and "system: Debian GNU/Linux 13 (trixie) (arm64)" in proc.stdout
    release.write_text('PRETTY_NAME="Ubuntu 24.04 LTS"\nVERSION_CODENAME=noble\n')
    proc = dry_run(tmp_path, TABLE_COMPANION_OS_RELEASE=str(release))
    assert proc.returncode == 0 and "neither Debian 12 (bookworm) nor 13 (trixie)" in proc.stderr


def test_sudo_is_asked_once_and_says_why(tmp_path):
    """Raspberry Pi OS since April 2026 has no passwordless sudo: set-up says why it asks, asks
    once (`sudo -v`), and stops with one clear line when sudo refuses. Run as an unprivileged
    user with a stand-in sudo that records its calls and refuses."""
    import pwd
    import shutil
    import tempfile

    if os.geteuid() != 0:
        pytest.skip("needs root to run setup.sh as another user")
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no user 'nobody' here")
    with tempfile.TemporaryDirectory() as shared:
        os.chmod(shared, 0o777)
        bin_dir = Path(shared) / "bin"
        bin_dir.mkdir()
        log = Path(shared) / "sudo.log"
        (bin_dir / "sudo").write_text(f'#!/bin/sh\necho "$*" >> {log}\nexit 1\n')
        (bin_dir / "sudo").chmod(0o755)
        checkout = Path(shared) / "checkout"
        checkout.mkdir()
        shutil.copy(SETUP, checkout / "setup.sh")
        env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": shared,
               "TABLE_COMPANION_DEVICE_MODEL": str(Path(shared) / "none")}
        # A package that is surely missing makes the apt step need root.
        text = (checkout / "setup.sh").read_text().replace("packages=(python3 ", "packages=(table-companion-not-a-package python3 ", 1)
        (checkout / "setup.sh").write_text(text)
        proc = subprocess.run(["bash", str(checkout / "setup.sh")], env=env, capture_output=True, text=True,
                              timeout=120, user=nobody.pw_uid, group=nobody.pw_gid, cwd=shared)
        assert proc.returncode == 1, proc.stdout + proc.stderr
        assert "root is needed to install system packages with apt-get" in proc.stdout
        assert "sudo asks for your password once" in proc.stdout
        assert "sudo did not give root" in proc.stderr
        assert log.read_text().splitlines() == ["-n true", "-v"]
        # A user whom sudo lets in without a password (Bookworm's images) is not asked: `sudo -v`
        # would ask all the same (sudo's default verifypw=all), so it is not called.
        log.unlink()
        (bin_dir / "sudo").write_text(f'#!/bin/sh\necho "$*" >> {log}\n[ "$1" = "-n" ] && exit 0\nexit 1\n')
        proc = subprocess.run(["bash", str(checkout / "setup.sh")], env=env, capture_output=True, text=True,
                              timeout=120, user=nobody.pw_uid, group=nobody.pw_gid, cwd=shared)
        assert "sudo asks for your password" not in proc.stdout, proc.stdout
        assert log.read_text().splitlines()[0] == "-n true" and "-v" not in log.read_text().splitlines()


def test_on_a_pi_only_what_apt_lacks_of_the_pi_archive_is_left_out(tmp_path):
    """A Pi on plain Debian has no python3-picamera2: set-up warns and installs the rest. apt's
    long policy output is read whole (`apt-cache policy | grep -q` under pipefail once dropped
    xvfb, numpy and python3-venv at random on the arm64 roots). Stand-ins for dpkg-query,
    apt-cache and apt-get record what set-up asks; a Python that is not there stops it after apt."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "apt.log"
    (bin_dir / "dpkg-query").write_text("#!/bin/sh\nexit 1\n")  # nothing installed
    (bin_dir / "apt-cache").write_text(
        "#!/bin/sh\n"
        'if [ "$2" = python3-picamera2 ]; then printf "%s:\\n  Installed: (none)\\n  Candidate: (none)\\n" "$2"; exit 0; fi\n'
        'printf "%s:\\n  Installed: (none)\\n  Candidate: 1.0-1\\n  Version table:\\n" "$2"\n'
        "i=0; while [ $i -lt 20000 ]; do echo '     1.0-1 500 http://archive.example/debian main arm64 Packages'; i=$((i+1)); done\n")
    (bin_dir / "apt-get").write_text(f'#!/bin/sh\necho "$*" >> {log}\n')
    for tool in ("dpkg-query", "apt-cache", "apt-get"):
        (bin_dir / tool).chmod(0o755)
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", TABLE_COMPANION_DEVICE_MODEL=str(model),
               PYTHON=str(tmp_path / "no-python"), TABLE_COMPANION_ARCH="arm64")
    proc = subprocess.run(["bash", str(SETUP), "--dev"], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1 and f"{tmp_path / 'no-python'} not found" in proc.stderr, proc.stdout + proc.stderr
    warnings = [line for line in proc.stderr.splitlines() if "apt has no" in line]
    assert len(warnings) == 1 and "apt has no python3-picamera2" in warnings[0], proc.stderr
    (install,) = [line for line in log.read_text().splitlines() if " install " in f" {line} "]
    wanted = install.split()
    for pkg in ("xvfb", "python3-venv", "python3-numpy", "python3-lgpio", "python3-gpiozero", "libsdl2-2.0-0"):
        assert pkg in wanted, install
    assert "python3-picamera2" not in wanted


@pytest.mark.parametrize("dev", [True, False])
def test_dev_brings_mosquitto_for_the_tests_and_leaves_its_service_disabled(tmp_path, dev):
    """The venue link's tests start their own broker: --dev installs Mosquitto from apt and
    disables the service Debian's package enables (a table runs no broker); without --dev
    there is no Mosquitto at all. Stand-ins for dpkg-query (nothing installed), apt-get and
    systemctl record what set-up does; a Python that is not there stops it after apt."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "calls.log"
    (bin_dir / "dpkg-query").write_text("#!/bin/sh\nexit 1\n")
    for tool in ("apt-get", "systemctl"):
        (bin_dir / tool).write_text(f'#!/bin/sh\necho "{tool} $*" >> {log}\n')
    for tool in ("dpkg-query", "apt-get", "systemctl"):
        (bin_dir / tool).chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", TABLE_COMPANION_DEVICE_MODEL=str(tmp_path / "none"),
               PYTHON=str(tmp_path / "no-python"), TABLE_COMPANION_ARCH="amd64")
    proc = subprocess.run(["bash", str(SETUP), *(["--dev"] if dev else [])], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 1 and f"{tmp_path / 'no-python'} not found" in proc.stderr, proc.stdout + proc.stderr
    calls = log.read_text().splitlines()
    (install,) = [line for line in calls if line.startswith("apt-get ") and " install " in line]
    assert ("mosquitto" in install.split()) is dev
    assert all((pkg in install.split()) is dev for pkg in ("chromium", "chromium-driver"))   # the wall page's test
    assert ("systemctl disable --now mosquitto.service" in calls) is dev
    assert not any("enable" in line and "mosquitto" in line and "disable" not in line for line in calls)
