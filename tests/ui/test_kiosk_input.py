"""The kiosk's Kivy input configuration, as written to config.ini and as Kivy's
own providers read it (every tap counted once).

The child runs ``ui.kiosk.configure_kivy`` in a fresh process (Kivy reads
its configuration once, at import) with the kiosk unit's environment: no X,
``SDL_VIDEODRIVER=kmsdrm``.
"""
from __future__ import annotations

import configparser
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = '''
import json, os, sys
from pathlib import Path
from ui.kiosk import configure_kivy
kiosk = configure_kivy(Path(sys.argv[1]), (800, 480))
from kivy.config import Config
from kivy.input.providers.mouse import MouseMotionEventProvider
from kivy.input.providers.probesysfs import ProbeSysfsHardwareProbe
def provider_args(key):  # as kivy/base.py reads an [input] line: "provider_id,args"
    provider_id, _, args = Config.get("input", key).partition(",")
    return provider_id, args
mouse_id, mouse_args = provider_args("mouse")
probe_id, probe_args = provider_args("%(name)s")
mouse = MouseMotionEventProvider("mouse", mouse_args)
probe = object.__new__(ProbeSysfsHardwareProbe)  # its __new__ returns None (providers self-register)
ProbeSysfsHardwareProbe.__init__(probe, "probesysfs", probe_args)
print(json.dumps({
    "kiosk": kiosk,
    "hints": {k: os.environ.get(k) for k in ("SDL_TOUCH_MOUSE_EVENTS", "SDL_MOUSE_TOUCH_EVENTS")},
    "mouse_disable_on_activity": mouse.disable_on_activity,
    "mouse_disable_multitouch": mouse.disable_multitouch,
    "probe_provider": probe.provider, "providers": [mouse_id, probe_id],
    "show_cursor": Config.getint("graphics", "show_cursor"),
    "log_mode": os.environ.get("KIVY_LOG_MODE"),
}))
'''


def run_child(tmp_path: Path, **env_changes: str | None) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("KIVY_", "SDL_")) and k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(ROOT)
    env.update({k: v for k, v in env_changes.items() if v is not None})
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(CHILD), str(tmp_path / "data")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_kiosk_reads_touch_once_and_hides_the_cursor(tmp_path):
    result = run_child(tmp_path, SDL_VIDEODRIVER="kmsdrm", KIVY_WINDOW="sdl2", KIVY_NO_CONSOLELOG="1")
    assert result["kiosk"] is True
    # SDL does not turn touches into mouse events: the touchscreen reaches Kivy through hidinput only
    assert result["hints"] == {"SDL_TOUCH_MOUSE_EVENTS": "0", "SDL_MOUSE_TOUCH_EVENTS": "0"}
    assert result["probe_provider"] == "hidinput" and result["providers"] == ["mouse", "probesysfs"]
    # a real mouse still works, but gives way while a touch is active
    assert result["mouse_disable_on_activity"] is True and result["mouse_disable_multitouch"] is True
    assert result["show_cursor"] == 0
    assert result["log_mode"] == "PYTHON"
    written = configparser.ConfigParser(interpolation=None)
    written.read(tmp_path / "data" / "kivy" / "config.ini")
    assert written["input"]["mouse"] == "mouse,disable_on_activity,disable_multitouch"
    assert written["input"]["%(name)s"] == "probesysfs,provider=hidinput"
    assert written["graphics"]["show_cursor"] == "0"


def test_no_display_server_at_all_is_a_kiosk_too(tmp_path):
    assert run_child(tmp_path)["kiosk"] is True


def test_a_desktop_keeps_its_mouse_and_cursor(tmp_path):
    result = run_child(tmp_path, DISPLAY=":0")
    assert result["kiosk"] is False
    assert result["hints"] == {"SDL_TOUCH_MOUSE_EVENTS": None, "SDL_MOUSE_TOUCH_EVENTS": None}
    assert result["mouse_disable_on_activity"] is False and result["show_cursor"] == 1


def test_the_sdl_kivy_ships_knows_the_hint_and_kms():
    """The hint only helps if the SDL under Kivy reads it: Kivy's wheels bundle their SDL2."""
    import importlib.util

    import pytest

    kivy_dir = Path(importlib.util.find_spec("kivy").origin).parent
    libraries = sorted((kivy_dir.parent / "Kivy.libs").glob("libSDL2-2*.so*"))
    if not libraries:
        pytest.skip("Kivy here uses the system's SDL2 (not a wheel)")
    binary = libraries[0].read_bytes()
    assert b"SDL_TOUCH_MOUSE_EVENTS\x00" in binary
    assert b"SDL_kmsdrmvideo.c" in binary  # the KMS/DRM video driver the kiosk uses
