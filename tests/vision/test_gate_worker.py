"""The change gate and the worker thread: one reading per settled change."""
from __future__ import annotations

import threading

import numpy as np
import pytest

from companion.readings import TableReading
from vision.errors import CameraUnavailable
from vision.frames import to_gray
from vision.gate import ChangeGate, Settled
from vision.reader import TableReader
from vision.sources.base import EndOfStream, FrameSource
from vision.sources.simulated import SimulatedSource
from vision.worker import VisionWorker

from tests.vision.scenes import ship_table


class ListSource(FrameSource):
    """Replays a fixed list of frames, then ends; ``grey_small``: each with a small grey
    view of itself, as the Pi camera's lores Y plane (the gate then looks at grey)."""

    name = "list"

    def __init__(self, frames, grey_small: bool = False):
        super().__init__()
        self.frames = list(frames)
        self.grey_small = grey_small
        self.position = 0
        self.closed = 0

    def _open(self):
        pass

    def _close(self):
        self.closed += 1

    def _grab(self):
        if self.position >= len(self.frames):
            raise EndOfStream("done")
        frame = self.frames[self.position]
        self.position += 1
        return frame, (to_gray(frame) if self.grey_small else None)


@pytest.fixture(scope="module")
def hand_and_move_frames(demo_profile):
    """Still scene A, a hand passing with no change, a hand moving ship 1:a, still scene B."""
    table = ship_table(demo_profile, seed=3)
    still_a = table.render()
    table.set_hand((300, 180))
    hand_1 = table.render()
    table.set_hand((250, 150))
    hand_2 = table.render()
    table.set_hand(None)
    still_a2 = table.render()
    start = demo_profile.space("E1").center
    table.move_piece("gh:ship:1:a", demo_profile.space("E2").center, 200.0)
    table.set_hand((430, 170))
    hand_3 = table.render()
    table.set_hand(None)
    still_b = table.render()
    frames = [still_a] * 4 + [hand_1, hand_2] + [still_a2] * 4 + [hand_3] + [still_b] * 4
    return frames, start


def test_gate_settles_once_per_change(hand_and_move_frames):
    frames, _ = hand_and_move_frames
    gate = ChangeGate()
    events = [gate.update(f) for f in frames]
    settled = [(i, e) for i, e in enumerate(events) if e is not None]
    assert len(settled) == 2
    (first_i, first), (second_i, second) = settled
    assert first.regions is None and first_i == 2  # the first still scene: read everything
    assert second_i == len(frames) - 1 and second.regions  # the moved ship, after 3 still frames
    h, w = frames[0].shape[:2]
    assert all(0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h for x0, y0, x1, y1 in second.regions)


def test_gate_ignores_noise_only_changes():
    rng = np.random.default_rng(0)
    base = rng.integers(100, 140, (360, 640), dtype=np.uint8)
    gate = ChangeGate()
    events = [gate.update(np.clip(base.astype(np.int16) + rng.integers(-4, 5, base.shape), 0, 255).astype(np.uint8))
              for _ in range(20)]
    assert events.count(None) == 19 and isinstance([e for e in events if e][0], Settled)


def test_worker_hand_passes_ship_moves_scene_settles(demo_profile, hand_and_move_frames):
    frames, start = hand_and_move_frames
    readings: list[TableReading] = []
    source = ListSource(frames)
    with VisionWorker(source, TableReader(demo_profile), on_reading=readings.append) as worker:
        assert worker.wait_until_idle(timeout=60)
    assert len(readings) == 2  # the first view, then exactly one for the move (not for the hand)
    before, after = readings
    assert before.piece("gh:ship:1:a").space == "E1"
    moved = after.piece("gh:ship:1:a")
    assert moved.space == "E2" and abs(moved.heading_deg - 200.0) < 3
    assert after.piece("gh:ship:0:a").space == "A1" and len(after.pieces) == 6
    assert worker.status.readings == 2 and worker.latest() is after
    assert source.closed == 1


def test_worker_survives_bad_frames(demo_profile):
    good = ship_table(demo_profile).render()
    frames = [good] * 4 + [np.zeros((10, 10), np.float64), np.zeros((0, 0, 3), np.uint8)] + [good] * 4
    worker = VisionWorker(ListSource(frames), TableReader(demo_profile))
    worker.start()
    assert worker.wait_until_idle(timeout=60)
    assert worker.reading_count == 1 and worker.status.errors == 2
    worker.close()
    worker.close()  # safe twice


class FlakyCamera(FrameSource):
    """Fails to open ``failures`` times, then delivers one frame forever."""

    name = "flaky"

    def __init__(self, frame, failures):
        super().__init__()
        self.frame = frame
        self.failures = failures
        self.opened = threading.Event()

    def _open(self):
        if self.failures > 0:
            self.failures -= 1
            raise CameraUnavailable("camera unplugged")
        self.opened.set()

    def _close(self):
        pass

    def _grab(self):
        return self.frame, None


def test_missing_camera_is_reported_and_retried(demo_profile):
    camera = FlakyCamera(ship_table(demo_profile).render(), failures=2)
    worker = VisionWorker(camera, TableReader(demo_profile), retry_seconds=0.01)
    with worker:
        assert camera.opened.wait(10)
        reading = worker.wait_for_reading(timeout=30)
        assert reading is not None and len(reading.pieces) == 6
        assert worker.status.ok and worker.status.errors == 2
    assert not worker.is_running


def test_unavailable_camera_status_while_retrying(demo_profile):
    camera = FlakyCamera(None, failures=10**6)
    worker = VisionWorker(camera, TableReader(demo_profile), retry_seconds=0.01).start()
    assert worker.wait_for_reading(timeout=0.3) is None
    assert not worker.status.ok and "Camera unavailable" in worker.status.message
    worker.close()
    assert not worker.is_running


def test_worker_with_simulated_source_sees_a_drag(demo_profile):
    table = ship_table(demo_profile)
    with VisionWorker(SimulatedSource(table), TableReader(demo_profile)) as worker:
        first = worker.wait_for_reading(0, timeout=30)
        assert first is not None and first.piece("gh:ship:0:b").space == "C1"
        table.move_piece("gh:ship:0:b", demo_profile.space("C2").center)  # a player drags it on screen
        second = worker.wait_for_reading(1, timeout=30)
        assert second is not None and second.piece("gh:ship:0:b").space == "C2"


def test_a_frame_read_ahead_then_undone_is_forgotten(demo_profile):
    """A ship pushed to E2 for one frame and back: the early read of that frame leaves no trace."""
    table = ship_table(demo_profile, seed=7)
    still_a = table.render()
    table.move_piece("gh:ship:1:a", demo_profile.space("E2").center, 200.0)
    pushed = table.render()
    table.move_piece("gh:ship:1:a", demo_profile.space("E1").center, 135.0)
    back = table.render()
    table.move_piece("gh:ship:0:a", demo_profile.space("A2").center)  # far from E1 and E2
    moved = table.render()
    readings: list[TableReading] = []
    frames = [still_a] * 4 + [pushed] + [back] * 4 + [moved] * 4
    with VisionWorker(ListSource(frames), TableReader(demo_profile), on_reading=readings.append) as worker:
        assert worker.wait_until_idle(timeout=60)
    assert len(readings) == 2
    last = readings[-1]
    assert last.piece("gh:ship:0:a").space == "A2"
    assert last.piece("gh:ship:1:a").space == "E1" and len(last.pieces) == 6


@pytest.mark.parametrize("fps, frames_after_first_still", [(10, 1), (15, 1), (30, 2), (60, 3), (1000, 3)])
def test_stillness_is_whole_frames_at_the_sources_rate(hand_and_move_frames, fps, frames_after_first_still):
    """At 15 fps a still time of 0.09 s fell between two frames and cost a whole frame (133 ms from the
    first still frame); a number of frames at the source's measured rate settles one interval after it."""
    frames, _ = hand_and_move_frames
    gate = ChangeGate()
    events = [gate.update(f, timestamp=k / fps) for k, f in enumerate(frames)]
    settled = [i for i, e in enumerate(events) if e is not None]
    first_still_of_move = 11  # still_b, after hand_3 put the ship down
    assert settled[-1] == first_still_of_move + frames_after_first_still
    assert gate.frame_interval == pytest.approx(1 / fps)


def test_a_slow_frame_does_not_change_the_rate(hand_and_move_frames):
    frames, _ = hand_and_move_frames
    gate = ChangeGate()
    times = [k / 15 for k in range(len(frames))]
    times[5:] = [t + 0.5 for t in times[5:]]  # one late frame
    events = [gate.update(f, timestamp=t) for f, t in zip(frames, times)]
    assert [i for i, e in enumerate(events) if e is not None][-1] == 12
