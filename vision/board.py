"""Board location and mapping: anchors -> homography -> board mm -> spaces.

``find_anchors(gray)`` finds ArUco markers; ``locate_board(anchors, profile)``
fits the image->board homography from every seen anchor corner;
``map_piece`` turns a tag detection into a position, heading and space.
Tiles (profiles with ``tiles``) are located one by one from their own anchors.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from vision.config import BoardConfig
from vision.detect import Detection
from vision.errors import BoardNotFound
from vision.frames import to_gray
from vision.profiles import Anchor, BoardProfile, Point, Space, Tile


@dataclass(frozen=True)
class SeenAnchor:
    """An ArUco marker found in a frame: id and its 4 corners (px, marker order TL, TR, BR, BL)."""

    id: int
    corners: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Placement:
    """Where a plane (the board or one tile) lies in the image.

    ``to_plane`` maps image px -> plane mm (3x3); ``error_mm`` is the RMS
    misfit of the anchor corners; ``anchors`` the ids that were used.
    """

    name: str
    to_plane: np.ndarray
    anchors: tuple[int, ...]
    error_mm: float

    def to_mm(self, xy: tuple[float, float]) -> Point:
        p = cv2.perspectiveTransform(np.array([[xy]], dtype=np.float64), self.to_plane)[0, 0]
        return (float(p[0]), float(p[1]))

    def to_px(self, mm: tuple[float, float]) -> tuple[float, float]:
        inv = np.linalg.inv(self.to_plane)
        p = cv2.perspectiveTransform(np.array([[mm]], dtype=np.float64), inv)[0, 0]
        return (float(p[0]), float(p[1]))


@dataclass(frozen=True)
class BoardLocation:
    """The board (if its anchors were seen) and every located tile."""

    board: Placement | None
    tiles: tuple[Placement, ...] = ()
    white_bgr: tuple[float, float, float] | None = None  # anchor paper white, for colour calibration
    table: Placement | None = None  # tiles only: table mm (see :func:`table_placement`)

    @property
    def frame(self) -> Placement | None:
        """The placement that defines table millimetres: the board's, else the table's
        (:func:`table_placement`), never the frame of whichever tile happened to be found first."""
        if self.board is not None:
            return self.board
        if self.table is not None:
            return self.table
        return self.tiles[0] if self.tiles else None


@dataclass(frozen=True)
class PiecePlace:
    """A tag mapped onto the board."""

    position_mm: Point
    heading_deg: float
    space: str | None


@lru_cache(maxsize=8)
def _detector(dictionary: str) -> cv2.aruco.ArucoDetector:
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(d, params)


def find_anchors(gray: np.ndarray, dictionary: str = "DICT_4X4_50", known: tuple[int, ...] | None = None) -> list[SeenAnchor]:
    """Every ArUco marker in ``gray`` (ids outside ``known`` are dropped when it is given)."""
    gray = to_gray(gray)
    corners, ids, _ = _detector(dictionary).detectMarkers(gray)
    found = []
    if ids is None:
        return found
    for c, i in zip(corners, ids.ravel()):
        if known is not None and int(i) not in known:
            continue
        found.append(SeenAnchor(int(i), tuple((float(x), float(y)) for x, y in c.reshape(4, 2))))
    return found


def fit_placement(name: str, seen: list[SeenAnchor], anchors: tuple[Anchor, ...], min_anchors: int,
                  max_error_mm: float) -> Placement:
    """Fit image px -> plane mm from the anchors of one plane; raise BoardNotFound if too few or inconsistent."""
    by_id = {a.id: a for a in anchors}
    used = [s for s in seen if s.id in by_id]
    if len(used) < min_anchors:
        ids = ", ".join(str(a.id) for a in anchors)
        raise BoardNotFound(f"{name}: board corners not visible ({len(used)} of anchors {ids} seen, need {min_anchors})")
    src = np.array([p for s in used for p in s.corners], dtype=np.float64)
    dst = np.array([p for s in used for p in by_id[s.id].corners()], dtype=np.float64)
    if len(used) == 1:
        # one small marker pins a full homography poorly: fit a similarity (camera looks down)
        a, _ = cv2.estimateAffinePartial2D(src, dst)
        h = None if a is None else np.vstack([a, [0.0, 0.0, 1.0]])
    else:
        h, _ = cv2.findHomography(src, dst, 0)
    if h is None:
        raise BoardNotFound(f"{name}: anchors are degenerate (no homography)")
    mapped = cv2.perspectiveTransform(src.reshape(-1, 1, 2), h).reshape(-1, 2)
    error = float(np.sqrt(np.mean(np.sum((mapped - dst) ** 2, axis=1))))
    if error > max_error_mm:
        raise BoardNotFound(f"{name}: anchors disagree by {error:.1f} mm (moved or misprinted?)")
    return Placement(name, h, tuple(sorted(s.id for s in used)), error)


def locate_board(seen: list[SeenAnchor], profile: BoardProfile, config: BoardConfig = BoardConfig(),
                 gray_or_bgr: np.ndarray | None = None, image_size: tuple[int, int] | None = None) -> BoardLocation:
    """Place the board and its tiles from the anchors seen in one frame.

    Raises :class:`BoardNotFound` when neither the board nor any tile can be placed.
    Pass the frame to also measure the anchors' paper white (for dice colours);
    ``image_size`` (w, h; default: the frame's) centres the table frame of a
    profile made of tiles only (:func:`table_placement`).
    """
    board = None
    problems = []
    if profile.anchors:
        try:
            board = fit_placement("board", seen, profile.anchors, config.min_anchors, config.max_reprojection_mm)
        except BoardNotFound as exc:
            problems.append(str(exc))
    tiles = []
    for tile in profile.tiles:
        try:
            tiles.append(fit_placement(tile.name, seen, tile.anchors, 1, config.max_reprojection_mm))
        except BoardNotFound as exc:
            problems.append(str(exc))
    if board is None and not tiles:
        raise BoardNotFound(problems[0] if problems else "board corners not visible")
    white = anchor_white(gray_or_bgr, seen) if gray_or_bgr is not None else None
    if image_size is None and gray_or_bgr is not None:
        image_size = (gray_or_bgr.shape[1], gray_or_bgr.shape[0])
    table = None
    if board is None and tiles:
        table = table_placement(min(tiles, key=lambda t: (t.error_mm / max(len(t.anchors), 1), t.name)),
                                profile.size_mm, image_size)
    return BoardLocation(board, tuple(tiles), white, table)


def table_placement(tile: Placement, size_mm: Point, image_size: tuple[int, int] | None) -> Placement:
    """Table millimetres for a profile made of tiles only (no board anchors).

    The table has no marker of its own: its +x runs along the image's +x
    (the camera stands square to the table, as the calibration preview has
    the players set it up) and the image centre is the centre of the
    profile's ``size_mm``.  Distances come from ``tile``'s own fit (the tiles
    lie on the table), so positions and headings do not depend on which tile
    is found or how it is turned.
    """
    if image_size is not None:
        centre = (image_size[0] / 2.0, image_size[1] / 2.0)
    else:
        centre = tile.to_px((0.0, 0.0))
    c = np.array(tile.to_mm(centre))
    step = np.array(tile.to_mm((centre[0] + 10.0, centre[1]))) - c
    angle = math.atan2(step[1], step[0])  # the image's +x in tile mm
    cos, sin = math.cos(-angle), math.sin(-angle)
    rotate = np.array([[cos, -sin, 0.0], [sin, cos, 0.0], [0.0, 0.0, 1.0]])
    r = rotate[:2, :2] @ c
    shift = np.array([[1.0, 0.0, size_mm[0] / 2 - r[0]], [0.0, 1.0, size_mm[1] / 2 - r[1]], [0.0, 0.0, 1.0]])
    return Placement("table", shift @ rotate @ tile.to_plane, tile.anchors, tile.error_mm)


def anchor_white(image: np.ndarray, seen: list[SeenAnchor]) -> tuple[float, float, float] | None:
    """Median colour (BGR) of the white paper ring just outside the seen anchors."""
    if not seen:
        return None
    img = image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    mask = np.zeros(img.shape[:2], dtype=np.uint8)
    for s in seen:
        pts = np.array(s.corners, dtype=np.float32)
        c = pts.mean(axis=0)
        outer = (pts - c) * 1.35 + c
        inner = (pts - c) * 1.12 + c
        cv2.fillConvexPoly(mask, outer.round().astype(np.int32), 255)
        cv2.fillConvexPoly(mask, inner.round().astype(np.int32), 0)
    pixels = img[mask > 0]
    if len(pixels) < 10:
        return None
    return tuple(float(v) for v in np.median(pixels, axis=0))  # type: ignore[return-value]


def map_piece(det: Detection, location: BoardLocation, profile: BoardProfile) -> PiecePlace | None:
    """Position (table mm), heading (deg, CCW from +x seen from above) and space of a tag."""
    frame = location.frame
    if frame is None:
        return None
    cx, cy = det.center
    ux, uy = det.up_vector
    pos = frame.to_mm((cx, cy))
    tip = frame.to_mm((cx + 0.5 * ux, cy + 0.5 * uy))
    heading = round(math.degrees(math.atan2(-(tip[1] - pos[1]), tip[0] - pos[0])), 1) % 360.0
    return PiecePlace(pos, heading, space_at(det.center, location, profile))


def space_at(px: tuple[float, float], location: BoardLocation, profile: BoardProfile) -> str | None:
    """The name of the space under image point ``px`` (polygons before points), or None."""
    planes: list[tuple[Placement, tuple[Space, ...]]] = []
    if location.board is not None:
        planes.append((location.board, profile.spaces))
    tiles_by_name = {t.name: t for t in profile.tiles}
    for placement in location.tiles:
        planes.append((placement, tiles_by_name[placement.name].spaces))
    for placement, spaces in planes:
        mm = placement.to_mm(px)
        for space in spaces:
            if space.polygon and space.contains(mm):
                return space.name
    best, best_d = None, math.inf
    for placement, spaces in planes:
        mm = placement.to_mm(px)
        for space in spaces:
            if space.point is not None:
                d = math.dist(mm, space.point)
                if d <= space.radius and d < best_d:
                    best, best_d = space.name, d
    return best


def tile_centres(location: BoardLocation, profile: BoardProfile) -> dict[str, Point]:
    """The centre of every located tile, in table mm (the location's frame)."""
    frame = location.frame
    if frame is None:
        return {}
    tiles = {t.name: t for t in profile.tiles}
    centres: dict[str, Point] = {}
    for placement in location.tiles:
        t: Tile = tiles[placement.name]
        centres[placement.name] = frame.to_mm(placement.to_px((t.size_mm[0] / 2, t.size_mm[1] / 2)))
    return centres


def shortest_route(centres: dict[str, Point], start: str, end: str | None) -> tuple[str, ...]:
    """The order of all ``centres`` from ``start`` to ``end`` with the shortest total length
    (``end`` None: an open path from ``start``, ending wherever it is shortest).

    Exhaustive up to 8 tiles between the ends (8! orders), nearest-first beyond.
    """
    middle = sorted(set(centres) - {start, end})
    tail = () if end is None else (end,)

    def length(order: tuple[str, ...]) -> float:
        return sum(math.dist(centres[a], centres[b]) for a, b in zip(order, order[1:]))

    if len(middle) <= 8:
        best = min(itertools.permutations(middle), key=lambda m: length((start, *m, *tail)))
        return (start, *best, *tail)
    order, rest = [start], set(middle)
    while rest:
        nxt = min(sorted(rest), key=lambda n: math.dist(centres[order[-1]], centres[n]))
        order.append(nxt)
        rest.remove(nxt)
    return (*order, *tail)
