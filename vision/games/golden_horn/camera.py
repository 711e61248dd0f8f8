"""Golden Horn on camera: the route tiles' profile and the simulated table.

No Kivy here (plain tests use it).  Golden Horn has no board: the route is
laid from tiles, so every tile carries its own ArUco marker (printed by
``companion tags golden_horn``) and the camera finds each tile on its own.
Which tiles lie where, in which order and turned which way is read by
:mod:`vision.games.golden_horn.route`.

Tile millimetres (the profile ``vision/profiles/golden_horn.json``):
- a sea tile is 3 squares in a row with a strip along one long edge for its
  marker; each printed side has its own marker (``sea-1a`` … ``sea-4b``);
- Modone has a marker on each side (``modone-2``, ``modone-3``: its berths);
- Venice and Constantinople have a marker at their left edge.
:func:`profile_document` is how the profile was made; a test keeps them equal.

The simulated table lays the tiles as players do on a real table: Venice and
Constantinople on the left, the first sea tiles along the top edge, Modone on
the right, the rest back along the bottom edge (turned half round).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.camera_model import CameraModel
from vision.profiles import PROFILE_DIR, BoardProfile, load_profile
from vision.synthetic import SimulatedTable
from vision.tags import ship as ship_tag

PROFILE_NAME = "golden_horn"
TABLE_MM = (980.0, 540.0)          # what the simulated camera looks at
SQUARE_MM = (70.0, 80.0)
SEA_TILE_MM = (3 * SQUARE_MM[0], 115.0)
PORT_TILE_MM = (330.0, 230.0)
MODONE_TILE_MM = (225.0, 130.0)
MODONE_STRIP_MM = 37.0             # Modone's marker strip at its left end
ANCHOR_MM = 22.0
PORT_CELL_MM = 72.0                # room of one ship in a port: 4 x 3 cells beside the marker
PORT_CATCH_MM = 200.0              # a ship this close to a port's centre is in the port
TAG_MM = 58.0                      # ship tags: ~3 px per module for the simulated camera
BASE_SCALE = 1.1                   # a ship's hull around its tag
SEA_TILES = 4

#: marker ids: the ports, Modone's two sides, then side a and b of sea tiles 1-4
ANCHOR_IDS = {"venice": 10, "constantinople": 11, "modone-2": 12, "modone-3": 13,
              **{f"sea-{n}a": 13 + n for n in range(1, SEA_TILES + 1)},
              **{f"sea-{n}b": 17 + n for n in range(1, SEA_TILES + 1)}}
PORT_TILES = {"V": "venice", "C": "constantinople"}
MODONE_TILES = {2: "modone-2", 3: "modone-3"}

#: the simulated camera: 1080p from 800 mm sees the whole table (1040 x 585 mm) at 3.7 px per tag module
SIM_CAMERA = CameraModel(width=1920, height=1080, height_mm=800.0)
#: square colours on the simulated tiles (BGR), by colour letter
COLOUR_BGR = {"Y": (40, 205, 240), "P": (190, 130, 240), "G": (70, 165, 60), "R": (50, 50, 205),
              "O": (30, 135, 245), "B": (205, 115, 40)}
PORT_BGR = {"venice": (150, 190, 215), "constantinople": (120, 175, 210), "modone": (170, 200, 190)}
SEA_TILE_BGR = (215, 200, 170)
LABEL_BGR = (60, 60, 60)
PORT_LABELS = {"venice": "Venice", "constantinople": "Constantinople", "modone": "Modone"}

#: the simulated copy of the game: the colours printed on each side of its sea
#: tiles, left to right with the marker strip at the bottom (not the real print)
SIM_PRINTED = {"sea-1a": "OPG", "sea-1b": "GOP", "sea-2a": "RBY", "sea-2b": "BYR",
               "sea-3a": "OGP", "sea-3b": "POG", "sea-4a": "YRB", "sea-4b": "RYB"}
#: which side of each sea tile the simulated table shows, by player count
SIM_SIDES = {2: ("sea-2b", "sea-1a"), 3: ("sea-1a", "sea-2b", "sea-3b", "sea-4a"),
             4: ("sea-1a", "sea-2b", "sea-3b", "sea-4a")}


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def square_space(tile: str, slot: int) -> str:
    """The profile's name of square ``slot`` (1-3, left to right as printed) of a sea tile side."""
    return f"{tile}/{slot}"


def modone_space(tile: str) -> str:
    return f"{tile}/berths"


def _sea_tile(name: str) -> dict[str, Any]:
    w, h = SQUARE_MM
    return {"name": name, "size_mm": list(SEA_TILE_MM),
            "anchors": [{"id": ANCHOR_IDS[name], "center": [SEA_TILE_MM[0] / 2, (h + SEA_TILE_MM[1]) / 2],
                         "size_mm": ANCHOR_MM}],
            "spaces": [{"name": square_space(name, i + 1), "polygon": _rect(i * w, 0.0, (i + 1) * w, h)}
                       for i in range(3)]}


def _modone_tile(name: str) -> dict[str, Any]:
    w, h = MODONE_TILE_MM
    return {"name": name, "size_mm": [w, h],
            "anchors": [{"id": ANCHOR_IDS[name], "center": [MODONE_STRIP_MM / 2, h / 2], "size_mm": ANCHOR_MM}],
            "spaces": [{"name": modone_space(name), "polygon": _rect(MODONE_STRIP_MM, 0.0, w, h)}]}


def _port_tile(node: str) -> dict[str, Any]:
    name = PORT_TILES[node]
    w, h = PORT_TILE_MM
    return {"name": name, "size_mm": [w, h],
            "anchors": [{"id": ANCHOR_IDS[name], "center": [20.0, h / 2], "size_mm": ANCHOR_MM}],
            "spaces": [{"name": node, "point": [w / 2, h / 2], "radius": PORT_CATCH_MM}]}


def profile_document() -> dict[str, Any]:
    """The board profile (JSON document) of the Golden Horn route tiles."""
    sea = [_sea_tile(f"sea-{n}{side}") for n in range(1, SEA_TILES + 1) for side in "ab"]
    return {
        "format": "table-companion/board-profile", "version": 1,
        "name": PROFILE_NAME,
        "title": "Golden Horn route tiles",
        "game": "golden_horn", "size_mm": list(TABLE_MM),
        "notes": ("No board: every route tile carries its own marker (companion tags golden_horn). "
                  "Sea tiles: squares 1-3 left to right with the marker strip at the bottom, one marker "
                  "per printed side. Modone: one marker per side (2 or 3 berths). Ports catch ships up to "
                  f"{PORT_CATCH_MM:g} mm from their centre. The route's order, the tiles' turn and the "
                  "squares' colours are read from the table. Made by vision.games.golden_horn.camera."),
        "anchors": {"dictionary": "DICT_4X4_50", "size_mm": ANCHOR_MM, "markers": []},
        # squares and Modone before the ports: a polygon hit wins over a port's catch radius
        "tiles": sea + [_modone_tile(MODONE_TILES[2]), _modone_tile(MODONE_TILES[3]),
                        _port_tile("V"), _port_tile("C")],
    }


def load_board_profile() -> BoardProfile:
    return load_profile(PROFILE_DIR / f"{PROFILE_NAME}.json")


def ship_identity(ship_id: str) -> str:
    """The tag identity of ship "1b": ``gh:ship:1:b``."""
    return f"gh:ship:{ship_id[0]}:{ship_id[1].lower()}"


@dataclass(frozen=True)
class TileLay:
    """Where a tile lies on the simulated table: its local (0, 0) corner (table mm) and turn (deg CCW)."""

    origin: tuple[float, float]
    rotation: float = 0.0


def table_layout(players: int, sea_sides: tuple[str, ...]) -> dict[str, TileLay]:
    """The tiles on the simulated table for ``players``: sea tile sides in route order V→C."""
    layout = {"venice": TileLay((10.0, 15.0)), "constantinople": TileLay((10.0, 295.0))}
    top = [TileLay((370.0, 20.0)), TileLay((580.0, 20.0))]
    back = [TileLay((790.0, 520.0), 180.0), TileLay((580.0, 520.0), 180.0)]   # origin = bottom right
    if players == 2:
        spots = [top[0], back[0]]
    else:
        spots = top + back
    layout.update(zip(sea_sides, spots))
    if players in (2, 4):
        layout[MODONE_TILES[players // 2 + 1]] = TileLay((600.0, 200.0) if players == 2 else (740.0, 200.0))
    return layout


class GoldenHornTable(SimulatedTable):
    """The simulated Golden Horn table: route tiles with their markers, tagged ships.

    ``sides`` are the sea tile sides in route order; ``printed`` their colours
    left to right as printed (:data:`SIM_PRINTED` for the simulated copy, or
    the colours of a game's route).
    """

    def __init__(self, players: int, sides: tuple[str, ...], printed: dict[str, str],
                 camera: CameraModel = SIM_CAMERA, seed: int = 0):
        super().__init__(load_board_profile(), camera, seed=seed)
        self.players = players
        self.sides = tuple(sides)
        self.printed = dict(printed)
        for name, lay in table_layout(players, self.sides).items():
            self.place_tile(name, lay.origin, lay.rotation)
        self.modone = MODONE_TILES[2] if players == 2 else MODONE_TILES[3] if players == 4 else None

    @classmethod
    def for_route(cls, players: int, colours: list[str], seed: int = 0) -> "GoldenHornTable":
        """A table whose squares show ``colours`` (the route's squares V→C)."""
        sides = SIM_SIDES[players]
        printed = {side: "".join(colours[3 * i:3 * i + 3]) for i, side in enumerate(sides)}
        return cls(players, sides, printed, seed=seed)

    # -- where things are (table mm) ------------------------------------------------
    def node_centres(self) -> dict[str, tuple[float, float]]:
        """Every route node's middle on the table, by engine node id."""
        centres: dict[str, tuple[float, float]] = {}
        for number, side in enumerate(self.sides):
            for slot in range(3):
                local = ((slot + 0.5) * SQUARE_MM[0], SQUARE_MM[1] / 2)
                centres[f"s{3 * number + slot + 1}"] = self.tile_to_table(side, local)
        if self.modone is not None:
            w, h = MODONE_TILE_MM
            centres["M"] = self.tile_to_table(self.modone, ((MODONE_STRIP_MM + w) / 2, h / 2))
        for node, tile in PORT_TILES.items():
            centres[node] = self.tile_to_table(tile, (PORT_TILE_MM[0] / 2, PORT_TILE_MM[1] / 2))
        return centres

    def node_at(self, mm: tuple[float, float]) -> str | None:
        """The route node under a table point: a square, Modone's berths, or a port nearby."""
        for number, side in enumerate(self.sides):
            for slot in range(3):
                if self._in_tile_space(side, square_space(side, slot + 1), mm):
                    return f"s{3 * number + slot + 1}"
        if self.modone is not None and self._in_tile_space(self.modone, modone_space(self.modone), mm):
            return "M"
        centres = {node: self.tile_to_table(tile, (PORT_TILE_MM[0] / 2, PORT_TILE_MM[1] / 2))
                   for node, tile in PORT_TILES.items()}
        node = min(centres, key=lambda n: math.dist(centres[n], mm))
        return node if math.dist(centres[node], mm) <= PORT_CATCH_MM else None

    def _in_tile_space(self, tile: str, space: str, mm: tuple[float, float]) -> bool:
        poly = [self.tile_to_table(tile, p) for p in self.profile.space(space).polygon]
        return cv2.pointPolygonTest(np.array(poly, dtype=np.float32), mm, False) >= 0

    def spots_on(self, node: str, count: int) -> list[tuple[float, float]]:
        """Spots for ``count`` ships on a node: berths in a row on Modone, a 4 x 3 grid in a port."""
        if node == "M":
            w, h = MODONE_TILE_MM
            step = (w - MODONE_STRIP_MM) / 3
            local = [(MODONE_STRIP_MM + step * (i + 0.5), h / 2) for i in range(3)]
            return [self.tile_to_table(self.modone, local[i % 3]) for i in range(count)]
        tile = PORT_TILES[node]
        cols, rows = 4, 3
        x0 = PORT_TILE_MM[0] - cols * PORT_CELL_MM
        y0 = (PORT_TILE_MM[1] - rows * PORT_CELL_MM) / 2
        cells = [(x0 + (i % cols + 0.5) * PORT_CELL_MM, y0 + (i // cols % rows + 0.5) * PORT_CELL_MM)
                 for i in range(count)]
        return [self.tile_to_table(tile, c) for c in cells]

    def ship_spots(self, state: Any) -> dict[str, tuple[tuple[float, float], float]]:
        """Where each placed ship of ``state`` stands (table mm) and its heading (deg)."""
        spots: dict[str, tuple[tuple[float, float], float]] = {}
        by_node: dict[str, list[Any]] = {}
        for ship in state.ships:
            if ship.at >= 0:
                by_node.setdefault(state.route[ship.at].id, []).append(ship)
        centres = self.node_centres()
        for node_id, ships in by_node.items():
            places = (self.spots_on(node_id, len(ships)) if node_id in ("V", "C", "M")
                      else [centres[node_id]] * len(ships))
            for ship, place in zip(ships, places):
                spots[ship.label] = (place, self.heading_for(node_id, ship.heading))
        return spots

    def heading_for(self, node_id: str, heading: int) -> float:
        """Bow direction (deg CCW from +x): towards C along the route, or back; up in a port."""
        if node_id in ("V", "C"):
            return 90.0
        if node_id == "M":
            along = 270.0                   # down the table, from the top row to the bottom row
        else:
            number = int(node_id[1:])
            squares = 3 * len(self.sides)
            along = 0.0 if number <= squares // 2 else 180.0
        return along if heading >= 0 else (along + 180.0) % 360.0

    # -- drawing ----------------------------------------------------------------------
    def _draw_static(self, camera: CameraModel) -> tuple[np.ndarray, float]:
        canvas, ppm = super()._draw_static(camera)
        m = self._margin

        def px(p: tuple[float, float]) -> tuple[int, int]:
            return (int(round((p[0] + m) * ppm)), int(round((p[1] + m) * ppm)))

        def fill(tile: str, polygon: Any, bgr: tuple[int, int, int], label: str = "") -> None:
            pts = np.array([px(self.tile_to_table(tile, p)) for p in polygon], dtype=np.int32)
            cv2.fillPoly(canvas, [pts], bgr)
            cv2.polylines(canvas, [pts], True, (90, 90, 90), max(1, int(ppm)), cv2.LINE_AA)
            if label:
                cv2.putText(canvas, label, px(self.tile_to_table(tile, (polygon[0][0] + 45, polygon[0][1] + 16))),
                            cv2.FONT_HERSHEY_SIMPLEX, 0.45 * ppm / 2.2, LABEL_BGR, max(1, int(ppm / 2)), cv2.LINE_AA)

        for tile in self.tiles_on_table():
            if tile.startswith("sea-"):
                for slot, colour in enumerate(self.printed[tile]):
                    fill(tile, self.profile.space(square_space(tile, slot + 1)).polygon, COLOUR_BGR[colour])
            elif tile.startswith("modone-"):
                fill(tile, self.profile.space(modone_space(tile)).polygon, PORT_BGR["modone"], "Modone")
            else:
                w, h = PORT_TILE_MM
                fill(tile, [(40.0, 0.0), (w, 0.0), (w, h), (40.0, h)], PORT_BGR[tile], PORT_LABELS[tile])
        return canvas, ppm

    # -- the pieces ---------------------------------------------------------------------
    def sync(self, state: Any) -> None:
        """Stand every ship where ``state`` has it (after a move made by touch, undo, ...)."""
        spots = self.ship_spots(state)
        shown = {p.tag.identity for p in self.pieces() if p.tag is not None}
        for ship in state.ships:
            identity = ship_identity(ship.label)
            if ship.label not in spots:
                self.remove_piece(identity)
                continue
            place, heading = spots[ship.label]
            if identity in shown:
                self.move_piece(identity, place, heading)
            else:
                self.place_piece(ship_tag("golden_horn", ship.owner, ship.name.upper()), place,
                                 heading, TAG_MM, base_scale=BASE_SCALE)

    def drop_piece(self, identity: str, position_mm: tuple[float, float]) -> None:
        """A ship let go on a sea square snaps to the square's middle; elsewhere it stays."""
        node = self.node_at(position_mm)
        spot = self.node_centres()[node] if node is not None and node.startswith("s") else position_mm
        self.move_piece(identity, spot)


def simulated_table(state: Any, seed: int = 0) -> GoldenHornTable:
    """A simulated table for ``state``: tiles showing its route's colours, ships where they stand."""
    colours = [node.colour for node in state.route if node.kind == "square"]
    table = GoldenHornTable.for_route(state.players, colours, seed=seed)
    table.sync(state)
    return table


def simulated_copy(players: int, seed: int = 0) -> GoldenHornTable:
    """The simulated copy of the game laid out for ``players`` before a game: what the
    setup screen's camera reads the route from on a laptop."""
    return GoldenHornTable(players, SIM_SIDES[players], SIM_PRINTED, seed=seed)
