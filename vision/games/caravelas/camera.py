"""Caravelas on camera: a board profile made from a board file (every cell a point
space, so a pawn is on the cell whose centre is nearest), the red die's tray beside
the board, and the simulated table (the board drawn, tagged pawns, the die).

Board-file centres are in the units of the image they were mapped on; ``scale``
turns them into board millimetres (the demo board: 0.8 mm a unit, 80 mm a cell).
Four ArUco anchors sit at the board's corners.  No Kivy here.
"""
from __future__ import annotations

import math
import random
from typing import Any

import cv2
import numpy as np

from companion.caravelas.board import Board, load_board
from vision.camera_model import CameraModel
from vision.games.caravelas.pieces import monument_tag
from vision.profiles import BoardProfile, parse_profile
from vision.synthetic import SimulatedTable
from vision.tags import ship

DEMO_SCALE = 0.8                  # mm per demo-board unit
ANCHOR_MM = 30.0
ANCHOR_IDS = (44, 45, 46, 47)     # DICT_4X4_50 ids of the four corner anchors
TAG_MM = 58.0                     # pawn tags: ~3.8 px a module for the simulated camera (as Golden Horn's)
DIE_MM = 60.0
MONUMENT_OFFSET_MM = 12.0         # a monument stands off its port cell's centre, still nearest to it
SHARED_OFFSET_MM = 30.0         # pawns sharing a cell stand in its four corners, tags clear of each other
TRAY = "die"
DIE = "R"
TRAY_MM = 150.0                   # the die's tray: a strip right of the map
SIM_CAMERA = CameraModel(width=1920, height=1080, height_mm=900.0)
CURRENT_BGR = (215, 190, 140)   # the currents' light blue arrows
CELL_BGR = {"pirate": (60, 60, 60), "eventBlue": (200, 120, 40), "eventRed": (50, 50, 200)}


def pitch(board: Board) -> float:
    """The board-file distance from a cell's centre to its nearest neighbour's (median)."""
    centres = [c.center for c in board.cells.values() if c.center]
    nearest = sorted(min(math.dist(a, b) for b in centres if b is not a) for a in centres)
    return nearest[len(nearest) // 2]


def profile_document(board: Board, scale: float = DEMO_SCALE) -> dict[str, Any]:
    """The board profile of ``board`` (every cell with a centre becomes a point space)."""
    centres = {cid: c.center for cid, c in board.cells.items() if c.center}
    if not centres:
        raise ValueError(f"board {board.name!r} gives no cell centres: the camera cannot map it")
    xs = [p[0] for p in centres.values()]
    ys = [p[1] for p in centres.values()]
    w = (max(xs) + min(xs)) * scale
    h = (max(ys) + min(ys)) * scale
    radius = pitch(board) * scale * 0.6      # the nearest centre wins where two catch a point
    full_w = w + TRAY_MM
    a = ANCHOR_MM * 0.8
    corners = ((a, a), (full_w - a, a), (full_w - a, h - a), (a, h - a))
    tray_x = w + 10.0
    return {
        "format": "table-companion/board-profile", "version": 1,
        "name": "caravelas", "title": f"Caravelas: {board.name}", "game": "caravelas",
        "size_mm": [full_w, h],
        "anchors": {"dictionary": "DICT_4X4_50", "size_mm": ANCHOR_MM,
                    "markers": [{"id": i, "center": list(c)} for i, c in zip(ANCHOR_IDS, corners)]},
        "spaces": [{"name": cid, "point": [x * scale, y * scale], "radius": radius}
                   for cid, (x, y) in sorted(centres.items())],
        "trays": [{"name": TRAY, "polygon": [[tray_x, 60.0], [full_w - 10.0, 60.0],
                                            [full_w - 10.0, h - 60.0], [tray_x, h - 60.0]],
                   "dice": {"kind": "qr", "ids": [DIE], "size_mm": DIE_MM}}],
    }


def board_profile(board: Board, scale: float = DEMO_SCALE) -> BoardProfile:
    return parse_profile(profile_document(board, scale), f"caravelas board {board.name}")


def pawn_tag(seat: int):
    return ship("caravelas", seat, "A")


def die_face_name(label: str) -> str:
    """The tag face field of a die face label (``red`` → ``RED``)."""
    return label.upper()


class CaravelasTable(SimulatedTable):
    """The simulated board: cells drawn with their symbols, pawns where the game has
    the ships, the red die in its tray."""

    def __init__(self, board: Board, scale: float = DEMO_SCALE, camera: CameraModel = SIM_CAMERA, seed: int = 0):
        super().__init__(board_profile(board, scale), camera, seed)
        self.board = board
        self.scale = scale

    def cell_centre(self, cell: str) -> tuple[float, float]:
        return self.profile.space(cell).center

    def _draw_static(self, camera: CameraModel) -> tuple[np.ndarray, float]:
        canvas, ppm = super()._draw_static(camera)
        m = self._margin

        def px(p: tuple[float, float]) -> tuple[int, int]:
            return (int(round((p[0] + m) * ppm)), int(round((p[1] + m) * ppm)))
        radius = pitch(self.board) * self.scale / 2
        for cid, cell in self.board.cells.items():
            if not cell.center:
                continue
            centre = self.cell_centre(cid)
            for k, symbol in enumerate(cell.symbols):     # a ring per symbol, outside the pawn's tag
                cv2.circle(canvas, px(centre), int((radius - 3 - 4 * k) * ppm), CELL_BGR[symbol],
                           max(1, int(ppm * 2)), cv2.LINE_AA)
        for a, b in self.board.free_edges:                # the currents' arrows, between the cells
            pa, pb = self.cell_centre(a), self.cell_centre(b)
            # light and clear of the pawns' bases (a dark line joining a base hides the tag's finders)
            start = (pa[0] + (pb[0] - pa[0]) * 0.36, pa[1] + (pb[1] - pa[1]) * 0.36)
            end = (pa[0] + (pb[0] - pa[0]) * 0.64, pa[1] + (pb[1] - pa[1]) * 0.64)
            cv2.arrowedLine(canvas, px(start), px(end), CURRENT_BGR, max(1, int(ppm * 1.5)), cv2.LINE_AA,
                            tipLength=0.35)
        return canvas, ppm

    def sync(self, state: Any) -> None:
        """Stand every player's pawn on the cell ``state`` has its ship on."""
        sharing: dict[str, list[int]] = {}
        for seat, player in enumerate(state.players):
            if player.where in self.board.cells:
                sharing.setdefault(player.where, []).append(seat)
            else:
                self.remove_piece(pawn_tag(seat).identity)
        for cell, seats in sharing.items():
            for k, seat in enumerate(seats):
                self.put_pawn(seat, cell, None if len(seats) == 1 else k)

    def put_pawn(self, seat: int, cell: str, corner: int | None = None) -> None:
        """Seat's pawn on ``cell``: at its centre, or in ``corner`` 0-3 when pawns share it."""
        x, y = self.cell_centre(cell)
        if corner is not None:
            d = SHARED_OFFSET_MM
            x, y = x + (d if corner % 2 else -d), y + (d if corner >= 2 else -d)
        self.place_piece(pawn_tag(seat), (x, y), 90.0, TAG_MM, base_scale=1.05)

    def cell_at(self, position_mm: tuple[float, float]) -> str | None:
        """The cell whose centre is nearest a table point, when the point is on it."""
        space = min(self.profile.spaces, key=lambda sp: math.dist(sp.center, position_mm))
        return space.name if math.dist(space.center, position_mm) <= space.radius else None

    def drop_piece(self, identity: str, position_mm: tuple[float, float]) -> None:
        """A pawn let go on a cell stands on it: at its centre, or in a corner beside the
        pawns already there; let go off the map, it stays where it fell."""
        pawns = {p.tag.identity: p for p in self.pieces() if p.tag is not None and p.tag.kind == "ship"}
        cell = self.cell_at(position_mm)
        if cell is None or identity not in pawns:
            self.move_piece(identity, position_mm)
            return
        there = sorted(p.tag.seat for other, p in pawns.items()
                       if other != identity and self.cell_at(p.position_mm) == cell)
        for corner, seat in enumerate([*there, pawns[identity].tag.seat]):
            self.put_pawn(seat, cell, corner if there else None)

    def put_monument(self, seat: int, number: int, port: str) -> None:
        """Seat's monument ``number`` on ``port``'s cell, beside the cell's centre (a pawn
        there keeps its place)."""
        x, y = self.cell_centre(self.board.port_cells[port])
        self.place_piece(monument_tag(seat, number), (x + MONUMENT_OFFSET_MM, y), 90.0, TAG_MM)

    def roll_die(self, rng: random.Random, face: str | None = None) -> str:
        """Throw the red die into its tray (``face``: the label to show; default one of the board's)."""
        label = face if face is not None else rng.choice(list(self.board.die or ("red", "1")))
        self.roll_tray(TRAY, rng, [die_face_name(label)])
        return label


def simulated_table(state: Any, seed: int = 0) -> CaravelasTable:
    """The simulated table for ``state`` (a bookkeeping game shows the demo board)."""
    board = state.rules.board or load_board("demo")
    table = CaravelasTable(board, seed=seed)
    table.sync(state)
    return table
