"""The change gate: compare cheap downscaled frames, wait while things move,
and say once per settled change which regions changed.

Per still frame the cost is one downscale and one difference of a
160-pixel-wide image, so the expensive decoding runs only after a change.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.config import GateConfig
from vision.frames import to_gray

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Settled:
    """The scene is still again after a change.

    ``regions`` are boxes in the coordinates of the image given to
    :meth:`ChangeGate.update` scaled to ``full_size``; None means "look at
    everything" (the first settled frame).
    """

    regions: tuple[Box, ...] | None


class ChangeGate:
    """Feeds on frames; returns :class:`Settled` exactly once after each real change."""

    def __init__(self, config: GateConfig = GateConfig()):
        self.config = config
        self._previous: np.ndarray | None = None
        self._reference: np.ndarray | None = None
        self._still = 0
        self._moving = False

    @property
    def is_moving(self) -> bool:
        return self._moving

    def reset(self) -> None:
        """Forget the reference (e.g. after the camera reconnects): the next still scene is read in full."""
        self._previous = self._reference = None
        self._still = 0
        self._moving = False

    def update(self, image: np.ndarray, full_size: tuple[int, int] | None = None) -> Settled | None:
        """Take one frame (any size; BGR or grey).  ``full_size`` (w, h) scales returned regions."""
        small = self._shrink(image)
        if self._previous is None or self._previous.shape != small.shape:
            self._previous = small
            self._still = 1
            self._moving = True
            return None
        moved = bool(self._changed_cells(small, self._previous).any())
        self._previous = small
        if moved:
            self._still = 0
            self._moving = True
            return None
        self._still += 1
        if not self._moving or self._still < self.config.stable_frames:
            return None
        self._moving = False
        reference, self._reference = self._reference, small
        if reference is None:
            return Settled(None)
        boxes = self._regions(self._changed_cells(small, reference), full_size or (image.shape[1], image.shape[0]))
        return Settled(boxes) if boxes else None

    def _shrink(self, image: np.ndarray) -> np.ndarray:
        gray = to_gray(image)
        h, w = gray.shape
        width = min(self.config.width, w)
        small = cv2.resize(gray, (width, max(1, round(h * width / w))), interpolation=cv2.INTER_AREA)
        return cv2.GaussianBlur(small, (3, 3), 0)

    def _changed_cells(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        c = self.config.cell_px
        diff = (cv2.absdiff(a, b) > self.config.pixel_delta).astype(np.float32)
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
