"""Golden Horn on camera: the board profiles of the route and the simulated table.

No Kivy here (plain tests use it).  The route is laid out as the players lay
the tiles on the table: Venice at the top left, the first sea squares along
the top edge, Modone (2 and 4 players) in the middle on the right, the rest of
the squares back along the bottom edge, Constantinople at the bottom left.
Board millimetres: x to the right, y towards the bottom edge.

The profiles ship as JSON (``vision/profiles/golden_horn.json`` for 4 players,
``golden_horn-3.json``, ``golden_horn-2.json``); :func:`profile_document`
is how they were made and a test keeps them equal.
"""
from __future__ import annotations

import math
from typing import Any

import cv2
import numpy as np

from vision.camera_model import CameraModel
from vision.profiles import PROFILE_DIR, BoardProfile, load_profile
from vision.synthetic import SimulatedTable
from vision.tags import ship as ship_tag

BOARD_MM = (760.0, 420.0)
SQUARE_MM = (75.0, 90.0)
TAG_MM = 58.0                      # ship tags: ~3 px per module for the simulated camera
ANCHOR_MM = 30.0
TOP_Y, BOTTOM_Y = 50.0, 280.0      # the two rows of squares (top edge of each)
FIRST_X = 300.0                    # left edge of the first square of a row
PORTS = {"V": (50.0, 50.0, 295.0, 205.0), "C": (50.0, 215.0, 295.0, 370.0)}
MODONE = (525.0, 150.0, 750.0, 270.0)
CELL_MM = (75.0, 75.0)             # room of one ship in a port
BASE_SCALE = 1.1                   # a ship's hull around its tag
#: "if a main port is full, put the ships beside it": spots off the mapped spaces
BESIDE = {"V": [(337.0, 178.0), (412.0, 178.0), (487.0, 178.0)],
          "C": [(337.0, 243.0), (412.0, 243.0), (487.0, 243.0)]}
PROFILE_NAMES = {2: "golden_horn-2", 3: "golden_horn-3", 4: "golden_horn"}
#: the simulated camera: a little higher than the default so the whole board is in view
SIM_CAMERA = CameraModel(height_mm=650.0)

#: square colours on the simulated board (BGR), by colour letter
COLOUR_BGR = {"Y": (40, 205, 240), "P": (190, 130, 240), "G": (70, 165, 60), "R": (50, 50, 205),
              "O": (30, 135, 245), "B": (205, 115, 40)}
PORT_BGR = {"V": (150, 190, 215), "C": (120, 175, 210), "M": (170, 200, 190)}
LABEL_BGR = (60, 60, 60)
PORT_LABELS = {"V": "Venice", "C": "Constantinople", "M": "Modone"}


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def square_slots(players: int) -> list[tuple[float, float, float, float]]:
    """The squares' rectangles in route order (V→C)."""
    w, h = SQUARE_MM
    per_row = 3 if players == 2 else 6
    top = [(FIRST_X + i * w, TOP_Y, FIRST_X + (i + 1) * w, TOP_Y + h) for i in range(per_row)]
    right = FIRST_X + 6 * w
    bottom = [(right - (i + 1) * w, BOTTOM_Y, right - i * w, BOTTOM_Y + h) for i in range(per_row)]
    return top + bottom


def route_ids(players: int) -> list[str]:
    """Node ids V→C as the engine names them."""
    squares = 6 if players == 2 else 12
    ids = ["V"] + [f"s{i}" for i in range(1, squares + 1)] + ["C"]
    if players in (2, 4):
        ids.insert(squares // 2 + 1, "M")
    return ids


def profile_document(players: int) -> dict[str, Any]:
    """The board profile (JSON document) of the route for ``players``."""
    bw, bh = BOARD_MM
    anchors = [{"id": i, "center": c} for i, c in enumerate(
        ([25, 25], [bw - 25, 25], [bw - 25, bh - 25], [25, bh - 25]))]
    spaces = [{"name": "V", "polygon": _rect(*PORTS["V"])}]
    for number, slot in enumerate(square_slots(players), start=1):
        spaces.append({"name": f"s{number}", "polygon": _rect(*slot)})
    if players in (2, 4):
        spaces.append({"name": "M", "polygon": _rect(*MODONE)})
    spaces.append({"name": "C", "polygon": _rect(*PORTS["C"])})
    modone = {2: "Modone with 2 berths", 3: "no Modone", 4: "Modone with 3 berths"}[players]
    return {
        "format": "table-companion/board-profile", "version": 1,
        "name": PROFILE_NAMES[players],
        "title": f"Golden Horn route, {players} players",
        "game": "golden_horn", "size_mm": [bw, bh],
        "notes": (f"The route laid out for {players} players ({modone}): Venice top left, squares s1.. "
                  "along the top edge, back along the bottom edge to Constantinople bottom left. "
                  "Space names are the engine's node ids. Made by ui.games.golden_horn_camera."),
        "anchors": {"dictionary": "DICT_4X4_50", "size_mm": ANCHOR_MM, "markers": anchors},
        "spaces": spaces,
    }


def load_board_profile(players: int) -> BoardProfile:
    return load_profile(PROFILE_DIR / f"{PROFILE_NAMES[players]}.json")


def ship_identity(ship_id: str) -> str:
    """The tag identity of ship "1b": ``gh:ship:1:b``."""
    return f"gh:ship:{ship_id[0]}:{ship_id[1].lower()}"


def _slot_positions(node_id: str, rect: tuple[float, float, float, float],
                    count: int) -> list[tuple[float, float] | None]:
    """Spots for ``count`` ships in a port: a grid of cells, then beside the port;
    None for ships there is no room for (they are left off the simulated table)."""
    x0, y0, x1, y1 = rect
    cols = max(1, int((x1 - x0) // CELL_MM[0]))
    rows = max(1, int((y1 - y0) // CELL_MM[1]))
    pad_x = (x1 - x0 - cols * CELL_MM[0]) / 2 + CELL_MM[0] / 2
    pad_y = (y1 - y0 - rows * CELL_MM[1]) / 2 + CELL_MM[1] / 2
    spots: list[tuple[float, float] | None] = [
        (x0 + pad_x + (i % cols) * CELL_MM[0], y0 + pad_y + (i // cols) * CELL_MM[1])
        for i in range(min(count, cols * rows))]
    spots += BESIDE.get(node_id, [])[:count - len(spots)]
    return spots + [None] * (count - len(spots))


class GoldenHornTable(SimulatedTable):
    """The simulated Golden Horn table: coloured squares, the ports, tagged ships.

    ``colours`` maps square ids to colour letters (the engine's route).
    """

    def __init__(self, profile: BoardProfile, colours: dict[str, str], camera: CameraModel = SIM_CAMERA,
                 seed: int = 0):
        super().__init__(profile, camera, seed=seed)
        self.colours = dict(colours)
        self.last_frame: np.ndarray | None = None
        self.frames_rendered = 0

    def render(self) -> np.ndarray:
        """One camera frame; also kept as ``last_frame`` for a preview on screen."""
        frame = super().render()
        self.last_frame = frame
        self.frames_rendered += 1
        return frame

    def _draw_static(self, camera: CameraModel) -> tuple[np.ndarray, float]:
        canvas, ppm = super()._draw_static(camera)
        m = self._margin

        def px(p: tuple[float, float]) -> tuple[int, int]:
            return (int(round((p[0] + m) * ppm)), int(round((p[1] + m) * ppm)))

        for space in self.profile.spaces:
            fill = COLOUR_BGR.get(self.colours.get(space.name, ""), PORT_BGR.get(space.name))
            if fill is None:
                continue
            pts = np.array([px(p) for p in space.polygon], dtype=np.int32)
            cv2.fillPoly(canvas, [pts], fill)
            cv2.polylines(canvas, [pts], True, (90, 90, 90), max(1, int(ppm)), cv2.LINE_AA)
            x0, y0 = space.polygon[0]
            label = PORT_LABELS.get(space.name, space.name)
            cv2.putText(canvas, label, px((x0 + 3, y0 + 13)), cv2.FONT_HERSHEY_SIMPLEX,
                        0.45 * ppm / 2.2, LABEL_BGR, max(1, int(ppm / 2)), cv2.LINE_AA)
        return canvas, ppm

    def ship_spots(self, state: Any) -> dict[str, tuple[tuple[float, float], float]]:
        """Where each placed ship of ``state`` stands (board mm) and its heading (deg);
        ships a crowded port has no room for are left out."""
        spots: dict[str, tuple[tuple[float, float], float]] = {}
        by_node: dict[str, list[Any]] = {}
        for ship in state.ships:
            if ship.at >= 0:
                by_node.setdefault(state.route[ship.at].id, []).append(ship)
        for node_id, ships in by_node.items():
            space = self.profile.space(node_id)
            if space.point is not None or node_id not in ("V", "C", "M"):
                places: list[tuple[float, float] | None] = [space.center] * len(ships)
            else:
                xs, ys = zip(*space.polygon)
                places = _slot_positions(node_id, (min(xs), min(ys), max(xs), max(ys)), len(ships))
            for ship, place in zip(ships, places):
                if place is not None:
                    spots[ship.label] = (place, self.heading_for(node_id, ship.heading))
        return spots

    def heading_for(self, node_id: str, heading: int) -> float:
        """Bow direction on the board (deg CCW from +x): towards C along the route, or back."""
        if node_id == "M":
            along = 270.0                   # down the board, from the top row to the bottom row
        else:
            along = 0.0 if self.profile.space(node_id).center[1] < MODONE[1] else 180.0
        return along if heading >= 0 else (along + 180.0) % 360.0

    def sync(self, state: Any) -> None:
        """Stand every ship where ``state`` has it (after a move made by touch, undo, ...)."""
        spots = self.ship_spots(state)
        for ship in state.ships:
            identity = ship_identity(ship.label)
            if ship.label not in spots:
                self.remove_piece(identity)
                continue
            place, heading = spots[ship.label]
            if identity in {p.tag.identity for p in self.pieces() if p.tag is not None}:
                self.move_piece(identity, place, heading)
            else:
                self.place_piece(ship_tag("golden_horn", ship.owner, ship.name.upper()), place,
                                 heading, TAG_MM, base_scale=BASE_SCALE)

    def ship_at(self, position_mm: tuple[float, float]) -> str | None:
        """The tag identity of the ship under a board point, if any."""
        best, best_d = None, TAG_MM * 0.75
        for piece in self.pieces():
            if piece.tag is None or piece.tag.kind != "ship":
                continue
            d = math.dist(piece.position_mm, position_mm)
            if d < best_d:
                best, best_d = piece.tag.identity, d
        return best

    def image_to_board(self, xy: tuple[float, float]) -> tuple[float, float]:
        """Board mm of a pixel of the rendered camera frame."""
        inverse = np.linalg.inv(self.board_to_image())
        p = inverse @ np.array([xy[0], xy[1], 1.0])
        return (float(p[0] / p[2]), float(p[1] / p[2]))


def simulated_table(state: Any, seed: int = 0) -> GoldenHornTable:
    """A simulated table for ``state``: its route's profile and colours, ships where they stand."""
    profile = load_board_profile(state.players)
    colours = {node.id: node.colour for node in state.route if node.colour}
    table = GoldenHornTable(profile, colours, seed=seed)
    table.sync(state)
    return table
