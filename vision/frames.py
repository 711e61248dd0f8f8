"""Checking and converting camera frames (numpy arrays) with clear errors."""
from __future__ import annotations

from typing import Any, Callable

import numpy as np
import cv2

from vision.errors import FrameError


def check_frame(frame: object, name: str = "frame") -> np.ndarray:
    """Return ``frame`` if it is a usable image, else raise :class:`FrameError`.

    Accepted: ``uint8`` arrays of shape (H, W), (H, W, 1), (H, W, 3) BGR or (H, W, 4) BGRA.
    """
    if not isinstance(frame, np.ndarray):
        raise FrameError(f"{name} is {type(frame).__name__}, not an image array")
    if frame.size == 0:
        raise FrameError(f"{name} is empty (shape {frame.shape})")
    if frame.dtype != np.uint8:
        raise FrameError(f"{name} has dtype {frame.dtype}; expected uint8")
    if frame.ndim == 3 and frame.shape[2] in (1, 3, 4):
        return frame
    if frame.ndim == 2:
        return frame
    raise FrameError(f"{name} has shape {frame.shape}; expected (H, W) or (H, W, 3)")


def to_gray(frame: np.ndarray) -> np.ndarray:
    """A checked frame as a contiguous 2-D uint8 grey image."""
    frame = check_frame(frame)
    if frame.ndim == 2:
        return np.ascontiguousarray(frame)
    if frame.shape[2] == 1:
        return np.ascontiguousarray(frame[:, :, 0])
    code = cv2.COLOR_BGRA2GRAY if frame.shape[2] == 4 else cv2.COLOR_BGR2GRAY
    return cv2.cvtColor(frame, code)


def to_bgr(frame: np.ndarray) -> np.ndarray:
    """A checked frame as a 3-channel BGR image."""
    frame = check_frame(frame)
    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.shape[2] == 1:
        return cv2.cvtColor(frame[:, :, 0], cv2.COLOR_GRAY2BGR)
    if frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    return frame


def downscale(gray: np.ndarray, width: int) -> np.ndarray:
    """Area-downscale ``gray`` to ``width`` pixels wide (returned as is when already narrower)."""
    h, w = gray.shape[:2]
    if w <= width:
        return gray
    height = max(1, round(h * width / w))
    return cv2.resize(gray, (width, height), interpolation=cv2.INTER_AREA)


def _log_level_functions() -> tuple[Callable[[], int], Callable[[int], Any]]:
    """OpenCV's own log level, read and set: ``cv2.utils.logging`` in the wheels for numpy 2
    (Debian 13, Pi OS trixie: OpenCV 4.14 has no ``cv2.getLogLevel``), ``cv2.getLogLevel`` in the
    4.x wheels for numpy 1 (Debian 12, Pi OS Bookworm), which lack ``cv2.utils.logging``."""
    logging = getattr(getattr(cv2, "utils", None), "logging", None)   # which one this build has
    if logging is not None and hasattr(logging, "getLogLevel"):
        return logging.getLogLevel, logging.setLogLevel
    return cv2.getLogLevel, cv2.setLogLevel


def read_image(path: str) -> np.ndarray:
    """Read an image file as BGR; raise :class:`FrameError` naming the file if it cannot be read."""
    data = np.fromfile(path, dtype=np.uint8) if _exists(path) else None
    if data is None:
        raise FrameError(f"{path}: no such file")
    get_level, set_level = _log_level_functions()
    level = get_level()
    set_level(0)  # LOG_LEVEL_SILENT: silence libpng's warning for a truncated file; we raise instead
    try:
        image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    finally:
        set_level(level)
    if image is None:
        raise FrameError(f"{path}: not a readable image (empty, truncated or unknown format)")
    return image


def _exists(path: str) -> bool:
    import os

    return os.path.isfile(path)
