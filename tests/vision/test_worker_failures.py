"""The worker never dies silently: reader errors, stalled and hanging cameras, close()."""
from __future__ import annotations

import threading

import numpy as np
import pytest

from vision.errors import FrameError
from vision.frames import check_frame

from vision.reader import TableReader
from vision.sources.base import FrameSource
from vision.worker import VisionWorker

from tests.vision.scenes import ship_table


class StillCamera(FrameSource):
    """Delivers one frame forever; ``block`` makes read() hang until the camera is stopped."""

    name = "still"

    def __init__(self, frame):
        super().__init__()
        self.frame = frame
        self.block = threading.Event()
        self.blocked = threading.Event()
        self.released = threading.Event()
        self.opened = 0

    def _open(self):
        self.opened += 1
        self.released.clear()

    def _close(self):
        self.released.set()

    def _grab(self):
        if self.block.is_set():
            self.blocked.set()
            self.released.wait()  # a hung driver: only stopping the camera wakes it
            raise OSError("camera stopped while waiting for a frame")
        return self.frame, None


class BrokenReader(TableReader):
    """Raises ``error`` on every read until ``heal`` is set."""

    def __init__(self, profile, error):
        super().__init__(profile)
        self.error = error
        self.heal = threading.Event()
        self.calls = 0

    def read(self, *args, **kwargs):
        self.calls += 1
        if not self.heal.is_set():
            raise self.error
        return super().read(*args, **kwargs)


def _wait_status(worker, predicate, timeout=10.0):
    done = threading.Event()
    while not done.wait(0.01):
        if predicate(worker.status):
            return True
        timeout -= 0.01
        if timeout <= 0:
            return False
    return True


@pytest.mark.parametrize("error", [ValueError("bad shape"), KeyError("tile"), ZeroDivisionError()])
def test_reader_raising_shows_on_screen_and_the_worker_survives(demo_profile, error):
    table = ship_table(demo_profile)
    camera = StillCamera(table.render())
    reader = BrokenReader(demo_profile, error)
    with VisionWorker(camera, reader) as worker:
        assert _wait_status(worker, lambda s: not s.ok)
        assert type(error).__name__ in worker.status.message and "play by touch" in worker.status.message.lower()
        assert worker.is_running
        reader.heal.set()
        table.move_piece("gh:ship:0:b", demo_profile.space("C2").center)
        camera.frame = table.render()  # the next change is read once the reader works
        reading = worker.wait_for_reading(timeout=30)
        assert reading is not None and len(reading.pieces) == 6
        assert worker.status.ok
    assert not worker.is_running


def test_stalled_camera_is_reported_and_restarted(demo_profile):
    camera = StillCamera(ship_table(demo_profile).render())
    with VisionWorker(camera, TableReader(demo_profile), stall_seconds=0.3) as worker:
        assert worker.wait_for_reading(timeout=30) is not None
        camera.block.set()
        assert camera.blocked.wait(10)
        assert _wait_status(worker, lambda s: not s.ok and "stalled" in s.message)
        assert "Check the camera cable" in worker.status.message
        assert camera.released.wait(10)  # the watchdog stopped the hung camera ...
        camera.block.clear()
        assert _wait_status(worker, lambda s: s.ok)  # ... and the worker opened it again
        assert camera.opened >= 2
    assert not worker.is_running


def test_close_wakes_a_read_that_hangs(demo_profile):
    camera = StillCamera(ship_table(demo_profile).render())
    camera.block.set()
    worker = VisionWorker(camera, TableReader(demo_profile), stall_seconds=60).start()
    assert camera.blocked.wait(10)
    worker.close(timeout=10)
    assert not worker.is_running
    assert not worker.status.ok


def test_source_whose_start_raises_is_reported_not_left_starting(demo_profile):
    class NoStart(StillCamera):
        def _open(self):
            raise ValueError("bad sensor mode")

    worker = VisionWorker(NoStart(None), TableReader(demo_profile), retry_seconds=0.01).start()
    assert _wait_status(worker, lambda s: not s.ok and "bad sensor mode" in s.message)
    assert worker.is_running
    worker.close()
    assert not worker.is_running


class SlowReader(TableReader):
    """Takes ``seconds`` over each read (a big frame on a slow core)."""

    def __init__(self, profile, seconds):
        super().__init__(profile)
        self.seconds = seconds

    def read(self, *args, **kwargs):
        threading.Event().wait(self.seconds)
        return super().read(*args, **kwargs)


def test_a_slow_frame_is_not_a_stalled_camera(demo_profile):
    """Reading one frame took longer than the stall time: the camera delivered; it is neither
    reported stalled ("check the cable") nor reopened."""
    camera = StillCamera(ship_table(demo_profile).render())
    with VisionWorker(camera, SlowReader(demo_profile, 1.0), stall_seconds=0.2) as worker:
        assert worker.wait_for_reading(timeout=30) is not None
        assert worker.status.ok and worker.status.errors == 0
        assert camera.opened == 1


def test_grey_colour_and_shape_switches_are_read_not_internal_errors(demo_profile):
    """The camera switches between grey and colour frames, then to another aspect: each settled view
    is read in full (the gate raised cv2.error, "internal error error" on screen)."""
    from vision.frames import to_gray
    from tests.vision.test_gate_worker import ListSource

    frame = ship_table(demo_profile).render()
    frames = [to_gray(frame)] * 4 + [frame] * 4 + [frame[:, 80:1200]] * 4
    readings = []
    with VisionWorker(ListSource(frames), TableReader(demo_profile), on_reading=readings.append) as worker:
        assert worker.wait_until_idle(timeout=60)
    assert len(readings) == 3 and worker.status.errors == 0
    assert all(len(r.pieces) == 6 for r in readings)


def test_a_camera_whose_start_hangs_is_reported(demo_profile):
    class HangingStart(StillCamera):
        def _open(self):
            self.blocked.set()
            self.released.wait()  # a driver that never answers, until the test lets it
            super()._open()

    camera = HangingStart(ship_table(demo_profile).render())
    worker = VisionWorker(camera, TableReader(demo_profile), stall_seconds=0.2).start()
    try:
        assert camera.blocked.wait(10)
        assert _wait_status(worker, lambda s: not s.ok and "not answering" in s.message)
        assert not worker.status.starting and "Check the camera cable" in worker.status.message
        camera.released.set()
        assert worker.wait_for_reading(timeout=30) is not None
        assert worker.status.ok
    finally:
        camera.released.set()
        worker.close()


def test_a_frame_too_large_is_skipped_with_its_size(demo_profile):
    """A 16k x 16k frame took 33 s and 1.7 GB: frames past the size limit are skipped, said on
    screen with their size, and the camera goes on."""
    from vision.frames import MAX_SIDE_PX
    from tests.vision.test_gate_worker import ListSource

    frame = ship_table(demo_profile).render()
    huge = np.zeros((8, MAX_SIDE_PX + 1), np.uint8)
    statuses = []
    source = ListSource([huge] * 2)
    with VisionWorker(source, TableReader(demo_profile)) as worker:
        assert worker.wait_until_idle(timeout=30)
        statuses.append(worker.status)
    assert worker.status.errors == 2 and worker.reading_count == 0
    with VisionWorker(ListSource([huge] + [frame] * 4), TableReader(demo_profile)) as worker:
        assert worker.wait_for_reading(timeout=30) is not None
    with pytest.raises(FrameError, match="larger than this reads"):
        check_frame(huge)
