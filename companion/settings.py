"""Settings: a small TOML file in the user's data directory.

::

    language = "el"          # en, el, it, pl
    camera = "auto"          # auto, simulated, picamera2, opencv, none
    camera_device = "0"      # OpenCV device index or video file path (printable text)
    camera_size = "1280x720" # the stream the camera is asked for, WIDTHxHEIGHT in pixels
    lens_position = 2.5      # optional: focus once at start to this lens position, in
                             # dioptres (1 / distance in metres, >= 0; 0 = infinity);
                             # left out: the camera focuses by itself (Picamera2 only)
    fullscreen = false
    sound = true
    venue = ""               # a club's or café's venue name: "" (the default) = no venue,
                             # and nothing opens a socket
    venue_broker = ""        # the venue's MQTT broker, host:port (8883: MQTT over TLS)
    table_id = ""            # this table's id at the venue (no +, # or /)
    venue_tls = true         # TLS to the broker (false only for a broker on this machine)
    colour_symbols = true    # colours drawn with a symbol as well (for colour-blind players)

    [turn_countdowns]        # seconds of each game's turn countdown (0 or left out: off)
    golden_horn = 60         # (older files hold one ``turn_countdown = 60``: it stays the value
                             # of every game not named here; Settings names every game)

    [pins]                   # BCM numbers; checked by hardware.pins
    end_turn = 17
    seat_leds = [5, 6, 13, 19, 26]

Reading is forgiving, per key (:func:`read_settings`): a key that cannot be
used is reported by name and takes its default *in memory only*; the other
keys keep their values.  A file that is not TOML at all gives the defaults
and is reported.  Writing never loses what could not be read
(:func:`save_settings`): the changes are merged into the document as it is on
disk, so unknown keys and values that could not be used stay as the user
wrote them, and a file that is not TOML is moved aside as
``settings.toml.damaged-<time>`` (never deleted) before a new one is written.
Saving is atomic (write a temporary file, fsync, rename) and written by
``tomli_w``, so the file is always valid TOML.
"""
from __future__ import annotations

import copy
import datetime
import difflib
import logging
import math
import os
import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Mapping

import tomli_w

from companion.errors import SettingsError
from companion.inputs import read_bounded_text, reason_of
from companion.venue.names import VenueError, check_broker, check_name

log = logging.getLogger(__name__)

LANGUAGES = ("en", "el", "it", "pl")
CAMERAS = ("auto", "simulated", "picamera2", "opencv", "none")
SETTINGS_FILE = "settings.toml"
DAMAGED_SUFFIX = ".damaged-"

#: The [pins] keys and what each holds (mirrors hardware/pins.py, which also checks
#: ranges, reserved pins and pins used twice; companion/ may not import hardware/).
PIN_NUMBERS = ("end_turn", "confirm", "undo", "status_led", "buzzer")
PIN_KEYS = (*PIN_NUMBERS, "seat_leds", "buzzer_tonal")
MAX_SEAT_LEDS = 5
#: the longest turn countdown (seconds)
MAX_COUNTDOWN = 3600
#: the turn countdowns Settings offers (seconds; 0: off)
COUNTDOWNS = (0, 30, 60, 90, 120, 180, 300)

_SIZE = re.compile(r"(?P<w>[1-9][0-9]{1,4})x(?P<h>[1-9][0-9]{1,4})")
#: a game's id as the games' list spells it ("golden_horn")
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,39}")


def size_words(size: str) -> str:
    """A ``WIDTHxHEIGHT`` size as players read it: ``"1280x720"`` → ``"1280 × 720"``
    (anything else unchanged)."""
    match = _SIZE.fullmatch(size)
    return f"{match['w']} × {match['h']}" if match else size


def size_from_words(text: str) -> str:
    """What a player typed ("1280 × 720", "1280 x 720", "1280X720") in the settings file's
    ``WIDTHxHEIGHT`` form; "" stays "" (the default)."""
    return re.sub(r"\s*[x×X*]\s*", "x", text.strip())


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    camera: str = "auto"
    camera_device: str = "0"
    camera_size: str = "1280x720"
    lens_position: float | None = None
    fullscreen: bool = False
    sound: bool = True
    #: seconds of the turn countdown of every game not in ``turn_countdowns`` (0: off): the one
    #: value older settings files hold; Settings saves each game's own (``per_game_countdowns``)
    turn_countdown: int = 0
    #: seconds of the turn countdown per game, by the game's id (0: off); it never ends a
    #: turn, it only hurries and beeps
    turn_countdowns: Mapping[str, int] = field(default_factory=dict)
    venue: str = ""
    venue_broker: str = ""
    table_id: str = ""
    venue_tls: bool = True
    #: every colour drawn with its symbol as well as its fill (for colour-blind players)
    colour_symbols: bool = True
    pins: Mapping[str, Any] = field(default_factory=dict)

    def with_changes(self, **changes: Any) -> "Settings":
        """A copy with ``changes``; raises SettingsError naming a value that cannot be used."""
        new = replace(self, **changes)
        problems = [f"settings: {p}" for name in changes if name != "pins"
                    for p in [_value_problem(name, getattr(new, name))] if p]   # the changed fields, by name
        if problems:
            raise SettingsError("; ".join(problems))
        return new

    def countdown_for(self, game: str) -> int:
        """Seconds of ``game``'s turn countdown (0: off): its own, else the one value of an
        older settings file (which was every game's)."""
        return int(self.turn_countdowns.get(game, self.turn_countdown))

    def per_game_countdowns(self, countdowns: Mapping[str, int]) -> "Settings":
        """A copy with ``countdowns`` (seconds by game id) as those games' own, the other
        games' kept (SettingsError when one cannot be used).  An older file's single value
        stays, for the games not named (one not installed now)."""
        return self.with_changes(turn_countdowns={**self.turn_countdowns, **countdowns})

    @property
    def camera_pixels(self) -> tuple[int, int]:
        """``camera_size`` as (width, height) in pixels."""
        match = _SIZE.fullmatch(self.camera_size)
        if match is None:
            return (1280, 720)
        return int(match["w"]), int(match["h"])

    @property
    def has_venue(self) -> bool:
        """A venue is set: the table publishes to it (with none, nothing opens a socket)."""
        return bool(self.venue)


FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Settings))
#: the venue link's keys: written only once one is set (a table without a venue keeps the file it had)
VENUE_KEYS = ("venue", "venue_broker", "table_id", "venue_tls")
DEFAULTS = Settings()


@dataclass(frozen=True)
class LoadedSettings:
    """What :func:`read_settings` made of a file.

    ``problems``: one line per key that could not be used (file and key
    named; that key has its default in ``settings``), or one line for a file
    that is not TOML.  ``pin_problems``: what is wrong with ``[pins]`` (the
    panel is then simulated by hardware/, which says so itself).  ``damaged``:
    why the file could not be read at all ('' when it could).
    """

    path: Path
    settings: Settings = DEFAULTS
    problems: tuple[str, ...] = ()
    pin_problems: tuple[str, ...] = ()
    damaged: str = ""
    document: Mapping[str, Any] | None = None
    bad_keys: frozenset[str] = frozenset()

    @property
    def ok(self) -> bool:
        return not (self.problems or self.pin_problems or self.damaged)


@dataclass(frozen=True)
class SaveResult:
    """Where a save went; ``moved_aside`` is the damaged file's new name (or None)."""

    path: Path
    moved_aside: Path | None = None


def default_data_dir() -> Path:
    """``$TABLE_COMPANION_DATA``, else ``$XDG_DATA_HOME/table-companion``, else
    ``~/.local/share/table-companion``."""
    explicit = os.environ.get("TABLE_COMPANION_DATA")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "table-companion"


# -- reading -------------------------------------------------------------------
#: the largest settings file read (the full set of keys is under 2 KB)
MAX_SETTINGS_BYTES = 1024 * 1024


def read_settings(path: str | Path) -> LoadedSettings:
    """Settings from ``path``, key by key; never raises.

    Defaults when the file does not exist yet.  Every problem is in the result
    (see :class:`LoadedSettings`) for the caller to show and log.
    """
    path = Path(path)
    try:
        text = read_bounded_text(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return LoadedSettings(path)
    except (OSError, UnicodeDecodeError) as exc:   # InputError: a FIFO, a device, too large
        return _damaged(path, f"cannot read ({reason_of(exc)})")
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return _damaged(path, f"not valid TOML ({exc})")
    except (ValueError, RecursionError) as exc:   # an integer of 5,000 digits, [[[[…]]]] nesting
        return _damaged(path, f"not valid TOML ({type(exc).__name__}: {_short(str(exc) or 'nested too deep')})")
    return settings_from_document(document, path)


def _damaged(path: Path, reason: str) -> LoadedSettings:
    return LoadedSettings(path, problems=(f"{path}: {reason}",), damaged=reason)


def settings_from_document(document: Mapping[str, Any], path: str | Path = "settings") -> LoadedSettings:
    """Check a parsed TOML document key by key (see :func:`read_settings`)."""
    where = str(path)
    values: dict[str, Any] = {}
    problems: list[str] = []
    pin_problems: list[str] = []
    bad: set[str] = set()
    for key, value in document.items():
        if key not in FIELDS:
            hint = difflib.get_close_matches(key, FIELDS, n=1)
            also = f" (did you mean {hint[0]}?)" if hint else f" (known: {', '.join(FIELDS)})"
            problems.append(f"{where}: unknown setting {key!r}{also}")
            continue
        if key == "pins":
            if not isinstance(value, Mapping):
                problems.append(f"{where}: pins must be a table ([pins] with lines like end_turn = 21), "
                                f"not {_show(value)}")
                bad.add(key)
                continue
            pin_problems.extend(f"{where}: {p}" for p in pin_problems_of(value))
            values[key] = dict(value)
            continue
        if key == "camera_device" and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if key == "lens_position" and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        problem = _value_problem(key, value)
        if problem:
            problems.append(f"{where}: {problem}; using {_show_default(key)} for now")
            bad.add(key)
            continue
        values[key] = value
    return LoadedSettings(Path(path), Settings(**values), tuple(problems), tuple(pin_problems),
                          document=document, bad_keys=frozenset(bad))


def load_settings(path: str | Path) -> Settings:
    """Strict: settings from ``path`` (defaults when it does not exist), or
    SettingsError naming the file and every key that cannot be used."""
    loaded = read_settings(path)
    problems = loaded.problems + loaded.pin_problems
    if problems:
        raise SettingsError("; ".join(problems))
    return loaded.settings


def _value_problem(key: str, value: Any) -> str:
    """What is wrong with ``value`` for the (non-pins) setting ``key``; '' when nothing."""
    if key == "language":
        if value not in LANGUAGES or not isinstance(value, str):
            return f"language must be one of {', '.join(LANGUAGES)}, not {_show(value)}"
    elif key == "camera":
        if value not in CAMERAS or not isinstance(value, str):
            return f"camera must be one of {', '.join(CAMERAS)}, not {_show(value)}"
    elif key == "camera_device":
        if not isinstance(value, str) or not value.strip():
            return f"camera_device must be text (a device number or a file path), not {_show(value)}"
        if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in value) or len(value) > 1024:
            return f"camera_device must be printable text, not {_show(value)}"
    elif key == "camera_size":
        if not isinstance(value, str) or _SIZE.fullmatch(value) is None:
            return f"camera_size must be WIDTHxHEIGHT in pixels (like \"1280x720\"), not {_show(value)}"
    elif key == "lens_position":
        if value is None:
            return ""
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value) or value < 0:
            return f"lens_position must be a number of dioptres, 0 or more, not {_show(value)}"
    elif key == "turn_countdown":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNTDOWN:
            return f"turn_countdown must be whole seconds from 0 (off) to {MAX_COUNTDOWN}, not {_show(value)}"
    elif key == "turn_countdowns":
        if not isinstance(value, Mapping):
            return (f"turn_countdowns must be a table ([turn_countdowns] with lines like golden_horn = 60), "
                    f"not {_show(value)}")
        for game, seconds in value.items():
            if not isinstance(game, str) or _GAME_ID.fullmatch(game) is None:
                return f"turn_countdowns: {_show(game)} is not a game's id (like golden_horn)"
            if isinstance(seconds, bool) or not isinstance(seconds, int) or not 0 <= seconds <= MAX_COUNTDOWN:
                return (f"turn_countdowns: {game} must be whole seconds from 0 (off) to {MAX_COUNTDOWN}, "
                        f"not {_show(seconds)}")
    elif key in ("venue", "table_id"):
        if not isinstance(value, str):
            return f"{key} must be text, not {_show(value)}"
        if value:
            try:
                check_name(value, "venue name" if key == "venue" else "table id")
            except VenueError as exc:
                return f"{key}: {exc}"
    elif key == "venue_broker":
        if not isinstance(value, str):
            return f"venue_broker must be text (host:port), not {_show(value)}"
        if value:
            try:
                check_broker(value)
            except VenueError as exc:
                return f"venue_broker: {exc}"
    elif key in ("fullscreen", "sound", "venue_tls", "colour_symbols"):
        if not isinstance(value, bool):
            return f"{key} must be true or false, not {_show(value)}"
    return ""


def pin_problems_of(pins: Mapping[str, Any]) -> list[str]:
    """Types and shapes of a ``[pins]`` table (hardware.pins checks ranges and clashes)."""
    problems = []
    for key, value in pins.items():
        if key not in PIN_KEYS:
            hint = difflib.get_close_matches(str(key), PIN_KEYS, n=1)
            also = f" (did you mean pins.{hint[0]}?)" if hint else f" (known: {', '.join(PIN_KEYS)})"
            problems.append(f"pins.{key} is not a known setting{also}")
        elif key == "buzzer_tonal":
            if not isinstance(value, bool):
                problems.append(f"pins.buzzer_tonal must be true or false, not {_show(value)}")
        elif key == "seat_leds":
            if not isinstance(value, list):
                problems.append(f"pins.seat_leds must be a list of GPIO numbers, not {_show(value)}")
                continue
            if len(value) > MAX_SEAT_LEDS:
                problems.append(f"pins.seat_leds lists {len(value)} LEDs; at most {MAX_SEAT_LEDS} seats")
            for index, light in enumerate(value):
                if isinstance(light, list):
                    if len(light) != 3 or not all(_is_int(v) for v in light):
                        problems.append(f"pins.seat_leds[{index}] must be a GPIO number or [red, green, "
                                        f"blue] GPIO numbers, not {_short(repr(light))}")
                elif not _is_int(light):
                    problems.append(f"pins.seat_leds[{index}] must be a BCM GPIO number (a whole "
                                    f"number), not {_show(light)}")
        elif not _is_int(value):
            problems.append(f"pins.{key} must be a BCM GPIO number (a whole number), not {_show(value)}")
    return problems


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    if isinstance(value, (dict, list)):
        kind = "a table" if isinstance(value, dict) else "a list"
        return f"{kind} {_short(repr(value))}"
    if isinstance(value, (datetime.date, datetime.time)):
        return f"a date/time {value.isoformat()}"
    return f"{_short(repr(value))} ({type(value).__name__})"


def _show_default(key: str) -> str:
    value = getattr(DEFAULTS, key)   # a settings key, by name
    return "none" if value is None else repr(value)


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- writing -------------------------------------------------------------------
def save_settings(settings: Settings, path: str | Path) -> SaveResult:
    """Write ``settings`` to ``path`` without losing what the file holds.

    The file is read again first and the settings are merged into that
    document: a key whose value equals what was read from the file keeps its
    text (so values that could not be used, unknown keys and other tables stay
    as written), changed keys are replaced, ``lens_position = None`` removes
    that key.  A file that cannot be read as TOML is renamed to
    ``settings.toml.damaged-<time>`` first (:attr:`SaveResult.moved_aside`).
    Raises SettingsError (nothing written) when the result would not be valid.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    current = read_settings(path)
    document: dict[str, Any] = copy.deepcopy(dict(current.document or {}))
    for name in FIELDS:
        value = getattr(settings, name)   # every settings field, by name
        if name in document and value == getattr(current.settings, name):   # the same field, by name
            continue    # unchanged: keep the user's own text, even one that could not be used
        if value is None or (name == "pins" and not value and name not in document) \
                or (name == "turn_countdowns" and not value and name not in document) \
                or (name in VENUE_KEYS and name not in document and value == getattr(DEFAULTS, name)):
            document.pop(name, None)
            continue
        document[name] = _plain(value)
    try:
        text = tomli_w.dumps(document)
        tomllib.loads(text)     # never write a file the next start cannot read
    except (TypeError, ValueError, RecursionError) as exc:
        raise SettingsError(f"{path}: cannot save these settings ({_short(str(exc), 120)}); "
                            f"nothing was written") from None
    moved = _move_aside(path) if current.damaged and path.exists() else None
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        raise SettingsError(f"{path}: cannot save ({exc})") from None
    return SaveResult(path, moved)


def damaged_name(path: Path) -> Path:
    """Where an unreadable file is kept aside: ``<name>.damaged-<UTC time>`` (a free name)."""
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}{DAMAGED_SUFFIX}{stamp}")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}{DAMAGED_SUFFIX}{stamp}-{n}")
        n += 1
    return target


def _move_aside(path: Path) -> Path:
    """Rename an unreadable settings file to ``<name>.damaged-<UTC time>`` (never deleted)."""
    target = damaged_name(path)
    try:
        os.replace(path, target)
    except OSError as exc:
        raise SettingsError(f"{path}: cannot be read and cannot be moved aside ({exc}); "
                            f"nothing was written") from None
    log.warning("%s could not be read; kept as %s and a new settings file written", path, target)
    return target


def _plain(value: Any) -> Any:
    """Tuples and mappings as the lists and dicts TOML writers take."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
