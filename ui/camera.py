"""The camera feed of a game: a frame source, the vision worker, and the hop of
each settled reading onto the Kivy thread, where it becomes a proposal.

Which source: the settings' ``camera`` (``auto`` = whatever camera is
present, chosen on its own and not from the GPIO panel: Picamera2 when it is
installed and lists a camera, else a USB webcam (V4L2), else the simulated
table; ``opencv`` = a USB webcam or video file named by ``camera_device``;
``none`` = touch only).  A game's vision declaration supplies its
board profile and, for the simulated camera, the simulated table it renders
(``GameVision.camera_setup(state)`` in ``vision/games/<game>.py``, named by
the game's manifest).  Any camera failure
leaves the game playable by touch with a visible notice.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from kivy.clock import Clock

from companion.messages import N_, Text
from companion.readings import TableReading
from companion.session import TableSession
from vision.games import CameraSetup, game_vision

log = logging.getLogger(__name__)

class CameraFeed:
    """Runs the vision worker for one game; readings become session proposals."""

    def __init__(self, session: TableSession, setup: CameraSetup, source: Any,
                 on_status: Callable[[str], None] | None = None,
                 on_error: Callable[[], None] | None = None,
                 translate: Callable[[Text], str] = str):
        from vision.reader import TableReader
        from vision.worker import VisionWorker

        self.session = session
        self.setup = setup
        self.source = source
        self.on_status = on_status
        self.on_error = on_error  # a camera failure: the status LED (once per new failure)
        self.translate = translate  # the camera's status in the players' language (on_status gets it shown)
        self.last_reading: TableReading | None = None
        reader = setup.reader if setup.reader is not None else TableReader(setup.profile)
        # a stepped simulated camera is quiet between steps by design: not a stall
        stall = float("inf") if getattr(source, "stepped", False) else 3.0   # a SimulatedSource's; other sources have none
        self.worker = VisionWorker(source, reader, on_reading=self._reading, stall_seconds=stall)
        self._status_event = Clock.schedule_interval(lambda _dt: self._poll_status(), 1.0)
        self._last_status = ""

    def start(self) -> "CameraFeed":
        self.worker.start()
        return self

    @property
    def simulated_table(self) -> Any:
        """The simulated table the camera looks at (laptop play); None with a real camera
        (the game's setup makes a simulated table either way)."""
        from vision.sources.simulated import SimulatedSource

        return self.setup.simulated_table if isinstance(self.source, SimulatedSource) else None

    def _reading(self, reading: TableReading) -> None:
        """On the worker thread: hop to the Kivy thread."""
        Clock.schedule_once(lambda _dt: self.propose(reading))

    def propose(self, reading: TableReading) -> None:
        self.last_reading = reading
        if not self.session.is_over:
            self.session.propose_from_reading(reading)

    def _poll_status(self) -> None:
        """Once a second on the Kivy thread: a camera problem (translated) to ``on_status``, and
        to ``on_error`` (the status LED) unless the camera is only starting; "" once it is fine again."""
        status = self.worker.status
        text = "" if status.ok else self.translate(status.text)
        if text != self._last_status:
            self._last_status = text
            if self.on_status is not None:
                self.on_status(text)
            if text and not status.starting and self.on_error is not None:
                self.on_error()

    def close(self) -> None:
        self._status_event.cancel()
        from vision.sources.simulated import SimulatedSource

        if isinstance(self.source, SimulatedSource):
            self.source.run_free()   # a worker waiting for a step must see its stop
        self.worker.close()


def open_camera(session: TableSession, settings: Any, on_status: Callable[[str], None] | None = None,
                on_error: Callable[[], None] | None = None,
                translate: Callable[[Text], str] = str) -> tuple[CameraFeed | None, str]:
    """The camera feed for ``session`` per settings; (None, reason) when there is none.
    ``on_status`` gets the camera's problems (in the players' language: ``translate``),
    ``on_error`` is called when the camera fails (the status LED)."""
    choice = settings.camera
    if choice == "none":
        return None, ""
    try:
        vision = game_vision(session.config.game)
        if vision is None or vision.camera_setup is None:
            return None, ""
        setup = vision.camera_setup(session.state)
        source = frame_source(settings, setup)
        if source is None:
            return None, N_("No camera for this game: play by touch.")
        return CameraFeed(session, setup, source, on_status, on_error=on_error,
                          translate=translate).start(), ""
    except Exception:  # a camera that fails must never stop the game
        log.exception("camera failed")
        return None, N_("Camera unavailable: play by touch.")


def frame_source(settings: Any, setup: CameraSetup, *, choose: Callable[[], Any] | None = None) -> Any:
    """The frame source the settings ask for (not started); None for "none", or a
    simulated camera when the game has no simulated table.  ``auto`` looks for a
    camera (:func:`choose_camera`, or ``choose``), whether the GPIO panel is simulated
    or not."""
    choice, device = settings.camera, settings.camera_device
    if choice == "none":
        return None
    if choice == "auto":
        if choose is None:
            from vision.sources.choice import choose_camera as choose
        found = choose()
        log.info("camera = auto: %s", found.reason)
        choice = found.kind
        device = found.device if found.device is not None else device
    if choice == "simulated":
        if setup.simulated_table is None:
            return None
        from vision.sources.simulated import SimulatedSource

        return SimulatedSource(setup.simulated_table, fps=10)
    if choice == "picamera2":
        from vision.sources.picamera2 import Picamera2Source

        return Picamera2Source(lens_position=settings.lens_position)
    from vision.sources.opencv import OpenCVSource

    return OpenCVSource(int(device) if device.isdigit() else device)
