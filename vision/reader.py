"""One settled frame in, one :class:`TableReading` out: tags, board, spaces, dice.

:class:`TableReader` keeps the last frame's results so that after a small
change only the changed regions are decoded again.  Anchors are looked for
again inside every changed region (grown to cover the anchors it touches and
where lost anchors were last seen): an anchor a hand covered is dropped, one
that reappears is found again, and the board is fitted only on anchors seen
in the settled frame.  An anchor found again elsewhere means the camera (or
the board) was knocked: then the whole frame is read again, never a mix of
moved and stale positions.  A changed region is grown to take in every tag
it touches (a code is decoded whole or not at all).  Positions and headings are in table millimetres
(:attr:`vision.board.BoardLocation.frame`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

import numpy as np

from companion.readings import DieReading, PieceReading, TableReading
from vision.board import BoardLocation, SeenAnchor, find_anchors, locate_board, map_piece
from vision.config import VisionConfig
from vision.detect import Box, Detection, detect_tags
from vision.dice import read_colour_dice, read_qr_dice, tray_is_moving
from vision.errors import BoardNotFound
from vision.frames import check_frame, downscale, to_bgr, to_gray
from vision.profiles import BoardProfile
from vision.tags import Tag


@dataclass
class _Memory:
    detections: list[Detection] = field(default_factory=list)
    anchors: list[SeenAnchor] = field(default_factory=list)
    lost: dict[int, SeenAnchor] = field(default_factory=dict)  # seen before, hidden now: where they were
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

    def snapshot(self) -> object:
        """What the reader remembers, to :meth:`restore` after reading a frame ahead of time."""
        mem = self._memory
        return replace(mem, lost=dict(mem.lost), dice=dict(mem.dice))

    def restore(self, snapshot: object) -> None:
        """Forget every read since :meth:`snapshot` returned ``snapshot``."""
        assert isinstance(snapshot, _Memory)
        self._memory = snapshot

    def read(self, frame: np.ndarray, small: np.ndarray | None = None, regions: tuple[Box, ...] | None = None,
             timestamp: float | None = None, hidden: tuple[Box, ...] = ()) -> TableReading:
        """Read a frame (H, W, 3 BGR or grey); with ``regions`` only those boxes are decoded again.
        ``hidden``: boxes a still hand covers: the codes last read there are kept as they were."""
        frame = check_frame(frame)
        gray = to_gray(frame)
        if small is None:
            small = downscale(gray, self.config.detect.small_width)
        mem = self._memory
        full = regions is None or mem.location is None and self.profile is not None and not mem.board_problem
        if full:
            regions = None
        if self.profile is not None and (full or regions or mem.location is None):
            if self._locate(frame, gray, regions):
                regions = None  # a bumped camera: every tag and anchor moved, not just the changed ones
                self._locate(frame, gray, None)
        look = regions
        if regions is not None:  # a tag is decoded whole or not at all: look at all of each one a region touches
            look = tuple(_grow(r, [], [d for d in mem.detections if _box_overlaps(_box_of(d), r)]) for r in regions)
        # the codes read last time where we look: fewer now sends the frame through the thorough search
        known = {d.data for d in mem.detections if look is None or any(_box_overlaps(_box_of(d), r) for r in look)}
        fresh = detect_tags(gray, small, self.config.detect, look, expected=len(known) if known else None)
        if regions is None:
            mem.detections = fresh
        else:
            fresh_data = {d.data for d in fresh}
            kept = [d for d in mem.detections
                    if d.data not in fresh_data and (not any(_box_overlaps(_box_of(d), r) for r in regions)
                                                     or any(_box_overlaps(_box_of(d), h) for h in hidden))]
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

    def check_dice_still(self, reading: TableReading, view: np.ndarray, previous: np.ndarray | None,
                         full_size: tuple[int, int]) -> TableReading:
        """``reading`` with the dice of every tray still rolling unread (``dice_still`` False).

        ``view`` and ``previous`` are same-sized views (the small stream or the
        full frame) of the frame read and the one before; ``full_size`` (w, h)
        is the full frame's.  Without a previous view the dice count as still.
        """
        location = self._memory.location
        if previous is None or self.profile is None or location is None or not reading.dice:
            return reading
        rolling = [t for t in self.profile.trays if tray_is_moving(view, previous, location, t, full_size, self.config.dice)]
        if not rolling:
            return reading
        names = {t.name for t in rolling}
        ids = {d for t in rolling for d in t.dice.ids}

        def in_rolling_tray(die: str) -> bool:
            return die in ids or die.partition(":")[0] in names

        self._memory.dice = {k: v for k, v in self._memory.dice.items() if k not in names}  # read them anew
        dice = tuple(replace(d, face=None, confidence=0.0) if in_rolling_tray(d.die) else d for d in reading.dice)
        notes = reading.notes + tuple(f"dice in {t.name} still rolling" for t in rolling)
        return replace(reading, dice=dice, dice_still=False, notes=notes)

    def detections(self) -> list[Detection]:
        """The decoded codes behind the last reading (frame pixels)."""
        return list(self._memory.detections)

    @property
    def location(self) -> BoardLocation | None:
        return self._memory.location

    def _locate(self, frame: np.ndarray, gray: np.ndarray, regions: tuple[Box, ...] | None) -> bool:
        """Find the anchors (all, or again inside ``regions``) and fit the board on them.

        True when an anchor found again lies elsewhere than before (by more than
        :attr:`BoardConfig.bump_px`): the camera was bumped, the caller reads everything.
        """
        mem = self._memory
        assert self.profile is not None
        known = self.profile.all_anchor_ids()
        if regions is None:
            seen = self._find_anchors(gray, (0, 0, gray.shape[1], gray.shape[0]))
        else:
            # anchors outside every changed region are unchanged; inside, they are looked for again
            boxes = [_grow(r, [a for a in [*mem.anchors, *mem.lost.values()] if _touches(a, (r,))], []) for r in regions]
            kept = [a for a in mem.anchors if not _touches(a, tuple(boxes))]
            found: dict[int, SeenAnchor] = {}
            for box in boxes:
                for a in self._find_anchors(gray, box):
                    found.setdefault(a.id, a)
            seen = [a for a in kept if a.id not in found] + list(found.values())
        seen = [a for a in seen if a.id in known]
        ids = {a.id for a in seen}
        before = {**mem.lost, **{a.id: a for a in mem.anchors}}
        bumped = regions is not None and any(
            a.id in before and _shift_px(a, before[a.id]) > self.config.board.bump_px for a in seen)
        mem.lost = {i: a for i, a in before.items() if i not in ids}
        if bumped:  # never fitted on a mix of moved and stale anchors: the caller looks again everywhere
            mem.anchors = []
            return True
        unchanged = mem.location is not None and _same_anchors(seen, mem.anchors)
        mem.anchors = seen
        if unchanged:
            return False  # the same anchors at the same places: the same fit
        try:
            mem.location = locate_board(mem.anchors, self.profile, self.config.board, to_bgr(frame))
            mem.board_problem = ""
        except BoardNotFound as exc:
            mem.location = None
            mem.board_problem = str(exc)
        return False

    def _find_anchors(self, gray: np.ndarray, box: Box) -> list[SeenAnchor]:
        """Anchors inside ``box`` (full-resolution px), in full-resolution px."""
        assert self.profile is not None
        x0, y0, x1, y1 = box
        crop = gray[y0:y1, x0:x1]
        if min(crop.shape[:2]) < 8:
            return []
        # tiles carry small markers (a strip beside a tile's squares): look for them at full size
        small = crop if self.profile.tiles else downscale(crop, max(8, round(crop.shape[1] * self.config.detect.small_width / gray.shape[1])))
        scale = crop.shape[1] / small.shape[1]
        return [SeenAnchor(s.id, tuple((x * scale + x0, y * scale + y0) for x, y in s.corners))
                for s in find_anchors(small, self.profile.dictionary, self.profile.all_anchor_ids())]

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


def _box_of(det: Detection) -> Box:
    return _corners_box(det.corners)


def _corners_box(corners: tuple[tuple[float, float], ...], margin: float = 0.0) -> Box:
    """The bounding box of ``corners`` grown by ``margin`` of its size (a code's white border)."""
    xs, ys = zip(*corners)
    pad = margin * max(max(xs) - min(xs), max(ys) - min(ys))
    return (int(min(xs) - pad), int(min(ys) - pad), int(max(xs) + pad) + 1, int(max(ys) + pad) + 1)


def _box_overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _touches(anchor: SeenAnchor, regions: tuple[Box, ...] | None) -> bool:
    if regions is None:
        return True
    return any(_box_overlaps(_anchor_box(anchor), r) for r in regions)


def _same_anchors(a: list[SeenAnchor], b: list[SeenAnchor], tolerance_px: float = 0.5) -> bool:
    by_id = {x.id: x for x in b}
    return len(a) == len(b) and all(
        x.id in by_id and max(abs(p - q) for c, d in zip(x.corners, by_id[x.id].corners) for p, q in zip(c, d)) <= tolerance_px
        for x in a)


def _anchor_box(anchor: SeenAnchor, margin: float = 0.25) -> Box:
    """The anchor's bounding box grown by ``margin`` of its size (its white border)."""
    return _corners_box(anchor.corners, margin)


def _grow(region: Box, anchors: list[SeenAnchor], detections: list[Detection]) -> Box:
    """``region`` grown to hold the whole of each anchor and tag given (those it touches:
    an ArUco marker or a QR code is found whole or not at all), with their white borders."""
    x0, y0, x1, y1 = region
    boxes = [_anchor_box(a) for a in anchors] + [_corners_box(d.corners, 0.25) for d in detections]
    for bx0, by0, bx1, by1 in boxes:
        x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
    return (max(0, x0), max(0, y0), x1, y1)


def _shift_px(a: SeenAnchor, b: SeenAnchor) -> float:
    """How far anchor ``a`` lies from ``b`` (mean corner distance, px)."""
    return sum(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 for p, q in zip(a.corners, b.corners)) / len(a.corners)


def _touches_px(box: Box, tray: object, location: BoardLocation) -> bool:
    """Whether an image box overlaps the tray's image footprint."""
    assert location.board is not None
    pts = [location.board.to_px(p) for p in tray.polygon]  # type: ignore[attr-defined]
    xs, ys = zip(*pts)
    return box[0] < max(xs) and min(xs) < box[2] and box[1] < max(ys) and min(ys) < box[3]
