"""The simulated table as a frame source (laptop play, demos, tests)."""
from __future__ import annotations

import threading
import time

import numpy as np

from vision.sources.base import FrameSource
from vision.synthetic import SimulatedTable


class SimulatedSource(FrameSource):
    """Renders ``table`` on every read; ``fps`` paces reads like a real camera (None: as fast as asked).

    ``stepped``: a read waits until :meth:`step` allows another frame, so whoever
    drives the table (a UI scenario) decides exactly which scenes the camera sees,
    whatever the load on the machine; :meth:`wait_rendered` tells when they were seen.
    """

    name = "simulated"

    def __init__(self, table: SimulatedTable, fps: float | None = None, stepped: bool = False):
        super().__init__()
        self.table = table
        self.fps = fps
        self._next = 0.0
        self._pace = threading.Event()  # never set: used for an interruptible wait
        self._steps = threading.Condition()
        self._stepped = stepped
        self._allowed = 0               # frames stepped but not rendered yet
        self.rendered = 0               # frames rendered since the source was made

    def step(self, frames: int = 1) -> None:
        """Let the reader take ``frames`` more frames of the table as it is when each is read."""
        with self._steps:
            self._allowed += frames
            self._steps.notify_all()

    @property
    def stepped(self) -> bool:
        """Renders only the frames it is stepped for (until closed or run free)."""
        return self._stepped

    def wait_rendered(self, timeout: float) -> bool:
        """Block until every stepped frame has been rendered (False after ``timeout`` s)."""
        with self._steps:
            return self._steps.wait_for(lambda: self._allowed == 0 or not self._stepped, timeout)

    def run_free(self) -> None:
        """Stop stepping: reads no longer wait (a worker being stopped must not hang in one)."""
        with self._steps:
            self._stepped = False
            self._steps.notify_all()

    def _open(self) -> None:
        self._pace.clear()
        self._next = time.monotonic()

    def _close(self) -> None:
        self._pace.set()
        self.run_free()

    def _grab(self) -> tuple[np.ndarray, np.ndarray | None]:
        with self._steps:
            self._steps.wait_for(lambda: self._allowed > 0 or not self._stepped)
        if self.fps:
            self._next += 1.0 / self.fps
            delay = self._next - time.monotonic()
            if delay > 0:
                self._pace.wait(delay)
            else:
                self._next = time.monotonic()
        image = self.table.render()
        with self._steps:
            self.rendered += 1
            self._allowed = max(0, self._allowed - 1)
            self._steps.notify_all()
        return image, None
