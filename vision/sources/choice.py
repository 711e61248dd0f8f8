"""Which camera ``camera = "auto"`` means: the one that is present.

Chosen on its own, not from the GPIO panel: Picamera2
when it is installed and lists a camera (``Picamera2.global_camera_info()``),
else a USB webcam (V4L2), else the simulated table.  Loads anywhere: nothing
here imports picamera2 unless it is installed, nor Kivy.
"""
from __future__ import annotations

import importlib.util
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

log = logging.getLogger(__name__)


#: Where Linux lists video devices (one directory per /dev/videoN).
V4L2_SYSFS = Path("/sys/class/video4linux")


@dataclass(frozen=True)
class CameraChoice:
    """What ``camera = "auto"`` found: ``kind`` is picamera2, opencv or simulated."""

    kind: str
    device: str | None = None
    reason: str = ""


def picamera2_cameras() -> tuple[bool, list[Any], str]:
    """(installed, cameras listed by ``Picamera2.global_camera_info()``, problem).

    Importing picamera2 can fail with more than ImportError (``ValueError:
    numpy.dtype size changed`` on a numpy mismatch): installed but broken is
    reported as installed, with the problem, so the failure is shown rather
    than quietly replaced by another camera.
    """
    if importlib.util.find_spec("picamera2") is None:
        return False, [], ""
    try:
        from picamera2 import Picamera2

        return True, list(Picamera2.global_camera_info()), ""
    except Exception as exc:  # noqa: BLE001 - see above
        log.warning("picamera2 is installed but cannot list cameras: %s: %s", type(exc).__name__, exc)
        return True, [], f"{type(exc).__name__}: {exc}"


def usb_video_devices(sysfs: Path = V4L2_SYSFS) -> list[str]:
    """``/dev/videoN`` of each USB webcam's capture node, in number order.

    The Pi's own V4L2 nodes (unicam / rp1-cfe, the ISP and codecs) are not
    webcams: only devices on a USB bus count, and of each webcam only the
    node with ``index`` 0 (UVC adds a metadata node with index 1).
    """
    found: list[tuple[int, str]] = []
    try:
        entries = list(sysfs.iterdir())
    except OSError:
        return []
    for entry in entries:
        if not entry.name.startswith("video") or not entry.name[5:].isdigit():
            continue
        try:
            device = (entry / "device").resolve()
            index = (entry / "index").read_text().strip() if (entry / "index").exists() else "0"
        except OSError:
            continue
        if "/usb" not in str(device) or index != "0":
            continue
        found.append((int(entry.name[5:]), f"/dev/{entry.name}"))
    return [path for _, path in sorted(found)]


def choose_camera(*, picamera2: Callable[[], tuple[bool, list[Any], str]] = picamera2_cameras,
                  webcams: Callable[[], list[str]] = usb_video_devices) -> CameraChoice:
    """The camera ``auto`` means, from what is present."""
    installed, cameras, problem = picamera2()
    if cameras:
        return CameraChoice("picamera2", None, f"Pi camera: {cameras[0].get('Model', '?')}")
    if installed and problem:
        return CameraChoice("picamera2", None, f"picamera2 is broken ({problem})")
    devices = webcams()
    if devices:
        return CameraChoice("opencv", devices[0], f"USB webcam {devices[0]}")
    return CameraChoice("simulated", None, "no camera found: the simulated table")
