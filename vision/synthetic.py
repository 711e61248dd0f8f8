"""The simulated table: a rendered top-down board with tagged pieces and dice.

Used for laptop play (a UI can drag pieces with :meth:`SimulatedTable.move_piece`),
demos, tests and the benchmark.  Pieces are drawn as a coloured base with a
QR tag on top; the scene is projected through a :class:`CameraModel` and
degraded (blur, noise, light gradient and colour, JPEG).  Thread-safe: the
UI may move pieces while a worker renders.
"""
from __future__ import annotations

import math
import random
import threading
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.camera_model import CameraModel
from vision.profiles import BoardProfile, Tray
from vision.qr import qr_image
from vision.tags import Tag, die_face

TABLE_BGR = (70, 105, 140)     # wood
BOARD_BGR = (200, 225, 235)    # paper
SKIN_BGR = (120, 150, 205)
SEAT_BGR = ((40, 40, 200), (200, 90, 30), (40, 160, 40), (30, 200, 220), (160, 60, 160), (90, 90, 90))


@dataclass(frozen=True)
class SimPiece:
    """A tagged piece: its tag, centre (board mm), heading (deg CCW, seen from above) and tag size."""

    tag: Tag | None
    text: str
    position_mm: tuple[float, float]
    heading_deg: float
    size_mm: float
    base_bgr: tuple[int, int, int] | None = None
    base_scale: float = 1.25


@dataclass(frozen=True)
class SimDie:
    """A die in a tray: colour dice show ``face`` as their colour, QR dice a face tag."""

    die: str
    tray: str
    face: str
    position_mm: tuple[float, float]
    angle_deg: float
    size_mm: float


class SimulatedTable:
    """A board from a profile, pieces and dice on it, and a camera looking at it."""

    def __init__(self, profile: BoardProfile, camera: CameraModel = CameraModel(), seed: int = 0,
                 canvas_margin_mm: float = 120.0):
        self.profile = profile
        self._camera = camera
        self._lock = threading.RLock()  # re-entered when _draw_static asks for the tiles
        self._pieces: dict[str, SimPiece] = {}
        self._dice: dict[str, SimDie] = {}
        self._hands: dict[str, tuple[tuple[float, float], float, tuple[int, int, int]]] = {}
        self._tiles: dict[str, tuple[tuple[float, float], float]] = {}
        self._rng = np.random.default_rng(seed)
        self._margin = canvas_margin_mm
        self._static: np.ndarray | None = None
        self._ppm = 0.0
        #: the newest rendered frame and how many were rendered, for a preview on screen
        self.last_frame: np.ndarray | None = None
        self.frames_rendered = 0

    # ----- camera -------------------------------------------------------
    @property
    def camera(self) -> CameraModel:
        return self._camera

    def set_camera(self, camera: CameraModel) -> None:
        with self._lock:
            self._camera = camera
            self._static = None

    @property
    def board_center(self) -> tuple[float, float]:
        return (self.profile.size_mm[0] / 2.0, self.profile.size_mm[1] / 2.0)

    def board_to_image(self) -> np.ndarray:
        """3x3 homography board mm -> image px of the current camera."""
        return self._camera.board_to_image(self.board_center)

    def to_image(self, mm: tuple[float, float]) -> tuple[float, float]:
        p = self._camera.project(np.array([mm]), self.board_center)[0]
        return (float(p[0]), float(p[1]))

    def image_to_board(self, xy: tuple[float, float]) -> tuple[float, float]:
        """Table mm of a pixel of the rendered camera frame (inverse of :meth:`to_image`)."""
        inverse = np.linalg.inv(self.board_to_image())
        p = inverse @ np.array([xy[0], xy[1], 1.0])
        return (float(p[0] / p[2]), float(p[1] / p[2]))

    # ----- scene editing ------------------------------------------------
    def place_piece(self, tag: Tag, position_mm: tuple[float, float], heading_deg: float = 90.0,
                    size_mm: float = 40.0, base_bgr: tuple[int, int, int] | None = None,
                    base_scale: float = 1.25) -> None:
        """Put a tagged piece on the table (or replace it); the tag's top points along ``heading_deg``.

        The piece is drawn as a base of ``base_scale`` x the tag size (the seat's colour) under the tag.
        """
        if base_bgr is None and tag.seat is not None:
            base_bgr = SEAT_BGR[tag.seat % len(SEAT_BGR)]
        piece = SimPiece(tag, tag.payload(), tuple(position_mm), float(heading_deg) % 360.0, size_mm, base_bgr, base_scale)
        with self._lock:
            self._pieces[tag.identity] = piece

    def add_foreign_code(self, key: str, text: str, position_mm: tuple[float, float], size_mm: float = 50.0,
                         heading_deg: float = 90.0) -> None:
        """A QR code that is not ours (a phone's Wi-Fi code on the table)."""
        with self._lock:
            self._pieces["foreign:" + key] = SimPiece(None, text, tuple(position_mm), heading_deg, size_mm)

    def move_piece(self, identity: str, position_mm: tuple[float, float], heading_deg: float | None = None) -> None:
        """Move a piece (by tag identity, e.g. ``gh:ship:1:b``); keeps its heading unless given."""
        with self._lock:
            piece = self._pieces[identity]
            heading = piece.heading_deg if heading_deg is None else float(heading_deg) % 360.0
            self._pieces[identity] = replace(piece, position_mm=tuple(position_mm), heading_deg=heading)

    def remove_piece(self, identity: str) -> None:
        with self._lock:
            self._pieces.pop(identity, None)

    def pieces(self) -> tuple[SimPiece, ...]:
        with self._lock:
            return tuple(self._pieces.values())

    def ship_at(self, position_mm: tuple[float, float]) -> str | None:
        """The tag identity of the ship (or pawn) under a table point, if any."""
        best, best_d = None, None
        for piece in self.pieces():
            if piece.tag is None or piece.tag.kind != "ship":
                continue
            d = math.dist(piece.position_mm, position_mm)
            if d < piece.size_mm * 0.75 and (best_d is None or d < best_d):
                best, best_d = piece.tag.identity, d
        return best

    def drop_piece(self, identity: str, position_mm: tuple[float, float]) -> None:
        """A piece let go by a finger at ``position_mm``: it stays there (a game's table
        snaps it to the space it was dropped on)."""
        self.move_piece(identity, position_mm)

    def set_die(self, die: str, tray: str, face: str, position_mm: tuple[float, float], angle_deg: float = 0.0) -> None:
        """Place one die in a tray showing ``face`` (a colour name, or a face id for QR dice)."""
        spec = self._tray(tray).dice
        with self._lock:
            self._dice[die] = SimDie(die, tray, face, tuple(position_mm), angle_deg, spec.size_mm)

    def remove_die(self, die: str) -> None:
        with self._lock:
            self._dice.pop(die, None)

    def dice(self) -> tuple[SimDie, ...]:
        with self._lock:
            return tuple(self._dice.values())

    def roll_tray(self, tray: str, rng: random.Random, faces: list[str] | None = None) -> list[str]:
        """Scatter the tray's dice at random, non-touching spots; returns the faces shown."""
        t = self._tray(tray)
        spec = t.dice
        xs, ys = zip(*t.polygon)
        names = list(spec.ids) if spec.kind == "qr" else [f"{tray}:{i + 1}" for i in range(spec.count)]
        options = [c for c, _ in spec.colours] if spec.kind == "colour" else [str(i) for i in range(1, 7)]
        placed: list[tuple[float, float]] = []
        shown = []
        pad = spec.size_mm * 0.9
        for i, name in enumerate(names):
            face = faces[i] if faces else rng.choice(options)
            for _ in range(500):
                p = (rng.uniform(min(xs) + pad, max(xs) - pad), rng.uniform(min(ys) + pad, max(ys) - pad))
                if all(math.dist(p, q) > spec.size_mm * 1.9 for q in placed):
                    break
            else:
                raise ValueError(f"tray {tray!r} is too small for {len(names)} dice")
            placed.append(p)
            self.set_die(name, tray, face, p, rng.uniform(0, 90))
            shown.append(face)
        return shown

    def place_tile(self, name: str, origin_mm: tuple[float, float], rotation_deg: float = 0.0) -> None:
        """Lay a profile tile on the table: its top-left corner at ``origin_mm`` (table = board mm), turned CCW."""
        if name not in {t.name for t in self.profile.tiles}:
            raise KeyError(f"profile {self.profile.name!r} has no tile {name!r}")
        with self._lock:
            self._tiles[name] = (tuple(origin_mm), float(rotation_deg))
            self._static = None

    def remove_tile(self, name: str) -> None:
        """Take a tile off the table."""
        with self._lock:
            self._tiles.pop(name, None)
            self._static = None

    def tiles_on_table(self) -> tuple[str, ...]:
        """The names of the tiles laid on the table."""
        with self._lock:
            return tuple(self._tiles)

    def tile_to_table(self, name: str, point: tuple[float, float]) -> tuple[float, float]:
        """Table mm of a point given in a placed tile's own mm."""
        (ox, oy), rot = self._tiles[name]
        a = math.radians(rot)
        x, y = point
        return (ox + x * math.cos(a) + y * math.sin(a), oy - x * math.sin(a) + y * math.cos(a))

    @property
    def has_hand(self) -> bool:
        """Whether a hand is over the table now."""
        with self._lock:
            return bool(self._hands)

    def set_hand(self, position_mm: tuple[float, float] | None, radius_mm: float = 70.0, *,
                 key: str = "hand", bgr: tuple[int, int, int] = SKIN_BGR) -> None:
        """Show a hand over the table at ``position_mm`` (None removes it); hands of different
        ``key`` are on the table together; ``bgr`` is its colour as lit (a glove, a lamp's tint)."""
        with self._lock:
            if position_mm is None:
                self._hands.pop(key, None)
            else:
                self._hands[key] = (tuple(position_mm), radius_mm, tuple(bgr))

    def hand_mask(self) -> np.ndarray | None:
        """Where the hand covers the camera's view: (H, W) bool, or None without a hand."""
        with self._lock:
            hands, camera = list(self._hands.values()), self._camera
        if not hands:
            return None
        mask = np.zeros((camera.height, camera.width, 3), dtype=np.uint8)
        for hand in hands:
            self._draw_hand(mask, camera, (hand[0], hand[1], (255, 255, 255)))
        return mask[:, :, 0] > 0

    def _tray(self, name: str) -> Tray:
        for t in self.profile.trays:
            if t.name == name:
                return t
        raise KeyError(f"profile {self.profile.name!r} has no tray {name!r}")

    # ----- rendering ------------------------------------------------------
    def render(self) -> np.ndarray:
        """One camera frame (H, W, 3) BGR uint8 of the current scene."""
        with self._lock:
            camera = self._camera
            if self._static is None:
                self._static, self._ppm = self._draw_static(camera)
            canvas = self._static.copy()
            pieces = list(self._pieces.values())
            dice = list(self._dice.values())
            hands = list(self._hands.values())
        ppm, m = self._ppm, self._margin
        for die in dice:
            self._draw_die(canvas, die, ppm, m)
        for piece in pieces:
            self._draw_piece(canvas, piece, ppm, m)
        to_canvas = np.array([[ppm, 0, m * ppm], [0, ppm, m * ppm], [0, 0, 1]], dtype=np.float64)
        h = camera.board_to_image(self.board_center) @ np.linalg.inv(to_canvas)
        image = cv2.warpPerspective(canvas, h, (camera.width, camera.height), flags=cv2.INTER_LINEAR,
                                    borderMode=cv2.BORDER_CONSTANT, borderValue=TABLE_BGR)
        for hand in hands:
            self._draw_hand(image, camera, hand)
        frame = self._degrade(image, camera)
        self.last_frame = frame           # the frame first, then its count (a preview reads the count first)
        self.frames_rendered += 1
        return frame

    def _draw_static(self, camera: CameraModel) -> tuple[np.ndarray, float]:
        ppm = min(8.0, max(2.0, 1.6 / camera.mm_per_px / math.cos(math.radians(camera.tilt_deg)) ** 2))
        m = self._margin
        bw, bh = self.profile.size_mm
        canvas = np.empty((int((bh + 2 * m) * ppm), int((bw + 2 * m) * ppm), 3), dtype=np.uint8)
        canvas[:] = TABLE_BGR
        def px(p: tuple[float, float]) -> tuple[int, int]:
            return (int(round((p[0] + m) * ppm)), int(round((p[1] + m) * ppm)))
        cv2.rectangle(canvas, px((0, 0)), px((bw, bh)), BOARD_BGR, -1)
        for tray in self.profile.trays:
            pts = np.array([px(p) for p in tray.polygon], dtype=np.int32)
            cv2.fillPoly(canvas, [pts], (60, 90, 60))
        for space in self.profile.spaces:
            if space.polygon:
                pts = np.array([px(p) for p in space.polygon], dtype=np.int32)
                cv2.polylines(canvas, [pts], True, (150, 170, 180), max(1, int(ppm * 0.8)), cv2.LINE_AA)
            else:
                cv2.circle(canvas, px(space.point), int(space.radius * ppm), (150, 170, 180), max(1, int(ppm * 0.8)), cv2.LINE_AA)
            org = px((space.center[0] - 6, space.center[1] + 30))
            cv2.putText(canvas, space.name, org, cv2.FONT_HERSHEY_SIMPLEX, 0.08 * ppm, (130, 150, 160), max(1, int(ppm / 3)), cv2.LINE_AA)
        dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, self.profile.dictionary))
        for anchor in self.profile.anchors:
            self._draw_anchor(canvas, dictionary, anchor, (0.0, 0.0), ppm)
        for tile in self.profile.tiles:
            if tile.name not in self._tiles:
                continue
            _, rot = self._tiles[tile.name]
            corners = [(0, 0), (tile.size_mm[0], 0), tile.size_mm, (0, tile.size_mm[1])]
            pts = np.array([px(self.tile_to_table(tile.name, c)) for c in corners], dtype=np.int32)
            cv2.fillPoly(canvas, [pts], (215, 200, 170))
            for space in tile.spaces:
                if space.polygon:
                    poly = np.array([px(self.tile_to_table(tile.name, p)) for p in space.polygon], dtype=np.int32)
                    cv2.polylines(canvas, [poly], True, (120, 120, 120), max(1, int(ppm * 0.8)), cv2.LINE_AA)
            for anchor in tile.anchors:
                moved = replace(anchor, center=self.tile_to_table(tile.name, anchor.center), rotation_deg=anchor.rotation_deg + rot)
                self._draw_anchor(canvas, dictionary, moved, (0.0, 0.0), ppm)
        return canvas, ppm

    def _draw_anchor(self, canvas: np.ndarray, dictionary: object, anchor: object, origin: tuple[float, float], ppm: float) -> None:
        side = int(round(anchor.size_mm * ppm))
        marker = cv2.aruco.generateImageMarker(dictionary, anchor.id, side)
        white = int(round(anchor.size_mm * 0.3 * ppm))
        padded = cv2.copyMakeBorder(marker, white, white, white, white, cv2.BORDER_CONSTANT, value=255)
        centre = (origin[0] + anchor.center[0], origin[1] + anchor.center[1])
        self._paste(canvas, cv2.cvtColor(padded, cv2.COLOR_GRAY2BGR), centre, anchor.rotation_deg + 90.0,
                    (anchor.size_mm * 1.6), ppm, self._margin)

    def _draw_piece(self, canvas: np.ndarray, piece: SimPiece, ppm: float, m: float) -> None:
        if piece.base_bgr is not None:
            base = np.full((8, 8, 3), piece.base_bgr, dtype=np.uint8)
            self._paste(canvas, base, piece.position_mm, piece.heading_deg, piece.size_mm * piece.base_scale, ppm, m)
        tag = cv2.cvtColor(qr_image(piece.text), cv2.COLOR_GRAY2BGR)
        self._paste(canvas, tag, piece.position_mm, piece.heading_deg, piece.size_mm, ppm, m)

    def _draw_die(self, canvas: np.ndarray, die: SimDie, ppm: float, m: float) -> None:
        spec = self._tray(die.tray).dice
        if spec.kind == "colour":
            rgb = dict(spec.colours)[die.face]
            body = np.full((16, 16, 3), (rgb[2], rgb[1], rgb[0]), dtype=np.uint8)
            body[0, :] = body[-1, :] = body[:, 0] = body[:, -1] = (np.array(body[0, 0]) * 0.7).astype(np.uint8)
            self._paste(canvas, body, die.position_mm, die.angle_deg, die.size_mm, ppm, m)
        else:
            text = die_face(self.profile.game if self.profile.game != "demo" else "demo", die.die, die.face).payload()
            body = np.full((8, 8, 3), 235, dtype=np.uint8)
            self._paste(canvas, body, die.position_mm, die.angle_deg, die.size_mm, ppm, m)
            tag = cv2.cvtColor(qr_image(text), cv2.COLOR_GRAY2BGR)
            self._paste(canvas, tag, die.position_mm, die.angle_deg, die.size_mm * 0.92, ppm, m)

    @staticmethod
    def _paste(canvas: np.ndarray, image: np.ndarray, centre_mm: tuple[float, float], heading_deg: float,
               size_mm: float, ppm: float, m: float) -> None:
        """Draw ``image`` as a square of ``size_mm`` whose top points along ``heading_deg``."""
        side = size_mm * ppm
        half = side * math.sqrt(0.5) + 2
        cx, cy = (centre_mm[0] + m) * ppm, (centre_mm[1] + m) * ppm
        x0, y0 = int(math.floor(cx - half)), int(math.floor(cy - half))
        x1, y1 = int(math.ceil(cx + half)), int(math.ceil(cy + half))
        x0c, y0c = max(x0, 0), max(y0, 0)
        x1c, y1c = min(x1, canvas.shape[1]), min(y1, canvas.shape[0])
        if x1c <= x0c or y1c <= y0c:
            return
        n = image.shape[0]
        s = side / n
        a = math.radians(heading_deg - 90.0)
        ca, sa = math.cos(a) * s, math.sin(a) * s
        # image (u, v) -> canvas: rotate CCW by a (y down), centre on (cx, cy)
        mat = np.array([[ca, sa, 0.0], [-sa, ca, 0.0]])
        mat[:, 2] = np.array([cx, cy]) - mat[:, :2] @ np.array([n / 2.0, n / 2.0]) - np.array([x0c, y0c])
        size = (x1c - x0c, y1c - y0c)
        warped = cv2.warpAffine(image, mat, size, flags=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
        mask = cv2.warpAffine(np.full(image.shape[:2], 255, np.uint8), mat, size, flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        roi = canvas[y0c:y1c, x0c:x1c]
        alpha = (mask.astype(np.float32) / 255.0)[:, :, None]
        roi[:] = (warped * alpha + roi * (1.0 - alpha)).astype(np.uint8)

    def _draw_hand(self, image: np.ndarray, camera: CameraModel,
                   hand: tuple[tuple[float, float], float, tuple[int, int, int]]) -> None:
        (x, y), r, bgr = hand
        c = camera.project(np.array([[x, y]]), self.board_center)[0]
        e = camera.project(np.array([[x + r, y]]), self.board_center)[0]
        radius = max(4, int(abs(e[0] - c[0])))
        cv2.ellipse(image, (int(c[0]), int(c[1])), (radius, int(radius * 1.4)), 20, 0, 360, bgr, -1, cv2.LINE_AA)
        cv2.ellipse(image, (int(c[0]), int(c[1] + radius * 1.6)), (int(radius * 0.7), radius * 2), 10, 0, 360, bgr, -1, cv2.LINE_AA)

    def _degrade(self, image: np.ndarray, camera: CameraModel) -> np.ndarray:
        img = image.astype(np.float32)
        if camera.gradient > 0:
            h, w = img.shape[:2]
            a = math.radians(camera.gradient_angle_deg)
            xs = np.linspace(-0.5, 0.5, w, dtype=np.float32)[None, :]
            ys = np.linspace(-0.5, 0.5, h, dtype=np.float32)[:, None] * (h / w)
            ramp = (xs * math.cos(a) + ys * math.sin(a))
            img *= (1.0 - camera.gradient * ramp)[:, :, None]
        if camera.light_rgb != (1.0, 1.0, 1.0):
            r, g, b = camera.light_rgb
            img *= np.array([b, g, r], dtype=np.float32)
        if camera.blur_sigma > 0:
            img = cv2.GaussianBlur(img, (0, 0), camera.blur_sigma)
        if camera.noise_sigma > 0:
            img += self._rng.normal(0.0, camera.noise_sigma, img.shape).astype(np.float32)
        out = np.clip(img, 0, 255).astype(np.uint8)
        if camera.jpeg_quality is not None:
            ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, camera.jpeg_quality])
            if ok:
                out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        return out
