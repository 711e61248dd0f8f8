"""Settings: language, camera, sound, fullscreen and the GPIO pin map."""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion.engine import CompanionError
from companion.settings import CAMERAS
from companion.i18n import Text
from hardware.pins import PinMap, PinMapError
from ui.screens import load_kv

load_kv(__file__)


def pins_to_text(pins: dict[str, Any]) -> str:
    lines = []
    for key, value in pins.items():
        if isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        lines.append(f"{key} = {value}")
    return "\n".join(lines)


def text_to_pins(text: str) -> dict[str, Any]:
    """``name = 17`` or ``name = 5, 6, 13`` per line; raises ValueError naming the line."""
    pins: dict[str, Any] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            raise ValueError(f"pins line {number}: write it as 'name = pin'")
        key, value = (part.strip() for part in line.split("=", 1))
        parts = [p.strip() for p in value.split(",") if p.strip()]
        if not key or not parts:
            raise ValueError(f"pins line {number}: write it as 'name = pin'")
        if key in ("buzzer_tonal",):
            pins[key] = parts[0].lower() in ("1", "true", "yes")
            continue
        try:
            numbers = [int(p) for p in parts]
        except ValueError:
            raise ValueError(f"pins line {number}: {value!r} is not a GPIO number") from None
        pins[key] = numbers if key.endswith("s") else numbers[0]
    return pins


class SettingsScreen(Screen):
    error = StringProperty("")

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
        self.ids.camera.values = list(CAMERAS)
        self.ids.camera.text = settings.camera
        self.ids.camera_device.text = settings.camera_device
        self.ids.camera_size.text = settings.camera_size
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
                camera_size=self.ids.camera_size.text.strip().lower() or "1280x720",
                lens_position=self._lens_position(app),
                sound=self.ids.sound.active, fullscreen=self.ids.fullscreen.active, pins=pins)
            app.save_settings(settings)
        except (CompanionError, ValueError, OSError) as exc:
            self.error = str(exc)
            return
        self.error = ""
        app.show_banner(app.tr("Settings saved. Pin and camera changes apply at the next start."), 6)
        app.goto("home")
