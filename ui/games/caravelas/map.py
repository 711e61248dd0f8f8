"""The Caravelas map drawn from a board file (``caravelas-board/1``): every cell at
its ``center`` scaled to the space given (cells without one on a grid), currents as
arrows on their free edges, pirates, blue and red event cells, ports with their
shield value or the monument of whoever discovered them, Lisbon, every player's
ship in its seat colour, the path being tapped and the cells it may go to next.

``BoardMap.show(...)`` takes plain values; a tapped cell calls ``on_cell(cell_id)``.
The map draws on its own canvas; each cell is a transparent button (the touch
target, tagged ``cell_<id>`` for the UI tests) holding its shield's number.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.properties import StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui.colours import RGB
from ui.games.kit import tag

SEA_WEST: RGB = (0.11, 0.29, 0.45)
SEA_EAST: RGB = (0.09, 0.24, 0.40)
CURRENT: RGB = (0.20, 0.42, 0.58)
LISBON: RGB = (0.93, 0.74, 0.22)
PATH: RGB = (1.0, 0.86, 0.25)
TARGET: RGB = (0.92, 0.95, 1.0)
BLUE_EVENT: RGB = (0.30, 0.55, 1.0)
RED_EVENT: RGB = (0.92, 0.22, 0.20)
#: a cell's square is this share of the distance between neighbouring centres
FILL = 0.92


@dataclass(frozen=True)
class Ship:
    seat: int
    cell: str
    rgb: RGB
    active: bool = False


@dataclass
class MapState:
    """What the map shows besides the board itself."""

    ships: tuple[Ship, ...] = ()
    monuments: dict[str, RGB] = field(default_factory=dict)   # port id -> owner's colour
    path: tuple[str, ...] = ()                                # cells, the ship's cell first
    targets: frozenset[str] = frozenset()                     # cells a tap may enter next
    proposed: tuple[str, ...] = ()                            # a camera proposal's cells, the ship's first
    proposed_rgb: RGB = PATH                                  # … in the moving seat's colour
    spot: str = ""                                            # a cell ringed (a port found in the key)


class MapCell(ButtonBehavior, Widget):
    """One cell's touch target; its shield number (a port nobody discovered) inside."""

    cell = StringProperty("")
    shield = StringProperty("")


def grid_centres(ids: list[str]) -> dict[str, tuple[float, float]]:
    """Centres for a board file without them: the cells in a square grid, in id order."""
    cols = max(1, math.ceil(math.sqrt(len(ids))))
    return {cell: (100.0 * (i % cols), 100.0 * (i // cols)) for i, cell in enumerate(sorted(ids))}


class BoardMap(Widget):
    """The board file's map (a ``companion.caravelas.board.Board``); ``show`` updates it,
    ``cell_size`` is a cell's side in px."""

    def __init__(self, board: Any, on_cell: Callable[[str], Any], **kwargs: Any):
        super().__init__(**kwargs)
        self.board = board
        self.on_cell = on_cell
        self.state = MapState()
        #: the proposal's cells as last drawn (what Confirm will do; the UI tests read it)
        self.drawn_proposal: tuple[str, ...] = ()
        given = {cid: c.center for cid, c in board.cells.items() if c.center is not None}
        self.centres = given if len(given) == len(board.cells) else grid_centres(list(board.cells))
        pairs = [(a, b) for a, near in board.neighbours.items() for b in near]
        self.pitch = min((math.dist(self.centres[a], self.centres[b]) for a, b in pairs), default=100.0) or 100.0
        xs = [x for x, _ in self.centres.values()] or [0.0]
        ys = [y for _, y in self.centres.values()] or [0.0]
        self.origin = (min(xs), min(ys))
        #: the map's width and height in board units (a cell's pitch of margin around the centres)
        self.span = (max(xs) - min(xs) + self.pitch, max(ys) - min(ys) + self.pitch)
        self.cells: dict[str, MapCell] = {}
        for cid in sorted(board.cells):
            target = tag(MapCell(cell=cid), f"cell_{cid}")
            port = board.port_at.get(cid)
            target.shield = str(board.port_vp[port]) if port else ""
            target.bind(on_release=lambda w: self.on_cell(w.cell))
            self.cells[cid] = target
            self.add_widget(target)
        self.cell_size = 0.0
        self._at: dict[str, tuple[float, float]] = {}
        self.bind(pos=self._redraw, size=self._redraw)

    def show(self, state: MapState) -> None:
        self.state = state
        for cid, target in self.cells.items():
            port = self.board.port_at.get(cid)
            target.shield = "" if port is None or port in state.monuments else str(self.board.port_vp[port])
        self._redraw()

    # -- geometry ------------------------------------------------------------------
    def scale_for(self, width: float, height: float, min_cell: float) -> float:
        """Pixels per board unit: the whole map in ``width`` x ``height``, unless a cell
        would then be smaller than ``min_cell`` px (the map then scrolls)."""
        fit = min(width / self.span[0], height / self.span[1])
        return max(fit, min_cell / (self.pitch * FILL))

    def _place(self) -> None:
        (span_w, span_h), (min_x, min_y) = self.span, self.origin
        scale = min(self.width / span_w, self.height / span_h)
        left = self.x + (self.width - span_w * scale) / 2
        top = self.top - (self.height - span_h * scale) / 2
        self.cell_size = self.pitch * scale * FILL
        for cid, (cx, cy) in self.centres.items():   # board y grows downwards, Kivy's upwards
            at = (left + (cx - min_x + self.pitch / 2) * scale, top - (cy - min_y + self.pitch / 2) * scale)
            self._at[cid] = at
            target = self.cells[cid]
            target.size = (self.cell_size, self.cell_size)
            target.pos = (at[0] - self.cell_size / 2, at[1] - self.cell_size / 2)

    # -- drawing -------------------------------------------------------------------
    def _redraw(self, *_: Any) -> None:
        if not self.board.cells or self.width < 10 or self.height < 10:
            return
        self._place()
        self.canvas.before.clear()
        self.canvas.after.clear()
        with self.canvas.before:
            for cid in self.cells:
                self._draw_cell(cid)
        with self.canvas.after:
            for start, to in sorted(self.board.free_edges):
                self._draw_current(start, to)
            self._draw_path()
            self._draw_proposal()
            self._draw_ships()

    def _draw_cell(self, cid: str) -> None:
        board, s = self.board, self.cell_size
        cell = board.cells[cid]
        x, y = self._at[cid]
        x0, y0 = x - s / 2, y - s / 2
        current = cell.current_end or any(a == cid for a, _ in board.free_edges)
        Color(*(CURRENT if current else SEA_WEST if cell.part == "WEST" else SEA_EAST))
        RoundedRectangle(pos=(x0, y0), size=(s, s), radius=[s * 0.12])
        if cid == board.lisbon:
            Color(*LISBON)
            Line(rounded_rectangle=(x0 + 2, y0 + 2, s - 4, s - 4, s * 0.12), width=3)
            Rectangle(pos=(x - s * 0.12, y - s * 0.12), size=(s * 0.24, s * 0.24))
        mark = s * 0.26
        if cell.pirate:                  # a black flag with white crossbones, top left
            Color(0, 0, 0)
            Rectangle(pos=(x0 + 4, y0 + s - mark - 4), size=(mark, mark * 0.8))
            Color(1, 1, 1)
            Line(points=[x0 + 6, y0 + s - mark - 2, x0 + mark + 2, y0 + s - 6], width=1.3)
            Line(points=[x0 + 6, y0 + s - 6, x0 + mark + 2, y0 + s - mark - 2], width=1.3)
        for symbol, rgb, dx in (("eventBlue", BLUE_EVENT, 4), ("eventRed", RED_EVENT, 4)):
            if symbol in cell.symbols:   # an event: a coloured disc, bottom left
                Color(1, 1, 1)
                Ellipse(pos=(x0 + dx - 1, y0 + 3), size=(mark + 2, mark + 2))
                Color(*rgb)
                Ellipse(pos=(x0 + dx, y0 + 4), size=(mark, mark))
        port = board.port_at.get(cid)
        if port is not None:             # the shield, top right: white with its number, or the monument
            owner = self.state.monuments.get(port)
            shield = s * 0.44
            Color(*(owner or (1, 1, 1)))
            Ellipse(pos=(x0 + s - shield - 3, y0 + s - shield - 3), size=(shield, shield))
            if owner is not None:
                Color(1, 1, 1)
                Line(circle=(x0 + s - shield / 2 - 3, y0 + s - shield / 2 - 3, shield / 2), width=1.5)
        if cid in self.state.targets:
            Color(*TARGET, 0.9)
            Line(rounded_rectangle=(x0 + 1, y0 + 1, s - 2, s - 2, s * 0.12), width=1.6)
        if cid == self.state.spot:       # found from the key: a thick ring, over dark
            Color(0, 0, 0, 0.8)
            Line(rounded_rectangle=(x0 - 1, y0 - 1, s + 2, s + 2, s * 0.12), width=5)
            Color(*PATH)
            Line(rounded_rectangle=(x0 - 1, y0 - 1, s + 2, s + 2, s * 0.12), width=3)

    def _draw_current(self, start: str, to: str) -> None:
        (ax, ay), (bx, by) = self._at[start], self._at[to]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        tail = (ax + dx * 0.3, ay + dy * 0.3)
        head = (ax + dx * 0.7, ay + dy * 0.7)
        barb = self.cell_size * 0.14
        Color(0.95, 0.98, 1.0, 0.95)
        Line(points=[*tail, *head], width=2)
        Line(points=[head[0] - ux * barb - uy * barb, head[1] - uy * barb + ux * barb, *head,
                     head[0] - ux * barb + uy * barb, head[1] - uy * barb - ux * barb], width=2)

    def _draw_path(self) -> None:
        path = [c for c in self.state.path if c in self._at]
        if len(path) < 2:
            return
        points = [v for c in path for v in self._at[c]]
        Color(0, 0, 0, 0.7)
        Line(points=points, width=5)
        Color(*PATH)
        Line(points=points, width=3)
        r = self.cell_size * 0.09
        for c in path[1:]:
            x, y = self._at[c]
            Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))

    def _draw_proposal(self) -> None:
        """The camera's proposal: its cells joined in the seat's colour over a dark edge,
        the destination ringed (dashes would vanish on the sea at a chair's distance)."""
        path = tuple(c for c in self.state.proposed if c in self._at)
        self.drawn_proposal = path if len(path) >= 2 else ()
        if not self.drawn_proposal:
            return
        points = [v for c in path for v in self._at[c]]
        Color(0, 0, 0, 0.8)
        Line(points=points, width=6)
        Color(*self.state.proposed_rgb)
        Line(points=points, width=4)
        x, y = self._at[path[-1]]
        r = self.cell_size * 0.36           # inside the cell, clear of its shield's number
        Color(0, 0, 0, 0.8)
        Line(circle=(x, y, r), width=5)
        Color(*self.state.proposed_rgb)
        Line(circle=(x, y, r), width=3)

    def _draw_ships(self) -> None:
        here: dict[str, list[Ship]] = {}
        for ship in self.state.ships:
            if ship.cell in self._at:
                here.setdefault(ship.cell, []).append(ship)
        r = self.cell_size * 0.15
        for cell, ships in here.items():
            x, y = self._at[cell]
            for i, ship in enumerate(ships):          # up to 4 side by side, 2 x 2
                sx = x + (i % 2 - 0.5) * 2.2 * r if len(ships) > 1 else x
                sy = y - (i // 2 - 0.5) * 2.2 * r if len(ships) > 2 else y - r * 0.6
                Color(*((1, 1, 1) if ship.active else (0, 0, 0)))
                Ellipse(pos=(sx - r - 2, sy - r - 2), size=(2 * r + 4, 2 * r + 4))
                Color(*ship.rgb)
                Ellipse(pos=(sx - r, sy - r), size=(2 * r, 2 * r))


class ShieldLabel(Label):
    """A shield's number (its size follows its cell)."""
