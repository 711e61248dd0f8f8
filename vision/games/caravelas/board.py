"""Board images for the Caravelas board mapper: a camera frame rectified by the four
board corners the user taps, and a "scan" of a board file drawn top-down (the demo
board rendered, for tests and to try the mapper without a copy).

Image coordinates: pixels, x to the right, y down, as the board file's ``center``.
"""
from __future__ import annotations

from typing import Sequence

import cv2
import numpy as np

from companion.caravelas.board import Board

PAPER_BGR = (205, 228, 238)
WATER_BGR = (214, 196, 150)
LINE_BGR = (150, 130, 100)
SYMBOL_BGR = {"pirate": (40, 40, 40), "eventBlue": (190, 110, 30), "eventRed": (40, 40, 200)}
SHIELD_BGR = (60, 170, 230)
CURRENT_BGR = (120, 100, 40)


def rectify(image: np.ndarray, corners: Sequence[tuple[float, float]], size: tuple[int, int]) -> np.ndarray:
    """The board seen square-on: ``corners`` are the board's top-left, top-right,
    bottom-right and bottom-left corners in ``image`` pixels; ``size`` (w, h) of the result."""
    if len(corners) != 4:
        raise ValueError(f"four corners are needed, not {len(corners)}")
    w, h = size
    src = np.array(corners, dtype=np.float32)
    dst = np.array([(0, 0), (w - 1, 0), (w - 1, h - 1), (0, h - 1)], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(image, matrix, (int(w), int(h)), flags=cv2.INTER_LINEAR)


def board_size(board: Board) -> tuple[int, int]:
    """The size (w, h) of a board file's image: its centres with the same margin all round."""
    xs = [c.center[0] for c in board.cells.values() if c.center]
    ys = [c.center[1] for c in board.cells.values() if c.center]
    return int(round(max(xs) + min(xs))), int(round(max(ys) + min(ys)))


def render_board_image(board: Board, radius: float | None = None) -> np.ndarray:
    """The board file drawn top-down (H, W, 3 BGR): a disc per cell with its symbols as
    rings, a shield with its value on port cells, an anchor mark on Lisbon, the
    currents' arrows.  What a scan of a copy looks like to the mapper."""
    w, h = board_size(board)
    image = np.full((h, w, 3), PAPER_BGR, dtype=np.uint8)
    centres = {cid: c.center for cid, c in board.cells.items() if c.center}
    if radius is None:
        pts = list(centres.values())
        radius = 0.45 * min(np.hypot(a[0] - b[0], a[1] - b[1]) for a in pts for b in pts if a is not b)

    def at(p: tuple[float, float]) -> tuple[int, int]:
        return int(round(p[0])), int(round(p[1]))
    r = int(radius)
    for cid, centre in centres.items():
        cv2.circle(image, at(centre), r, WATER_BGR, -1, cv2.LINE_AA)
        cv2.circle(image, at(centre), r, LINE_BGR, 1, cv2.LINE_AA)
        for k, symbol in enumerate(board.cells[cid].symbols):
            cv2.circle(image, at(centre), max(2, r - 3 - 5 * k), SYMBOL_BGR[symbol], 3, cv2.LINE_AA)
        if board.cells[cid].current_end:
            cv2.circle(image, at((centre[0], centre[1] + r * 0.6)), 3, CURRENT_BGR, -1, cv2.LINE_AA)
    for a, b in board.free_edges:
        pa, pb = np.array(centres[a]), np.array(centres[b])
        cv2.arrowedLine(image, at(pa + (pb - pa) * 0.25), at(pa + (pb - pa) * 0.75), CURRENT_BGR, 2,
                        cv2.LINE_AA, tipLength=0.3)
    for pid, cid in board.port_cells.items():
        x, y = centres[cid]
        cv2.circle(image, at((x, y - r * 0.45)), max(6, r // 4), SHIELD_BGR, -1, cv2.LINE_AA)
        cv2.putText(image, str(board.port_vp[pid]), at((x - r * 0.1, y - r * 0.3)), cv2.FONT_HERSHEY_SIMPLEX,
                    r / 80.0, (30, 30, 30), 1, cv2.LINE_AA)
    lx, ly = centres[board.lisbon]
    cv2.rectangle(image, at((lx - r * 0.3, ly - r * 0.3)), at((lx + r * 0.3, ly + r * 0.3)), (40, 40, 160), 2)
    return image
