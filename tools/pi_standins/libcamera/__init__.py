"""Stand-in for python3-libcamera (Raspberry Pi archive) under qemu: no camera is attached."""
import enum
import os


class StreamRole(enum.IntEnum):
    Raw = 0
    StillCapture = 1
    VideoRecording = 2
    Viewfinder = 3


class Transform:
    def __init__(self, hflip=0, vflip=0, transpose=0, rotation=0):
        self.hflip, self.vflip, self.transpose = bool(hflip), bool(vflip), bool(transpose)

    def __str__(self):
        return f"<libcamera.Transform 'hflip={int(self.hflip)} vflip={int(self.vflip)}'>"


class ColorSpace:
    def __init__(self, primaries=None, transferFunction=None, ycbcrEncoding=None, range=None):  # noqa: N803
        self.primaries, self.transferFunction = primaries, transferFunction
        self.ycbcrEncoding, self.range = ycbcrEncoding, range

    def __str__(self):
        return "<libcamera.ColorSpace>"


class CameraManager:
    """libcamera's camera manager: a singleton whose cameras are those the kernel offers."""

    _instance = None

    def __init__(self):
        self.cameras = []
        self.event_fd = os.eventfd(0) if hasattr(os, "eventfd") else os.pipe()[0]
        self.version = "v0.5.0+rpt-standin"

    @classmethod
    def singleton(cls):
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def get_ready_requests(self):
        return []


class _Controls:
    class AfModeEnum(enum.IntEnum):
        Manual = 0
        Auto = 1
        Continuous = 2


controls = _Controls()
