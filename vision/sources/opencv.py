"""OpenCV capture: a USB webcam (device number) or a video file (path)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.errors import CameraUnavailable
from vision.sources.base import EndOfStream, FrameSource


class OpenCVSource(FrameSource):
    """``cv2.VideoCapture`` behind the frame source interface.

    A device that cannot be opened or stops delivering raises
    :class:`CameraUnavailable`; a video file that ends raises
    :class:`EndOfStream` (or starts over with ``loop=True``).
    """

    name = "opencv"

    def __init__(self, device: int | str = 0, size: tuple[int, int] | None = None, loop: bool = False):
        super().__init__()
        self.device = device
        self.size = size
        self.loop = loop
        self._capture: cv2.VideoCapture | None = None

    @property
    def is_file(self) -> bool:
        return isinstance(self.device, str)

    def _open(self) -> None:
        capture = cv2.VideoCapture(self.device)
        if not capture.isOpened():
            capture.release()
            raise CameraUnavailable(f"cannot open {'video file' if self.is_file else 'camera'} {self.device!r}")
        if self.size is not None and not self.is_file:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        self._capture = capture

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
            raise CameraUnavailable(f"camera {self.device!r} stopped delivering frames")
        return image, None
