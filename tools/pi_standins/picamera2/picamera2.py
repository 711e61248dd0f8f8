"""Picamera2's import-time needs (libcamera, numpy, PIL, simplejpeg built against apt's numpy)
and its behaviour with no camera attached, as picamera2/picamera2.py of picamera2 0.3 has it."""
import logging
from enum import Enum

import libcamera
import numpy as np  # noqa: F401 - imported at import time by the real module
import simplejpeg  # noqa: F401 - the real request.py imports it; it is built against apt's numpy
from libcamera import controls  # noqa: F401
from PIL import Image  # noqa: F401

_log = logging.getLogger(__name__)


class Preview(Enum):
    NULL = 0
    DRM = 1
    QT = 2
    QTGL = 3


class Picamera2:
    @staticmethod
    def global_camera_info() -> list:
        return [{"Model": getattr(cam, "model", "?"), "Id": getattr(cam, "id", "?")}
                for cam in libcamera.CameraManager.singleton().cameras]

    def __init__(self, camera_num=0, verbose_console=None, tuning=None):
        self.camera_idx = camera_num
        try:
            if not libcamera.CameraManager.singleton().cameras:
                _log.error("Camera(s) not found (Do not forget to disable legacy camera with raspi-config).")
                raise RuntimeError("Camera(s) not found (Do not forget to disable legacy camera with raspi-config).")
            raise RuntimeError("the stand-in drives no camera")
        except Exception:
            _log.error("Camera __init__ sequence did not complete.")
            raise RuntimeError("Camera __init__ sequence did not complete.")

    def close(self):
        pass
