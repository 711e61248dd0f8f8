"""Errors raised by the vision pipeline, all rooted in ``CompanionError``."""
from __future__ import annotations

from companion.errors import CompanionError


class VisionError(CompanionError):
    """Root of every error the vision pipeline raises on purpose."""


class FrameError(VisionError, ValueError):
    """A frame that cannot be used (empty, wrong dtype or shape, unreadable file)."""


class CameraUnavailable(VisionError, RuntimeError):
    """The camera is missing, unplugged or stopped delivering frames."""


class BoardNotFound(VisionError):
    """Too few anchors were seen to place the board ("board corners not visible")."""


class ProfileError(VisionError, ValueError):
    """A board profile file that is malformed; the message names file and problem."""


class TagError(VisionError, ValueError):
    """A tag payload or tag request that breaks the payload scheme."""
