"""Settings: a small TOML file in the user's data directory.

::

    language = "el"          # en, el, it, pl
    camera = "auto"          # auto, simulated, picamera2, opencv, none
    camera_device = "0"      # OpenCV device index or video file path
    fullscreen = false
    sound = true

    [pins]                   # BCM numbers; checked by hardware.pins
    end_turn = 17
    seat_leds = [5, 6, 13, 19, 26]

Unknown keys and wrong types are refused with an error naming the file and
the key.  Saving is atomic (write a temporary file, fsync, rename).
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping

from companion.engine import CompanionError

LANGUAGES = ("en", "el", "it", "pl")
CAMERAS = ("auto", "simulated", "picamera2", "opencv", "none")
SETTINGS_FILE = "settings.toml"


class SettingsError(CompanionError, ValueError):
    """A settings file that cannot be used; the message names file and key."""


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    camera: str = "auto"
    camera_device: str = "0"
    fullscreen: bool = False
    sound: bool = True
    pins: Mapping[str, Any] = field(default_factory=dict)

    def with_changes(self, **changes: Any) -> "Settings":
        new = replace(self, **changes)
        _check(new, "settings")
        return new


_TYPES: dict[str, type] = {
    "language": str, "camera": str, "camera_device": str, "fullscreen": bool, "sound": bool,
    "pins": dict,
}


def _check(settings: Settings, where: str) -> None:
    if settings.language not in LANGUAGES:
        raise SettingsError(f"{where}: language must be one of {', '.join(LANGUAGES)}, "
                            f"not {settings.language!r}")
    if settings.camera not in CAMERAS:
        raise SettingsError(f"{where}: camera must be one of {', '.join(CAMERAS)}, "
                            f"not {settings.camera!r}")


def default_data_dir() -> Path:
    """``$TABLE_COMPANION_DATA``, else ``$XDG_DATA_HOME/table-companion``, else
    ``~/.local/share/table-companion``."""
    explicit = os.environ.get("TABLE_COMPANION_DATA")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "table-companion"


def load_settings(path: str | Path) -> Settings:
    """Settings from ``path``; defaults when the file does not exist yet."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        raise SettingsError(f"{path}: cannot read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"{path}: not valid TOML ({exc})") from None
    return settings_from_dict(data, str(path))


def settings_from_dict(data: Mapping[str, Any], where: str = "settings") -> Settings:
    values: dict[str, Any] = {}
    for key, value in data.items():
        expected = _TYPES.get(key)
        if expected is None:
            raise SettingsError(f"{where}: unknown setting {key!r}")
        if expected is str and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, expected) or (expected is not bool and isinstance(value, bool)):
            raise SettingsError(f"{where}: {key} must be {expected.__name__}, not {value!r}")
        values[key] = value
    settings = Settings(**values)
    _check(settings, where)
    return settings


def save_settings(settings: Settings, path: str | Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [
        f"language = {_toml(settings.language)}",
        f"camera = {_toml(settings.camera)}",
        f"camera_device = {_toml(settings.camera_device)}",
        f"fullscreen = {_toml(settings.fullscreen)}",
        f"sound = {_toml(settings.sound)}",
    ]
    if settings.pins:
        lines += ["", "[pins]"] + [f"{k} = {_toml(v)}" for k, v in sorted(settings.pins.items())]
    tmp = path.with_suffix(".toml.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    raise SettingsError(f"cannot save a setting of type {type(value).__name__}")
