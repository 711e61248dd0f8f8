"""Image files read on both OpenCV generations the set-up installs: the 4.x wheels for numpy 1
(Debian 12, Pi OS Bookworm) have ``cv2.getLogLevel`` and no ``cv2.utils.logging``; OpenCV 4.14
for numpy 2 (Debian 13, Pi OS trixie) has only ``cv2.utils.logging``."""
from __future__ import annotations

import types

import cv2
import numpy as np
import pytest

from vision import frames
from vision.errors import FrameError


@pytest.fixture(params=["4.14 (cv2.utils.logging only)", "4.11 (cv2.getLogLevel only)"])
def opencv_generation(request, monkeypatch):
    """This OpenCV, made to look like the other generation's: the functions the other lacks removed."""
    levels = [3]
    logging = types.SimpleNamespace(getLogLevel=lambda: levels[-1], setLogLevel=levels.append)
    if request.param.startswith("4.14"):
        for name in ("getLogLevel", "setLogLevel"):
            monkeypatch.delattr(cv2, name, raising=False)
        monkeypatch.setattr(cv2, "utils", types.SimpleNamespace(logging=logging), raising=False)
    else:
        monkeypatch.setattr(cv2, "utils", types.SimpleNamespace(), raising=False)
        monkeypatch.setattr(cv2, "getLogLevel", logging.getLogLevel, raising=False)
        monkeypatch.setattr(cv2, "setLogLevel", logging.setLogLevel, raising=False)
    return levels


def test_an_image_is_read_and_opencv_s_log_level_put_back(opencv_generation, tmp_path):
    path = tmp_path / "frame.png"
    cv2.imwrite(str(path), np.full((8, 12, 3), 90, np.uint8))
    image = frames.read_image(str(path))
    assert image.shape == (8, 12, 3)
    assert opencv_generation == [3, 0, 3]   # silenced while decoding, then as it was


def test_a_truncated_image_is_a_frame_error_naming_the_file(opencv_generation, tmp_path):
    path = tmp_path / "cut.png"
    cv2.imwrite(str(path), np.zeros((40, 40, 3), np.uint8))
    path.write_bytes(path.read_bytes()[:30])
    with pytest.raises(FrameError, match="cut.png"):
        frames.read_image(str(path))
    assert opencv_generation[-1] == 3
