"""The frame source interface and the frame it delivers."""
from __future__ import annotations

import time
from abc import ABC, abstractmethod
from typing import Callable

import numpy as np

from vision.errors import VisionError


class EndOfStream(VisionError):
    """A finite source (video file, image folder) has no more frames."""


class Frame:
    """One camera frame: full-resolution ``image`` (H, W, 3 BGR) and, when the
    camera provides one, a ``small`` grey view of the same scene (lores stream).

    A camera with a small stream may deliver the full-resolution image only on
    demand: ``load`` is then called the first time ``image`` is read (the
    change gate works on ``gate_view`` or ``small``; the full image is captured
    only when the scene has settled and must be read).  ``size`` is (w, h) of the full image.
    ``gate_view``: a small colour view for the change gate when ``small`` is grey
    (the Pi's lores Y plane): a card of another colour but the same brightness
    changes no grey level.
    """

    __slots__ = ("timestamp", "index", "small", "gate_view", "_image", "_load", "_size")

    def __init__(self, image: np.ndarray | None, timestamp: float, index: int,
                 small: np.ndarray | None = None, *, size: tuple[int, int] | None = None,
                 load: Callable[[], np.ndarray] | None = None, gate_view: np.ndarray | None = None):
        if image is None and load is None:
            raise ValueError("a frame needs its image or a way to load it")
        self._image = image
        self.timestamp = timestamp
        self.index = index
        self.small = small
        self.gate_view = gate_view
        self._load = load
        self._size = size

    @property
    def image(self) -> np.ndarray:
        if self._image is None:
            assert self._load is not None
            self._image = self._load()
            self._load = None
        return self._image

    @property
    def is_loaded(self) -> bool:
        """Whether the full-resolution image has been captured (or came with the frame)."""
        return self._image is not None

    @property
    def size(self) -> tuple[int, int]:
        """(w, h) of the full-resolution image, without capturing it."""
        if self._size is None:
            h, w = self.image.shape[:2]
            self._size = (w, h)
        return self._size


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
        grabbed = self._grab()
        image, small = grabbed[:2]
        gate_view = grabbed[2] if len(grabbed) > 2 else None
        self._index += 1
        if image is None:  # a small view now, the full image only if asked for
            return Frame(None, time.monotonic(), self._index, small, size=self._full_size(),
                         load=self._grab_full, gate_view=gate_view)
        return Frame(image, time.monotonic(), self._index, small, gate_view=gate_view)

    def _full_size(self) -> tuple[int, int] | None:
        """(w, h) of the full image, for sources whose ``_grab`` returns no image."""
        return None

    def _grab_full(self) -> np.ndarray:
        """The full-resolution image now (sources whose ``_grab`` returns no image)."""
        raise NotImplementedError

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
    def _grab(self) -> tuple[np.ndarray | None, ...]:
        """(full image, small grey view[, small colour view for the change gate]); a
        source with a small stream may return (None, small, ...) and capture the full
        image in :meth:`_grab_full` on demand."""
