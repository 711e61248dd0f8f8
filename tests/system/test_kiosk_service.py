"""`setup.sh --service` beyond the unit itself: the systemd version it renders the unit for,
and the USB sticks of "Export to USB" (a udev rule that has systemd-mount mount them where
the app looks, writable by the kiosk). Read through dry runs on a pretend Pi; the rule is
run against pretend devices by a small reading of udev's rule language."""
from __future__ import annotations

import fnmatch
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.system.install import (
    USB_RULE_TEMPLATE,
    dry_run,
    steps,
    unit_settings,
    values,
    written_files,
)

RULE_PATH = "/etc/udev/rules.d/80-table-companion-usb.rules"
UNIT_PATH = "/etc/systemd/system/table-companion.service"
MEDIA = "/media/companion"
SYSTEM_PTUUID = "a1b2c3d4"
COMPANION_UID, COMPANION_GID = "997", "995"


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


# -- USB sticks: what setup does ------------------------------------------------------------
def test_dry_run_prints_the_usb_rule_the_folder_and_the_udev_reload(tmp_path):
    proc = service_dry_run(tmp_path, TABLE_COMPANION_SYSTEM_PTUUID=SYSTEM_PTUUID)
    lines = steps(proc.stdout)
    folder = [i for i, line in enumerate(lines)
              if re.fullmatch(rf"(sudo )?install -d -m 0755 -o root -g root {MEDIA}", line)]
    rule = [i for i, line in enumerate(lines) if line == f"write {RULE_PATH} (mode 0644):"]
    reload = [i for i, line in enumerate(lines) if re.fullmatch(r"(sudo )?udevadm control --reload", line)]
    assert len(folder) == len(rule) == len(reload) == 1, proc.stdout
    assert folder[0] < rule[0] < reload[0]
    # ... all before the kiosk is (re)started, so that its ReadWritePaths= finds the folder.
    starts = [i for i, line in enumerate(lines) if re.search(r"systemctl (re)?start table-companion", line)]
    assert all(reload[0] < i for i in starts)
    text = written_files(proc.stdout)[RULE_PATH]
    assert "@" not in re.sub(r"^#.*$", "", text, flags=re.M)  # every placeholder filled in
    assert f'ENV{{ID_PART_TABLE_UUID}}=="{SYSTEM_PTUUID}", GOTO="table_companion_usb_end"' in text
    assert "USB sticks: mounted on /media/companion/<UUID>" in proc.stdout


def test_the_system_disk_is_found_with_findmnt_and_lsblk(tmp_path):
    path = fake_commands(
        tmp_path,
        findmnt='[ "$*" = "-n -o SOURCE /" ] && echo /dev/sda2',
        lsblk=f'[ "$*" = "-n -d -o PTUUID /dev/sda2" ] && echo " {SYSTEM_PTUUID}"')
    text = written_files(service_dry_run(tmp_path, PATH=path).stdout)[RULE_PATH]
    assert f'ENV{{ID_PART_TABLE_UUID}}=="{SYSTEM_PTUUID}"' in text
    # No partition table (a root file system on a whole disk, over NFS, in a container): no
    # line that would match every disk without one.
    path = fake_commands(tmp_path, findmnt="echo overlay", lsblk="exit 1")
    proc = service_dry_run(tmp_path, PATH=path)
    text = written_files(proc.stdout)[RULE_PATH]
    assert "ID_PART_TABLE_UUID" not in text and "SYSTEM_PTUUID" not in text
    assert "no partition table UUID found for the system disk" in proc.stdout
    # Anything but a UUID is not written into a rule.
    text = written_files(service_dry_run(tmp_path, TABLE_COMPANION_SYSTEM_PTUUID='x", RUN+="/bin/evil').stdout)[RULE_PATH]
    assert "evil" not in text


# -- USB sticks: the rule, run against pretend devices -----------------------------------------
TOKEN = re.compile(r'\s*([A-Z_]+)(?:\{([^}]*)\})?\s*(==|!=|\+=|:=|=)\s*"([^"]*)"\s*(?:,|$)')


def parse_rules(text: str) -> list[list[tuple[str, str | None, str, str]]]:
    rules = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        tokens, pos = [], 0
        while pos < len(line):
            match = TOKEN.match(line, pos)
            assert match, f"cannot read {line[pos:]!r} in {line!r}"
            tokens.append(match.groups())
            pos = match.end()
        rules.append(tokens)
    return rules


@dataclass
class Device:
    """A block device as udev sees it: its properties (after 60-persistent-storage) and the
    subsystems of the device and its parents."""
    devnode: str
    env: dict[str, str]
    subsystems: tuple[str, ...]
    action: str = "add"
    run: list[str] = field(default_factory=list)


def udev_glob(value: str, pattern: str) -> bool:
    return any(fnmatch.fnmatchcase(value, p) for p in pattern.split("|"))


def substitute(value: str, device: Device, result: str) -> str:
    value = value.replace("%c", result).replace("$devnode", device.devnode)
    return re.sub(r"\$env\{(\w+)\}", lambda m: device.env.get(m.group(1), ""), value)


def apply_rules(rules, device: Device, programs: dict[str, tuple[int, str]]) -> Device:
    """What the rules do to ``device`` (its ENV and RUN): matches (==, != with | and globs),
    GOTO/LABEL, PROGRAM (answered from ``programs``: command -> (exit status, stdout))."""
    labels = {tokens[0][3]: i for i, tokens in enumerate(rules) if tokens[0][0] == "LABEL"}
    i, result = 0, ""
    while i < len(rules):
        tokens, goto = rules[i], None
        matched = True
        for key, attr, op, value in tokens:
            if key == "PROGRAM":
                status, output = programs[substitute(value, device, result)]
                result = output.strip()
                matched = status == 0
            elif op in ("==", "!="):
                actual = {"ACTION": [device.action], "SUBSYSTEM": [device.subsystems[0]],
                          "SUBSYSTEMS": list(device.subsystems),
                          "ENV": [device.env.get(attr or "", "")]}[key]
                matched = any(udev_glob(a, value) for a in actual) == (op == "==")
            if not matched:
                break
        if matched:
            for key, attr, op, value in tokens:
                if key == "ENV" and op == "=":
                    device.env[attr] = substitute(value, device, result)
                elif key == "RUN" and op == "+=":
                    assert attr == "program"
                    device.run.append(substitute(value, device, result))
                elif key == "GOTO":
                    goto = labels[value]
        i = goto if goto is not None else i + 1
    return device


def stick(fs_type: str, *, uuid: str = "1A2B-3C4D", ptuuid: str = "5e6f7a8b", node: str = "/dev/sda1",
          subsystems: tuple[str, ...] = ("block", "block", "scsi", "scsi", "scsi", "usb", "usb", "usb", "pci"),
          **env: str) -> Device:
    props = {"DEVTYPE": "partition", "ID_BUS": "usb", "ID_FS_USAGE": "filesystem", "ID_FS_TYPE": fs_type,
             "ID_FS_UUID": uuid, "ID_PART_TABLE_UUID": ptuuid}
    props.update(env)
    return Device(node, {k: v for k, v in props.items() if v}, subsystems)


@pytest.fixture(scope="module")
def rule_text(tmp_path_factory) -> str:
    tmp = tmp_path_factory.mktemp("usb-rule")
    return written_files(service_dry_run(tmp, TABLE_COMPANION_SYSTEM_PTUUID=SYSTEM_PTUUID).stdout)[RULE_PATH]


@pytest.fixture(scope="module")
def mount(rule_text):
    rules = parse_rules(rule_text)
    programs = {"/usr/bin/id -u companion": (0, COMPANION_UID + "\n"),
                "/usr/bin/id -g companion": (0, COMPANION_GID + "\n")}

    def run(device: Device) -> list[str]:
        return apply_rules(rules, device, programs).run
    return run


def mount_command(run: list[str]) -> list[str]:
    (command,) = run
    return command.split()


def test_a_fat_stick_is_mounted_for_the_kiosk_user(mount):
    argv = mount_command(mount(stick("vfat")))
    assert argv[0] == "/usr/bin/systemd-mount"
    assert argv[-2:] == ["/dev/sda1", f"{MEDIA}/1A2B-3C4D"]
    # Never waits (udev would wait for the device it is handling), never lingers when failed,
    # owned by the kiosk user (uid=/gid= options), no fsck of the players' stick.
    for option in ("--no-block", "--collect", "--owner=companion", "--fsck=no",
                   "--property=LazyUnmount=yes", "--options=flush"):
        assert option in argv, option
    # A stick without a partition table (the whole disk formatted) is a stick too.
    argv = mount_command(mount(stick("vfat", node="/dev/sdb", ptuuid="", DEVTYPE="disk")))
    assert argv[-2:] == ["/dev/sdb", f"{MEDIA}/1A2B-3C4D"]


def test_exfat_is_mounted_and_ntfs_through_ntfs3_with_the_users_ids(mount):
    argv = mount_command(mount(stick("exfat", uuid="64A1-F00D")))
    assert "--owner=companion" in argv and argv[-1] == f"{MEDIA}/64A1-F00D"
    assert not any(a.startswith("--type=") for a in argv)  # mount(8) finds exfat itself
    argv = mount_command(mount(stick("ntfs", uuid="0123456789ABCDEF")))
    assert "--type=ntfs3" in argv and argv[-1] == f"{MEDIA}/0123456789ABCDEF"
    assert f"--options=uid={COMPANION_UID},gid={COMPANION_GID}" in argv
    assert not any(a.startswith("--owner") for a in argv)  # systemd-mount refuses it with ntfs3


def test_the_sd_card_the_system_disk_and_other_file_systems_are_never_mounted(mount):
    # The SD card: mmc, not USB - not even its FAT boot partition.
    assert mount(stick("vfat", node="/dev/mmcblk0p1", ID_BUS="",
                       subsystems=("block", "block", "mmc", "mmc_host", "platform"))) == []
    assert mount(stick("ext4", node="/dev/mmcblk0p2", ID_BUS="",
                       subsystems=("block", "block", "mmc", "mmc_host", "platform"))) == []
    # A Pi booted from a USB drive: its boot partition is FAT on USB, left out by its table.
    assert mount(stick("vfat", ptuuid=SYSTEM_PTUUID)) == []
    # ext4 (and any other Linux file system): files keep their owners, the kiosk could not
    # write; left alone. So are swap, RAID members, LUKS and disks without a file system.
    for fs_type in ("ext4", "btrfs", "xfs", "f2fs"):
        assert mount(stick(fs_type)) == [], fs_type
    assert mount(stick("swap", ID_FS_USAGE="other")) == []
    assert mount(stick("crypto_LUKS", ID_FS_USAGE="crypto")) == []
    assert mount(stick("", ID_FS_USAGE="", ID_FS_UUID="", DEVTYPE="disk")) == []
    # A file system without a UUID has no stable mount point: left alone.
    assert mount(stick("vfat", uuid="")) == []
    # Only when the stick arrives; a change or its removal mounts nothing (systemd stops the
    # mount unit when the device goes away: it is bound to it).
    for action in ("change", "remove", "bind"):
        device = stick("vfat")
        device.action = action
        assert mount(device) == [], action


def test_the_rule_runs_after_the_rules_that_name_the_file_system(rule_text):
    # 60-persistent-storage.rules sets ID_FS_* (and ID_PART_TABLE_UUID on partitions); udev
    # reads /etc/udev/rules.d and /usr/lib/udev/rules.d together, in the order of the names.
    assert Path(RULE_PATH).name > "60-persistent-storage.rules"
    assert Path(RULE_PATH).name < "99-systemd.rules"
    # The rule mounts nothing itself (udevd runs in its own mount namespace): systemd does.
    assert not re.search(r"RUN\S*=\"\S*/mount ", rule_text)
    assert rule_text.count("RUN{program}+=\"/usr/bin/systemd-mount ") == 3


def test_udevadm_verify_accepts_the_rule(tmp_path, rule_text):
    tool = shutil.which("udevadm")
    if tool is None:
        pytest.skip("udevadm is not installed here (package udev); the rule is checked by test_* above")
    help_text = subprocess.run([tool, "--help"], capture_output=True, text=True, timeout=30).stdout
    if not re.search(r"^\s*verify\b", help_text, re.M):
        pytest.skip("this udevadm has no 'verify' (it came with systemd 254)")
    rules = tmp_path / Path(RULE_PATH).name
    rules.write_text(rule_text)
    proc = subprocess.run([tool, "verify", "--resolve-names=never", str(rules)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_systemd_mount_here_knows_every_option_the_rule_uses(rule_text):
    """systemd-mount(1) has had --owner= since 237, --collect since 236; --no-block, --fsck=,
    --property=, --options= and --type= since 232 - all there on 252 and 257. This checks
    the rule against the systemd-mount installed here (252 on this machine)."""
    tool = shutil.which("systemd-mount")
    if tool is None:
        pytest.skip("systemd-mount is not installed here (package systemd)")
    help_text = subprocess.run([tool, "--help"], capture_output=True, text=True, timeout=30).stdout
    used = set(re.findall(r"(--[a-z-]+)=?", " ".join(
        part for line in rule_text.splitlines() if "systemd-mount" in line
        for part in line.split() if part.startswith("--"))))
    assert used >= {"--no-block", "--collect", "--owner", "--fsck", "--property", "--options", "--type"}
    for option in used:
        assert re.search(rf"\s{option}\b", help_text), option


# -- USB sticks: the kiosk sees them ----------------------------------------------------------
def test_the_app_finds_a_stick_where_the_rule_mounts_it(tmp_path, monkeypatch):
    """companion.usb looks at every /media/<user>/<stick> that is a writable mount point,
    whoever the user is: the kiosk, running as companion, finds /media/companion/<UUID>."""
    from companion import usb

    media = tmp_path / "media"
    mounted = media / "companion" / "1A2B-3C4D"
    mounted.mkdir(parents=True)
    (media / "companion" / "0123-4567").mkdir()  # a stick pulled out: its folder stays, unmounted
    monkeypatch.delenv(usb.ENV, raising=False)
    monkeypatch.setattr(usb, "ROOTS", (media,))
    monkeypatch.setattr(usb.os.path, "ismount", lambda p: Path(p) == mounted)
    assert usb.usb_sticks() == [mounted]


def test_the_kiosk_may_write_to_the_sticks(tmp_path, rule_text):
    """The unit (ProtectSystem=strict) lets the kiosk write where the rule mounts sticks, for
    every systemd; the rule mounts them nowhere else."""
    for version in ("252", "257"):
        unit = rendered_unit(service_dry_run(tmp_path, TABLE_COMPANION_SYSTEMD_VERSION=version))
        assert values(unit, "Service", "ProtectSystem") == ["strict"]
        assert values(unit, "Service", "ReadWritePaths") == [f"-{MEDIA}"]
        assert values(unit, "Service", "User") == ["companion"]
    targets = re.findall(r"\$devnode (\S+)\"", rule_text)
    assert targets and all(t == f"{MEDIA}/$env{{ID_FS_UUID}}" for t in targets)
    template = USB_RULE_TEMPLATE.read_text()
    assert "/media/@USER@/$env{ID_FS_UUID}" in template
