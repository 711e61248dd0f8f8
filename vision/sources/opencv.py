"""OpenCV capture: a USB webcam (device number or ``/dev/video*`` path) or a video file.

A webcam is opened through V4L2 (``cv2.CAP_V4L2``) with MJPG requested
(``CAP_PROP_FOURCC``) before the size (``CAP_PROP_FRAME_WIDTH/HEIGHT``):
most UVC webcams give full HD only as MJPG, and without a requested size
V4L2 delivers 640×480.  A device path is a device, not a file: when the
webcam is unplugged, reading fails with :class:`CameraUnavailable` and the
worker opens it again every few seconds until it is back.
"""
from __future__ import annotations

import logging
import os
import stat
import sys

import cv2
import numpy as np

from vision.errors import CameraUnavailable
from vision.sources.base import EndOfStream, FrameSource

log = logging.getLogger(__name__)

#: The size asked of a webcam when none is given (w, h).
WEBCAM_SIZE = (1280, 720)


def is_device_path(device: str) -> bool:
    """``/dev/video0``, ``/dev/v4l/by-id/...``, or any character device."""
    if device.startswith("/dev/"):
        return True
    try:
        return stat.S_ISCHR(os.stat(device).st_mode)
    except OSError:
        return False


class OpenCVSource(FrameSource):
    """``cv2.VideoCapture`` behind the frame source interface.

    ``device`` is a webcam index, a device path or a video file.  A device
    that cannot be opened or stops delivering raises
    :class:`CameraUnavailable`; a video file that ends raises
    :class:`EndOfStream` (or starts over with ``loop=True``).  ``size`` (w, h)
    and ``fourcc`` are requested from webcams only.
    """

    name = "opencv"

    def __init__(self, device: int | str = 0, size: tuple[int, int] | None = WEBCAM_SIZE, loop: bool = False,
                 fourcc: str | None = "MJPG"):
        super().__init__()
        self.device = device
        self.size = size
        self.loop = loop
        self.fourcc = fourcc
        self._capture: cv2.VideoCapture | None = None

    @property
    def is_file(self) -> bool:
        return isinstance(self.device, str) and not is_device_path(self.device)

    def _open(self) -> None:
        if self.is_file:
            capture = cv2.VideoCapture(self.device)
        elif sys.platform.startswith("linux"):
            capture = cv2.VideoCapture(self.device, cv2.CAP_V4L2)
        else:
            capture = cv2.VideoCapture(self.device)
        if not capture.isOpened():
            capture.release()
            raise CameraUnavailable(f"cannot open {'video file' if self.is_file else 'camera'} {self.device!r}")
        if not self.is_file:
            self._request_format(capture)
        self._capture = capture

    def _request_format(self, capture: cv2.VideoCapture) -> None:
        if self.fourcc:  # the pixel format first: it decides which sizes the camera offers
            capture.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter_fourcc(*self.fourcc))
        if self.size is not None:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        got = (int(capture.get(cv2.CAP_PROP_FRAME_WIDTH)), int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT)))
        if self.size is not None and got != tuple(self.size):
            log.warning("camera %r gives %dx%d, not the %dx%d asked for", self.device, *got, *self.size)
        else:
            log.info("camera %r open at %dx%d", self.device, *got)

    def _close(self) -> None:
        capture, self._capture = self._capture, None
        if capture is not None:
            capture.release()

    def _grab(self) -> tuple[np.ndarray, np.ndarray | None]:
        assert self._capture is not None
        ok, image = self._capture.read()
        if not ok and self.is_file and self.loop:
            self._capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, image = self._capture.read()
        if not ok or image is None:
            if self.is_file:
                raise EndOfStream(f"video {self.device!r} has no more frames")
            raise CameraUnavailable(f"camera {self.device!r} stopped delivering frames (unplugged?)")
        return image, None
