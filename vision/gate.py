"""The change gate: compare cheap downscaled frames, wait while things move,
and say once per settled change which regions changed.

Per still frame the cost is one downscale and one difference of a
160-pixel-wide image (in colour when the frame has colour: a card whose
colour differs from the mat but not its brightness is a change too), so the
expensive decoding runs only after a change.
When frames carry timestamps, stillness is a whole number of frame intervals
at the source's real rate (the median of the last intervals): ``still_seconds``
rounded to frames, at least one and at most ``stable_frames``.  At 10 and 15 fps the scene settles on the
frame right after the first still one (100 and 67 ms), at 30 fps two frames
after it; a time threshold that fell between two frames (0.09 s at 15 fps)
cost a whole extra frame.  Frames without timestamps settle after
``stable_frames`` still frames.
"""
from __future__ import annotations

import statistics
from collections import deque
from dataclasses import dataclass

import cv2
import numpy as np

from vision.config import GateConfig
from vision.frames import to_bgr, to_gray

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Settled:
    """The scene is still again after a change.

    ``regions`` are boxes in the coordinates of the image given to
    :meth:`ChangeGate.update` scaled to ``full_size``; None means "look at
    everything" (the first settled frame).
    """

    regions: tuple[Box, ...] | None
    pending: tuple[Box, ...] = ()  # those of ``regions`` put off before (under a hand), not changed now


class ChangeGate:
    """Feeds on frames; returns :class:`Settled` exactly once after each real change."""

    def __init__(self, config: GateConfig = GateConfig()):
        self.config = config
        self._previous: np.ndarray | None = None
        self._reference: np.ndarray | None = None
        self._still = 0
        self._still_since: float | None = None
        self._moving = False
        self._refused_reference: np.ndarray | None = None
        self._pending: tuple[Box, ...] | None = ()  # regions refused before (None: everything)
        self._last: Settled | None = None
        self._last_timestamp: float | None = None
        self._intervals: deque[float] = deque(maxlen=15)  # s between the last frames (the source's real rate)

    @property
    def is_moving(self) -> bool:
        return self._moving

    @property
    def still_frames(self) -> int:
        """Frames in a row that did not change (0: the last frame moved)."""
        return self._still

    @property
    def frame_interval(self) -> float | None:
        """The source's real frame interval (s, median of the last ones); None before two timed frames."""
        if not self._intervals:
            return None
        return float(statistics.median(self._intervals))

    @property
    def frames_to_settle(self) -> int:
        """Still frames after the first still one that settle the scene, at the measured rate
        (never more than ``stable_frames``: frames replayed as fast as they are read)."""
        interval = self.frame_interval
        if interval is None or interval <= 0:
            return self.config.stable_frames
        return max(1, min(self.config.stable_frames, round(self.config.still_seconds / interval)))

    @property
    def still_since(self) -> float | None:
        """Timestamp of the first frame of the current still scene (None without timestamps)."""
        return self._still_since

    def reset(self) -> None:
        """Forget the reference (e.g. after the camera reconnects): the next still scene is read in full."""
        self._previous = self._reference = None
        self._last_timestamp = None  # the gap of a reconnection is no frame interval
        self._still = 0
        self._still_since = None
        self._moving = False
        self._pending, self._last = (), None

    def changed_regions(self, full_size: tuple[int, int]) -> tuple[Box, ...] | None:
        """Where the last frame differs from the last settled scene, before it has settled
        (to read a frame that may turn out to be the first of a still scene); None: no settled scene yet."""
        if (self._reference is None or self._previous is None or self._pending is None
                or self._reference.shape != self._previous.shape):
            return None
        return self._regions(self._changed_cells(self._previous, self._reference), full_size) + self._pending

    def refuse(self) -> None:
        """The settled scene was not worth a reading (a hand rests on the board): keep the old
        reference, so the next settled scene is compared with the last one read, and read the
        refused regions then too (what the hand left there may be too small for the gate to see)."""
        self._reference = self._refused_reference
        if self._last is not None:
            self._pending = None if self._last.regions is None else self._last.regions

    def defer(self, regions: tuple[Box, ...]) -> None:
        """Take the settled scene as the reference but read ``regions`` again at the next settled
        scene (a hand covers them now: they are read once it has gone, whatever else changes meanwhile)."""
        if self._pending is not None:
            self._pending = tuple(dict.fromkeys(self._pending + tuple(regions)))

    def update(self, image: np.ndarray, full_size: tuple[int, int] | None = None,
               timestamp: float | None = None) -> Settled | None:
        """Take one frame (any size; BGR or grey).  ``full_size`` (w, h) scales returned regions;
        ``timestamp`` (s, the frame's capture time) lets the scene settle by time, not frame count."""
        small = self._shrink(image)
        if timestamp is not None and self._last_timestamp is not None and timestamp > self._last_timestamp:
            self._intervals.append(timestamp - self._last_timestamp)
        self._last_timestamp = timestamp
        if self._previous is None or self._previous.shape != small.shape:
            self._previous = small
            self._still = 1
            self._still_since = timestamp
            self._moving = True
            return None
        moved = bool(self._changed_cells(small, self._previous).any())
        self._previous = small
        if moved:
            self._still = 0
            self._still_since = timestamp  # this frame may be the first of the still scene
            self._moving = True
            return None
        self._still += 1
        if not self._moving or self._still < self.frames_to_settle:
            return None
        self._moving = False
        reference, self._reference = self._reference, small
        self._refused_reference = reference
        pending, self._pending = self._pending, ()
        if reference is not None and reference.shape != small.shape:
            reference = None  # the camera switched between grey and colour, or its picture's shape: read it all
        if reference is None or pending is None:
            self._last = Settled(None)
            return self._last
        boxes = self._regions(self._changed_cells(small, reference), full_size or (image.shape[1], image.shape[0]))
        self._last = Settled(boxes + pending, pending) if boxes or pending else None
        return self._last

    def _shrink(self, image: np.ndarray) -> np.ndarray:
        """The small blurred copy compared: in colour when the frame has colour (a blue card
        on a mat of the same brightness changes no grey level), else grey.  The Pi's
        worker gives the gate a colour view made from the lores Y, U and V planes."""
        small = to_bgr(image) if image.ndim == 3 and image.shape[2] >= 3 else to_gray(image)
        h, w = small.shape[:2]
        width = min(self.config.width, w)
        small = cv2.resize(small, (width, max(1, round(h * width / w))), interpolation=cv2.INTER_AREA)
        return cv2.GaussianBlur(small, (3, 3), 0)

    def _changed_cells(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        c = self.config.cell_px
        delta = cv2.absdiff(a, b)
        if delta.ndim == 3:   # a colour view: the channel that changed most
            delta = delta.max(axis=2)
        diff = (delta > self.config.pixel_delta).astype(np.float32)
        h, w = diff.shape
        rows, cols = max(1, h // c), max(1, w // c)
        cells = cv2.resize(diff[: rows * c, : cols * c], (cols, rows), interpolation=cv2.INTER_AREA)
        return cells > self.config.cell_fraction

    def _regions(self, cells: np.ndarray, full_size: tuple[int, int]) -> tuple[Box, ...]:
        if not cells.any():
            return ()
        count, _, stats, _ = cv2.connectedComponentsWithStats(cells.astype(np.uint8))
        rows, cols = cells.shape
        sx, sy = full_size[0] / cols, full_size[1] / rows
        margin = int(self.config.region_margin * full_size[0])
        boxes = []
        for i in range(1, count):
            x, y, w, h = stats[i, :4]
            boxes.append((max(0, int(x * sx) - margin), max(0, int(y * sy) - margin),
                          min(full_size[0], int((x + w) * sx) + margin), min(full_size[1], int((y + h) * sy) + margin)))
        return tuple(boxes)


HAND_WIDTH = 320  # px: hands are looked for on a copy this wide


def hand_view(image: np.ndarray) -> np.ndarray:
    """The small colour copy of a frame that :func:`hand_over` compares (BGR, ``HAND_WIDTH`` wide)."""
    from vision.frames import to_bgr

    bgr = to_bgr(image)
    h, w = bgr.shape[:2]
    if w <= HAND_WIDTH:
        return bgr
    return cv2.resize(bgr, (HAND_WIDTH, max(1, round(h * HAND_WIDTH / w))), interpolation=cv2.INTER_AREA)


def hand_patches(view: np.ndarray, last_read: np.ndarray | None, config: GateConfig = GateConfig()) -> np.ndarray:
    """Where hands (or arms) lie on the table in ``view`` (a :func:`hand_view`): (h, w) bool, same size.

    A hand is a patch that is skin-coloured now and was not there in the last
    frame that was read (``last_read``, same size), thick enough to hold a disk
    of radius ``hand_radius`` (fraction of the width): a moved piece, a tag or
    the strip of table a bumped camera uncovers are thinner.  "Not there" is a
    change of brightness (``hand_delta``) *or* a colour this much redder
    (``hand_chroma_delta`` in YCrCb's Cr): a pale hand under a bright lamp can be
    within a few grey levels of the lit board, not of its colour (paper, wood
    and tags uncovered by a moved piece are no redder than what stood there).  Without a last read frame
    nothing counts as a hand (a wooden table is skin-coloured too), nor does a
    "patch" over more than ``hand_max_fraction`` of the view (the light changed).
    """
    empty = np.zeros(view.shape[:2], dtype=bool)
    if last_read is None or last_read.shape != view.shape or view.ndim != 3:
        return empty
    if np.array_equal(last_read[:, :, 0], last_read[:, :, 1]) and np.array_equal(last_read[:, :, 1], last_read[:, :, 2]):
        return empty  # the last frame read was grey: no colour to compare with (the camera switched)
    ycrcb = cv2.cvtColor(view, cv2.COLOR_BGR2YCrCb)
    before = cv2.cvtColor(last_read, cv2.COLOR_BGR2YCrCb)
    cr, cb = ycrcb[:, :, 1], ycrcb[:, :, 2]
    skin = ((cr >= config.skin_cr[0]) & (cr <= config.skin_cr[1]) & (cb >= config.skin_cb[0]) & (cb <= config.skin_cb[1]))
    redder = cr.astype(np.int16) - before[:, :, 1].astype(np.int16)
    new = (cv2.absdiff(ycrcb[:, :, 0], before[:, :, 0]) > config.hand_delta) | (redder > config.hand_chroma_delta)
    patch = (skin & new).astype(np.uint8)
    if not patch.any() or patch.mean() > config.hand_max_fraction:
        return empty
    radius = config.hand_radius * view.shape[1]
    depth = cv2.distanceTransform(patch, cv2.DIST_L2, 3)
    if float(depth.max()) < radius:
        return empty
    count, labels = cv2.connectedComponents(patch)
    thick = np.unique(labels[depth >= radius])
    return np.isin(labels, thick[thick > 0])


def hand_over(view: np.ndarray, last_read: np.ndarray | None, config: GateConfig = GateConfig()) -> bool:
    """Whether a hand (or an arm) rests on the table in ``view`` (see :func:`hand_patches`)."""
    return bool(hand_patches(view, last_read, config).any())


def hands_touch(hands: np.ndarray, regions: tuple[Box, ...], full_size: tuple[int, int]) -> bool:
    """Whether the hand mask (:func:`hand_patches`) reaches into any of ``regions`` (full-size px)."""
    return any(_hand_in(hands, box, full_size) for box in regions)


def _hand_in(hands: np.ndarray, box: Box, full_size: tuple[int, int]) -> bool:
    h, w = hands.shape
    sx, sy = w / full_size[0], h / full_size[1]
    x0, y0 = max(0, int(box[0] * sx)), max(0, int(box[1] * sy))
    x1, y1 = min(w, int(np.ceil(box[2] * sx))), min(h, int(np.ceil(box[3] * sy)))
    return x1 > x0 and y1 > y0 and bool(hands[y0:y1, x0:x1].any())


def hand_boxes(hands: np.ndarray, full_size: tuple[int, int]) -> tuple[Box, ...]:
    """The bounding box of each hand in the mask (:func:`hand_patches`), in full-size px."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(hands.astype(np.uint8))
    h, w = hands.shape
    sx, sy = full_size[0] / w, full_size[1] / h
    return tuple((int(x * sx), int(y * sy), int(np.ceil((x + bw) * sx)), int(np.ceil((y + bh) * sy)))
                 for x, y, bw, bh, _ in stats[1:count])
