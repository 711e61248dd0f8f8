"""Tunable thresholds of the pipeline, kept in one dataclass (no magic numbers)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DetectConfig:
    """How tags are found and decoded.

    Sizes are in pixels of the *full-resolution* frame unless named ``small``.
    """

    small_width: int = 960            # width of the image candidates are searched on
    min_module_px: float = 2.5        # smallest QR module we look for (full-res px)
    max_tag_px: int = 600             # largest tag we look for (full-res px)
    candidate_c: int = 8              # adaptive-threshold offset when looking for finder patterns
    finder_block_modules: float = 9.0  # adaptive-threshold block, in (smallest) modules
    crop_margin: float = 0.35         # extra border around a candidate, fraction of its size
    retry_upscale: float = 2.0        # factor for the upscaled retry of a hard crop
    adaptive_block: int = 31          # adaptive-threshold block (odd, px of the crop)
    adaptive_c: int = 5
    use_zxing: bool = True            # zxing-cpp first when installed, pyzbar as the fallback
    full_frame_fallback: bool = True  # a full read (no regions) also decodes the whole frame


@dataclass(frozen=True)
class GateConfig:
    """The change gate: cheap downscaled comparisons decide when to work."""

    width: int = 160                  # frames are compared at this width (px)
    cell_px: int = 8                  # grid cell of the change map, in gate pixels
    pixel_delta: int = 18             # grey-level change that counts as changed
    cell_fraction: float = 0.12       # fraction of changed pixels that marks a cell
    stable_frames: int = 3            # still frames in a row that settle the scene when frames carry no time
                                      # (and the most it takes when they do) ...
    still_seconds: float = 0.066      # ... else this long, as a whole number of frame intervals at the source's
                                      # measured rate (at least one): 1 at 10 and 15 fps, 2 at 30 fps, 4 at 60
    region_margin: float = 0.03       # extra border around changed regions (fraction of width)
    hand_radius: float = 0.03         # a hand: new skin-coloured patch holding a disk this wide (radius, fraction of width)
    hand_delta: int = 25              # grey-level change from the last read frame that makes a pixel "new" ...
    hand_chroma_delta: int = 10       # ... or this much redder (YCrCb's Cr), whatever its brightness
    hand_max_fraction: float = 0.5    # a "hand" over more of the view than this is the light changing
    skin_cr: tuple[int, int] = (135, 180)  # YCrCb chroma ranges of skin (any light, any skin tone)
    skin_cb: tuple[int, int] = (80, 135)


@dataclass(frozen=True)
class BoardConfig:
    """Board location from anchors."""

    min_anchors: int = 2              # anchors needed to trust the homography
    max_reprojection_mm: float = 6.0  # anchor corners must fit the homography this well
    bump_px: float = 1.5              # an anchor found this far from where it was (mean corner, px): the
                                      # camera (or the board) moved, so the whole frame is read again


@dataclass(frozen=True)
class DiceConfig:
    """Reading colour dice in a tray."""

    min_saturation: int = 70          # HSV saturation for a die face pixel
    min_value: int = 50
    min_area_fraction: float = 0.35   # blob area / expected die area to count as a die
    max_colour_distance: float = 38.0  # Lab distance above which the colour is "unsure"
    ambiguity_ratio: float = 0.75     # best/second distance above this is "unsure"
    motion_delta: int = 14            # grey-level change in the tray that means "still rolling"


@dataclass(frozen=True)
class VisionConfig:
    """Everything the pipeline can be tuned with."""

    detect: DetectConfig = DetectConfig()
    gate: GateConfig = GateConfig()
    board: BoardConfig = BoardConfig()
    dice: DiceConfig = DiceConfig()
