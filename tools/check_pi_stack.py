"""Check a Raspberry Pi venv: Picamera2 and numpy from apt, OpenCV's ArucoDetector, lgpio.

    .venv/bin/python tools/check_pi_stack.py

Run by ``setup.sh`` on a Pi with the venv's Python.  Exit status 1 when the camera stack
cannot work (Picamera2 does not import, a numpy other than apt's is imported — apt's Picamera2
and simplejpeg are built against apt's numpy: 1.24 on Bookworm, 2.2 on trixie —, OpenCV lacks
``cv2.aruco.ArucoDetector``): each problem is printed with what to do.  A missing camera or
lgpio is only a warning: the app falls back to a USB webcam or the simulated table, and to
the on-screen panel.  Standard library only, so it can report a broken numpy too.
"""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from importlib import metadata
from pathlib import Path

#: Where apt puts Debian's Python packages (TABLE_COMPANION_APT_SITE replaces it in tests).
APT_SITE = Path(os.environ.get("TABLE_COMPANION_APT_SITE", "/usr/lib/python3/dist-packages"))


def apt_version(name: str) -> str | None:
    """The version of NAME that apt installed, or None."""
    for dist in metadata.distributions(path=[str(APT_SITE)]):
        if (dist.metadata["Name"] or "").lower() == name:
            return dist.version
    return None


def check() -> tuple[list[str], list[str], list[str]]:
    """(problems, warnings, facts): problems stop setup.sh, warnings are shown."""
    problems: list[str] = []
    warnings: list[str] = []
    facts: list[str] = []
    try:
        import numpy
    except Exception as exc:  # noqa: BLE001 - any failure is reported, with its type
        problems.append(f"numpy does not import ({type(exc).__name__}: {exc})")
    else:
        where = Path(numpy.__file__).resolve().parent
        facts.append(f"numpy {numpy.__version__} from {where}")
        if APT_SITE.resolve() not in where.parents:
            from_apt = apt_version("numpy")
            problems.append(
                f"numpy {numpy.__version__} from {where} shadows apt's numpy "
                f"{from_apt or '(python3-numpy, not installed)'}, which Picamera2 and simplejpeg are built "
                "against (they fail with 'numpy.dtype size changed' or 'numpy.core.multiarray failed to "
                "import'): remove it with `pip uninstall numpy` in this venv and run setup.sh again")
    try:
        import cv2
    except Exception as exc:  # noqa: BLE001
        problems.append(f"OpenCV does not import ({type(exc).__name__}: {exc})")
    else:
        facts.append(f"OpenCV {cv2.__version__}")
        if not hasattr(getattr(cv2, "aruco", None), "ArucoDetector"):
            problems.append(f"OpenCV {cv2.__version__} has no cv2.aruco.ArucoDetector (4.7 or newer needed)")
    try:
        from picamera2 import Picamera2
    except Exception as exc:  # noqa: BLE001 - e.g. ValueError for a numpy ABI clash
        problems.append(
            f"Picamera2 does not import ({type(exc).__name__}: {exc}); install python3-picamera2 "
            "with apt and make the venv with --system-site-packages (setup.sh does both)")
    else:
        try:
            cameras = Picamera2.global_camera_info()
        except Exception as exc:  # noqa: BLE001
            warnings.append(f"Picamera2 cannot list the cameras ({type(exc).__name__}: {exc})")
        else:
            if cameras:
                facts.append("camera: " + ", ".join(str(c.get("Model", c)) for c in cameras))
            else:
                warnings.append(
                    "no camera is listed: check the ribbon cable and `rpicam-hello --list-cameras`; "
                    "until then the app uses a USB webcam or the simulated table")
    # lgpio makes its notification pipe (.lgd-nfy*) in $LG_WD or the working directory on import.
    if "LG_WD" not in os.environ:
        work_dir = tempfile.mkdtemp(prefix="lgpio-check-")
        atexit.register(shutil.rmtree, work_dir, True)
        os.environ["LG_WD"] = work_dir
    try:
        import lgpio
    except Exception as exc:  # noqa: BLE001
        warnings.append(
            f"lgpio does not import ({type(exc).__name__}: {exc}): install python3-lgpio; "
            "until then the GPIO panel is drawn on the screen")
    else:
        facts.append(f"lgpio {getattr(lgpio, 'LGPIO_PY_VERSION', '')}".strip())
    return problems, warnings, facts


def main() -> int:
    problems, warnings, facts = check()
    for fact in facts:
        print(f"    {fact}")
    for warning in warnings:
        print(f"check_pi_stack: warning: {warning}", file=sys.stderr)
    for problem in problems:
        print(f"check_pi_stack: error: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
