"""Check a Raspberry Pi venv: Picamera2 from apt, numpy < 2, OpenCV's ArucoDetector, lgpio.

    .venv/bin/python tools/check_pi_stack.py

Run by ``setup.sh`` on a Pi with the venv's Python.  Exit status 1 when the camera stack
cannot work (Picamera2 does not import, numpy 2 is in the venv, OpenCV lacks
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
        facts.append(f"numpy {numpy.__version__} from {numpy.__file__}")
        if int(numpy.__version__.split(".")[0]) >= 2:
            problems.append(
                f"numpy {numpy.__version__} is in the venv: apt's picamera2 and simplejpeg are built "
                "against numpy 1.x and fail with 'numpy.dtype size changed'; "
                "install requirements.txt (numpy<2) again")
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
