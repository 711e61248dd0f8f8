"""Picamera2 on the Raspberry Pi: a small ("lores") stream to find tags, the
full-resolution ("main") stream to decode crops.  ``picamera2`` is imported
only when the source starts, so this module loads anywhere.

Checked against Picamera2 (raspberrypi/picamera2, picamera2.py and the
manual):

- one video configuration with ``main`` (RGB888, stored B, G, R) and
  ``lores`` (YUV420; its first ``h`` rows are the Y plane) streams;
  ``controls={"FrameRate": ...}`` caps the rate (the change gate needs a few
  frames a second, not 30);
- every frame only ``capture_array("lores")`` is copied; the full frame is
  captured with ``capture_array("main")`` only when the change gate asks for
  it (a settled scene, so the next frame shows the same board);
- the lores array is (h * 3 / 2, stride): the Y plane's ``h`` rows, then the U
  and V planes, each ``stride / 2`` wide and ``h / 2`` high, packed one after the
  other (Picamera2's ``converters.YUV420_to_RGB`` reads them so).  Tags are
  found on the Y plane; the change gate compares a half-size colour view made
  from Y, U and V, since a card of another colour but the same brightness
  changes no grey level;
- focus (Camera Module 3): the lens is focused once and then left alone — no
  continuous AF, which hunts whenever hands pass over the board.  With a
  ``lens_position`` (dioptres, 1 / distance in metres: a stand at 40–70 cm
  is about 1.4–2.5) the lens is set there in ``AfModeEnum.Manual``;
  otherwise ``autofocus_cycle()`` runs once (``AfMode`` Auto + ``AfTrigger``
  Start, waiting for the result) and the position it found is locked in
  Manual mode.  Cameras without ``AfMode`` in ``camera_controls`` have a
  fixed lens;
- any exception while importing or opening (``RuntimeError`` "Camera
  __init__ sequence did not complete", or ``ValueError: numpy.dtype size
  changed`` when the venv's numpy does not match apt's picamera2/simplejpeg)
  becomes :class:`CameraUnavailable` with what to do, so the worker reports
  it and play goes on by touch.
"""
from __future__ import annotations

import importlib
import logging
from types import ModuleType
from typing import Any

import cv2
import numpy as np

from vision.errors import CameraUnavailable
from vision.sources.base import FrameSource

log = logging.getLogger(__name__)


def explain_open_failure(exc: BaseException) -> str:
    """What went wrong opening the Pi camera, and what the person can do."""
    text = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, ValueError) and "numpy" in str(exc):
        return (f"{text} — the virtualenv's numpy does not match the system's picamera2; "
                "run ./setup.sh again (it installs a numpy that matches)")
    if isinstance(exc, ImportError):
        return f"{text} — install python3-picamera2 (setup.sh does, on a Raspberry Pi)"
    if "did not complete" in str(exc) or "not found" in str(exc).lower():
        return f"{text} — check the camera cable and that no other program uses the camera"
    return text


class Picamera2Source(FrameSource):
    """Camera Module 3 (or any libcamera camera) through Picamera2.

    ``main_size``/``lores_size`` are (w, h); lores comes as YUV420 and only its
    Y (grey) plane is used.  ``lens_position`` is in dioptres (None: one
    autofocus cycle at start, then locked).  ``frame_rate`` in frames per
    second.  ``module``/``controls`` inject stand-ins for ``picamera2`` and
    ``libcamera.controls`` (tests).
    """

    name = "picamera2"

    def __init__(self, main_size: tuple[int, int] = (2304, 1296), lores_size: tuple[int, int] = (1152, 648),
                 camera_num: int = 0, module: ModuleType | Any | None = None, *,
                 lens_position: float | None = None, frame_rate: float | None = 15.0,
                 controls: ModuleType | Any | None = None):
        super().__init__()
        if lores_size[0] > main_size[0] or lores_size[1] > main_size[1]:
            raise ValueError(f"lores {lores_size} must not be larger than main {main_size}")
        self.main_size = main_size
        self.lores_size = lores_size
        self.camera_num = camera_num
        self.lens_position = lens_position
        self.frame_rate = frame_rate
        self.focus: str = "not started"  # how the lens was set, for the log and the settings screen
        self.full_captures = 0
        self._module = module
        self._controls = controls
        self._camera: Any = None

    def _open(self) -> None:
        try:
            module = self._module if self._module is not None else importlib.import_module("picamera2")
        except Exception as exc:  # noqa: BLE001 - ImportError, or numpy's ValueError from inside it
            raise CameraUnavailable(f"the Pi camera library cannot be loaded: {explain_open_failure(exc)}") from exc
        camera = None
        try:
            camera = module.Picamera2(self.camera_num)
            options: dict[str, Any] = {}
            if self.frame_rate:
                options["controls"] = {"FrameRate": float(self.frame_rate)}
            config = camera.create_video_configuration(
                main={"size": self.main_size, "format": "RGB888"},
                lores={"size": self.lores_size, "format": "YUV420"},
                buffer_count=4,
                **options,
            )
            camera.configure(config)
            camera.start()
        except Exception as exc:  # noqa: BLE001 - whatever the camera stack raises: touch play goes on
            if camera is not None:
                _close_quietly(camera)
            raise CameraUnavailable(
                f"camera {self.camera_num} could not be opened: {explain_open_failure(exc)}") from exc
        try:
            self.focus = self._set_focus(camera)
        except Exception as exc:  # noqa: BLE001 - a lens that will not focus still gives pictures
            self.focus = f"not set ({type(exc).__name__}: {exc})"
            log.warning("the Pi camera's focus could not be set: %s: %s; set lens_position "
                        "(dioptres) in the settings", type(exc).__name__, exc)
        log.info("Pi camera %d open: main %s, lores %s, %s fps, focus %s", self.camera_num, self.main_size,
                 self.lores_size, self.frame_rate or "default", self.focus)
        self._camera = camera

    def _af_modes(self) -> Any:
        controls = self._controls
        if controls is None:
            controls = importlib.import_module("libcamera").controls
        return controls.AfModeEnum

    def _set_focus(self, camera: Any) -> str:
        available = getattr(camera, "camera_controls", None) or {}
        if "AfMode" not in available:
            return "fixed lens"
        modes = self._af_modes()
        position = self.lens_position
        if position is not None:
            low, high = (available.get("LensPosition") or (None, None))[:2]
            if low is not None and high is not None and not low <= position <= high:
                log.warning("lens_position %.2f dioptres is outside the lens's %.2f–%.2f; using the nearest",
                            position, low, high)
                position = min(max(position, low), high)
            camera.set_controls({"AfMode": modes.Manual, "LensPosition": float(position)})
            return f"manual at {position:.2f} dioptres (lens_position setting)"
        if not camera.autofocus_cycle():
            log.warning("the one-shot autofocus did not find a sharp image; set lens_position "
                        "(dioptres, about 1 / the camera's height in metres) in the settings")
        found = (camera.capture_metadata() or {}).get("LensPosition")
        if found is None:
            return "one-shot autofocus"
        camera.set_controls({"AfMode": modes.Manual, "LensPosition": float(found)})
        return f"one-shot autofocus, locked at {float(found):.2f} dioptres"

    def _close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            try:
                camera.stop()
            finally:
                camera.close()

    def _full_size(self) -> tuple[int, int]:
        return self.main_size

    def _grab(self) -> tuple[np.ndarray | None, ...]:
        try:
            yuv = self._camera.capture_array("lores")
        except Exception as exc:  # noqa: BLE001 - a camera gone mid-game: worker retries
            raise CameraUnavailable(f"camera {self.camera_num} stopped delivering frames: {exc}") from exc
        rows = yuv.shape[0] * 2 // 3          # the Y plane's rows (libcamera may have aligned the size)
        lores = np.ascontiguousarray(yuv[:rows, : self.lores_size[0]])
        return None, lores, yuv420_colour_view(yuv, self.lores_size[0])

    def _grab_full(self) -> np.ndarray:
        camera = self._camera
        if camera is None:
            raise CameraUnavailable(f"camera {self.camera_num} is closed")
        try:
            main = camera.capture_array("main")  # RGB888 is stored B, G, R
        except Exception as exc:  # noqa: BLE001
            raise CameraUnavailable(f"camera {self.camera_num} stopped delivering frames: {exc}") from exc
        self.full_captures += 1
        return np.ascontiguousarray(main[:, :, :3])


def yuv420_colour_view(yuv: np.ndarray, width: int) -> np.ndarray:
    """A half-size BGR view of a YUV420 (I420) lores array whose pictures are ``width``
    wide: its rows are the Y plane (``h`` rows of ``stride``), then U and V (each
    ``h / 2`` rows of ``stride / 2``, packed), so ``h`` is two thirds of its rows.  The
    Y plane is halved to the U/V planes' size."""
    stride = yuv.shape[1]
    h, w = yuv.shape[0] * 2 // 3, min(width, stride)
    flat = yuv.reshape(-1)
    n, quarter = stride * h, stride * h // 4
    y = flat[:n].reshape(h, stride)[:, :w]
    u = flat[n:n + quarter].reshape(h // 2, stride // 2)[:, : w // 2]
    v = flat[n + quarter:n + 2 * quarter].reshape(h // 2, stride // 2)[:, : w // 2]
    half = cv2.resize(y, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(cv2.merge((half, u, v)), cv2.COLOR_YUV2BGR)


def _close_quietly(camera: Any) -> None:
    for step in ("stop", "close"):
        try:
            getattr(camera, step)()
        except Exception:  # noqa: BLE001 - already failing; the first error is the one to report
            log.debug("camera %s after a failed open also failed", step, exc_info=True)
