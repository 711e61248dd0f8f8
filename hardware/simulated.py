"""The on-screen panel's driver: press buttons and read LEDs through MockFactory pins.

On a laptop the UI draws the panel from :meth:`SimulatedPanel.snapshot` and
turns touches into :meth:`press` / :meth:`release`, which drive the mock pins
exactly like a finger on a real button does (``drive_low``: the buttons pull
up and switch to ground).  The panel's ``when_*`` callbacks then fire on the
thread that called ``press`` — the UI's thread here, gpiozero's thread on a
Pi — so the UI should treat them the same way in both cases.

The snapshot is read from the pins themselves, not from the devices, so it
shows what a real LED wired to that pin would show.
"""
from __future__ import annotations

from typing import Any

from gpiozero import RGBLED, Buzzer
from gpiozero.pins.mock import MockPin
from gpiozero.tones import Tone

from hardware.panel import Panel
from hardware.pins import BUTTONS


class SimulatedPanel:
    """Drives and reads a :class:`Panel` built on gpiozero's ``MockFactory``."""

    def __init__(self, panel: Panel):
        pins = [button.pin for button in panel.buttons.values()]
        if not all(isinstance(pin, MockPin) for pin in pins):
            raise TypeError("the simulated panel needs a Panel built on gpiozero's MockFactory")
        self.panel = panel

    def _button_pin(self, name: str) -> MockPin:
        if name not in BUTTONS:
            raise KeyError(f"no button named {name!r} (buttons: {', '.join(BUTTONS)})")
        return self.panel.buttons[name].pin

    def press(self, name: str) -> None:
        """Hold button ``name`` down ("end_turn", "confirm" or "undo")."""
        if not self.panel.closed:
            self._button_pin(name).drive_low()

    def release(self, name: str) -> None:
        if not self.panel.closed:
            self._button_pin(name).drive_high()

    def click(self, name: str) -> None:
        """Press and release: one press callback."""
        self.press(name)
        self.release(name)

    def snapshot(self) -> dict[str, Any]:
        """Every part's state as plain data (JSON-able), for drawing the panel.

        ``{"buttons": {"end_turn": {"gpio": 21, "pressed": False}, ...},
        "seat_leds": [{"seat": 0, "gpio": 17, "on": True, "brightness": 1.0,
        "colour": None}, ...], "status_led": {...},
        "buzzer": {"gpio": 18, "tonal": False, "on": False, "tone_hz": None, "note": None}}``;
        ``colour`` is ``[r, g, b]`` (0..1) for an RGB seat LED.
        """
        panel, pin_map = self.panel, self.panel.pin_map
        if panel.closed:
            return {"closed": True, "buttons": {}, "seat_leds": [], "status_led": None, "buzzer": None}
        buttons = {
            name: {"gpio": pin_map.button_pin(name), "pressed": not panel.buttons[name].pin.state}
            for name in BUTTONS
        }
        seat_leds = []
        for seat, device in enumerate(panel.seat_lights):
            if isinstance(device, RGBLED):
                colour = [float(panel.pin_factory.pin(gpio).state) for gpio in pin_map.seat_leds[seat]]
                brightness = max(colour)
                seat_leds.append({"seat": seat, "gpio": list(pin_map.seat_leds[seat]),
                                  "on": brightness > 0, "brightness": brightness,
                                  "colour": colour, "in_game": seat < panel.seats})
            else:
                brightness = float(device.pin.state)
                seat_leds.append({"seat": seat, "gpio": pin_map.seat_leds[seat],
                                  "on": brightness > 0, "brightness": brightness,
                                  "colour": None, "in_game": seat < panel.seats})
        status = float(panel.status_led.pin.state)
        return {
            "closed": False,
            "buttons": buttons,
            "seat_leds": seat_leds,
            "status_led": {"gpio": pin_map.status_led, "on": status > 0, "brightness": status},
            "buzzer": self._buzzer_state(),
        }

    def _buzzer_state(self) -> dict[str, Any]:
        buzzer, pin_map = self.panel.buzzer, self.panel.pin_map
        if isinstance(buzzer, Buzzer):
            on = bool(buzzer.pin.state)
            return {"gpio": pin_map.buzzer, "tonal": False, "on": on, "tone_hz": None, "note": None}
        pin = buzzer.pwm_device.pin
        frequency = pin.frequency
        on = frequency is not None and pin.state > 0
        note = None
        if on:
            try:
                note = Tone.from_frequency(frequency).note
            except ValueError:  # between two notes
                note = None
        return {"gpio": pin_map.buzzer, "tonal": True, "on": on,
                "tone_hz": float(frequency) if on else None, "note": note}
