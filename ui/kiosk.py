"""Kivy's configuration, set before Kivy is imported; the kiosk's input set-up.

Kivy reads its environment and ``config.ini`` when first imported, so
:func:`configure_kivy` runs before any ``import kivy``.

**Every tap counted twice.**  Without X (SDL2 on
KMS/DRM) a touchscreen reaches Kivy twice:

- Kivy's ``probesysfs`` provider (kivy/config.py adds ``%(name)s =
  probesysfs`` on Linux) opens the touchscreen's evdev node itself
  (``hidinput``) and makes a touch;
- SDL reads the same evdev node and, by default, *also* synthesises mouse
  events from touches (SDL hint ``SDL_TOUCH_MOUSE_EVENTS``, default "1"),
  which Kivy's ``mouse`` provider turns into a second touch.  Kivy's SDL2
  window ignores SDL finger events on Linux (window_sdl2.py: only iOS and
  Android queue them), and it drops the duplicate only through xinput,
  which a kiosk does not have (kivy/kivy#8494: "touchscreen calls the
  function twice" on Raspberry Pi OS 64-bit).

The kiosk therefore turns SDL's touch-to-mouse synthesis off
(``SDL_TOUCH_MOUSE_EVENTS=0``; SDL reads hints from the environment) so a
touch arrives only through ``hidinput``, keeps the mouse provider for a
real USB mouse but with ``disable_on_activity`` (kivy/input/providers/
mouse.py: mouse events are dropped while another provider has a touch) as a
second guard, and hides the cursor (``[graphics] show_cursor = 0``).
The SDL 2.30 bundled in Kivy 2.3's wheels reads that hint and has the
KMS/DRM video driver (tests/ui/test_kiosk_input.py checks the library).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Mapping, MutableMapping

#: The kiosk's input settings (section, key, value), as written to Kivy's Config.
KIOSK_INPUT = (
    ("input", "mouse", "mouse,disable_on_activity,disable_multitouch"),
    ("input", "%(name)s", "probesysfs,provider=hidinput"),
    ("graphics", "show_cursor", "0"),
)
#: A laptop or desktop: the window system delivers the mouse (and dedupes touch via xinput).
DESKTOP_INPUT = (
    ("input", "mouse", "mouse,disable_multitouch"),
)
#: SDL hints the kiosk sets (environment variables of the same name).
KIOSK_SDL_HINTS = {
    "SDL_TOUCH_MOUSE_EVENTS": "0",   # no mouse events synthesised from touches
    "SDL_MOUSE_TOUCH_EVENTS": "0",   # and no touches synthesised from the mouse
}


def is_kiosk(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> bool:
    """True when Kivy draws straight on the display (KMS/DRM), with no X or Wayland."""
    if environ.get("SDL_VIDEODRIVER", "").lower() in ("kmsdrm", "kmsdrm_legacy"):
        return True
    return platform.startswith("linux") and not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY")


def input_settings(kiosk: bool) -> tuple[tuple[str, str, str], ...]:
    return KIOSK_INPUT if kiosk else DESKTOP_INPUT


#: the layout is designed for 800×480 (a 7" touchscreen); larger screens show it larger
DESIGN_SIZE = (800, 480)
MAX_SCALE = 2.5
#: the share of a larger screen's extra size that goes to larger text and targets
GROWTH = 0.4


def ui_scale(width: int, height: int) -> float:
    """How much larger than the 800×480 design everything is drawn on a ``width``×``height``
    window: two fifths of the extra size makes text and targets larger (read across the
    table), the rest gives the views more room (1280×800: 1.24, so text is 24 % larger and
    Golden Horn still shows its camera beside the controls); never smaller than the design."""
    ratio = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1])
    return round(min(MAX_SCALE, max(1.0, 1.0 + GROWTH * (ratio - 1.0))), 2)


def configure_kivy(data_dir: Path, size: tuple[int, int], *, kiosk: bool | None = None,
                   environ: MutableMapping[str, str] | None = None, fullscreen: bool = False) -> bool:
    """Set Kivy's environment and Config (call before importing kivy); returns whether
    the kiosk input set-up was applied."""
    environ = os.environ if environ is None else environ
    from ui.logs import setup_logging

    setup_logging(environ=environ)  # type: ignore[arg-type]  # KIVY_LOG_MODE before kivy.logger
    kiosk = is_kiosk(environ) if kiosk is None else kiosk
    environ.setdefault("KIVY_NO_ARGS", "1")
    environ.setdefault("KIVY_HOME", str(kivy_home_in(Path(data_dir))))
    if kiosk:
        for name, value in KIOSK_SDL_HINTS.items():
            environ.setdefault(name, value)
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "resizable", "1")
    # fullscreen from the start, so the window has the screen's size when the layout is scaled
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("kivy", "exit_on_escape", "0")
    # no multisample anti-aliasing: flat fills and text gain nothing from it, several Mesa
    # drivers fail to create a multisampled SDL2 window (kivy/kivy#3576, #8048: Lima before
    # Mesa 22.2), and it costs fill rate on the Pi's GPU and on software GL (Xvfb, llvmpipe)
    Config.set("graphics", "multisamples", "0")
    for section, key, value in input_settings(kiosk):
        Config.set(section, key, value)
    from ui.widgets.keyboard import configure_keyboard

    configure_keyboard(Config)  # [kivy] keyboard_mode / keyboard_layout, before the Window exists
    if not kiosk:
        # a previous kiosk run may have left these in this KIVY_HOME's config.ini
        Config.set("graphics", "show_cursor", "1")
    else:
        Config.write()  # KIVY_HOME/config.ini shows what the kiosk runs with (False when it cannot)
    return kiosk


def kivy_home_in(data_dir: Path) -> Path:
    """Kivy's config folder: ``data_dir/kivy``, or a fresh temporary folder when the
    data folder cannot be written (a read-only or full SD card): the app must still
    start, to say so on its problem screen."""
    kivy_home = data_dir / "kivy"
    try:
        kivy_home.mkdir(parents=True, exist_ok=True)
        probe = kivy_home / ".writable"
        probe.write_bytes(b"")
        probe.unlink()
        return kivy_home
    except OSError as exc:
        import logging
        import tempfile

        fallback = Path(tempfile.mkdtemp(prefix="table-companion-kivy-"))
        logging.getLogger(__name__).warning(
            "%s cannot be written (%s); Kivy's configuration goes to %s", kivy_home, exc, fallback)
        return fallback
