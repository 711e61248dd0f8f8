"""USB sticks to export to: mounted folders under ``/media/<user>/<label>``
(Raspberry Pi OS's desktop automounter, udisks2) or ``/run/media/<user>/<label>``,
or directly under ``/media`` (``/media/usb0``, usbmount).

``TABLE_COMPANION_USB_MOUNTS`` (folders separated by ``:``) replaces the search:
tests point it at a plain folder standing in for a mounted stick, and a kiosk
whose sticks are mounted elsewhere (e.g. by an fstab line) names its mount point.

A stick that is there but cannot be written (its lock switch on: the kernel mounts
it read-only) is found too, and told apart, so the players read that it is
write-protected rather than that there is no stick.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ROOTS = (Path("/media"), Path("/run/media"))
ENV = "TABLE_COMPANION_USB_MOUNTS"


@dataclass(frozen=True)
class Sticks:
    """The sticks found, sorted by path: those that can be written, and those that cannot."""

    writable: tuple[Path, ...] = ()
    write_protected: tuple[Path, ...] = ()


def find_sticks() -> Sticks:
    """Every mounted stick (or folder named in the environment), writable or not."""
    named = os.environ.get(ENV)
    if named is not None:
        found = [p for p in (Path(p) for p in named.split(":") if p) if p.is_dir()]
    else:
        found = []
        for root in ROOTS:
            try:
                users = [u for u in root.iterdir() if u.is_dir()]
            except OSError:
                continue
            found += [f for f in users + [s for u in users for s in _children(u)]
                      if os.path.ismount(f)]
    writable = sorted(p for p in found if os.access(p, os.W_OK))
    return Sticks(tuple(writable), tuple(sorted(p for p in found if p not in writable)))


def usb_sticks() -> list[Path]:
    """Writable mounted sticks, sorted by path."""
    return list(find_sticks().writable)


def _children(folder: Path) -> list[Path]:
    try:
        return [c for c in folder.iterdir() if c.is_dir()]
    except OSError:
        return []


#: the picture files the board mapper lists from a stick (lower-case suffixes)
PICTURE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp")


def find_pictures(sticks: Sticks | None = None, depth: int = 2, limit: int = 60) -> list[Path]:
    """The pictures on every stick (write-protected ones too: they are only read), in
    the stick's top folder and ``depth - 1`` folders below, hidden files and folders left
    out; sorted by stick, then name; at most ``limit``."""
    sticks = find_sticks() if sticks is None else sticks
    found: list[Path] = []
    for stick in sorted(sticks.writable + sticks.write_protected):
        folders, seen = [stick], 0
        while folders and seen < depth:
            below: list[Path] = []
            for folder in folders:
                try:
                    entries = sorted(folder.iterdir())
                except OSError:
                    continue
                for entry in entries:
                    if entry.name.startswith("."):
                        continue
                    if entry.is_dir():
                        below.append(entry)
                    elif entry.suffix.lower() in PICTURE_SUFFIXES and entry.is_file():
                        found.append(entry)
            folders, seen = below, seen + 1
    return found[:limit]
