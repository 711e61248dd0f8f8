"""The on-screen keyboard's rules, without Kivy: when it is used (the mode rule
documented in ui/widgets/keyboard.py), its layout files, the dead keys' accents,
its size and how far the screen rises above it."""
from __future__ import annotations

import json
import logging
import os
import sys
import unicodedata
from pathlib import Path
from typing import Any, Mapping

log = logging.getLogger(__name__)

ENV = "TABLE_COMPANION_KEYBOARD"
CHOICES = ("auto", "dock", "system")
#: Kivy ``[kivy] keyboard_mode`` for each choice (auto resolves to one of the others)
KIVY_MODES = {"dock": "systemanddock", "system": "system"}
LAYOUT_DIR = Path(__file__).resolve().parent.parent / "keyboards"
#: the layout of each app language; every layout has a key to each of the others
HOME_LAYOUTS = {"en": "en", "el": "el", "it": "it", "pl": "pl"}
#: the code of the key that switches to a layout: ``layout:<name>``
LAYOUT_KEY = "layout:"
LATIN = "en"
GREEK = "el"
#: dead keys: the combining mark they put on the next letter
DEAD_KEYS = {"dead_tonos": "\u0301", "dead_dialytika": "\u0308"}
#: keys that change the keyboard instead of typing
MODIFIER_KEYS = ("shift", "capslock", "special") + tuple(DEAD_KEYS)
#: keys sent to the field as key presses (the rest type their text)
ACTION_KEYS = ("backspace", "enter", "escape", "tab")
#: row height: a share of the window height, at least MIN_ROW_PX (a finger), at most MAX_ROW_PX
ROW_SHARE, MIN_ROW_PX, MAX_ROW_PX = 0.11, 48, 72
#: space around the keys (px); gap kept between the field and the keyboard (px)
EDGE_PX, GAP_PX = 4, 6
#: frames the lift may take to settle (a relayout takes one)
LIFT_FRAMES = 30

_configured: dict[str, str] = {}


# -- choosing the mode (before the Window exists) ---------------------------------------------
def hardware_keyboards(input_dir: Path = Path("/dev/input")) -> list[str]:
    """The keyboards udev lists (names of the ``*-event-kbd`` links), sorted."""
    found: set[str] = set()
    for sub in ("by-path", "by-id"):
        folder = input_dir / sub
        try:
            found.update(p.name for p in folder.iterdir() if p.name.endswith("-event-kbd"))
        except OSError:  # no udev (a container) or no input devices at all
            continue
    return sorted(found)


def keyboard_choice(environ: Mapping[str, str] = os.environ) -> str:
    """``auto``, ``dock`` or ``system`` from ``TABLE_COMPANION_KEYBOARD``; an unknown value
    is reported on stderr and read as ``auto``."""
    value = environ.get(ENV, "").strip().lower() or "auto"
    if value not in CHOICES:
        print(f"companion: {ENV}={value!r} is not one of {', '.join(CHOICES)}; using auto",
              file=sys.stderr)
        log.warning("%s=%r is not one of %s; using auto", ENV, value, CHOICES)
        return "auto"
    return value


def keyboard_mode(choice: str, keyboards: list[str]) -> str:
    """Kivy's ``keyboard_mode`` for a choice, given the hardware keyboards found."""
    if choice == "auto":
        choice = "system" if keyboards else "dock"
    return KIVY_MODES[choice]


def configure_keyboard(config: Any, environ: Mapping[str, str] = os.environ,
                       input_dir: Path = Path("/dev/input")) -> str:
    """Set ``[kivy] keyboard_mode``/``keyboard_layout`` on Kivy's ``Config``; call it
    before the Window (and kivy.uix.behaviors.focus) is imported.  Returns the mode."""
    choice = keyboard_choice(environ)
    keyboards = hardware_keyboards(input_dir) if choice == "auto" else []
    mode = keyboard_mode(choice, keyboards)
    config.set("kivy", "keyboard_mode", mode)
    config.set("kivy", "keyboard_layout", LATIN)
    if _configured.get("mode") != mode:
        log.info("on-screen keyboard: %s=%s, keyboards found: %s -> keyboard_mode %s",
                 ENV, choice, ", ".join(keyboards) or "none", mode)
    _configured["mode"] = mode
    return mode


# -- layouts (pure) ------------------------------------------------------------------------------
def home_layout(lang: str) -> str:
    return HOME_LAYOUTS.get(lang, LATIN)


def layout_target(code: str | None) -> str | None:
    """The layout a key switches to (its code is ``layout:<name>``), else None."""
    if code and code.startswith(LAYOUT_KEY):
        return code[len(LAYOUT_KEY):] or None
    return None


def compose(dead: str, text: str) -> str:
    """``text`` with the dead key's accent when such a letter exists (ε + ΄ → έ), else ``text``."""
    composed = unicodedata.normalize("NFC", text + DEAD_KEYS[dead])
    return composed if len(composed) == len(text) else text


def layout_problems(data: Any) -> list[str]:
    """What is wrong with a VKeyboard layout (empty when nothing): the keys Kivy needs
    (title, cols, rows, normal_N/shift_N/special_N of 4-item keys), rows as wide as ``cols``."""
    if not isinstance(data, dict):
        return ["not a JSON object"]
    problems = [f"missing {name!r}" for name in ("title", "description", "cols", "rows") if name not in data]
    if problems:
        return problems
    cols, rows = data["cols"], data["rows"]
    for mode in ("normal", "shift", "special"):
        for row in range(1, rows + 1):
            name = f"{mode}_{row}"
            keys = data.get(name)
            if not isinstance(keys, list) or not keys:
                problems.append(f"missing row {name!r}")
                continue
            for key in keys:
                if not (isinstance(key, list) and len(key) == 4 and isinstance(key[0], str)
                        and (key[1] is None or isinstance(key[1], str))
                        and (key[2] is None or isinstance(key[2], str))
                        and isinstance(key[3], (int, float)) and key[3] > 0):
                    problems.append(f"{name}: bad key {key!r}")
            width = sum(k[3] for k in keys if isinstance(k, list) and len(k) == 4
                        and isinstance(k[3], (int, float)))
            if abs(width - cols) > 1e-6:
                problems.append(f"{name} is {width:g} keys wide, not {cols}")
    return problems


def read_layout(path: Path) -> dict:
    """A layout file, checked; raises ValueError naming the file and the problem."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: {exc}") from exc
    problems = layout_problems(data)
    if problems:
        raise ValueError(f"{path}: {'; '.join(problems)}")
    return data


def keyboard_height(window_height: float, rows: int = 4) -> float:
    """Height (px) of the docked keyboard: rows of at least MIN_ROW_PX."""
    row = min(max(window_height * ROW_SHARE, MIN_ROW_PX), MAX_ROW_PX)
    return rows * row + 2 * EDGE_PX


def lift_needed(field_bottom: float, keyboard_top: float, lifted: float = 0.0) -> float:
    """How high (px) the screen must be lifted so a field whose bottom is now at window y
    ``field_bottom`` (screen lifted by ``lifted``) sits GAP_PX above the keyboard's top;
    never below 0 (the screen never goes down past its place)."""
    return max(0.0, lifted + keyboard_top + GAP_PX - field_bottom)


def part_to_show(field_bottom: float, field_height: float, cursor_bottom: float, room: float) -> float:
    """The window y that must end up above the keyboard: the field's bottom when the
    whole field fits in the ``room`` (px) above the keyboard, else the cursor line's bottom
    (never below the field's own bottom)."""
    return field_bottom if field_height <= room else max(field_bottom, cursor_bottom)
