"""Finding and decoding tags: orientation, odd inputs, decoder failures."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import decoders
from vision.config import DetectConfig
from vision.detect import decode_image, detect_tags
from vision.errors import FrameError
from vision.qr import qr_image
from vision.tags import ForeignCode, ship

from tests.vision.scenes import angle_error


def _rotated_tag(text: str, angle: float, px_per_module: int = 4) -> np.ndarray:
    tag = qr_image(text, px_per_module)
    frame = np.full((720, 1280), 190, np.uint8)
    h = tag.shape[0]
    frame[300:300 + h, 600:600 + h] = tag
    m = cv2.getRotationMatrix2D((600 + h / 2, 300 + h / 2), angle, 1.0)
    return cv2.warpAffine(frame, m, (1280, 720), borderValue=190)


def _heading(det) -> float:
    ux, uy = det.up_vector
    return float(np.degrees(np.arctan2(-uy, ux)))


@pytest.mark.parametrize("use_zxing", [False, True])
def test_heading_from_corner_order_at_every_angle(use_zxing):
    text = ship("golden_horn", 2, "C").payload()
    for angle in range(0, 360, 15):
        found = detect_tags(_rotated_tag(text, angle), config=DetectConfig(use_zxing=use_zxing))
        assert len(found) == 1, angle
        assert found[0].parsed == ship("golden_horn", 2, "C")
        # an upright tag's top points up the image (90 deg); the image was turned CCW by `angle`
        assert angle_error(_heading(found[0]), 90 + angle) < 3, angle


def test_foreign_code_is_reported_as_foreign():
    found = detect_tags(_rotated_tag("WIFI:S:home;T:WPA;P:x;;", 20))
    assert len(found) == 1 and isinstance(found[0].parsed, ForeignCode)
    assert not found[0].is_ours


@pytest.mark.parametrize("frame, problem", [
    (np.zeros((0, 0), np.uint8), "empty"),
    (np.zeros((20, 20), np.float32), "dtype"),
    (np.zeros((20, 20, 5), np.uint8), "shape"),
    ("not an image", "not an image"),
])
def test_odd_frames_raise_frame_error(frame, problem):
    with pytest.raises(FrameError, match=problem):
        detect_tags(frame)


def test_blank_and_tiny_frames_find_nothing():
    assert detect_tags(np.full((720, 1280, 3), 255, np.uint8)) == []
    assert detect_tags(np.zeros((5, 7), np.uint8)) == []
    assert decode_image(np.random.default_rng(1).integers(0, 255, (300, 300), dtype=np.uint8)) == []


def test_a_decoder_that_raises_never_breaks_detection(monkeypatch):
    from pyzbar import wrapper

    def explode(*args, **kwargs):
        raise RuntimeError("zbar choked")

    monkeypatch.setattr(wrapper, "zbar_scan_image", explode)
    before = decoders.failure_count("pyzbar")
    assert detect_tags(_rotated_tag(ship("demo", 0, "A").payload(), 10), config=DetectConfig(use_zxing=False)) == []
    assert decoders.failure_count("pyzbar") > before


def test_small_stream_candidates_decode_full_resolution_crops():
    text = ship("demo", 1, "B").payload()
    full = _rotated_tag(text, 30, px_per_module=3)
    lores = cv2.resize(full, (640, 360), interpolation=cv2.INTER_AREA)
    found = detect_tags(full, small=lores)
    assert [d.parsed for d in found] == [ship("demo", 1, "B")]
    # corners are in full-resolution pixels
    assert all(500 < x < 800 and 200 < y < 500 for x, y in found[0].corners)


def test_regions_limit_where_codes_are_decoded():
    frame = _rotated_tag(ship("demo", 0, "A").payload(), 0)
    assert detect_tags(frame, regions=[(0, 0, 100, 100)]) == []
    assert len(detect_tags(frame, regions=[(550, 250, 800, 500)])) == 1
