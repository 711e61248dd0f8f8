"""The Pi camera path and the USB webcam path, with stand-ins for picamera2,
libcamera's controls and cv2.VideoCapture."""
from __future__ import annotations

import sys
import threading
import types

import cv2
import numpy as np
import pytest

from vision.errors import CameraUnavailable
from vision.reader import TableReader
from vision.sources import opencv as opencv_module
from vision.sources.opencv import OpenCVSource, is_device_path
from vision.sources.picamera2 import Picamera2Source, yuv420_colour_view
from vision.worker import VisionWorker

from tests.vision.scenes import ship_table

def forget_picamera2(monkeypatch) -> None:
    """Import the stand-in afresh, and forget it after the test."""
    monkeypatch.setitem(sys.modules, "picamera2", None)
    monkeypatch.delitem(sys.modules, "picamera2")


#: libcamera.controls.AfModeEnum as Picamera2 uses it.
CONTROLS = types.SimpleNamespace(AfModeEnum=types.SimpleNamespace(Manual=0, Auto=1, Continuous=2))


class Camera3:
    """A Camera Module 3 as Picamera2 shows it: an autofocus lens, lores and main streams
    of ``scene`` (BGR); counts every capture per stream."""

    def __init__(self, scene: np.ndarray, lores_after: int | None = None):
        self.scene = scene
        self.camera_controls = {"AfMode": (0, 2, 0), "LensPosition": (0.0, 15.0, 1.0)}
        self.controls: list[dict] = []
        self.captured = {"lores": 0, "main": 0}
        self.autofocus_cycles = 0
        self.lens = 1.0
        self.config = None
        self.enough = threading.Event()
        self.lores_after = lores_after

    def __call__(self, num):  # module.Picamera2(num)
        return self

    def create_video_configuration(self, main, lores, buffer_count, controls=None):
        return {"main": main, "lores": lores, "controls": controls}

    def configure(self, config):
        self.config = config

    def start(self):
        pass

    def stop(self):
        pass

    def close(self):
        pass

    def set_controls(self, controls):
        self.controls.append(dict(controls))
        if "LensPosition" in controls:
            self.lens = controls["LensPosition"]

    def autofocus_cycle(self):
        self.autofocus_cycles += 1
        self.lens = 1.75  # a board 57 cm below
        return True

    def capture_metadata(self):
        return {"LensPosition": self.lens}

    def capture_array(self, stream):
        self.captured[stream] += 1
        w, h = self.config[stream]["size"]
        if stream == "main":
            return cv2.resize(self.scene, (w, h), interpolation=cv2.INTER_AREA)
        if self.lores_after is not None and self.captured["lores"] >= self.lores_after:
            self.enough.set()
        return lores_yuv420(cv2.resize(self.scene, (w, h), interpolation=cv2.INTER_AREA), stride=w + 64)


def lores_yuv420(bgr: np.ndarray, stride: int | None = None) -> np.ndarray:
    """A lores YUV420 array as Picamera2 gives it: (h * 3 / 2, stride) rows of Y, then U
    and V packed (each row of ``stride`` holds two rows of a chroma plane)."""
    h, w = bgr.shape[:2]
    stride = stride or w
    i420 = cv2.cvtColor(bgr, cv2.COLOR_BGR2YUV_I420).reshape(-1)
    n, quarter = w * h, w * h // 4
    out = np.zeros(stride * h * 3 // 2, np.uint8)
    out.reshape(-1, stride)[:h, :w] = i420[:n].reshape(h, w)
    for k in (0, 1):
        plane = np.zeros((h // 2, stride // 2), np.uint8)
        plane[:, : w // 2] = i420[n + k * quarter:n + (k + 1) * quarter].reshape(h // 2, w // 2)
        out[stride * h + k * stride * h // 4:stride * h + (k + 1) * stride * h // 4] = plane.reshape(-1)
    return out.reshape(-1, stride)


def source_for(camera: Camera3, **options) -> Picamera2Source:
    return Picamera2Source((1280, 720), (640, 360), module=types.SimpleNamespace(Picamera2=camera),
                           controls=CONTROLS, **options)


def test_one_shot_autofocus_then_locked_no_continuous_af():
    camera = Camera3(np.zeros((720, 1280, 3), np.uint8))
    with source_for(camera) as source:
        assert camera.autofocus_cycles == 1
        assert camera.controls == [{"AfMode": 0, "LensPosition": 1.75}]  # Manual at what AF found
        assert "locked at 1.75" in source.focus
    assert all(c.get("AfMode") != CONTROLS.AfModeEnum.Continuous for c in camera.controls)


def test_lens_position_setting_focuses_manually_without_autofocus():
    camera = Camera3(np.zeros((720, 1280, 3), np.uint8))
    with source_for(camera, lens_position=2.2) as source:
        assert camera.autofocus_cycles == 0
        assert camera.controls == [{"AfMode": 0, "LensPosition": 2.2}]
        assert "2.20 dioptres" in source.focus
    with source_for(camera, lens_position=40.0):  # past the lens's range: the nearest it can do
        assert camera.controls[-1] == {"AfMode": 0, "LensPosition": 15.0}


def test_numpy_mismatch_while_opening_becomes_camera_unavailable_with_the_fix():
    def mismatched(num):
        raise ValueError("numpy.dtype size changed, may indicate binary incompatibility. "
                         "Expected 96 from C header, got 88 from PyObject")

    with pytest.raises(CameraUnavailable, match="run ./setup.sh again"):
        Picamera2Source(module=types.SimpleNamespace(Picamera2=mismatched)).start()


def test_a_broken_picamera2_package_is_a_camera_problem_not_a_crash(tmp_path, monkeypatch):
    package = tmp_path / "picamera2"
    package.mkdir()
    (package / "__init__.py").write_text(
        'raise ValueError("numpy.dtype size changed, may indicate binary incompatibility")\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    forget_picamera2(monkeypatch)
    with pytest.raises(CameraUnavailable, match="numpy.*setup.sh"):
        Picamera2Source().start()


def test_full_frames_are_captured_only_when_the_gate_settles(demo_profile):
    camera = Camera3(ship_table(demo_profile).render(), lores_after=25)
    source = source_for(camera)
    with VisionWorker(source, TableReader(demo_profile)) as worker:
        reading = worker.wait_for_reading(timeout=60)
        assert reading is not None and len(reading.pieces) == 6
        assert camera.enough.wait(60)  # 25 frames of a still board
        lores, main = camera.captured["lores"], camera.captured["main"]
    print(f"lores frames {lores}, full frames {main}")
    assert main == 1 and worker.full_frames == 1 and lores >= 25


class BrokenOpen(Picamera2Source):
    """Raises what picamera2 raised, unwrapped, to prove the worker survives anything."""

    def __init__(self):
        super().__init__()
        self.attempts = 0
        self.retried = threading.Event()

    def _open(self):
        self.attempts += 1
        if self.attempts >= 2:
            self.retried.set()
        raise ValueError("numpy.dtype size changed")


def test_the_worker_survives_any_exception_while_opening_and_says_so(demo_profile):
    source = BrokenOpen()
    worker = VisionWorker(source, TableReader(demo_profile), retry_seconds=0.01).start()
    try:
        assert source.retried.wait(10)
        assert worker.is_running
        assert not worker.status.ok and "numpy.dtype size changed" in worker.status.message
        assert "play by touch" in worker.status.message.lower()
    finally:
        worker.close()


# ----- USB webcams through V4L2 ------------------------------------------------
class FakeCapture:
    """cv2.VideoCapture for a webcam that can be unplugged and plugged back."""

    plugged = True
    opened: list[tuple] = []

    def __init__(self, device, api=None):
        self.device, self.api = device, api
        self.props: dict[int, float] = {}
        self.is_open = FakeCapture.plugged
        FakeCapture.opened.append((device, api))

    def isOpened(self):
        return self.is_open

    def set(self, prop, value):
        self.props[prop] = value
        return True

    def get(self, prop):
        return self.props.get(prop, 0)

    def read(self):
        if not FakeCapture.plugged:
            return False, None
        w, h = int(self.props[cv2.CAP_PROP_FRAME_WIDTH]), int(self.props[cv2.CAP_PROP_FRAME_HEIGHT])
        return True, np.zeros((h, w, 3), np.uint8)

    def release(self):
        self.is_open = False


@pytest.fixture
def webcam(monkeypatch):
    FakeCapture.plugged, FakeCapture.opened = True, []
    monkeypatch.setattr(opencv_module.cv2, "VideoCapture", FakeCapture)
    monkeypatch.setattr(opencv_module.sys, "platform", "linux")
    return FakeCapture


def test_a_device_path_is_a_webcam_opened_with_v4l2_mjpg_and_a_size(webcam):
    assert is_device_path("/dev/video0") and not is_device_path("clip.avi")
    with OpenCVSource("/dev/video0") as source:
        assert not source.is_file
        frame = source.read()
        capture = source._capture
    assert webcam.opened == [("/dev/video0", cv2.CAP_V4L2)]
    assert capture.props[cv2.CAP_PROP_FOURCC] == cv2.VideoWriter_fourcc(*"MJPG")
    assert frame.image.shape == (720, 1280, 3)


def test_an_unplugged_webcam_is_retried_until_it_is_back(webcam, demo_profile):
    source = OpenCVSource("/dev/video0", size=(640, 360))
    worker = VisionWorker(source, TableReader(demo_profile), retry_seconds=0.01).start()
    try:
        assert worker.wait_for_reading(timeout=30) is not None  # a (blank) first view
        webcam.plugged = False  # unplugged: reads fail, opening fails
        opened = len(webcam.opened)
        back = threading.Event()

        original = webcam.__init__

        def plug_back_after_two_tries(self, device, api=None):
            original(self, device, api)
            if len(webcam.opened) >= opened + 2:
                webcam.plugged = True
                back.set()

        webcam.__init__ = plug_back_after_two_tries
        assert back.wait(30)
        assert worker.is_running
    finally:
        worker.close()
        webcam.__init__ = original
    assert all(api == cv2.CAP_V4L2 for _, api in webcam.opened)


def test_a_focus_failure_leaves_the_camera_working():
    camera = Camera3(np.zeros((720, 1280, 3), np.uint8))

    def stuck():
        raise RuntimeError("AF state timeout")

    camera.autofocus_cycle = stuck
    with source_for(camera) as source:
        assert source.focus.startswith("not set (RuntimeError: AF state timeout")
        assert source.read().small.shape == (360, 640)


# -- the change gate sees colour on the Pi ------------------------------------------------------

@pytest.mark.parametrize("stride", [1152, 1280])
def test_the_lores_colour_view_shows_the_scene_with_or_without_row_padding(demo_profile, stride):
    scene = cv2.resize(ship_table(demo_profile).render(), (1152, 648), interpolation=cv2.INTER_AREA)
    view = yuv420_colour_view(lores_yuv420(scene, stride), 1152)
    expected = cv2.resize(scene, (576, 324), interpolation=cv2.INTER_AREA)
    assert view.shape == expected.shape
    assert float(np.abs(view.astype(int) - expected).mean()) < 12      # colours near (the matrices differ)


def test_a_lores_size_aligned_by_libcamera_is_taken_from_the_array(demo_profile):
    """libcamera may align a requested size (640x360 delivered as 640x368): the planes
    are found from the array's own rows, never from the size asked for."""
    scene = cv2.resize(ship_table(demo_profile).render(), (640, 368), interpolation=cv2.INTER_AREA)
    view = yuv420_colour_view(lores_yuv420(scene, 704), 640)
    expected = cv2.resize(scene, (320, 184), interpolation=cv2.INTER_AREA)
    assert view.shape == expected.shape
    assert float(np.abs(view.astype(int) - expected).mean()) < 12


def test_every_coloretto_card_laid_is_seen_by_the_gate_on_the_pis_lores_stream(journal):
    """On the Pi the gate once compared the lores Y plane (grey): a card of the mat's
    brightness but another colour was never seen.  It compares the colour view now."""
    import random

    from companion.engine import TABLE, GameConfig
    from companion.session import TableSession
    from vision.games.coloretto.camera import simulated_table
    from vision.gate import ChangeGate

    session = TableSession.new(journal, GameConfig.build("coloretto", ["Ann", "Ben", "Cat"]))
    rng = random.Random(3)
    while session.to_act == (TABLE,):
        session.submit(session.game.sample_chance(session.state, rng))

    def seen(lores_views) -> bool:
        gate, settled = ChangeGate(), []
        for view in lores_views:
            found = gate.update(view, (2304, 1296))
            if found is not None:
                settled.append(found)
        return len(settled) == 2 and bool(settled[1].regions)

    missed_in_grey, missed_in_colour = [], []
    for colour in session.state.colours_in_play:
        table = simulated_table(session.state)
        before = lores_yuv420(cv2.resize(table.render(), (1152, 648), interpolation=cv2.INTER_AREA))
        table.lay_card(session.state, colour, 1)
        after = lores_yuv420(cv2.resize(table.render(), (1152, 648), interpolation=cv2.INTER_AREA))
        frames = [before] * 4 + [after] * 6
        if not seen([f[:648, :1152] for f in frames]):
            missed_in_grey.append(colour)
        if not seen([yuv420_colour_view(f, 1152) for f in frames]):
            missed_in_colour.append(colour)
    print("missed by the Y plane alone:", missed_in_grey)
    assert missed_in_grey                    # the grey gate's blind spot is real on these frames
    assert missed_in_colour == []
