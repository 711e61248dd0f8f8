"""One worker thread owns the camera and publishes the latest settled reading.

The worker reads frames, passes each through the change gate, and when the
scene settles after a change reads it (only the changed regions) and
publishes one :class:`TableReading`.  A missing or unplugged camera is
reported in :attr:`VisionWorker.status` and retried; the app keeps working
by touch meanwhile.  No globals: everything lives on the instance.
"""
from __future__ import annotations

import logging
from collections import deque
import threading
import time
from dataclasses import dataclass
from typing import Callable

from companion.readings import TableReading
from vision.config import VisionConfig
from vision.errors import CameraUnavailable, FrameError, VisionError
from vision.gate import ChangeGate
from vision.reader import TableReader
from vision.sources.base import EndOfStream, FrameSource

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WorkerStatus:
    """What the UI shows about the camera: ``ok`` False means touch-only play."""

    ok: bool
    message: str
    frames: int = 0
    readings: int = 0
    errors: int = 0


class VisionWorker:
    """Owns ``source`` on a background thread; ``latest()`` is the newest reading.

    ``on_reading`` (optional) is called on the worker thread with each new
    reading; a UI moves it to its own thread.  ``close()`` stops the thread
    and the source and is safe to call twice; the worker is a context manager.
    """

    def __init__(self, source: FrameSource, reader: TableReader, config: VisionConfig = VisionConfig(),
                 on_reading: Callable[[TableReading], None] | None = None, retry_seconds: float = 2.0,
                 name: str = "vision-worker"):
        self.source = source
        self.reader = reader
        self.gate = ChangeGate(config.gate)
        self.on_reading = on_reading
        self.retry_seconds = retry_seconds
        self._stop = threading.Event()
        self._cond = threading.Condition()
        self._latest: TableReading | None = None
        self._count = 0
        self._frames = 0
        self._errors = 0
        self._status = WorkerStatus(False, "starting")
        self._last_failure: str | None = None
        self.full_frames = 0  # frames whose full-resolution image was read (the gate settled)
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._started = False
        self._closed = False
        self.settle_latencies_ms: deque[float] = deque(maxlen=1000)  # ms, settling frame -> reading

    # ----- public API --------------------------------------------------
    def start(self) -> "VisionWorker":
        if not self._started:
            self._started = True
            self._thread.start()
        return self

    def close(self, timeout: float = 5.0) -> None:
        """Stop the thread and release the camera (safe to call twice)."""
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        with self._cond:
            self._cond.notify_all()
        if self._started:
            self._thread.join(timeout)
        self.source.close()

    def __enter__(self) -> "VisionWorker":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def status(self) -> WorkerStatus:
        return self._status

    @property
    def reading_count(self) -> int:
        return self._count

    @property
    def is_running(self) -> bool:
        return self._thread.is_alive()

    def latest(self) -> TableReading | None:
        with self._cond:
            return self._latest

    def wait_for_reading(self, after: int = 0, timeout: float = 5.0) -> TableReading | None:
        """Block until more than ``after`` readings were published (or the worker ends); None on timeout."""
        with self._cond:
            self._cond.wait_for(lambda: self._count > after or self._stop.is_set() or not self._thread.is_alive(), timeout)
            return self._latest if self._count > after else None

    def wait_until_idle(self, timeout: float = 5.0) -> bool:
        """Block until the worker thread has ended (a finite source ran out); True if it did."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    # ----- the thread ----------------------------------------------------
    def _set_status(self, ok: bool, message: str) -> None:
        self._status = WorkerStatus(ok, message, self._frames, self._count, self._errors)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.source.start()
                if self._last_failure is not None:
                    log.info("camera (%s) back after: %s", self.source.name, self._last_failure)
                    self._last_failure = None
                self._set_status(True, f"camera ({self.source.name}) running")
                self._loop()
            except EndOfStream as exc:
                self._set_status(False, str(exc))
                break
            except Exception as exc:  # noqa: BLE001 - CameraUnavailable, OSError, anything a driver raises
                self._errors += 1
                self._set_status(False, f"camera unavailable: {exc}; retrying in {self.retry_seconds:g} s (touch play continues)")
                if str(exc) != self._last_failure:  # the same failure every retry is logged once
                    self._last_failure = str(exc)
                    log.warning("camera unavailable (retrying every %g s; touch play continues): %s",
                                self.retry_seconds, exc, exc_info=not isinstance(exc, CameraUnavailable))
                try:
                    self.source.stop()
                except Exception:  # noqa: BLE001 - a broken device may fail to close too
                    log.exception("closing the camera failed")
                self.gate.reset()
                self._stop.wait(self.retry_seconds)
        with self._cond:
            self._cond.notify_all()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                frame = self.source.read()
            except FrameError as exc:  # an unreadable recorded frame: skip it
                self._errors += 1
                self._set_status(True, f"frame skipped: {exc}")
                continue
            self._frames += 1
            t_settle = time.perf_counter()
            try:
                # the gate looks at the small view; the full image is captured only once it settles
                settled = self.gate.update(frame.small if frame.small is not None else frame.image, frame.size)
                if settled is None:
                    continue
                self.full_frames += 1
                reading = self.reader.read(frame.image, frame.small, settled.regions)
            except VisionError as exc:  # a bad frame: report, keep going
                self._errors += 1
                self._set_status(True, f"frame {frame.index} skipped: {exc}")
                continue
            except Exception as exc:  # noqa: BLE001 - nothing a frame does may kill the worker
                self._errors += 1
                log.exception("frame %s broke the pipeline", frame.index)
                self._set_status(True, f"frame {frame.index} skipped: internal error {type(exc).__name__}")
                continue
            self.settle_latencies_ms.append((time.perf_counter() - t_settle) * 1000.0)
            self._publish(reading)

    def _publish(self, reading: TableReading) -> None:
        with self._cond:
            self._latest = reading
            self._count += 1
            self._cond.notify_all()
        self._set_status(True, f"reading {self._count} published")
        if self.on_reading is not None:
            try:
                self.on_reading(reading)
            except Exception:  # noqa: BLE001 - a listener's bug must not stop the camera
                log.exception("on_reading callback failed")
