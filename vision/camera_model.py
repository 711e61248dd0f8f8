"""A pinhole camera above the table, for the simulated table and for tag sizing."""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class CameraModel:
    """A camera looking down at the board centre.

    ``height_mm`` above the table; ``tilt_deg`` leans the camera back towards
    the board's top edge (0 = straight down); ``yaw_deg`` turns the board on the
    table; ``hfov_deg`` is the horizontal field of view (Camera Module 3: 66°).
    Image effects: Gaussian ``blur_sigma`` (px), ``noise_sigma`` (grey levels),
    ``gradient`` (0..1 light fall-off across the image), ``light_rgb`` (lamp
    colour multipliers), ``jpeg_quality`` (None = no compression).
    """

    width: int = 1280
    height: int = 720
    hfov_deg: float = 66.0
    height_mm: float = 600.0
    tilt_deg: float = 0.0
    yaw_deg: float = 0.0
    offset_mm: tuple[float, float] = (0.0, 0.0)
    blur_sigma: float = 0.6
    noise_sigma: float = 2.0
    gradient: float = 0.25
    gradient_angle_deg: float = 30.0
    light_rgb: tuple[float, float, float] = (1.0, 1.0, 1.0)
    jpeg_quality: int | None = 90

    @property
    def focal_px(self) -> float:
        return (self.width / 2.0) / math.tan(math.radians(self.hfov_deg) / 2.0)

    @property
    def mm_per_px(self) -> float:
        """Table millimetres per image pixel at the view centre (straight down)."""
        return self.height_mm / self.focal_px

    @property
    def view_width_mm(self) -> float:
        return self.width * self.mm_per_px

    def project(self, points_mm: np.ndarray, board_center: tuple[float, float]) -> np.ndarray:
        """Image px of table points given in board mm (N, 2); the board centre lies under the camera."""
        p = np.asarray(points_mm, dtype=np.float64).reshape(-1, 2) - np.array(board_center)
        yaw = math.radians(self.yaw_deg)
        rot = np.array([[math.cos(yaw), math.sin(yaw)], [-math.sin(yaw), math.cos(yaw)]])
        world = p @ rot.T + np.array(self.offset_mm)
        t = math.radians(self.tilt_deg)
        cam = np.array([0.0, -self.height_mm * math.tan(t), self.height_mm])
        axis = np.array([0.0, math.sin(t), -math.cos(t)])
        down = np.array([0.0, math.cos(t), math.sin(t)])
        right = np.array([1.0, 0.0, 0.0])
        v = np.column_stack([world, np.zeros(len(world))]) - cam
        zc = v @ axis
        if np.any(zc <= 1e-6):
            raise ValueError("point behind the camera")
        u = self.focal_px * (v @ right) / zc + self.width / 2.0
        w = self.focal_px * (v @ down) / zc + self.height / 2.0
        return np.column_stack([u, w])

    def board_to_image(self, board_center: tuple[float, float]) -> np.ndarray:
        """3x3 homography from board mm to image px."""
        c = np.array(board_center)
        src = np.array([c + (-200, -200), c + (200, -200), c + (200, 200), c + (-200, 200)], dtype=np.float64)
        dst = self.project(src, board_center)
        return cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32)).astype(np.float64)
