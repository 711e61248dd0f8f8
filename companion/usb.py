"""USB sticks to export to: mounted, writable folders under ``/media/<user>/<label>``
(Raspberry Pi OS's desktop automounter, udisks2) or ``/run/media/<user>/<label>``.

``TABLE_COMPANION_USB_MOUNTS`` (folders separated by ``:``) replaces the search:
tests point it at a plain folder standing in for a mounted stick, and a kiosk
whose sticks are mounted elsewhere (e.g. by an fstab line) names its mount point.
"""
from __future__ import annotations

import os
from pathlib import Path

ROOTS = (Path("/media"), Path("/run/media"))
ENV = "TABLE_COMPANION_USB_MOUNTS"


def usb_sticks() -> list[Path]:
    """Writable mounted sticks, sorted by path."""
    named = os.environ.get(ENV)
    if named is not None:
        candidates = [Path(p) for p in named.split(":") if p]
        return sorted(p for p in candidates if p.is_dir() and os.access(p, os.W_OK))
    found = []
    for root in ROOTS:
        try:
            users = [u for u in root.iterdir() if u.is_dir()]
        except OSError:
            continue
        for folder in users + [s for u in users for s in _children(u)]:
            if os.path.ismount(folder) and os.access(folder, os.W_OK):
                found.append(folder)
    return sorted(found)


def _children(folder: Path) -> list[Path]:
    try:
        return [c for c in folder.iterdir() if c.is_dir()]
    except OSError:
        return []
