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
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout

from ui.kv import load_kv

load_kv(__file__)

#: how often the view looks for a newer frame (s); the worker renders ~10 a second
REFRESH_SECONDS = 0.25
#: room shown around the board (a share of its larger side): pieces at its edge stay whole
BOARD_MARGIN = 0.05


class TableCameraView(FloatLayout):
    """The newest frame of ``table`` (a :class:`vision.synthetic.SimulatedTable`),
    cut to the board and a margin around it (the table around it is of no use to a
    finger, and the board shows larger)."""

    table = ObjectProperty(None, allownone=True)
    hint = StringProperty("")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.dragging: str | None = None
        self._shown = -1
        self._event = Clock.schedule_interval(lambda _dt: self.update(), REFRESH_SECONDS)

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
