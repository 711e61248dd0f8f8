"""A QR code drawn crisp: the code's modules (from the ``qrcode`` package, low error
correction so a long link stays as coarse as it can) as a texture scaled by a whole
number of pixels per module, centred in the widget, on white with its quiet zone."""
from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.widget import Widget

#: modules of white around the code (the QR standard's quiet zone)
QUIET = 4


def qr_matrix(text: str) -> list[list[bool]]:
    """The modules of ``text`` (True: dark), quiet zone included, at level L."""
    import qrcode

    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=QUIET)
    code.add_data(text)
    code.make(fit=True)
    return code.get_matrix()


class QrCode(Widget):
    """``text`` as a QR code; ``pixels`` is the size of a module as drawn (0: not drawn)."""

    text = StringProperty("")
    pixels = NumericProperty(0)

    def __init__(self, **kwargs: Any):
        self._texture: Texture | None = None
        self._modules = 0
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw)

    def on_text(self, *_args: Any) -> None:
        self._texture, self._modules = None, 0
        if self.text:
            matrix = qr_matrix(self.text)
            n = len(matrix)
            # RGBA: rows of 4 bytes a pixel need no unpack alignment; bottom row first
            buf = b"".join(b"\x00\x00\x00\xff" if dark else b"\xff\xff\xff\xff"
                           for row in reversed(matrix) for dark in row)
            texture = Texture.create(size=(n, n), colorfmt="rgba")
            texture.mag_filter = texture.min_filter = "nearest"
            texture.blit_buffer(buf, colorfmt="rgba", bufferfmt="ubyte")
            self._texture, self._modules = texture, n
        self._draw()

    def _draw(self, *_args: Any) -> None:
        self.canvas.clear()
        if self._texture is None:
            self.pixels = 0
            return
        scale = int(min(self.width, self.height) // self._modules)
        self.pixels = scale
        if scale < 1:
            return
        side = scale * self._modules
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(texture=self._texture, size=(side, side),
                      pos=(int(self.center_x - side / 2), int(self.center_y - side / 2)))
