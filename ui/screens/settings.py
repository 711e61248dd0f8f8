"""Settings: language, camera, sound, fullscreen and the GPIO pin map."""
from __future__ import annotations

import json
from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from ui.app_screen import AppScreen

from companion.errors import CompanionError
from companion.messages import Text
from companion.settings import CAMERAS, size_from_words, size_words
from companion.signals import ErrorSignal
from hardware.pins import PinMap, PinMapError
from ui.kv import load_kv

load_kv(__file__)


def pins_to_text(pins: dict[str, Any]) -> str:
    """One ``name = value`` line per pin setting; an RGB seat LED as ``[r, g, b]``."""
    lines = []
    for key, value in pins.items():
        if isinstance(value, (list, tuple)):
            value = ", ".join(json.dumps(list(v)) if isinstance(v, (list, tuple)) else str(v) for v in value)
        elif isinstance(value, bool):
            value = "true" if value else "false"
        lines.append(f"{key} = {value}")
    return "\n".join(lines)


def text_to_pins(text: str) -> dict[str, Any]:
    """``name = 17``, ``seat_leds = 5, 6, [13, 19, 26]`` or ``buzzer_tonal = true`` per line;
    raises ValueError naming the line (never guesses: ``5, 6`` is not one pin)."""
    pins: dict[str, Any] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            raise ValueError(f"pins line {number}: write it as 'name = pin'")
        key, value = (part.strip() for part in line.split("=", 1))
        if not key or not value:
            raise ValueError(f"pins line {number}: write it as 'name = pin'")
        if key == "buzzer_tonal":
            flag = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}
            if value.lower() not in flag:
                raise ValueError(f"pins line {number}: buzzer_tonal is true or false, not {value!r}")
            pins[key] = flag[value.lower()]
        elif key == "seat_leds":
            pins[key] = _seat_lights(value, number)
        else:
            try:
                pins[key] = int(value)
            except ValueError:
                raise ValueError(f"pins line {number}: {value!r} is not a GPIO number") from None
    return pins


def _seat_lights(value: str, number: int) -> list[Any]:
    """``5, 6, [13, 19, 26]``: GPIO numbers, or [red, green, blue] for an RGB LED."""
    problem = ValueError(f"pins line {number}: {value!r} is not a list of GPIO numbers "
                         f"(an RGB LED as [red, green, blue])")
    try:
        lights = json.loads(f"[{value}]")
    except (ValueError, RecursionError):
        raise problem from None
    for light in lights:
        parts = light if isinstance(light, list) else [light]
        if not parts or not all(isinstance(p, int) and not isinstance(p, bool) for p in parts):
            raise problem
    return lights


class SettingsScreen(AppScreen):
    error = StringProperty("")
    #: which GPIO panel is in use and why (no Pi found: the on-screen one)
    panel_notice = StringProperty("")

    def _lens_position(self, app: Any) -> float | None:
        """The focus field: empty = the camera focuses by itself; else dioptres (0 = infinity)."""
        text = self.ids.lens_position.text.strip().replace(",", ".")
        if not text:
            return None
        try:
            return float(text)
        except ValueError:
            raise ValueError(app.tr("Focus is a lens position in dioptres (0 or more), or empty "
                                    "for automatic focus.")) from None

    def refresh(self) -> None:
        app = App.get_running_app()
        settings = app.settings
        self.error = ""
        hardware = app.hardware
        self.panel_notice = " ".join(app.tr(n) for n in (hardware.said_once if hardware is not None else ()))
        self.ids.camera.values = list(CAMERAS)
        self.ids.camera.text = settings.camera
        self.ids.camera_device.text = settings.camera_device
        self.ids.camera_size.text = size_words(settings.camera_size)
        self.ids.lens_position.text = "" if settings.lens_position is None else f"{settings.lens_position:g}"
        self.ids.sound.active = settings.sound
        self.ids.fullscreen.active = settings.fullscreen
        pins = dict(settings.pins)
        try:
            pins = PinMap.from_dict(pins).to_dict()   # the whole map, defaults filled in
        except PinMapError as exc:   # show what the user wrote, and what is wrong with it
            self.error = app.tr(Text("The GPIO pins in the settings file cannot be used, so the panel is "
                                     "simulated: {problems}", problems=str(exc)))
        self.ids.pins.text = pins_to_text(pins)

    def save(self) -> None:
        app = App.get_running_app()
        try:
            pins = text_to_pins(self.ids.pins.text)
            PinMap.from_dict(pins)
            settings = app.settings.with_changes(
                camera=self.ids.camera.text, camera_device=self.ids.camera_device.text.strip() or "0",
                camera_size=size_from_words(self.ids.camera_size.text) or "1280x720",
                lens_position=self._lens_position(app),
                sound=self.ids.sound.active, fullscreen=self.ids.fullscreen.active, pins=pins)
            app.save_settings(settings)
        except (CompanionError, ValueError, OSError) as exc:
            self.error = str(exc)
            if app.hardware is not None:   # the status LED and the low beep too
                app.hardware.play(ErrorSignal(str(exc)))
            return
        self.error = ""
        app.show_banner(app.tr("Settings saved. Pin and camera changes apply at the next start."), 6)
        app.goto("home")
