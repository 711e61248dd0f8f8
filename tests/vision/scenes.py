"""Helpers that build simulated tables with known ground truth."""
from __future__ import annotations

from vision.camera_model import CameraModel
from vision.profiles import BoardProfile
from vision.synthetic import SimulatedTable
from vision.tags import ship

TAG_MM = 60.0  # 3.4 px/module at 1280x720 from 600 mm: below the sheet generator's pick

#: seat, ship, space, heading (deg) of the ships in :func:`ship_table`
SHIPS = (
    (0, "A", "A1", 0.0),
    (0, "B", "C1", 47.0),
    (1, "A", "E1", 135.0),
    (1, "C", "B2", 200.0),
    (2, "B", "D2", 271.0),
    (3, "A", "F3", 333.0),
)


def ship_table(profile: BoardProfile, camera: CameraModel = CameraModel(), seed: int = 0) -> SimulatedTable:
    """Six ships standing on known spaces with known headings."""
    table = SimulatedTable(profile, camera, seed=seed)
    for seat, name, space, heading in SHIPS:
        table.place_piece(ship("golden_horn", seat, name), profile.space(space).center, heading, TAG_MM)
    return table


def angle_error(a: float, b: float) -> float:
    """Smallest difference between two angles in degrees."""
    return abs((a - b + 180.0) % 360.0 - 180.0)
