"""Picamera2 on the Raspberry Pi: a small ("lores") stream to find tags, the
full-resolution ("main") stream to decode crops.  ``picamera2`` is imported
only when the source starts, so this module loads anywhere."""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import numpy as np

from vision.errors import CameraUnavailable
from vision.sources.base import FrameSource


class Picamera2Source(FrameSource):
    """Camera Module 3 (or any libcamera camera) through Picamera2.

    ``main_size``/``lores_size`` are (w, h); lores comes as YUV420 and only its
    Y (grey) plane is used.  ``module`` injects a stand-in for ``picamera2``
    (tests).
    """

    name = "picamera2"

    def __init__(self, main_size: tuple[int, int] = (2304, 1296), lores_size: tuple[int, int] = (1152, 648),
                 camera_num: int = 0, module: ModuleType | Any | None = None):
        super().__init__()
        if lores_size[0] > main_size[0] or lores_size[1] > main_size[1]:
            raise ValueError(f"lores {lores_size} must not be larger than main {main_size}")
        self.main_size = main_size
        self.lores_size = lores_size
        self.camera_num = camera_num
        self._module = module
        self._camera: Any = None

    def _open(self) -> None:
        module = self._module
        if module is None:
            try:
                module = importlib.import_module("picamera2")
            except ImportError as exc:
                raise CameraUnavailable("picamera2 is not installed (not a Raspberry Pi?)") from exc
        try:
            camera = module.Picamera2(self.camera_num)
            config = camera.create_video_configuration(
                main={"size": self.main_size, "format": "RGB888"},
                lores={"size": self.lores_size, "format": "YUV420"},
                buffer_count=4,
            )
            camera.configure(config)
            camera.start()
        except (RuntimeError, IndexError, OSError) as exc:
            raise CameraUnavailable(f"camera {self.camera_num} could not be opened: {exc}") from exc
        self._camera = camera

    def _close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            try:
                camera.stop()
            finally:
                camera.close()

    def _grab(self) -> tuple[np.ndarray, np.ndarray | None]:
        try:
            request = self._camera.capture_request()
        except (RuntimeError, OSError) as exc:
            raise CameraUnavailable(f"camera {self.camera_num} stopped delivering frames: {exc}") from exc
        try:
            main = np.ascontiguousarray(request.make_array("main"))  # RGB888 is stored B, G, R
            yuv = request.make_array("lores")
        finally:
            request.release()
        lores = np.ascontiguousarray(yuv[: self.lores_size[1], : self.lores_size[0]])
        return main, lores
