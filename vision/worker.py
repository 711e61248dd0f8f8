"""One worker thread owns the camera and publishes the latest settled reading.

The worker reads frames, passes each through the change gate, and when the
scene settles after a change reads it (only the changed regions) and
publishes one :class:`TableReading`.  A settled scene with a hand resting on
the table is not read (the gate waits for the table to be clear); dice still
rolling are read again on the next frames until they lie still.

Nothing stops the worker silently: a missing or unplugged camera, a source or
reader that raises anything, and a camera that stops delivering frames (a
stall, noticed by a watchdog within ``stall_seconds``) are reported in
:attr:`VisionWorker.status` (``ok`` False, with the reason and what the
player can do) and in the log, and the camera is restarted; the app keeps
working by touch meanwhile.  No globals: everything lives on the instance.
"""
from __future__ import annotations

import logging
from collections import deque
import threading
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from companion.messages import N_, Text
from companion.readings import TableReading
from vision.config import VisionConfig
from vision.errors import CameraUnavailable, FrameError, VisionError
from vision.gate import Box, ChangeGate, Settled, hand_boxes, hand_over, hand_patches, hand_view, hands_touch
from vision.reader import TableReader
from vision.sources.base import EndOfStream, Frame, FrameSource

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Ahead:
    """A frame read before the gate knew it starts a still scene (see ``VisionWorker._read_ahead``)."""

    timestamp: float
    reading: TableReading
    small_colour: np.ndarray
    snapshot: object  # the reader's memory before the read, to forget it


#: the status before the camera has opened (not a failure: the UI shows it, the LED stays calm)
STARTING = Text(N_("Camera starting…"))


@dataclass(frozen=True)
class WorkerStatus:
    """What the UI shows about the camera: ``ok`` False means touch-only play.

    ``text`` is the player-facing message (translated when shown, see
    :mod:`companion.i18n`); ``message`` is its English, for logs and tests.
    """

    ok: bool
    text: Text
    frames: int = 0
    readings: int = 0
    errors: int = 0

    @property
    def message(self) -> str:
        return str(self.text)

    @property
    def starting(self) -> bool:
        return self.text == STARTING


class VisionWorker:
    """Owns ``source`` on a background thread; ``latest()`` is the newest reading.

    ``on_reading`` (optional) is called on the worker thread with each new
    reading; a UI moves it to its own thread.  ``close()`` stops the thread
    and the source and is safe to call twice; the worker is a context manager.
    """

    def __init__(self, source: FrameSource, reader: TableReader, config: VisionConfig = VisionConfig(),
                 on_reading: Callable[[TableReading], None] | None = None, retry_seconds: float = 2.0,
                 name: str = "vision-worker", stall_seconds: float = 3.0):
        self.source = source
        self.reader = reader
        self.gate = ChangeGate(config.gate)
        self.on_reading = on_reading
        self.retry_seconds = retry_seconds
        self.stall_seconds = stall_seconds
        self._gate_config = config.gate
        self._stop = threading.Event()
        self._cond = threading.Condition()
        self._latest: TableReading | None = None
        self._count = 0
        self._frames = 0
        self._errors = 0
        self._status = WorkerStatus(False, STARTING)
        self._last_failure: str | None = None
        self.full_frames = 0  # frames whose full-resolution image was read (the gate settled, or read ahead)
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._watchdog = threading.Thread(target=self._watch, name=f"{name}-watchdog", daemon=True)
        self._waiting_since: float | None = None  # when the worker began waiting on the camera (None: busy reading)
        self._in_start = False                     # ... in start(), not read()
        self._start_hung = False
        self._stalled = False
        self._started = False
        self._closed = False
        self._last_read_view = None  # small colour copy of the last frame read (hand check)
        self._newest_image: np.ndarray | None = None  # the newest frame's full image ("what colour is this?")
        self.settle_latencies_ms: deque[float] = deque(maxlen=1000)  # ms, settling frame -> reading
        self.first_still_latencies_ms: deque[float] = deque(maxlen=1000)  # ms, first still frame -> reading

    # ----- public API --------------------------------------------------
    def start(self) -> "VisionWorker":
        if not self._started:
            self._started = True
            try:
                self._thread.start()
                self._watchdog.start()
            except Exception as exc:  # RuntimeError: can't start new thread
                self._set_status(False, Text(N_("Camera not started ({reason}): restart the app to use it. "
                                                "Play by touch meanwhile."), reason=str(exc)))
                log.exception("the vision worker could not start")
                raise
        return self

    def close(self, timeout: float = 5.0) -> None:
        """Stop the threads and release the camera (safe to call twice).

        The source is closed before joining, so a thread blocked in ``read()``
        wakes up and ends; a thread still alive after ``timeout`` is logged.
        """
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        with self._cond:
            self._cond.notify_all()
        try:
            self.source.close()
        except Exception:  # noqa: BLE001 - a broken device may fail to close: still stop the threads
            log.exception("closing the camera failed")
        if self._started:
            self._thread.join(timeout)
            self._watchdog.join(timeout)
            if self._thread.is_alive():
                log.error("the vision worker did not stop within %g s: the camera (%s) hangs in read()",
                          timeout, self.source.name)

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
        return self._thread.is_alive() or self._watchdog.is_alive()

    def latest(self) -> TableReading | None:
        with self._cond:
            return self._latest

    def newest_frame(self) -> tuple[np.ndarray, tuple[float, float, float] | None] | None:
        """The newest frame's full image (BGR, never written to) and the anchors' paper white
        last measured (None: the board was not seen), for naming a colour held before the
        camera; None before the first frame."""
        image = self._newest_image   # one reference, swapped whole by the worker thread
        if image is None:
            return None
        location = self.reader.location
        return image, location.white_bgr if location is not None else None

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
    def _set_status(self, ok: bool, text: Text) -> None:
        self._status = WorkerStatus(ok, text, self._frames, self._count, self._errors)

    def _set_running(self) -> None:
        self._set_status(True, Text(N_("Camera ({camera}) running."), camera=self.source.name))

    def _run(self) -> None:
        try:
            self._serve()
        except BaseException as exc:  # noqa: BLE001 - the thread never ends silently
            self._errors += 1
            log.exception("the vision worker stopped")
            self._set_status(False, Text(N_("Camera stopped: internal error {error}. Restart the app to use "
                                            "the camera; play by touch meanwhile."), error=type(exc).__name__))
            raise
        finally:
            if self._stop.is_set():
                self._set_status(False, Text(N_("Camera closed.")))
            with self._cond:
                self._cond.notify_all()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                self._waiting_since, self._in_start = time.monotonic(), True
                try:
                    self.source.start()
                finally:
                    self._waiting_since, self._in_start = None, False
                if self._start_hung:
                    self._start_hung = False
                    log.info("camera (%s) started after all", self.source.name)
                if self._last_failure is not None:
                    log.info("camera (%s) back after: %s", self.source.name, self._last_failure)
                    self._last_failure = None
                if not self._stalled:  # after a stall, only a frame says the camera works again
                    self._set_running()
                self._loop()
            except EndOfStream as exc:
                self._set_status(False, Text(N_("The camera's recording has ended ({reason}): "
                                                "play by touch."), reason=str(exc)))
                break
            except Exception as exc:  # noqa: BLE001 - CameraUnavailable, OSError, anything a driver raises
                self._errors += 1
                if self._stalled:  # the watchdog stopped a stalled camera: its reason stays on screen
                    log.info("stalled camera (%s) stopped: %s", self.source.name, exc)
                else:
                    self._set_status(False, Text(N_("Camera unavailable ({reason}): check that it is plugged in; "
                                                    "trying again every {seconds} s. Play by touch meanwhile."),
                                                 reason=str(exc), seconds=f"{self.retry_seconds:g}"))
                if not self._stalled and str(exc) != self._last_failure:  # the same failure every retry is logged once
                    self._last_failure = str(exc)
                    log.warning("camera unavailable (retrying every %g s; touch play continues): %s",
                                self.retry_seconds, exc, exc_info=not isinstance(exc, CameraUnavailable))
                try:
                    self.source.stop()
                except Exception:  # noqa: BLE001 - a broken device may fail to close too
                    log.exception("closing the camera failed")
                self.gate.reset()
                self._last_read_view = None
                self._stop.wait(self.retry_seconds)

    def _watch(self) -> None:
        """Watchdog: a source that delivers no frame for ``stall_seconds`` while the worker waits for
        one is reported and restarted (a frame that takes long to read is not the camera's fault);
        one whose start() does not return is reported."""
        period = max(0.01, min(1.0, self.stall_seconds / 4))
        while not self._stop.wait(period):
            if not self._thread.is_alive():
                return
            since = self._waiting_since
            if since is None:
                continue  # the worker is reading a frame, not waiting on the camera
            quiet = time.monotonic() - since
            if quiet < self.stall_seconds:
                continue
            if self._in_start:
                if not self._start_hung:
                    self._start_hung = True
                    self._errors += 1
                    self._set_status(False, Text(N_("Camera ({camera}) not answering: it has not started in {seconds} s. "
                                                    "Check the camera cable, then restart the app; play by touch "
                                                    "meanwhile."), camera=self.source.name,
                                                 seconds=f"{self.stall_seconds:g}"))
                    log.warning("camera (%s) start() has not returned in %.1f s", self.source.name, quiet)
                continue
            if not (self._status.ok or self._stalled):
                continue
            self._waiting_since = time.monotonic()  # next check (and restart) in another stall_seconds
            self._errors += 1
            self._set_status(False, Text(N_("Camera stalled: no picture for {seconds} s; restarting it. Check the "
                                            "camera cable; play by touch meanwhile."),
                                         seconds=f"{self.stall_seconds:g}"))
            if not self._stalled:
                log.warning("camera (%s) stalled: no frame for %.1f s; restarting it", self.source.name, quiet)
            self._stalled = True
            try:
                self.source.stop()  # wakes a read() blocked on the device; the worker reopens it
            except Exception:  # noqa: BLE001 - a hung device may fail to stop too
                log.exception("stopping the stalled camera failed")

    def _loop(self) -> None:
        previous = None   # the small (or full) view of the frame before (dice stillness)
        rolling = None    # the settled scene whose dice were still rolling: read again
        ahead: _Ahead | None = None  # a frame read before the scene was known to be still
        while not self._stop.is_set():
            self._waiting_since = time.monotonic()
            try:
                frame = self.source.read()
            except FrameError as exc:  # an unreadable recorded frame: skip it
                self._errors += 1
                self._set_status(True, Text(N_("A camera frame was skipped ({reason})."), reason=str(exc)))
                continue
            finally:
                self._waiting_since = None
            self._frames += 1
            if frame.small is None:   # a camera without a small stream: the frame is whole already
                self._newest_image = frame.image
            if self._stalled:
                self._stalled = False
                log.info("camera (%s) delivers frames again", self.source.name)
                self._set_running()
            t_settle = time.perf_counter()
            try:
                # the gate looks at a small view (in colour when the camera gives one); the
                # full image is captured only once it settles
                view = frame.gate_view if frame.gate_view is not None else (
                    frame.small if frame.small is not None else frame.image)
                settled = self.gate.update(view, frame.size, frame.timestamp)
                dice_view = frame.small if frame.small is not None else frame.image   # the tag-finding view
                last_view, previous = previous, dice_view
                if settled is None and rolling is None:
                    ahead = self._read_ahead(frame, ahead)
                    continue
                still_since = self.gate.still_since if settled is not None else None
                if settled is not None and ahead is not None and ahead.timestamp == still_since:
                    # the frame read ahead was the first of this still scene: its reading stands
                    reading, small_colour = ahead.reading, ahead.small_colour
                    ahead = None
                else:
                    if ahead is not None:
                        self.reader.restore(ahead.snapshot)
                        ahead = None
                    self.full_frames += 1
                    small_colour = hand_view(frame.image)
                    # the newest whole picture, kept for "what colour is this?" (asking a lazy
                    # camera for it on every frame would capture full frames while nothing settles)
                    self._newest_image = frame.image
                    regions = (settled or rolling).regions
                    hands = None
                    if settled is not None:
                        hands = hand_patches(small_colour, self._last_read_view, self._gate_config)
                        regions = self._clear_of_hands(settled, hands, frame.size)
                        if regions == ():
                            rolling = None
                            self._set_status(True, Text(N_("Waiting: a hand is over the table.")))
                            continue
                    hidden = hand_boxes(hands, frame.size) if hands is not None and hands.any() else ()
                    reading = self.reader.read(frame.image, frame.small, regions, hidden=hidden)
                    if hands is not None and hands.any():
                        # what a resting hand covers stays as last read: the hand stays "new" until it goes
                        small_colour = small_colour.copy()
                        small_colour[hands] = self._last_read_view[hands]
                reading = self.reader.check_dice_still(reading, dice_view, last_view, frame.size)
                self._last_read_view = small_colour
                was_rolling, rolling = rolling, None if reading.dice_still else (settled or rolling)
                if was_rolling is not None and rolling is not None:
                    continue  # still rolling: the reading that said so is out already
            except VisionError as exc:  # a bad frame: report, keep going
                self._errors += 1
                log.info("frame %s skipped: %s", frame.index, exc)
                self._set_status(True, Text(N_("A camera frame was skipped ({reason})."), reason=str(exc)))
                continue
            except Exception as exc:  # noqa: BLE001 - nothing a frame does may kill the worker
                self._errors += 1
                log.exception("frame %s broke the pipeline", frame.index)
                self._set_status(False, Text(N_("Camera reading failed: internal error {error} (details in the "
                                                "log). Play by touch meanwhile."), error=type(exc).__name__))
                continue
            self.settle_latencies_ms.append((time.perf_counter() - t_settle) * 1000.0)
            if still_since is not None:  # frame timestamps are time.monotonic() (FrameSource.read)
                self.first_still_latencies_ms.append((time.monotonic() - still_since) * 1000.0)
            self._publish(reading)

    def _clear_of_hands(self, settled: Settled, hands: np.ndarray, size: tuple[int, int]
                        ) -> tuple[Box, ...] | None:
        """The regions of a settled scene to read with ``hands`` on the table: () (wait) when a hand
        reaches into what changed (no reading ever comes from a hand over a move), else all of them
        (the reader keeps what a still hand elsewhere covers as it was last read: one hand resting at
        the board's edge must not hold up every move; where it lay is read once it goes)."""
        if not hands.any():
            return settled.regions
        if settled.regions is None:
            self.gate.refuse()  # the first view: read all of it once the hand has gone
            return ()
        margin = int(self._gate_config.region_margin * size[0])
        changed = tuple((x0 + margin, y0 + margin, x1 - margin, y1 - margin)
                        for x0, y0, x1, y1 in (r for r in settled.regions if r not in settled.pending))
        if hands_touch(hands, changed, size):
            self.gate.defer(settled.regions)  # read them all once the hand has gone
            return ()
        return settled.regions

    def _read_ahead(self, frame: Frame, ahead: "_Ahead | None") -> "_Ahead | None":
        """Read a frame that changed and shows no hand now, while the gate waits to see it still:
        if it is the first frame of the still scene, its reading is published the moment the
        gate settles, a whole frame interval earlier.  Otherwise the reader forgets it."""
        gate = self.gate
        if ahead is not None:
            if gate.is_moving and gate.still_frames > 0:
                return ahead  # unchanged since it was read: keep it
            self.reader.restore(ahead.snapshot)  # moved again, or settled on nothing: forget it
        if not gate.is_moving or self._last_read_view is None:
            return None
        regions = gate.changed_regions(frame.size)
        if not regions:
            return None
        small_colour = hand_view(frame.image)
        if hand_over(small_colour, self._last_read_view, self._gate_config):
            return None  # a hand is still there: not the still scene yet
        snapshot = self.reader.snapshot()
        self.full_frames += 1
        reading = self.reader.read(frame.image, frame.small, regions)
        return _Ahead(frame.timestamp, reading, small_colour, snapshot)

    def _publish(self, reading: TableReading) -> None:
        with self._cond:
            self._latest = reading
            self._count += 1
            self._cond.notify_all()
        self._set_status(True, Text(N_("Camera reading {count} sent to the game."), count=self._count))
        if self.on_reading is not None:
            try:
                self.on_reading(reading)
            except Exception:  # noqa: BLE001 - a listener's bug must not stop the camera
                log.exception("on_reading callback failed")
