"""The on-screen twin of the GPIO panel, shown when no Pi hardware is used.

Its buttons drive gpiozero MockFactory pins (so the real ``hardware/`` code
handles the press) and its LEDs are drawn from those pins' states.
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout

from ui.colours import colour_key, ink_on
from ui.widgets.colour_mark import symbol_of
from ui.kv import load_kv

load_kv(__file__)

POLL_SECONDS = 1 / 20
#: the panel's background (one channel: it is grey), under an LED that is dim
BACK = 0.06

SEAT_RGB = {
    "red": (0.95, 0.2, 0.2), "blue": (0.25, 0.5, 1.0), "green": (0.2, 0.85, 0.35),
    "yellow": (1.0, 0.9, 0.2), "black": (0.75, 0.75, 0.75), "white": (1.0, 1.0, 1.0),
    "purple": (0.75, 0.35, 0.95), "orange": (1.0, 0.6, 0.15),
}


class SimulatedPanel(BoxLayout):
    hardware = ObjectProperty(None)
    leds = ListProperty([])          # per seat: (r, g, b, a)
    led_colours: list[str] = []      # per seat: the seat's colour key ('' for none of the palette's)
    status_on = BooleanProperty(False)
    buzzer_on = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._event = Clock.schedule_interval(lambda _dt: self.poll(), POLL_SECONDS)

    def press(self, name: str) -> None:
        self.hardware.driver.press(name)

    def release(self, name: str) -> None:
        self.hardware.driver.release(name)

    def poll(self) -> None:
        if self.hardware.panel.closed:
            self._event.cancel()
            return
        snap = self.hardware.driver.snapshot()
        app = App.get_running_app()
        players = app.session.config.players if app and app.session else ()
        seats = len(players) or len(snap["seat_leds"])
        leds, colours = [], []
        for led in snap["seat_leds"][:seats]:
            colour = players[led["seat"]].colour if led["seat"] < len(players) else None
            # the seat's colour, never its label (a game set up in Greek holds "κόκκινο")
            key = colour_key(colour) or ""
            colours.append(key)
            r, g, b = SEAT_RGB.get(key, SEAT_RGB["yellow"])
            level = led.get("brightness") or (1.0 if led["on"] else 0.0)
            leds.append((r, g, b, 0.15 + 0.85 * level))
        self.led_colours = colours
        if leds != list(self.leds):
            self.leds = leds
        self.status_on = bool(snap["status_led"]["on"])
        self.buzzer_on = bool(snap["buzzer"]["on"])
        self._draw_leds()

    def _draw_leds(self) -> None:
        box = self.ids.leds
        if len(box.children) != len(self.leds):
            from kivy.factory import Factory

            box.clear_widgets()
            for _ in self.leds:
                box.add_widget(Factory.PanelLed())
        for widget, rgba, colour in zip(reversed(box.children), self.leds, self.led_colours):
            widget.rgba = rgba
            widget.colour = colour
            widget.text = symbol_of(colour)
            # the ink that reads on the LED as it shows now (lit or dim over the panel's black)
            shown = tuple(c * rgba[3] + BACK * (1 - rgba[3]) for c in rgba[:3])
            widget.ink = (*ink_on(shown), 1)
