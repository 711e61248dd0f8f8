"""The frame source interface and the frame it delivers."""
from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass

import numpy as np

from vision.errors import VisionError


class EndOfStream(VisionError):
    """A finite source (video file, image folder) has no more frames."""


@dataclass(frozen=True)
class Frame:
    """One camera frame: full-resolution ``image`` (H, W, 3 BGR) and, when the
    camera provides one, a ``small`` grey view of the same scene (lores stream)."""

    image: np.ndarray
    timestamp: float
    index: int
    small: np.ndarray | None = None


class FrameSource(ABC):
    """start() opens the device, read() returns the next :class:`Frame`, stop() releases it.

    ``read`` raises :class:`vision.errors.CameraUnavailable` when the device is
    gone and :class:`EndOfStream` when a finite source is exhausted.
    ``close()`` is ``stop()`` and is safe to call twice; sources are context managers.
    """

    name = "source"

    def __init__(self) -> None:
        self._started = False
        self._index = 0

    @property
    def is_started(self) -> bool:
        return self._started

    def start(self) -> None:
        if not self._started:
            self._open()
            self._started = True

    def stop(self) -> None:
        if self._started:
            self._started = False
            self._close()

    def close(self) -> None:
        self.stop()

    def read(self) -> Frame:
        if not self._started:
            self.start()
        image, small = self._grab()
        self._index += 1
        return Frame(image, time.monotonic(), self._index, small)

    def __enter__(self) -> "FrameSource":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @abstractmethod
    def _open(self) -> None: ...

    @abstractmethod
    def _close(self) -> None: ...

    @abstractmethod
    def _grab(self) -> tuple[np.ndarray, np.ndarray | None]: ...
