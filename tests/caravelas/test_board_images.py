"""Board images for the mapper (vision/games/caravelas/board.py): a photo taken at
an angle, rectified by the four corners the user taps, gives the board square-on."""
from __future__ import annotations

import cv2
import numpy as np

from companion.caravelas.board import load_board
from vision.games.caravelas.board import board_size, rectify, render_board_image

DEMO = load_board("demo")


def test_the_demo_scan_has_the_board_file_s_pixel_coordinates():
    image = render_board_image(DEMO)
    assert image.shape[:2] == (720, 620) and board_size(DEMO) == (620, 720)
    x, y = DEMO.cells["D21"].center                  # a red event cell: its ring is red where drawn
    ring = image[int(y), int(x) - 48:int(x) + 48]
    assert any(b < 80 and r > 150 for b, _g, r in ring)


def test_a_photo_at_an_angle_is_rectified_by_its_corners():
    scan = render_board_image(DEMO)
    h, w = scan.shape[:2]
    corners = [(210.0, 95.0), (905.0, 160.0), (860.0, 690.0), (150.0, 610.0)]   # where the camera sees them
    to_photo = cv2.getPerspectiveTransform(np.float32([(0, 0), (w - 1, 0), (w - 1, h - 1), (0, h - 1)]),
                                           np.float32(corners))
    photo = cv2.warpPerspective(scan, to_photo, (1100, 800), borderValue=(70, 105, 140))
    back = rectify(photo, corners, (w, h))
    assert back.shape == scan.shape
    assert float(np.abs(back.astype(int) - scan.astype(int)).mean()) < 6.0
    turned = rectify(photo, corners[1:] + corners[:1], (w, h))      # corners tapped from the wrong one
    assert float(np.abs(turned.astype(int) - scan.astype(int)).mean()) > 15.0
