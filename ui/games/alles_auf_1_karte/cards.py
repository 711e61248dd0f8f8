"""Drawing Alles auf 1 Karte's pieces: a card as on the table, a die, a colour key.

Cards are drawn on the canvas from the engine's plain view data (``card_view``:
rows with colour, fields, points, sun, marks), so the same widget shows an open
card, a card being marked (ghost marks of the preview), a pile card in the
picker and a card in the editor.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp, sp
from kivy.properties import (BooleanProperty, DictProperty, ListProperty, NumericProperty,
                             ObjectProperty, StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

from ui.colours import ink_on
from ui.widgets.colour_mark import symbol_of, symbol_texture

#: the dice / row colours as drawn on screen (RGB 0..1), in the engine's names; purple and
#: red darker, orange lighter, so that no two are close under simulated colour blindness
#: (tests/ui/test_colour_palettes.py)
COLOUR_RGB: dict[str, tuple[float, float, float]] = {
    "red": (0.75, 0.09, 0.12), "orange": (1.0, 0.6, 0.17), "yellow": (0.98, 0.84, 0.2),
    "green": (0.19, 0.62, 0.28), "blue": (0.17, 0.39, 0.80), "purple": (0.42, 0.16, 0.55),
}
CARD_RGB = (0.97, 0.96, 0.92)
INK = (0.16, 0.16, 0.2)
SELECTED_RGB = (1.0, 0.78, 0.1)
BEST_RGB = (0.2, 0.8, 0.45)


def colour_rgba(colour: str, alpha: float = 1.0) -> tuple[float, float, float, float]:
    return (*COLOUR_RGB.get(colour, (0.5, 0.5, 0.5)), alpha)


@lru_cache(maxsize=512)
def text_texture(text: str, size: float, bold: bool = True, rgb: tuple[float, ...] = (1, 1, 1)):
    """A cached texture of ``text`` (``size`` in px)."""
    label = CoreLabel(text=text, font_size=size, bold=bold, color=(*rgb, 1))
    label.refresh()
    return label.texture


def draw_sun(x: float, y: float, r: float) -> None:
    """A sun: a yellow disc with eight rays, centred on (x, y)."""
    import math

    Color(0.98, 0.62, 0.05, 1)
    for k in range(8):
        a = k * math.pi / 4
        Line(points=[x + math.cos(a) * r * 0.7, y + math.sin(a) * r * 0.7,
                     x + math.cos(a) * r * 1.15, y + math.sin(a) * r * 1.15], width=max(1.0, r * 0.12))
    Color(1.0, 0.85, 0.15, 1)
    Ellipse(pos=(x - r * 0.62, y - r * 0.62), size=(r * 1.24, r * 1.24))


class CardView(ButtonBehavior, Widget):
    """One card: 5 colour rows of fields, ★ points on the left, suns on the right.

    ``data`` is a ``card_view`` dict; ``preview`` the marks after the mark being
    chosen (drawn as ghost crosses); ``unfit`` colours of the roll that do not
    fit (their rows are struck through); ``note`` a line under the rows.
    ``touched_row`` is the row index of the last touch (for toggling a colour).
    """

    data = DictProperty({})
    preview = ListProperty([])
    unfit = ListProperty([])
    chosen_colours = ListProperty([])
    note = StringProperty("")
    selected = BooleanProperty(False)
    best = BooleanProperty(False)
    dim = BooleanProperty(False)
    touched_row = NumericProperty(-1)
    payload = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any):
        self._trigger = Clock.create_trigger(lambda _dt: self.redraw(), -1)
        super().__init__(**kwargs)
        self.bind(pos=self._trigger, size=self._trigger, data=self._trigger, preview=self._trigger,
                  unfit=self._trigger, note=self._trigger, selected=self._trigger,
                  best=self._trigger, dim=self._trigger, chosen_colours=self._trigger)
        self._trigger()

    # -- geometry ------------------------------------------------------------
    def _layout(self) -> tuple[float, float, float, float]:
        """(padding, footer height, row height, bottom of the drawn card): rows are at
        most a fifth of the width high, so a tall slot gets a card-shaped card."""
        pad = dp(5)
        foot = sp(17) if self.note else 0.0
        row_h = max(1.0, min((self.height - 2 * pad - foot) / 5, self.width * 0.2))
        card_h = 5 * row_h + 2 * pad + foot
        bottom = self.top - card_h
        return pad, foot, row_h, bottom

    def row_at(self, y: float) -> int:
        """Row index (0 = top) under window-space ``y`` (local), or -1."""
        pad, foot, row_h, _bottom = self._layout()
        top = self.top - pad
        index = int((top - y) // row_h)
        return index if 0 <= index < 5 else -1

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            self.touched_row = self.row_at(touch.y)
        return super().on_touch_down(touch)

    # -- drawing -------------------------------------------------------------
    def redraw(self) -> None:
        self.canvas.clear()
        rows = self.data.get("rows") or []
        if not rows or self.width < 10 or self.height < 10:
            return
        pad, foot, row_h, bottom = self._layout()
        pos, size = (self.x, bottom), (self.width, self.top - bottom)
        with self.canvas:
            border = SELECTED_RGB if self.selected else BEST_RGB if self.best else (0.55, 0.55, 0.58)
            Color(*border, 1)
            RoundedRectangle(pos=pos, size=size, radius=[dp(6)])
            inset = dp(3) if (self.selected or self.best) else dp(1)
            Color(*CARD_RGB, 1)
            RoundedRectangle(pos=(pos[0] + inset, pos[1] + inset),
                             size=(size[0] - 2 * inset, size[1] - 2 * inset), radius=[dp(5)])
            for index, row in enumerate(rows):
                y = self.top - pad - (index + 1) * row_h
                self._draw_row(index, row, self.x + pad, y, self.width - 2 * pad, row_h)
            if self.note:
                tex = text_texture(self.note, sp(12), True, INK)
                w = min(tex.width, self.width - 2 * pad)
                Color(1, 1, 1, 1)
                Rectangle(texture=tex, pos=(self.center_x - w / 2, bottom + pad),
                          size=(w, tex.height * w / max(tex.width, 1)))
            if self.dim:
                Color(0.1, 0.1, 0.12, 0.45)
                RoundedRectangle(pos=pos, size=size, radius=[dp(6)])

    def _draw_row(self, index: int, row: dict[str, Any], x: float, y: float, w: float,
                  h: float) -> None:
        colour = row["colour"]
        fields, marks = int(row["fields"]), int(row["marks"])
        after = int(self.preview[index]) if len(self.preview) == 5 else marks
        gap = max(1.0, min(h * 0.1, dp(3)))
        inner = h - gap
        if row.get("complete") or marks >= fields:
            Color(*colour_rgba(colour, 0.22))
            Rectangle(pos=(x, y + gap / 2), size=(w, inner))
        # ★ points box
        pw = min(inner, w * 0.15)
        Color(*colour_rgba(colour))
        RoundedRectangle(pos=(x, y + gap / 2), size=(pw, inner), radius=[dp(3)])
        tex = text_texture(str(row["points"]), max(8.0, min(inner * 0.55, pw * 0.8)), True, (1, 1, 1))
        mark = symbol_of(colour)   # the colour's symbol small in the box's top left corner, the points lower right
        shift = (pw * 0.12, -inner * 0.1) if mark else (0.0, 0.0)
        Color(1, 1, 1, 1)
        Rectangle(texture=tex, pos=(x + (pw - tex.width) / 2 + shift[0], y + (h - tex.height) / 2 + shift[1]),
                  size=tex.size)
        if mark:
            sym = symbol_texture(mark, max(6.0, inner * 0.32), (1.0, 1.0, 1.0))
            Rectangle(texture=sym, pos=(x + dp(1), y + gap / 2 + inner - sym.height), size=sym.size)
        sun_w = min(inner * 0.8, w * 0.13)
        area_x = x + pw + gap * 2
        area_w = w - pw - sun_w - gap * 3
        box = max(2.0, min(inner * 0.8, area_w / 6 - gap))
        by = y + (h - box) / 2
        line_w = max(1.0, box * 0.07)
        for field in range(fields):
            bx = area_x + field * (box + gap)
            if field < marks:
                Color(*colour_rgba(colour))
                Rectangle(pos=(bx, by), size=(box, box))
                Color(1, 1, 1, 0.95)
                Line(points=[bx + box * 0.2, by + box * 0.2, bx + box * 0.8, by + box * 0.8],
                     width=line_w * 1.4)
                Line(points=[bx + box * 0.2, by + box * 0.8, bx + box * 0.8, by + box * 0.2],
                     width=line_w * 1.4)
            elif field < after:
                Color(*colour_rgba(colour, 0.45))
                Rectangle(pos=(bx, by), size=(box, box))
                Color(*INK, 1)
                Line(points=[bx + box * 0.22, by + box * 0.22, bx + box * 0.78, by + box * 0.78],
                     width=line_w)
                Line(points=[bx + box * 0.22, by + box * 0.78, bx + box * 0.78, by + box * 0.22],
                     width=line_w)
            else:
                Color(1, 1, 1, 1)
                Rectangle(pos=(bx, by), size=(box, box))
            Color(*colour_rgba(colour))
            Line(rectangle=(bx, by, box, box), width=line_w)
        if row.get("sun"):
            draw_sun(x + w - sun_w / 2, y + h / 2, sun_w * 0.42)
        if colour in self.unfit:
            Color(0.75, 0.1, 0.1, 0.9)
            end = area_x + max(fields, 1) * (box + gap)
            Line(points=[area_x - gap, y + h / 2, end, y + h / 2], width=max(1.2, box * 0.1))
        if colour in self.chosen_colours:
            Color(*SELECTED_RGB, 1)
            Line(rectangle=(x - 1, y + gap / 2 - 1, w + 2, inner + 2), width=max(1.2, dp(1.5)))


class DieView(ButtonBehavior, Widget):
    """One die: its colour face, or an empty slot; ``raised`` = picked up to re-roll,
    ``pending`` = read by the camera and waiting for confirmation."""

    colour = StringProperty("")
    raised = BooleanProperty(False)
    pending = BooleanProperty(False)
    kept = BooleanProperty(False)

    def __init__(self, **kwargs: Any):
        self._trigger = Clock.create_trigger(lambda _dt: self.redraw(), -1)
        super().__init__(**kwargs)
        self.bind(pos=self._trigger, size=self._trigger, colour=self._trigger,
                  raised=self._trigger, pending=self._trigger, kept=self._trigger)
        self._trigger()

    def redraw(self) -> None:
        self.canvas.clear()
        side = min(self.width, self.height) - dp(6)
        if side <= 0:
            return
        x = self.center_x - side / 2
        y = self.center_y - side / 2 + (dp(3) if self.raised else 0)
        with self.canvas:
            if not self.colour:
                Color(0.6, 0.62, 0.66, 1)
                Line(rounded_rectangle=(x, y, side, side, dp(6)), width=dp(1.2), dash_length=4,
                     dash_offset=4)
                return
            if self.raised:
                Color(1, 1, 1, 1)
                RoundedRectangle(pos=(x - dp(3), y - dp(3)), size=(side + dp(6), side + dp(6)),
                                 radius=[dp(8)])
            Color(*colour_rgba(self.colour, 0.55 if self.pending else 1.0))
            RoundedRectangle(pos=(x, y), size=(side, side), radius=[dp(6)])
            # pips in the face's colour are meaningless in the game; a light dot marks kept dice
            if self.kept:
                Color(1, 1, 1, 0.85)
                Ellipse(pos=(self.center_x - side * 0.1, y + side * 0.4), size=(side * 0.2, side * 0.2))
            mark = symbol_of(self.colour)   # the colour's symbol in the top left corner
            if mark:
                tex = symbol_texture(mark, max(8.0, side * 0.3), (1.0, 1.0, 1.0))
                Color(*ink_on(COLOUR_RGB.get(self.colour, (0.5, 0.5, 0.5))), 1)
                Rectangle(texture=tex, pos=(x + dp(3), y + side - tex.height - dp(2)), size=tex.size)
            if self.pending:
                Color(1, 1, 1, 0.9)
                Line(rounded_rectangle=(x, y, side, side, dp(6)), width=dp(1.4), dash_length=5,
                     dash_offset=3)
