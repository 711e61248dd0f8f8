"""Helpers for the install tests: run ``setup.sh --dry-run`` on a pretend Pi and read what it prints."""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETUP = ROOT / "setup.sh"
UNIT_TEMPLATE = ROOT / "systemd" / "table-companion.service"
TIMER_TEMPLATE = ROOT / "systemd" / "table-companion-retry.timer"
USB_RULE_TEMPLATE = ROOT / "systemd" / "table-companion-usb.rules"
PI_MODEL = b"Raspberry Pi 5 Model B Rev 1.0\x00"


def dry_run(tmp_path: Path, *args: str, pi: bool = True, prefix: Path | None = None,
            env: dict[str, str] | None = None, **overrides: str) -> subprocess.CompletedProcess[str]:
    """``setup.sh ARGS --dry-run`` with a fake device-tree model (a Pi 5, or none) and an
    install prefix under ``tmp_path`` (default ``tmp_path/opt``); ``env`` and OVERRIDES set more
    variables (e.g. ``TABLE_COMPANION_SYSTEMD_VERSION``, ``TABLE_COMPANION_ARCH``)."""
    model = tmp_path / "device-tree-model"
    if pi:
        model.write_bytes(PI_MODEL)
    full_env = dict(os.environ,
                    TABLE_COMPANION_DEVICE_MODEL=str(model),
                    TABLE_COMPANION_PREFIX=str(prefix or tmp_path / "opt"))
    full_env.update(env or {}, **overrides)
    return subprocess.run(["bash", str(SETUP), *args, "--dry-run"], env=full_env, capture_output=True,
                          text=True, timeout=120)


def steps(stdout: str) -> list[str]:
    """The commands a dry run would execute, without the ``[dry-run]`` mark."""
    return [line[len("[dry-run] "):] for line in stdout.splitlines() if line.startswith("[dry-run] ")]


def written_files(stdout: str) -> dict[str, str]:
    """The files a dry run would write: {destination path: content}."""
    files: dict[str, list[str]] = {}
    current = None
    for line in stdout.splitlines():
        match = re.match(r"\[dry-run\] write (\S+) \(mode \d+\):$", line)
        if match:
            current = match.group(1)
            files[current] = []
        elif current is not None and line.startswith("    | "):
            files[current].append(line[len("    | "):])
        elif current is not None and line == "    |":
            files[current].append("")
        else:
            current = None
    return {path: "\n".join(lines) + "\n" for path, lines in files.items()}


def unit_settings(text: str) -> dict[str, list[tuple[str, str]]]:
    """A unit file's settings by section, in order, repeated keys kept (Environment=, After=)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            sections.setdefault(section, [])
            continue
        key, _, value = line.partition("=")
        assert section is not None, f"setting outside a section: {raw!r}"
        sections[section].append((key.strip(), value.strip()))
    return sections


def values(sections: dict[str, list[tuple[str, str]]], section: str, key: str) -> list[str]:
    return [v for k, v in sections.get(section, []) if k == key]


def environment(sections: dict[str, list[tuple[str, str]]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for assignment in values(sections, "Service", "Environment"):
        for item in assignment.split():
            name, _, value = item.partition("=")
            env[name] = value
    return env


def README_EXPOSURE() -> float:  # noqa: N802 - reads like the constant it stands for
    """The `systemd-analyze security` exposure level the README reports for the kiosk unit."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"exposure level \**(\d+\.\d)", text)
    assert match, "README.md reports no 'exposure level N.N' for the kiosk unit"
    return float(match.group(1))
