"""What colour is this? The camera's view with a marked spot, and the colour held there named.

A player holds a card, cube or die in the ring (the middle of the camera's view) or taps
it on the picture; the colour is named in the players' language with its symbol, read
as the dice and Coloretto's cards are read (vision/colour_name.py: calibrated against the
anchors' white when the board is in view).  Opened from the table's message strip while
the game has a camera.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics.texture import Texture
from kivy.properties import ListProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.messages import Text
from ui.kv import load_kv
from ui.widgets.colour_mark import colour_word, symbol_of

load_kv(__file__)
log = logging.getLogger(__name__)

#: how often the picture and the name follow the camera (s)
REFRESH_SECONDS = 0.5

Frame = tuple[Any, "tuple[float, float, float] | None"]


def feed_frames(feed: Any) -> Callable[[], Frame | None]:
    """The newest frame of a game's camera (ui.camera.CameraFeed) and the anchors' white:
    the worker's, else (a simulated camera not yet stepped) the simulated table's picture."""
    def newest() -> Frame | None:
        frame = feed.worker.newest_frame()
        if frame is not None:
            return frame
        table = feed.simulated_table
        image = getattr(table, "last_frame", None) if table is not None else None
        return (image, None) if image is not None else None
    return newest


def said(app: Any, colour: str | None) -> str:
    """The name shown for what the spot holds: "♥ red" (its symbol when symbols are on)."""
    if colour is None:
        return app.tr(Text("No colour I can name: hold it inside the ring, in good light"))
    mark = symbol_of(colour)
    return f"[font=DejaVuSans]{mark}[/font] {colour_word(app, colour)}" if mark else colour_word(app, colour)


class ColourProbe(ModalView):
    """The camera's picture with the spot's ring, and the colour's name under it."""

    named = StringProperty("")
    colour = StringProperty("")
    #: the ring on the picture: (x, y, size) in the picture widget's coordinates
    ring = ListProperty([0, 0, 0])

    def __init__(self, frames: Callable[[], Frame | None], **kwargs: Any):
        super().__init__(**kwargs)
        self.frames = frames
        self.spot: tuple[float, float] | None = None   # frame px a finger chose; None: the middle
        self._box: tuple[int, int, int, int] | None = None
        self._size: tuple[int, int] = (0, 0)
        self._event = Clock.schedule_interval(lambda _dt: self.look(), REFRESH_SECONDS)
        self.bind(on_dismiss=lambda *_: self._event.cancel())
        Clock.schedule_once(lambda _dt: self.look())

    def look(self) -> None:
        """Show the newest frame and name the colour at the spot."""
        app = App.get_running_app()
        try:
            frame = self.frames()
        except Exception as exc:   # noqa: BLE001 - a camera problem must not close the app
            log.warning("no frame for 'what colour is this': %s", exc)
            frame = None
        if frame is None:
            self.colour, self.named = "", app.tr("The camera has no picture yet: wait a moment.")
            return
        import cv2

        from vision.colour_name import name_colour_at

        image, white = frame
        found = name_colour_at(image, self.spot, white)
        self.colour, self.named = found.colour or "", said(app, found.colour)
        self._box, self._size = found.box, (image.shape[1], image.shape[0])
        picture = self.ids.picture
        scale = min(1.0, max(picture.width, 1) * 1.5 / image.shape[1])
        small = cv2.resize(image, (max(1, int(image.shape[1] * scale)), max(1, int(image.shape[0] * scale))),
                           interpolation=cv2.INTER_AREA)
        if small.ndim == 2:
            small = cv2.cvtColor(small, cv2.COLOR_GRAY2BGR)
        rgb = cv2.cvtColor(cv2.flip(small[:, :, :3], 0), cv2.COLOR_BGR2RGB)
        texture = Texture.create(size=(rgb.shape[1], rgb.shape[0]), colorfmt="rgb")
        texture.blit_buffer(rgb.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
        picture.texture = texture
        self.place_ring()

    def place_ring(self, *_args: Any) -> None:
        """The ring around the spot read, on the picture as it is drawn."""
        picture = self.ids.picture
        if self._box is None or not self._size[0]:
            return
        nw, nh = picture.norm_image_size
        ox, oy = picture.center_x - nw / 2, picture.center_y - nh / 2
        x0, y0, x1, y1 = self._box
        w, h = self._size
        size = max(12.0, (x1 - x0) / w * nw)
        cx, cy = ox + (x0 + x1) / 2 / w * nw, oy + (1 - (y0 + y1) / 2 / h) * nh
        self.ring = [cx - size / 2, cy - size / 2, size]

    def tap_picture(self, touch: Any) -> bool:
        """A finger on the picture: the spot moves there (frame px)."""
        picture = self.ids.picture
        if not picture.collide_point(*touch.pos) or not self._size[0]:
            return False
        nw, nh = picture.norm_image_size
        ox, oy = picture.center_x - nw / 2, picture.center_y - nh / 2
        u, v = (touch.x - ox) / max(nw, 1), (touch.y - oy) / max(nh, 1)
        if not (0 <= u <= 1 and 0 <= v <= 1):
            return False
        self.spot = (u * self._size[0], (1 - v) * self._size[1])
        self.look()
        return True

    def middle(self) -> None:
        """Back to the marked spot in the middle of the view."""
        self.spot = None
        self.look()
