"""The simulated table as a frame source (laptop play, demos, tests)."""
from __future__ import annotations

import threading
import time

import numpy as np

from vision.sources.base import FrameSource
from vision.synthetic import SimulatedTable


class SimulatedSource(FrameSource):
    """Renders ``table`` on every read; ``fps`` paces reads like a real camera (None: as fast as asked)."""

    name = "simulated"

    def __init__(self, table: SimulatedTable, fps: float | None = None):
        super().__init__()
        self.table = table
        self.fps = fps
        self._next = 0.0
        self._pace = threading.Event()  # never set: used for an interruptible wait

    def _open(self) -> None:
        self._pace.clear()
        self._next = time.monotonic()

    def _close(self) -> None:
        self._pace.set()

    def _grab(self) -> tuple[np.ndarray, np.ndarray | None]:
        if self.fps:
            self._next += 1.0 / self.fps
            delay = self._next - time.monotonic()
            if delay > 0:
                self._pace.wait(delay)
            else:
                self._next = time.monotonic()
        return self.table.render(), None
