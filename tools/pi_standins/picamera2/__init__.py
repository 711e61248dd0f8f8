"""Stand-in for python3-picamera2 (Raspberry Pi archive): imports as picamera2 0.3 does."""
from .picamera2 import Picamera2, Preview

import libcamera

__all__ = ["Picamera2", "Preview", "libcamera"]
