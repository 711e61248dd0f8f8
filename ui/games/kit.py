"""What every game's table view repeats, in one place: the session and the game's
view model, submitting with the refusal shown in the app's banner, translation,
the simulated table, the table's random chance entry, seats flashing on signals,
stable test ids, and widgets reused in place instead of rebuilt on every refresh.

A view is ``class MyView(TableKit, BoxLayout)`` with ``build_model`` set to its
game's ``view_model`` function; ``model()`` hands it the typed view model.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence, TypeVar

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.properties import ObjectProperty
from kivy.uix.widget import Widget

from companion.errors import CompanionError
from companion.signals import ALERT, CELEBRATE, CHASE, FLASH, FLASH_ALL, Cue, Signal
from ui.colours import RGB, contrast, ink_on
from ui.table_controller import MainAction

#: a waiting seat's strip; the active seat's strip stands out from it at least 3:1
IDLE_RGB: RGB = (0.11, 0.12, 0.14)
LIGHT_RGB: RGB = (0.86, 0.86, 0.86)

W = TypeVar("W", bound=Widget)

#: how long seats glow after a signal that involves them (s)
FLASH_SECONDS = 2.5


def tag(widget: W, ident: str) -> W:
    """Give ``widget`` the stable id the UI tests find it by (``test_id``)."""
    widget.test_id = ident
    return widget


def escape(text: str) -> str:
    """``text`` shown literally inside Kivy markup (a player's name, say)."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def reuse(box: Widget, count: int, create: Callable[[int], W]) -> list[W]:
    """The first ``count`` children of ``box`` in display order, created with
    ``create(index)`` only when missing and removed only when surplus; the caller
    then updates them in place."""
    children = list(reversed(box.children))
    for widget in children[count:]:
        box.remove_widget(widget)
    for index in range(len(children), count):
        box.add_widget(create(index))
    return list(reversed(box.children))[:count]


def glowing(cue: Cue, seat_count: int) -> set[int]:
    """The seats that glow on screen for a signal played as ``cue``: those its LEDs flash
    (a score, a raid), the next starter after a round's chase, everyone in the final round,
    the winners at the end."""
    if cue.pattern == FLASH_ALL:
        return set(range(seat_count))
    if cue.pattern in (FLASH, ALERT, CHASE, CELEBRATE):
        return set(cue.seats or ())
    return set()


def active_rgb(seat: RGB) -> RGB:
    """The fill of the active seat's strip: the seat's own colour when it stands out
    from a waiting strip (at least 3:1), else light grey (a black seat)."""
    return tuple(seat[:3]) if contrast(seat[:3], IDLE_RGB) >= 3 else LIGHT_RGB


#: text on a coloured fill aims above WCAG's 4.5:1, as antialiased small glyphs read lower
TEXT_CONTRAST = 5.6


def text_fill(rgb: RGB) -> RGB:
    """``rgb`` as a fill under text: unchanged when ``ink_on`` of it reads at least
    TEXT_CONTRAST, else shaded away from the ink (darker under white, lighter under
    black) just enough; the hue stays, so a seat's or a cube's colour is still its own."""
    fill = tuple(rgb[:3])
    for _ in range(20):
        ink = ink_on(fill)
        if contrast(ink, fill) >= TEXT_CONTRAST:
            break
        fill = (tuple(c * 0.93 for c in fill) if ink[0] > 0.5
                else tuple(c + (1 - c) * 0.12 for c in fill))
    return fill


class TableKit:
    """Mixin for a table view (put it before the Kivy layout class)."""

    session = ObjectProperty(None)
    #: the game's ``view_model(state, config)``
    build_model: Callable[[Any, Any], Any]
    #: the simulated table must have this attribute to be used ("" = any)
    table_needs = ""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.flashing: set[int] = set()
        self.rng = random.Random()
        self._flash_event: Any = None

    @property
    def app(self) -> Any:
        return App.get_running_app()

    def tr(self, message: str, **values: Any) -> str:
        return self.app.tr(message, **values)

    def model(self) -> Any:
        """The game's typed view model of the session's current state."""
        return type(self).build_model(self.session.state, self.session.config)

    def submit(self, action: Any) -> bool:
        """Hand ``action`` to the session; False when the rules refused it (the app
        already shows the reason, with the rule, in its banner)."""
        if self.session.refuse_while_writing():
            return False
        try:
            self.session.submit(action)
        except CompanionError:
            return False
        return True

    def submit_all(self, actions: Sequence[Any]) -> bool:
        """Actions that belong together, all or none (``TableSession.submit_all``);
        False when the rules refused one of them (then none was played)."""
        if self.session.refuse_while_writing():
            return False
        try:
            self.session.submit_all(actions)
        except CompanionError:
            return False
        return True

    def random_chance(self, *_: Any) -> bool:
        """Laptop play: the table's chance outcome drawn by a random generator."""
        return self.submit(self.session.game.sample_chance(self.session.state, self.rng))

    def simulated_table(self) -> Any:
        """The simulated table of laptop play, when the camera looks at it (None with the Pi
        camera or a webcam, or without a camera)."""
        camera = getattr(self.app, "camera", None)   # no running app (None): no camera
        table = camera.simulated_table if camera is not None else None
        if table is not None and self.table_needs and not hasattr(table, self.table_needs):   # each game's table has its own methods
            return None
        return table

    def flash(self, seats: set[int], seconds: float = FLASH_SECONDS) -> None:
        """Seats glow for ``seconds`` (a score, a raid, a round end), then stop."""
        if self._flash_event is not None:
            self._flash_event.cancel()
        self.flashing = set(seats)
        self.show_flashing()
        self._flash_event = Clock.schedule_once(lambda _dt: self._stop_flash(), seconds) if seats else None

    def _stop_flash(self) -> None:
        self.flashing = set()
        self._flash_event = None
        if self.parent is not None and self.session is not None:
            self.show_flashing()

    def on_signal(self, signal: Signal) -> None:
        """The seats the signal's LED pattern names, as the game declares it, glow too
        (with those still glowing from the signals just before: a round's scores together)."""
        seats = glowing(self.app.signal_spec(signal).cue(signal), len(self.session.config.players))
        if seats:
            self.flash(self.flashing | seats)

    def on_panel_press(self, button: str) -> bool:
        """A panel button the view takes before the table does (a path being tapped):
        True when taken (views override; the default takes none)."""
        return False

    def main_action(self, button: str) -> MainAction | None:
        """What CONFIRM or END TURN (``button``) does now: the view's main button, the one a
        player would tap next without choosing anything (views override; None: none now,
        then END TURN is the game's own and CONFIRM says what the view waits for)."""
        return None

    def waiting_for(self) -> str:
        """What the view asks the players for now (its prompt), in their words."""
        return ""

    def on_rejected(self) -> None:
        """The players rejected what the camera saw (views with a simulated table take
        back what was laid by hand, so it can be laid again; the default does nothing)."""

    def show_flashing(self) -> None:
        """Draw ``self.flashing`` (views override; the default is the view's refresh)."""
        self.refresh()

    def glow_fading(self, items: Sequence[Widget]) -> None:
        """``items`` (widgets with ``seat`` and ``glow``) of the flashing seats glow and fade out."""
        for item in items:
            if item.seat in self.flashing:
                Animation.cancel_all(item, "glow")
                item.glow = 1.0
                Animation(glow=0.0, duration=FLASH_SECONDS, t="in_quad").start(item)
