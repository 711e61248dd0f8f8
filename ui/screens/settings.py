"""Settings: language, camera, sound, fullscreen and the GPIO pin map."""
from __future__ import annotations

import json
from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, DictProperty, ListProperty, StringProperty
from ui.app_screen import AppScreen
from ui.table_controller import MainAction

from companion.errors import CompanionError
from companion.messages import N_, Text
from companion.games import registered_games
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


#: the camera choices in players' words (the settings file keeps the codes)
CAMERA_WORDS = {"auto": N_("Find the camera"), "simulated": N_("Simulated table"),
                "picamera2": N_("Raspberry Pi camera"), "opencv": N_("USB camera or video file"),
                "none": N_("No camera: play by touch")}
#: picture sizes offered (the Pi camera modules' common modes); another one in the file is kept
SIZES = ("640x480", "1280x720", "1920x1080", "2304x1296")
#: the panel's parts in players' words, in the order the summary names them
PIN_WORDS = (("end_turn", N_("END TURN button")), ("confirm", N_("CONFIRM button")),
             ("undo", N_("UNDO button")), ("status_led", N_("status light")), ("buzzer", N_("buzzer")),
             ("seat_leds", N_("seat lights")))


def pins_summary(app: Any, pins: dict[str, Any]) -> str:
    """The wiring as players read it: one part per line, with its GPIO numbers."""
    lines = []
    for key, words in PIN_WORDS:
        value = pins.get(key)
        if isinstance(value, (list, tuple)):
            value = ", ".join("/".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v) for v in value)
        lines.append(app.tr("{part}: GPIO {pins}", part=app.tr(words), pins=value))
    return "\n".join(lines)


class SettingsScreen(AppScreen):
    error = StringProperty("")
    advanced = BooleanProperty(False)   # the pin list shown for editing
    pins_summary = StringProperty("")
    camera_choice = StringProperty("auto")
    sizes = ListProperty([])
    #: each game's turn countdown as chosen on this screen (seconds by game id; saved with Save)
    countdowns = DictProperty({})
    countdown_text = StringProperty("")

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM: Save (END TURN saves nothing)."""
        return self.button_action("save") if button == "confirm" else None

    def waiting_for(self) -> str:
        app = App.get_running_app()
        return app.tr("Settings are saved with Save (or the panel's CONFIRM).")

    def on_kv_post(self, base_widget: Any) -> None:
        self.ids.camera.bind(text=lambda _spinner, text: setattr(self, "camera_choice", self._camera_code(text)))

    def on_advanced(self, _screen: Any, shown: bool) -> None:
        if shown:
            self.ids.pins.cursor = (0, 0)   # the list from its first line

    def _camera_code(self, words: str) -> str:
        app = App.get_running_app()
        return next((code for code, said in CAMERA_WORDS.items() if app.tr(said) == words), words)
    #: which GPIO panel is in use and why (no Pi found: the on-screen one)
    panel_notice = StringProperty("")

    def open_countdowns(self) -> None:
        """Each game's turn countdown, in a popup of its own (kept here until Save)."""
        from ui.widgets.countdown_popup import open_countdown_popup

        open_countdown_popup(App.get_running_app(), dict(self.countdowns), self._countdowns_chosen)

    def _countdowns_chosen(self, countdowns: dict[str, int]) -> None:
        from ui.widgets.countdown_popup import countdowns_summary

        self.countdowns = countdowns
        self.countdown_text = countdowns_summary(App.get_running_app(), countdowns)

    def open_venue(self) -> None:
        """The venue's details (a club night), in a popup of their own."""
        from ui.widgets.venue_popup import open_venue_popup

        open_venue_popup(App.get_running_app())

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

    def _refuse(self, app: Any, problem: Exception) -> None:
        self.error = str(problem)
        if app.hardware is not None:   # the status LED and the low beep too
            app.hardware.play(ErrorSignal(str(problem)))

    def refresh(self) -> None:
        app = App.get_running_app()
        settings = app.settings
        self.error = ""
        hardware = app.hardware
        self.panel_notice = " ".join(app.tr(n) for n in (hardware.said_once if hardware is not None else ()))
        self.advanced = False
        self.ids.camera.values = [app.tr(CAMERA_WORDS[code]) for code in CAMERAS]
        self.ids.camera.text = app.tr(CAMERA_WORDS.get(settings.camera, settings.camera))
        self.ids.camera_device.text = settings.camera_device
        self.sizes = [size_words(size) for size in dict.fromkeys((*SIZES, settings.camera_size))]
        self.ids.camera_size.text = size_words(settings.camera_size)
        self.ids.lens_position.text = "" if settings.lens_position is None else f"{settings.lens_position:g}"
        self._countdowns_chosen({game: settings.countdown_for(game) for game in registered_games()})
        self.ids.sound.state = "down" if settings.sound else "normal"
        self.ids.fullscreen.state = "down" if settings.fullscreen else "normal"
        self.ids.colour_symbols.state = "down" if settings.colour_symbols else "normal"
        pins = dict(settings.pins)
        try:
            pins = PinMap.from_dict(pins).to_dict()   # the whole map, defaults filled in
        except PinMapError as exc:   # show what the user wrote, and what is wrong with it
            self.error = app.tr(Text("The GPIO pins in the settings file cannot be used, so the panel is "
                                     "simulated: {problems}", problems=str(exc)))
            self.advanced = True
        self.ids.pins.text = pins_to_text(pins)
        self.pins_summary = pins_summary(app, pins)

    def save(self) -> None:
        app = App.get_running_app()
        try:
            pins = text_to_pins(self.ids.pins.text)
            PinMap.from_dict(pins)
        except ValueError as exc:   # a pin list that cannot be used: shown open, for editing
            self.advanced = True
            self._refuse(app, exc)
            return
        try:
            settings = app.settings.with_changes(
                camera=self._camera_code(self.ids.camera.text),
                camera_device=self.ids.camera_device.text.strip() or "0",
                camera_size=size_from_words(self.ids.camera_size.text) or "1280x720",
                lens_position=self._lens_position(app),
                sound=self.ids.sound.state == "down", fullscreen=self.ids.fullscreen.state == "down",
                colour_symbols=self.ids.colour_symbols.state == "down",
                pins=pins).per_game_countdowns(self.countdowns)
            app.save_settings(settings)
        except (CompanionError, ValueError, OSError) as exc:
            self._refuse(app, exc)
            return
        self.error = ""
        app.show_banner(app.tr("Settings saved. Pin and camera changes apply at the next start."), 6)
        app.goto("home")
