"""Reading dice in a tray: colour faces (calibrated to anchor white) or QR face tags.

A die that cannot be read is reported with ``face=None`` rather than guessed.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.readings import DieReading
from vision.board import BoardLocation
from vision.config import DiceConfig
from vision.detect import Detection
from vision.profiles import Tray
from vision.tags import Tag

TRAY_PPM = 2.0        # pixels per mm of the rectified tray image
PAPER_WHITE = 235.0   # grey level the anchors' white is scaled to


@dataclass(frozen=True)
class DiceResult:
    """The dice of one tray plus sentences about those that could not be read."""

    dice: tuple[DieReading, ...]
    notes: tuple[str, ...] = ()


def white_balance(image: np.ndarray, white_bgr: tuple[float, float, float] | None) -> np.ndarray:
    """Scale each channel so the anchors' paper white becomes neutral grey ``PAPER_WHITE``."""
    if white_bgr is None:
        return image
    gains = np.array([PAPER_WHITE / max(v, 1.0) for v in white_bgr], dtype=np.float32)
    return np.clip(image.astype(np.float32) * gains, 0, 255).astype(np.uint8)


def rectify_tray(image: np.ndarray, location: BoardLocation, tray: Tray) -> tuple[np.ndarray, np.ndarray]:
    """Top-down view of the tray (TRAY_PPM px/mm) and its polygon mask."""
    frame = location.board
    if frame is None:
        raise ValueError("dice trays need the board's anchors")
    xs, ys = zip(*tray.polygon)
    x0, y0 = min(xs), min(ys)
    w, h = int((max(xs) - x0) * TRAY_PPM), int((max(ys) - y0) * TRAY_PPM)
    to_tray = np.array([[TRAY_PPM, 0, -x0 * TRAY_PPM], [0, TRAY_PPM, -y0 * TRAY_PPM], [0, 0, 1]]) @ frame.to_plane
    view = cv2.warpPerspective(image, to_tray, (w, h), flags=cv2.INTER_LINEAR)
    mask = np.zeros((h, w), dtype=np.uint8)
    pts = np.array([((x - x0) * TRAY_PPM, (y - y0) * TRAY_PPM) for x, y in tray.polygon], dtype=np.int32)
    cv2.fillPoly(mask, [pts], 255)
    return view, mask


def read_colour_dice(image_bgr: np.ndarray, location: BoardLocation, tray: Tray,
                     config: DiceConfig = DiceConfig()) -> DiceResult:
    """Find the dice in a tray by colour and name each one's up face.

    Die pixels are those far (in Lab) from the tray's own colour; each blob
    of about one die's area is one die; its colour (white-balanced against
    the anchors) is matched to the profile's face colours.
    """
    spec = tray.dice
    view, mask = rectify_tray(image_bgr, location, tray)
    view = white_balance(view, location.white_bgr)
    lab = cv2.cvtColor(view, cv2.COLOR_BGR2LAB).astype(np.float32)
    edge = int(3 * TRAY_PPM) * 2 + 1  # ignore a 3 mm rim where board and tray colours blend
    inside = cv2.erode(mask, np.ones((edge, edge), np.uint8), borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0
    felt = np.median(lab[inside][::7], axis=0)  # the tray's own colour (dice cover little of it)
    distance = np.linalg.norm(lab - felt, axis=2)
    fg = ((distance > config.max_colour_distance * 0.8) & inside).astype(np.uint8) * 255
    fg = cv2.morphologyEx(fg, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(fg)
    die_area = (spec.size_mm * TRAY_PPM) ** 2
    references = {face: _rgb_to_lab(rgb) for face, rgb in spec.colours}
    blobs: list[tuple[float, float, float, str | None]] = []  # misfit, x, y, face
    notes: list[str] = []
    for i in range(1, count):
        area = stats[i, cv2.CC_STAT_AREA]
        if area < config.min_area_fraction * die_area:
            continue
        n = max(2, int(round(area / die_area)))
        cx, cy = centroids[i]
        if area > 1.5 * die_area:
            blobs.append((abs(area / die_area - 1), cx, cy, None))
            notes.append(f"{n} dice touch in {tray.name}; separate them to read their faces")
            continue
        core = cv2.erode((labels == i).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        if core.sum() < 10:
            core = labels == i
        colour = np.median(lab[core], axis=0)
        blobs.append((abs(area / die_area - 1), cx, cy, _classify(colour, references, config)))
    if len(blobs) > spec.count:
        notes.append(f"{len(blobs)} dice-like objects in {tray.name}, expected {spec.count}")
    blobs.sort(key=lambda b: b[0])  # most die-like first
    found = [(cx, cy, face) for _, cx, cy, face in blobs[:spec.count]]
    found.sort(key=lambda f: (round(f[1] / (spec.size_mm * TRAY_PPM * 2)), f[0]))
    dice = [DieReading(f"{tray.name}:{k + 1}", face, 1.0 if face else 0.0) for k, (_, _, face) in enumerate(found)]
    for k, (_, _, face) in enumerate(found):
        if face is None and not any("touch" in n for n in notes):
            notes.append(f"die {k + 1} in {tray.name}: colour unclear")
    for k in range(len(dice), spec.count):
        dice.append(DieReading(f"{tray.name}:{k + 1}", None, 0.0))
        notes.append(f"die {k + 1} in {tray.name} not found")
    return DiceResult(tuple(dice), tuple(notes))


def read_qr_dice(detections: list[Detection], tray: Tray) -> DiceResult:
    """The up face of each QR-tagged die: the largest (most camera-facing) face tag of that die."""
    best: dict[str, Detection] = {}
    for det in detections:
        tag = det.parsed
        if isinstance(tag, Tag) and tag.kind == "die" and tag.name in tray.dice.ids:
            if tag.name not in best or det.side_px > best[tag.name].side_px:
                best[tag.name] = det
    dice, notes = [], []
    for die in tray.dice.ids:
        det = best.get(die)
        if det is None:
            dice.append(DieReading(die, None, 0.0))
            notes.append(f"die {die} in {tray.name} not read")
        else:
            dice.append(DieReading(die, det.parsed.face, 1.0))  # type: ignore[union-attr]
    return DiceResult(tuple(dice), tuple(notes))


def tray_is_moving(view: np.ndarray, previous: np.ndarray, location: BoardLocation, tray: Tray,
                   full_size: tuple[int, int], config: DiceConfig = DiceConfig()) -> bool:
    """Whether dice still roll in ``tray``: it differs between two consecutive frames.

    ``view`` and ``previous`` are the same-sized views of two consecutive
    frames (grey or BGR; the camera's small stream or the full frames);
    ``full_size`` (w, h) is the full frame the location was fitted on.  A die
    that moved or turned changes at least a quarter of one die's area by more
    than ``motion_delta`` grey levels; sensor noise changes single pixels.
    """
    frame = location.frame
    if frame is None or view.shape != previous.shape:
        return False
    scale = view.shape[1] / full_size[0]
    pts = np.array([frame.to_px(p) for p in tray.polygon], dtype=np.float64) * scale
    h, w = view.shape[:2]
    x0, y0 = np.clip(np.floor(pts.min(axis=0)).astype(int), 0, [w, h])
    x1, y1 = np.clip(np.ceil(pts.max(axis=0)).astype(int) + 1, 0, [w, h])
    if x1 <= x0 or y1 <= y0:
        return False
    a, b = (_grey(img[y0:y1, x0:x1]) for img in (view, previous))
    mask = np.zeros(a.shape, dtype=np.uint8)
    cv2.fillPoly(mask, [np.round(pts - (x0, y0)).astype(np.int32)], 255)
    changed = (cv2.absdiff(cv2.GaussianBlur(a, (3, 3), 0), cv2.GaussianBlur(b, (3, 3), 0)) > config.motion_delta) & (mask > 0)
    tray_mm2 = abs(_area(tray.polygon))
    die_px = (tray.dice.size_mm ** 2) * float(mask.sum() / 255) / max(tray_mm2, 1.0)
    return int(changed.sum()) >= max(2.0, 0.25 * die_px)


def _grey(image: np.ndarray) -> np.ndarray:
    return image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def _area(polygon: tuple[tuple[float, float], ...]) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]))


def _rgb_to_lab(rgb: tuple[int, int, int]) -> np.ndarray:
    pixel = np.array([[[rgb[2], rgb[1], rgb[0]]]], dtype=np.uint8)
    return cv2.cvtColor(pixel, cv2.COLOR_BGR2LAB).astype(np.float32)[0, 0]


def _classify(colour: np.ndarray, references: dict[str, np.ndarray], config: DiceConfig) -> str | None:
    ranked = sorted((float(np.linalg.norm(colour - ref)), face) for face, ref in references.items())
    (d1, face), (d2, _) = ranked[0], ranked[1]
    if d1 > config.max_colour_distance or d1 > config.ambiguity_ratio * d2:
        return None
    return face
