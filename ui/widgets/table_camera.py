"""The simulated camera's view of the table, on which a player drags a piece by hand.

Laptop play has no table to put pieces on: this view shows the simulated table's
newest frame (rendered by the camera worker's thread) and a finger on a ship or
pawn moves it (``table.move_piece`` in table mm) until it is let go, when the
game's table stands it on the space it was dropped on (``table.drop_piece``).  The
real pipeline then reads the frame as it would read a camera's, and the session
proposes the move.  Used by Golden Horn (ships on the route) and Caravelas (pawns on
a mapped board).
"""
from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.graphics.texture import Texture
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

from ui.colours import ink_on
from ui.kv import load_kv

load_kv(__file__)

#: how often the view looks for a newer frame (s); the worker renders ~10 a second
REFRESH_SECONDS = 0.25
#: room shown around the board (a share of its larger side): pieces at its edge stay whole
BOARD_MARGIN = 0.05


class ShipLabel(Label):
    """A piece's name over it on the camera's view ("Bea's ship a"), on its seat's colour."""

    band = ListProperty([0.3, 0.3, 0.3, 1])


class TableCameraView(FloatLayout):
    """The newest frame of ``table`` (a :class:`vision.synthetic.SimulatedTable`),
    cut to the board and a margin around it (the table around it is of no use to a
    finger, and the board shows larger).  With ``label_for``, each tagged piece is
    named over it in the players' words and its seat's colour (the rendered pieces
    keep the simulation's own colours, which need not be the seats')."""

    table = ObjectProperty(None, allownone=True)
    hint = StringProperty("")
    #: a piece's tag -> (its name for the players, the seat's RGB), or None: no label
    label_for = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.dragging: str | None = None
        self._shown = -1
        self._labels: dict[str, ShipLabel] = {}
        self._event = Clock.schedule_interval(lambda _dt: self.update(), REFRESH_SECONDS)
        self.bind(pos=lambda *_: self.place_labels(), size=lambda *_: self.place_labels())

    def stop(self) -> None:
        self._event.cancel()

    def update(self) -> None:
        """Show the newest rendered frame (made by the camera worker's thread)."""
        table = self.table
        if table is None or self.width < 10 or self.opacity == 0:
            return
        count = table.frames_rendered      # read before the frame: a newer one comes with a new count
        frame = table.last_frame
        if frame is None or count == self._shown:
            return
        import cv2

        self._shown = count
        x0, y0, x1, y1 = self.region()
        board = frame[y0:y1, x0:x1]
        h, w = board.shape[:2]
        scale = min(1.0, max(self.width, 1) / w * 1.5)
        small = cv2.resize(board, (max(1, int(w * scale)), max(1, int(h * scale))), interpolation=cv2.INTER_AREA)
        rgb = cv2.cvtColor(cv2.flip(small, 0), cv2.COLOR_BGR2RGB)
        texture = Texture.create(size=(rgb.shape[1], rgb.shape[0]), colorfmt="rgb")
        texture.blit_buffer(rgb.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
        self.ids.frame.texture = texture
        self.place_labels()

    def place_labels(self) -> None:
        """Each labelled piece's name centred over it, kept inside the view."""
        table, image = self.table, self.ids.frame
        if table is None or self.label_for is None or image.texture is None or self.width < 10:
            return
        seen, placed = set(), []
        pieces = sorted(table.pieces(), key=lambda p: (p.position_mm[0], p.position_mm[1]))
        for piece in pieces:
            named = self.label_for(piece.tag) if piece.tag is not None else None
            if named is None:
                continue
            identity = piece.tag.identity
            seen.add(identity)
            label = self._labels.get(identity)
            if label is None:
                label = self._labels[identity] = ShipLabel()
                self.add_widget(label)
            label.text, rgb = named
            label.band = [*rgb, 1]
            label.color = [*ink_on(rgb), 1]
            label.texture_update()
            label.size = (label.texture_size[0] + 8, label.texture_size[1] + 4)
            x, y = self._local_point(piece.position_mm)
            label.pos = self._free_spot(x, y, label.size, placed)
            placed.append((*label.pos, *label.size))
        for identity in set(self._labels) - seen:
            self.remove_widget(self._labels.pop(identity))

    def _free_spot(self, x: float, y: float, size: tuple[float, float],
                   placed: list[tuple[float, float, float, float]]) -> tuple[float, float]:
        """Where a label of ``size`` centred on (x, y) goes: inside the view, at the nearest
        place (up or down by its height, then aside) where it covers no label placed before
        (ships side by side in a port keep each its own name)."""
        w, h = size

        def clamp(left: float, bottom: float) -> tuple[float, float]:
            return (min(max(self.x, left), self.right - w), min(max(self.y, bottom), self.top - h))

        rows = int(self.height // h) + 1
        candidates = sorted(((dx, dy * h) for dy in range(-rows, rows + 1) for dx in (0.0, -0.6, 0.6, -1.2, 1.2)),
                            key=lambda c: abs(c[1]) + abs(c[0]) * w * 0.8)
        for dx, dy in candidates:
            left, bottom = clamp(x - w / 2 + dx * w, y - h / 2 + dy)
            if not any(left < px + pw and px < left + w and bottom < py + ph and py < bottom + h
                       for px, py, pw, ph in placed):
                return left, bottom
        return clamp(x - w / 2, y - h / 2)

    def _local_point(self, mm: tuple[float, float]) -> tuple[float, float]:
        """The point of this widget (its parent's coordinates) showing table point ``mm``."""
        image = self.ids.frame
        x0, y0, x1, y1 = self.region()
        u, v = self.table.to_image(mm)
        nw, nh = image.norm_image_size
        ox, oy = image.center_x - nw / 2, image.center_y - nh / 2
        return ox + (u - x0) / (x1 - x0) * nw, oy + (1 - (v - y0) / (y1 - y0)) * nh

    def region(self) -> tuple[int, int, int, int]:
        """The part of the camera frame shown (x0, y0, x1, y1 in frame px): the board
        as the camera sees it, with a margin, inside the frame."""
        table = self.table
        camera = table.camera
        sw, sh = table.profile.size_mm
        corners = [table.to_image(p) for p in ((0.0, 0.0), (sw, 0.0), (sw, sh), (0.0, sh))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        pad = BOARD_MARGIN * max(max(xs) - min(xs), max(ys) - min(ys))
        return (max(0, int(min(xs) - pad)), max(0, int(min(ys) - pad)),
                min(camera.width, int(max(xs) + pad) + 1), min(camera.height, int(max(ys) + pad) + 1))

    def frame_px(self, x: float, y: float) -> tuple[float, float] | None:
        """Camera-frame pixel under a window point inside this widget, or None."""
        image = self.ids.frame
        if self.table is None or image.texture is None:
            return None
        x0, y0, x1, y1 = self.region()
        nw, nh = image.norm_image_size
        ox, oy = image.center_x - nw / 2, image.center_y - nh / 2
        u, v = (x - ox) / nw, (y - oy) / nh
        if not (0 <= u <= 1 and 0 <= v <= 1):
            return None
        return (x0 + u * (x1 - x0), y0 + (1 - v) * (y1 - y0))

    def window_point(self, mm: tuple[float, float]) -> tuple[float, float]:
        """The window point showing table point ``mm`` (inverse of :meth:`board_mm`)."""
        image = self.ids.frame
        x0, y0, x1, y1 = self.region()
        u, v = self.table.to_image(mm)
        nw, nh = image.norm_image_size
        ox, oy = image.center_x - nw / 2, image.center_y - nh / 2
        return self.to_window(ox + (u - x0) / (x1 - x0) * nw, oy + (1 - (v - y0) / (y1 - y0)) * nh)

    def board_mm(self, x: float, y: float) -> tuple[float, float] | None:
        px = self.frame_px(x, y)
        return None if px is None else self.table.image_to_board(px)

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.disabled or self.opacity == 0:
            return super().on_touch_down(touch)
        mm = self.board_mm(*touch.pos)
        identity = self.table.ship_at(mm) if mm is not None else None
        if identity is None:
            return super().on_touch_down(touch)
        self.dragging = identity
        touch.grab(self)
        return True

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is self and self.dragging:
            mm = self.board_mm(*touch.pos)
            if mm is not None:
                self.table.move_piece(self.dragging, mm)
            return True
        return super().on_touch_move(touch)

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self and self.dragging:
            touch.ungrab(self)
            identity = self.dragging
            mm = self.board_mm(*touch.pos)
            if mm is not None:
                self.table.drop_piece(identity, mm)
            self.dragging = None
            return True
        return super().on_touch_up(touch)


Factory.register("TableCameraView", cls=TableCameraView)
