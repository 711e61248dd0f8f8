"""Frame sources: Picamera2 (with a stand-in module), OpenCV capture, folder replay, simulated."""
from __future__ import annotations

import types

import cv2
import numpy as np
import pytest

from vision.errors import CameraUnavailable, FrameError
from vision.sources.base import EndOfStream
from vision.sources.opencv import OpenCVSource
from vision.sources.picamera2 import Picamera2Source
from vision.sources.replay import ImageFolderSource
from vision.sources.simulated import SimulatedSource
from vision.synthetic import SimulatedTable


class FakePicamera2:
    """Stands in for picamera2.Picamera2: video configuration, capture_array per stream."""

    instances: list["FakePicamera2"] = []

    def __init__(self, num):
        self.num = num
        self.config = None
        self.started = self.stopped = self.closed = False
        self.captured: list[str] = []
        self.camera_controls: dict = {}
        FakePicamera2.instances.append(self)

    def create_video_configuration(self, main, lores, buffer_count, controls=None):
        return {"main": main, "lores": lores, "buffer_count": buffer_count, "controls": controls}

    def configure(self, config):
        self.config = config

    def start(self):
        self.started = True

    def stop(self):
        self.stopped = True

    def close(self):
        self.closed = True

    def capture_array(self, stream):
        self.captured.append(stream)
        w, h = self.config[stream]["size"]
        if stream == "main":
            return np.full((h, w, 3), 7, np.uint8)
        yuv = np.zeros((h * 3 // 2, w), np.uint8)
        yuv[:h] = 99
        return yuv


def test_picamera2_lores_every_frame_main_on_demand():
    module = types.SimpleNamespace(Picamera2=FakePicamera2)
    with Picamera2Source((640, 480), (320, 240), module=module, frame_rate=10) as source:
        frame = source.read()
        cam = FakePicamera2.instances[-1]
        assert cam.config["main"] == {"size": (640, 480), "format": "RGB888"}
        assert cam.config["lores"]["format"] == "YUV420"
        assert cam.config["controls"] == {"FrameRate": 10.0}
        assert frame.small.shape == (240, 320) and (frame.small == 99).all()
        assert cam.captured == ["lores"] and not frame.is_loaded and frame.size == (640, 480)
        assert frame.image.shape == (480, 640, 3) and cam.captured == ["lores", "main"]
        assert source.full_captures == 1 and source.focus == "fixed lens"
    assert cam.stopped and cam.closed
    source.close()  # safe twice


def test_picamera2_missing_or_failing():
    with pytest.raises(CameraUnavailable, match="picamera2"):
        Picamera2Source().start()

    def broken(num):
        raise RuntimeError("no cameras available")

    with pytest.raises(CameraUnavailable, match="could not be opened"):
        Picamera2Source(module=types.SimpleNamespace(Picamera2=broken)).start()
    with pytest.raises(ValueError):
        Picamera2Source((320, 240), (640, 480))


def test_opencv_video_file_then_end_of_stream(tmp_path):
    path = str(tmp_path / "clip.avi")
    writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    for i in range(3):
        writer.write(np.full((48, 64, 3), 40 * i, np.uint8))
    writer.release()
    with OpenCVSource(path) as source:
        frames = [source.read() for _ in range(3)]
        assert [f.index for f in frames] == [1, 2, 3] and frames[0].image.shape == (48, 64, 3)
        with pytest.raises(EndOfStream):
            source.read()
    looping = OpenCVSource(path, loop=True)
    assert len([looping.read() for _ in range(5)]) == 5
    looping.close()
    looping.close()


def test_opencv_missing_device():
    with pytest.raises(CameraUnavailable, match="cannot open"):
        OpenCVSource("/nonexistent/video.avi").start()


def test_image_folder_replay(tmp_path):
    for i in range(2):
        cv2.imwrite(str(tmp_path / f"{i:03d}.png"), np.full((20, 30, 3), i * 100, np.uint8))
    (tmp_path / "002.png").write_bytes(b"\x89PNG\r\n\x1a\n truncated")
    source = ImageFolderSource(tmp_path)
    assert source.read().image[0, 0, 0] == 0 and source.read().image[0, 0, 0] == 100
    with pytest.raises(FrameError, match="002.png"):
        source.read()
    with pytest.raises(EndOfStream):
        source.read()
    source.close()
    with pytest.raises(CameraUnavailable, match="no such folder"):
        ImageFolderSource(tmp_path / "002.png").start()
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(CameraUnavailable, match="no image files"):
        ImageFolderSource(empty).start()


def test_simulated_source_renders_the_table(demo_profile):
    with SimulatedSource(SimulatedTable(demo_profile)) as source:
        frame = source.read()
        assert frame.image.shape == (720, 1280, 3) and frame.image.dtype == np.uint8
