"""``camera = "auto"`` picks what is present, whatever the GPIO panel is."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from vision.sources.choice import CameraChoice, choose_camera, picamera2_cameras, usb_video_devices

ROOT = Path(__file__).resolve().parents[2]


def forget_picamera2(monkeypatch) -> None:
    """Import the stand-in afresh, and forget it after the test."""
    monkeypatch.setitem(sys.modules, "picamera2", None)
    monkeypatch.delitem(sys.modules, "picamera2")


def video_node(sysfs: Path, name: str, device: Path, index: int = 0) -> None:
    """/sys/class/video4linux/<name> with its ``device`` link and ``index``."""
    device.mkdir(parents=True, exist_ok=True)
    node = sysfs / name
    node.mkdir(parents=True)
    (node / "device").symlink_to(device)
    (node / "index").write_text(f"{index}\n")


@pytest.fixture
def pi5_sysfs(tmp_path):
    """A Pi 5's V4L2 nodes (rp1-cfe, pisp) and a UVC webcam with its metadata node."""
    sysfs = tmp_path / "video4linux"
    platform = tmp_path / "devices" / "platform" / "axi" / "1000880000.pcie"
    for n in range(8):
        video_node(sysfs, f"video{n}", platform / "1f00128000.csi")
    for n in (19, 20, 21, 31):
        video_node(sysfs, f"video{n}", platform / "1000880000.pisp_be")
    usb = tmp_path / "devices" / "platform" / "axi" / "usb3" / "3-1" / "3-1:1.0"
    video_node(sysfs, "video9", usb, index=1)  # UVC metadata node
    video_node(sysfs, "video8", usb, index=0)  # the capture node
    return sysfs


def test_only_usb_capture_nodes_are_webcams(pi5_sysfs, tmp_path):
    assert usb_video_devices(pi5_sysfs) == ["/dev/video8"]
    assert usb_video_devices(tmp_path / "no-such-dir") == []


def stand_in_picamera2(tmp_path: Path, body: str) -> Path:
    package = tmp_path / "stand_in" / "picamera2"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(body))
    return package.parent


def test_picamera2_with_a_camera_listed_wins(tmp_path, monkeypatch, pi5_sysfs):
    path = stand_in_picamera2(tmp_path, '''
        class Picamera2:
            @staticmethod
            def global_camera_info():
                return [{"Model": "imx708_wide", "Location": 2, "Id": "/base/axi/pcie@120000/rp1/i2c@88000/imx708@1a"}]
        ''')
    monkeypatch.syspath_prepend(str(path))
    forget_picamera2(monkeypatch)
    installed, cameras, problem = picamera2_cameras()
    assert installed and cameras[0]["Model"] == "imx708_wide" and problem == ""
    choice = choose_camera(webcams=lambda: usb_video_devices(pi5_sysfs))
    assert choice == CameraChoice("picamera2", None, "Pi camera: imx708_wide")


def test_no_pi_camera_listed_then_the_usb_webcam(pi5_sysfs):
    choice = choose_camera(picamera2=lambda: (True, [], ""), webcams=lambda: usb_video_devices(pi5_sysfs))
    assert choice.kind == "opencv" and choice.device == "/dev/video8"


def test_nothing_present_means_the_simulated_table(tmp_path):
    choice = choose_camera(picamera2=lambda: (False, [], ""), webcams=lambda: usb_video_devices(tmp_path))
    assert choice.kind == "simulated"


def test_a_broken_picamera2_is_chosen_so_its_failure_is_shown(tmp_path, monkeypatch, pi5_sysfs):
    path = stand_in_picamera2(tmp_path, 'raise ValueError("numpy.dtype size changed")\n')
    monkeypatch.syspath_prepend(str(path))
    forget_picamera2(monkeypatch)
    choice = choose_camera(webcams=lambda: usb_video_devices(pi5_sysfs))
    assert choice.kind == "picamera2" and "numpy.dtype size changed" in choice.reason


def test_the_app_camera_does_not_follow_the_simulated_panel(tmp_path):
    """ui.camera.frame_source with a simulated GPIO panel still uses the camera found."""
    code = textwrap.dedent('''
        import types
        from ui.camera import CameraSetup, frame_source
        from vision.sources.choice import CameraChoice
        settings = types.SimpleNamespace(camera="auto", camera_device="0", lens_position=1.8)
        setup = CameraSetup(profile=None, simulated_table=object())
        webcam = frame_source(settings, setup, choose=lambda: CameraChoice("opencv", "/dev/video8"))
        pi = frame_source(settings, setup, choose=lambda: CameraChoice("picamera2"))
        print(type(webcam).__name__, webcam.device, type(pi).__name__, pi.lens_position)
        ''')
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KIVY_LOG_MODE": "PYTHON", "KIVY_NO_ARGS": "1",
           "KIVY_HOME": str(tmp_path / "kivy")}
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["OpenCVSource", "/dev/video8", "Picamera2Source", "1.8"]
