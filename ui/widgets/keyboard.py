"""The on-screen keyboard of the touch-only kiosk: Kivy's own VKeyboard, docked
at the bottom, with one layout per language (ui/keyboards/<lang>.json).

When it is used (``TABLE_COMPANION_KEYBOARD``, read once before the Window exists):

- ``dock``   — always: Kivy ``keyboard_mode = systemanddock`` (a docked keyboard
  opens with every text field; a hardware keyboard keeps working too);
- ``system`` — never: ``keyboard_mode = system`` (hardware keyboard only);
- ``auto`` (the default) — ``system`` when udev lists a keyboard
  (``/dev/input/by-path/*-event-kbd`` or ``/dev/input/by-id/*-event-kbd``: systemd's
  60-persistent-input.rules name a device ``kbd`` when ``ID_INPUT_KEYBOARD`` is set,
  i.e. it has the keys ESC, 1..0, Q..D; a power button or a touchscreen is not one),
  else ``dock``.  The Pi kiosk (SDL2 on KMS, no desktop) has no way to ask "is
  a person holding a keyboard?"; an attached keyboard is the best sign, read once
  at start.  Misreadings, and what to do:
  a Bluetooth keyboard gets no such link (the rules skip Bluetooth) — the docked
  keyboard shows, and the Bluetooth one types too (``systemanddock``); a USB
  receiver without its keyboard, or a security key, counts as a keyboard and
  hides the on-screen one — set ``TABLE_COMPANION_KEYBOARD=dock`` in the
  service's environment; a keyboard plugged in after start is used at once,
  the on-screen one goes away only at the next start.  No udev (a container):
  ``dock``.

An unknown value is reported on stderr and treated as ``auto``.

How it behaves:

- it opens in the app language's layout (el: Greek letters with ΄ and ¨ dead
  keys for ά έ ή ί ό ύ ώ ϊ ϋ; pl: ą ć ę ł ń ó ś ź ż beside their letters; it: à è
  é ì ò ù; en: qwerty), and every other layout is one tap away whatever the
  app's language: the bottom row has a key for each (ABC, ΑΒΓ, ÀÈÌ, ĄŁŚ), so
  "Łukasz" and "Νίκος" can be typed on an English screen;
- ⇧ shifts the next letter (one finger is enough; tapped twice it locks
  capitals, a third tap unlocks), ?123 toggles digits and signs (tile codes,
  fleets, pins), ⌫ repeats while held;
- ⏎ validates the field and closes the keyboard, ▼ closes it; it also closes
  when the screen changes;
- while it is open the app's root is lifted just enough that the field being
  typed into stays above the keyboard, and put back when it closes.

Wiring (two calls, both safe twice): ``configure_keyboard(Config)`` before the
Window exists (``ui.cli.configure_kivy``), and ``install(app)`` once the app's
root exists (``CompanionApp.on_start``).
"""
from __future__ import annotations

import logging
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.messages import N_
from ui.widgets.keyboard_rules import (ACTION_KEYS, EDGE_PX, GAP_PX, LATIN, LAYOUT_DIR, LIFT_FRAMES,
                                       MODIFIER_KEYS, compose, configure_keyboard, home_layout,
                                       keyboard_height, layout_target, lift_needed, part_to_show,
                                       read_layout)

__all__ = ("configure_keyboard", "install", "close_keyboard", "current_keyboard", "keyboard_class")

log = logging.getLogger(__name__)


# -- the widget ----------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def keyboard_class() -> type:
    """The VKeyboard subclass (built on first use so this module imports without Kivy)."""
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.graphics import Canvas
    from kivy.properties import StringProperty
    from kivy.uix.behaviors.focus import FocusBehavior
    from kivy.uix.vkeyboard import VKeyboard

    class TableKeyboard(VKeyboard):
        """Docked, one finger: sticky ⇧ and ?123, dead keys, a key per other layout."""

        home = StringProperty(LATIN)
        dead = StringProperty("")
        label_layer: Any = None   # the key labels' canvas, made in __init__

        def __init__(self, **kwargs: Any):
            # no running app (the keyboard built on its own) or one without a language: Latin
            home = home_layout(getattr(App.get_running_app(), "lang", LATIN))   # no app, or another Kivy app
            kwargs.setdefault("home", home)
            kwargs.setdefault("layout_path", str(LAYOUT_DIR))
            kwargs.setdefault("layout", home)
            kwargs.setdefault("font_size", 24)
            kwargs.setdefault("background_color", (0.55, 0.6, 0.68, 1))
            self._lifted: Any = None
            self._lift_event: Any = None
            self._lift_seen: list = []
            super().__init__(**kwargs)
            with self.canvas:   # above VKeyboard's key and pressed-key layers
                self.label_layer = Canvas()
            self.bind(parent=self._on_parent_changed)
            if self.layout in self.available_layouts and self.layout_geometry.get("LINE_1"):
                self.draw_keys()

        # layouts: a damaged file is reported and skipped, never a crash at the first tap
        def _load_layout_fn(self, fn: str, name: str) -> None:
            if not fn.endswith(".json"):
                return
            try:
                self.available_layouts[name] = read_layout(Path(fn))
            except ValueError as exc:
                report_problem(f"keyboard layout skipped: {exc}", file=Path(fn).name)

        def _load_layout(self, *largs: Any) -> None:
            if self._trigger_load_layouts.is_triggered:
                self._load_layouts()
                self._trigger_load_layouts.cancel()
            if self.layout not in self.available_layouts:
                fallback = LATIN if LATIN in self.available_layouts else next(iter(self.available_layouts), None)
                if fallback is None:
                    report_problem(f"no keyboard layout could be read in {self.layout_path}")
                    return
                report_problem(f"keyboard layout {self.layout!r} is missing; using {fallback!r}")
                self.layout = fallback
            self.refresh(True)

        def _update_layout_mode(self, *largs: Any) -> None:
            mode = "special" if self.have_special else ("shift" if self.have_capslock != self.have_shift else "normal")
            if mode != self.layout_mode:
                self.layout_mode = mode
                self.active_keys.clear()
                self.refresh(True)  # the rows of each mode may differ: recompute the key grid
                self._show_latched()

        def change_layout(self, name: str) -> None:
            """Switch to layout ``name`` (a layout key); an unknown one is reported, never a crash."""
            self.have_special = self.have_shift = False
            self.dead = ""
            if name in self.available_layouts:
                self.layout = name
            else:
                report_problem(f"keyboard layout {name!r} is missing")

        # drawing: key labels are cached textures on the canvas, not a Label widget per key
        # (VKeyboard makes ~40 Labels at every ⇧, ?123 or layout change: ~40 ms here)
        def draw_keys(self) -> None:
            from kivy.core.image import Image
            from kivy.graphics import BorderImage, Color, Rectangle
            from kivy.resources import resource_find

            layout = self.available_layouts[self.layout]
            geometry = self.layout_geometry
            self.background_key_layer.clear()
            background = Image(resource_find(self.background_disabled if self.disabled else self.background),
                               mipmap=True).texture
            key_face = Image(resource_find(self.key_disabled_background_normal if self.disabled
                                           else self.key_background_normal), mipmap=True).texture
            with self.background_key_layer:
                Color(*self.background_color)
                BorderImage(texture=background, size=self.size, border=self.background_border)
                Color(*self.key_background_color)
                for row in range(1, layout["rows"] + 1):
                    for pos, size in geometry[f"LINE_{row}"]:
                        BorderImage(texture=key_face, pos=pos, size=size, border=self.key_border)
            label_layer = self.label_layer
            if label_layer is None:   # VKeyboard.__init__ draws before ours has run
                return
            label_layer.clear()
            with label_layer:
                Color(1, 1, 1, 1)
                for row in range(1, layout["rows"] + 1):
                    keys = layout[f"{self.layout_mode}_{row}"]
                    for ((x, y), (w, h)), key in zip(geometry[f"LINE_{row}"], keys):
                        texture = label_texture(key[0], self.font_size, self.font_name)
                        if texture is not None:
                            tw, th = texture.size
                            Rectangle(texture=texture, size=texture.size,
                                      pos=(int(x + (w - tw) / 2), int(y + (h - th) / 2)))

        # docking: full width, rows a finger tall, at the bottom
        def setup_mode_dock(self, *largs: Any) -> None:
            self.do_translation = self.do_rotation = self.do_scale = False
            self.rotation = 0
            self.scale = 1
            win = self.get_parent_window()
            if win is None:
                return
            self._fit(win)
            win.unbind(on_resize=self._update_dock_mode)
            win.bind(on_resize=self._update_dock_mode)

        def _update_dock_mode(self, win: Any, *largs: Any) -> None:
            self._fit(win)

        def _fit(self, win: Any) -> None:
            rows = self.available_layouts.get(self.layout, {}).get("rows", 4)
            self.size = win.width, keyboard_height(win.height, rows)
            self.pos = 0, 0
            self.margin_hint = [EDGE_PX / self.height, EDGE_PX / self.width,
                                EDGE_PX / self.height, EDGE_PX / self.width]
            if self.layout in self.available_layouts:
                self.refresh(True)
            Clock.schedule_once(self._keep_target_visible, 0)

        # touches: a tap on the keyboard must not take the focus from the field.  A key's
        # touch is grabbed exclusively (the Window never sees its end, so never unfocuses);
        # a touch on the keyboard's edge is not, and is marked as FocusBehavior asks
        def on_touch_down(self, touch: Any) -> Any:
            if self.collide_point(*touch.pos) and self.collide_margin(*self.to_local(*touch.pos)):
                FocusBehavior.ignored_touch.append(touch)
            return super().on_touch_down(touch)

        def process_key_on(self, touch: Any) -> None:
            if not touch:
                return
            found = self.get_key_at_pos(*self.to_local(*touch.pos))
            if not found:
                return
            (_shown, text, code, _width), where = found
            touch.ud[self.uid] = {"key": found}
            if code != "backspace":
                self._stop_repeat()  # only ⌫ repeats while held
            if code in MODIFIER_KEYS or layout_target(code):
                self._modify(code)
            else:
                if text:
                    if self.dead:
                        text = compose(self.dead, text)
                    self._type(text, code)
                    self.dead = ""
                    self.have_shift = False
                elif code in ACTION_KEYS:
                    self.dispatch("on_key_down", code, None, [])
            self._show_latched({touch.uid: where})

        def process_key_up(self, touch: Any) -> None:
            if self.uid not in touch.ud:
                return
            (_shown, text, code, _width), _where = touch.ud[self.uid]["key"]
            if code in ACTION_KEYS:
                self.dispatch("on_key_up", code, None, [])
            self.active_keys.pop(touch.uid, None)
            self.refresh_active_keys_layer()

        def _modify(self, code: str) -> None:
            if code == "shift":   # one tap: the next letter; a second tap: caps lock; a third: off
                if self.have_capslock:
                    self.have_capslock = self.have_shift = False
                elif self.have_shift:
                    self.have_shift, self.have_capslock = False, True
                else:
                    self.have_shift = True
            elif code == "capslock":
                self.have_capslock = not self.have_capslock
            elif code == "special":
                self.have_special = not self.have_special
                self.have_shift = False
            elif layout_target(code):
                self.change_layout(layout_target(code))
            else:  # a dead key: the next letter gets its accent (again: cancelled)
                self.dead = "" if self.dead == code else code
                self.have_shift = False

        def _type(self, text: str, code: str | None) -> None:
            win = self.get_parent_window()
            if win is not None and type(win).__module__ == "kivy.core.window.window_sdl2":
                self.dispatch("on_textinput", text)  # as VKeyboard does on SDL2
            else:
                self.dispatch("on_key_down", code, text, [])
                self.dispatch("on_key_up", code, text, [])

        def _stop_repeat(self) -> None:
            if self._start_repeat_key_ev is not None:
                self._start_repeat_key_ev.cancel()
                self._start_repeat_key_ev = None
            if self._repeat_key_ev is not None:
                self._repeat_key_ev.cancel()
                self._repeat_key_ev = None

        def _show_latched(self, pressed: dict | None = None) -> None:
            """The pressed key, plus the latched ⇧ / dead key, drawn down."""
            self.active_keys.clear()
            self.active_keys.update(pressed or {})
            for code, on in (("shift", self.have_shift or self.have_capslock), (self.dead, bool(self.dead))):
                spot = self.key_position(code) if on else None
                if spot is not None:
                    self.active_keys[f"latched-{code}"] = spot
            self.refresh_active_keys_layer()

        def key_position(self, code: str) -> tuple[int, int] | None:
            """(row, index) of the first key sending ``code`` in the current mode."""
            layout = self.available_layouts.get(self.layout)
            if not layout:
                return None
            for row in range(1, layout["rows"] + 1):
                for index, key in enumerate(layout[f"{self.layout_mode}_{row}"]):
                    if key[2] == code:
                        return row, index
            return None

        def key_center(self, label: str) -> tuple[float, float] | None:
            """Window coordinates of the middle of the key showing ``label`` (tests, tools)."""
            layout = self.available_layouts.get(self.layout)
            if not layout:
                return None
            for row in range(1, layout["rows"] + 1):
                for index, key in enumerate(layout[f"{self.layout_mode}_{row}"]):
                    if key[0] == label:
                        (x, y), (w, h) = self.layout_geometry[f"LINE_{row}"][index]
                        return self.to_window(x + w / 2, y + h / 2)
            return None

        # the field being typed into stays above the keyboard
        def _on_parent_changed(self, _self: Any, parent: Any) -> None:
            if parent is None:
                self._stop_lifting()
                self._lower()
                self.dead = ""
                self.have_shift = self.have_special = self.have_capslock = False
            else:  # each opening starts in the app language's alphabet
                self.home = home_layout(getattr(App.get_running_app(), "lang", LATIN))   # as in __init__
                self.layout = self.home

        def _keep_target_visible(self, *_dt: Any) -> None:
            """Lift the app's root until the field sits just above the keyboard.  Moving the
            root re-lays the screen out over a frame, so each step waits until the field has
            stayed put for a frame, then corrects by what is still missing (or too much)."""
            if self._lift_event is not None:
                self._lift_event.cancel()
            self._lift_seen = []
            self._lift_event = Clock.schedule_interval(self._lift_step, 0)

        def _lift_step(self, *_dt: Any) -> bool | None:
            target, root = self.target, _app_root()
            if target is None or root is None or self.parent is None:
                return self._stop_lifting()
            seen = (round(self._bottom_to_show(target), 1), round(self.top, 1), root.y)
            history = self._lift_seen
            history.append(seen)
            if len(history) < 2 or history[-2] != seen:
                return None if len(history) < LIFT_FRAMES else self._stop_lifting()
            lift = lift_needed(seen[0], self.top, root.y)
            if abs(lift - root.y) < 0.5:
                return self._stop_lifting()
            root.y = lift
            self._lifted = root
            return None

        def _bottom_to_show(self, target: Any) -> float:
            """Window y of what must show above the keyboard: the whole field, or for a
            field taller than the room above the keyboard (the settings' pin list) the
            line with the cursor."""
            bottom = target.to_window(target.x, target.y)[1]
            cursor = getattr(target, "cursor_pos", None)   # a TextInput's; other targets have none
            if cursor is None:
                return bottom
            cursor_bottom = target.to_window(*cursor)[1] - getattr(target, "line_height", 0)   # a TextInput's; 0 for another target with a cursor
            window = self.get_parent_window()
            room = (window.height if window is not None else target.height) - self.top - GAP_PX
            return part_to_show(bottom, target.height, cursor_bottom, room)

        def _stop_lifting(self) -> bool:
            if self._lift_event is not None:
                self._lift_event.cancel()
                self._lift_event = None
            return False

        def _lower(self) -> None:
            if self._lifted is not None:
                self._lifted.y = 0
                self._lifted = None

    return TableKeyboard


_label_textures: dict[tuple[str, float, str], Any] = {}


def label_texture(text: str, font_size: float, font_name: str) -> Any:
    """A key's label drawn once (cached by text, size and font); None for a blank key."""
    if not text.strip():
        return None
    key = (text, font_size, font_name)
    texture = _label_textures.get(key)
    if texture is None:
        from kivy.core.text import Label as CoreLabel

        label = CoreLabel(text=text, font_size=font_size, font_name=font_name)
        label.refresh()
        texture = _label_textures[key] = label.texture
    return texture


def _app_root() -> Any:
    from kivy.app import App

    app = App.get_running_app()
    return getattr(app, "root", None)   # no running app: no root


#: what the players see when a layout file cannot be read (the keyboard falls back to another)
LAYOUT_PROBLEM = N_("The on-screen keyboard's layout {file} could not be read; "
                    "another layout is used. Reinstall Table Companion to repair it.")


def report_problem(message: str, file: str = "") -> None:
    """A keyboard problem: on stderr and in the log; with ``file`` (a layout that cannot be
    read) also in the red banner and on the status LED.  The keyboard keeps working with
    the layouts it could read."""
    print(f"companion: {message}", file=sys.stderr)
    log.error("%s", message)
    if not file:
        return
    from kivy.app import App

    from companion.signals import ErrorSignal

    app = App.get_running_app()
    if app is None:
        return
    if hasattr(app, "show_banner"):   # the running app may be another Kivy app, without a banner
        app.show_banner(app.tr(LAYOUT_PROBLEM, file=file), seconds=15, error=True)
    hardware = getattr(app, "hardware", None)   # nor a panel
    if hardware is not None:
        hardware.play(ErrorSignal(reason=message))


def current_keyboard() -> Any:
    """The open on-screen keyboard, or None."""
    from kivy.core.window import Window

    cls = keyboard_class()
    return next((w for w in Window.children if isinstance(w, cls)), None)


def close_keyboard(*_args: Any) -> None:
    """Close the on-screen keyboard (its field loses the focus)."""
    keyboard = current_keyboard()
    if keyboard is not None and keyboard.target is not None:
        keyboard.target.focus = False


def install(app: Any) -> None:
    """Use the table keyboard for every text field; close it when the screen changes.
    Call once the app's root exists (``on_start``)."""
    from kivy.core.window import Window

    Window.set_vkeyboard_class(keyboard_class())
    manager = app.root.ids.screens
    manager.unbind(current=close_keyboard)
    manager.bind(current=close_keyboard)
