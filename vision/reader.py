"""One settled frame in, one :class:`TableReading` out: tags, board, spaces, dice.

:class:`TableReader` keeps the last frame's results so that after a small
change only the changed regions are decoded again (anchors are re-found only
when a change touches them).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from companion.readings import DieReading, PieceReading, TableReading
from vision.board import BoardLocation, SeenAnchor, find_anchors, locate_board, map_piece
from vision.config import VisionConfig
from vision.detect import Box, Detection, detect_tags
from vision.dice import read_colour_dice, read_qr_dice
from vision.errors import BoardNotFound
from vision.frames import check_frame, downscale, to_bgr, to_gray
from vision.profiles import BoardProfile
from vision.tags import Tag


@dataclass
class _Memory:
    detections: list[Detection] = field(default_factory=list)
    anchors: list[SeenAnchor] = field(default_factory=list)
    location: BoardLocation | None = None
    board_problem: str = ""
    dice: dict[str, tuple[tuple[DieReading, ...], tuple[str, ...]]] = field(default_factory=dict)


class TableReader:
    """Turns frames into readings for one board profile (``profile`` None: tags only)."""

    def __init__(self, profile: BoardProfile | None = None, config: VisionConfig = VisionConfig()):
        self.profile = profile
        self.config = config
        self._memory = _Memory()

    def reset(self) -> None:
        self._memory = _Memory()

    def read(self, frame: np.ndarray, small: np.ndarray | None = None, regions: tuple[Box, ...] | None = None,
             timestamp: float | None = None) -> TableReading:
        """Read a frame (H, W, 3 BGR or grey); with ``regions`` only those boxes are decoded again."""
        frame = check_frame(frame)
        gray = to_gray(frame)
        if small is None:
            small = downscale(gray, self.config.detect.small_width)
        mem = self._memory
        full = regions is None or mem.location is None and self.profile is not None and not mem.board_problem
        if full:
            regions = None
        if self.profile is not None and (full or any(_touches(a, regions) for a in mem.anchors) or mem.location is None):
            self._locate(frame, gray)
        fresh = detect_tags(gray, small, self.config.detect, regions)
        if regions is None:
            mem.detections = fresh
        else:
            fresh_data = {d.data for d in fresh}
            kept = [d for d in mem.detections
                    if d.data not in fresh_data and not any(_box_overlaps(_box_of(d), r) for r in regions)]
            mem.detections = kept + fresh
        pieces, foreign, notes = self._pieces(mem.detections)
        dice, dice_notes = self._dice(frame, regions)
        notes.extend(dice_notes)
        if mem.board_problem:
            notes.insert(0, mem.board_problem)
        return TableReading(
            timestamp=time.time() if timestamp is None else timestamp,
            pieces=tuple(pieces), dice=tuple(dice), dice_still=True,
            board_found=mem.location is not None, foreign_codes=foreign, notes=tuple(notes),
        )

    def detections(self) -> list[Detection]:
        """The decoded codes behind the last reading (frame pixels)."""
        return list(self._memory.detections)

    @property
    def location(self) -> BoardLocation | None:
        return self._memory.location

    def _locate(self, frame: np.ndarray, gray: np.ndarray) -> None:
        mem = self._memory
        assert self.profile is not None
        # tiles carry small markers (a strip beside a tile's squares): look for them at full size
        small = gray if self.profile.tiles else downscale(gray, self.config.detect.small_width)
        scale = gray.shape[1] / small.shape[1]
        seen = find_anchors(small, self.profile.dictionary, self.profile.all_anchor_ids())
        mem.anchors = [SeenAnchor(s.id, tuple((x * scale, y * scale) for x, y in s.corners)) for s in seen]
        try:
            mem.location = locate_board(mem.anchors, self.profile, self.config.board, to_bgr(frame))
            mem.board_problem = ""
        except BoardNotFound as exc:
            mem.location = None
            mem.board_problem = str(exc)

    def _pieces(self, detections: list[Detection]) -> tuple[list[PieceReading], int, list[str]]:
        mem = self._memory
        pieces: list[PieceReading] = []
        seen: set[str] = set()
        notes: list[str] = []
        foreign = 0
        for det in detections:
            tag = det.parsed
            if not isinstance(tag, Tag):
                foreign += 1
                continue
            if tag.kind == "die":
                continue
            if tag.identity in seen:   # both are reported: the game decides (a copy, or two cards alike)
                notes.append(f"tag {tag.identity} seen twice")
            seen.add(tag.identity)
            place = map_piece(det, mem.location, self.profile) if mem.location is not None and self.profile else None
            if place is None:
                pieces.append(PieceReading(tag.identity, tag.kind, tag.seat, tag.name.lower(), confidence=0.5))
                continue
            confidence = 1.0 if place.space is not None else 0.8
            pieces.append(PieceReading(tag.identity, tag.kind, tag.seat, tag.name.lower(), place.space,
                                       round(place.heading_deg, 1), (round(place.position_mm[0], 1), round(place.position_mm[1], 1)),
                                       confidence))
        pieces.sort(key=lambda p: p.tag)
        return pieces, foreign, notes

    def _dice(self, frame: np.ndarray, regions: tuple[Box, ...] | None) -> tuple[list[DieReading], list[str]]:
        mem = self._memory
        if self.profile is None:
            return [], []
        dice: list[DieReading] = []
        notes: list[str] = []
        for tray in self.profile.trays:
            if tray.dice.kind == "qr":
                result = read_qr_dice(mem.detections, tray)
                dice.extend(result.dice)
                notes.extend(result.notes)
                continue
            if mem.location is None or mem.location.board is None:
                dice.extend(DieReading(f"{tray.name}:{k + 1}", None, 0.0) for k in range(tray.dice.count))
                notes.append(f"dice in {tray.name} not read: board not located")
                continue
            cached = mem.dice.get(tray.name)
            if cached is None or regions is None or any(_touches_px(b, tray, mem.location) for b in regions):
                result = read_colour_dice(to_bgr(frame), mem.location, tray, self.config.dice)
                cached = (result.dice, result.notes)
                mem.dice[tray.name] = cached
            dice.extend(cached[0])
            notes.extend(cached[1])
        return dice, notes


def _inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] <= point[0] < box[2] and box[1] <= point[1] < box[3]


def _box_of(det: Detection) -> Box:
    xs, ys = zip(*det.corners)
    return (int(min(xs)), int(min(ys)), int(max(xs)) + 1, int(max(ys)) + 1)


def _box_overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _touches(anchor: SeenAnchor, regions: tuple[Box, ...] | None) -> bool:
    if regions is None:
        return True
    return any(_inside(p, r) for p in anchor.corners for r in regions)


def _touches_px(box: Box, tray: object, location: BoardLocation) -> bool:
    """Whether an image box overlaps the tray's image footprint."""
    assert location.board is not None
    pts = [location.board.to_px(p) for p in tray.polygon]  # type: ignore[attr-defined]
    xs, ys = zip(*pts)
    return box[0] < max(xs) and min(xs) < box[2] and box[1] < max(ys) and min(ys) < box[3]
