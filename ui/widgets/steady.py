"""Buttons that keep a tap where the finger went down.

Kivy's ButtonBehavior fires ``on_release`` only if the finger is lifted inside the
button's *current* box, so a button that moved while pressed (a bar appearing
above it) silently lost the tap.  A steady button remembers its box in window
coordinates at touch-down and fires when the finger is lifted inside *that* box:
the tap lands on what was under the finger when it went down.

A steady button that is hidden (opacity 0) and disabled takes no touches at all,
so a hidden group of buttons never swallows a tap meant for what is drawn there.
"""
from __future__ import annotations

from kivy.factory import Factory
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.button import Button
from kivy.uix.label import Label

_BOX = "steady_box"


def _inert(widget) -> bool:
    """Disabled and not drawn (it or a parent at opacity 0)."""
    if not widget.disabled:
        return False
    node = widget
    while node is not None and node.parent is not node:
        if node.opacity == 0:
            return True
        node = node.parent
    return False


class SteadyBehavior:
    """Mixin before ButtonBehavior: release inside the box of the touch-down."""

    def on_touch_down(self, touch):
        if _inert(self):
            return False
        if not self.disabled and self.collide_point(*touch.pos):
            x, y = self._window_pos(self.x, self.y)
            touch.ud[(_BOX, id(self))] = (x, y, x + self.width, y + self.height)
        return super().on_touch_down(touch)

    def on_touch_up(self, touch):
        box = touch.ud.get((_BOX, id(self)))
        if touch.grab_current is self and box is not None and not self.always_release:
            x0, y0, x1, y1 = box
            wx, wy = self._window_pos(*touch.pos)
            self.always_release = x0 <= wx <= x1 and y0 <= wy <= y1
            try:
                return super().on_touch_up(touch)
            finally:
                self.always_release = False
        return super().on_touch_up(touch)

    def _window_pos(self, x: float, y: float) -> tuple[float, float]:
        """Window coordinates of a point given in this widget's parent's space."""
        return (x, y) if self.parent is None else self.parent.to_window(x, y)


class SteadyButton(SteadyBehavior, Button):
    pass


Factory.register("SteadyBehavior", cls=SteadyBehavior)  # for kv classes like ChoiceToggle


class SteadyLabelButton(SteadyBehavior, ButtonBehavior, Label):
    pass
