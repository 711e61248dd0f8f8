"""The GPIO pin map of the table panel, read from the settings' ``[pins]`` table.

All numbers are BCM GPIO numbers (``GPIO17``), not header positions.  The
defaults match the wiring table in ``docs/wiring.md``::

    [pins]
    end_turn = 21          # big arcade button, to GND
    confirm = 20
    undo = 16
    seat_leds = [17, 27, 22, 23, 24]   # seat 1..5; [r, g, b] for an RGB LED
    status_led = 25
    buzzer = 18
    buzzer_tonal = false   # true: passive piezo driven with tones (TonalBuzzer)

Every problem is reported at once in a :class:`PinMapError` whose message
names the setting(s), e.g. ``pins.confirm and pins.seat_leds[2] (seat 3) both
use GPIO 17``.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, fields
from typing import Any, Iterator, Mapping, Union

from companion.errors import CompanionError

#: Most seats a game can have; one LED per seat.
MAX_SEATS = 5

#: GPIO numbers on the 40-pin header (every Pi since the B+).
USABLE_GPIO = range(0, 28)

#: Pins kept free on purpose, with the reason shown in errors.
RESERVED_GPIO: Mapping[int, str] = {
    0: "the HAT ID EEPROM (ID_SD)",
    1: "the HAT ID EEPROM (ID_SC)",
    2: "I2C (SDA)",
    3: "I2C (SCL)",
    14: "the serial console (UART TXD)",
    15: "the serial console (UART RXD)",
}

#: The three buttons, in the order the self-test asks for them.
BUTTONS = ("end_turn", "confirm", "undo")

RGB_CHANNELS = ("red", "green", "blue")

#: A seat light: one GPIO for a plain LED, or (red, green, blue) for an RGB LED.
SeatLight = Union[int, tuple[int, int, int]]


class PinMapError(CompanionError, ValueError):
    """The ``[pins]`` settings cannot be used; ``problems`` lists each one."""

    def __init__(self, problems: list[str] | tuple[str, ...]):
        self.problems = tuple(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True)
class PinMap:
    """Which GPIO drives which part of the panel (validated on construction)."""

    end_turn: int = 21
    confirm: int = 20
    undo: int = 16
    seat_leds: tuple[SeatLight, ...] = (17, 27, 22, 23, 24)
    status_led: int = 25
    buzzer: int = 18
    buzzer_tonal: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.seat_leds, list):  # as read from TOML; keep the map immutable
            lights = tuple(tuple(v) if isinstance(v, list) else v for v in self.seat_leds)
            object.__setattr__(self, "seat_leds", lights)
        problems = _shape_problems(self)
        if not problems:
            problems = _pin_problems(self)
        if problems:
            raise PinMapError(problems)

    @classmethod
    def from_dict(cls, table: Any) -> "PinMap":
        """Build from the settings' ``[pins]`` table; missing keys keep their default."""
        if not isinstance(table, Mapping):
            raise PinMapError([f"pins must be a table of settings, not {_show(table)}"])
        known = [f.name for f in fields(cls)]
        problems = []
        for key in table:
            if key not in known:
                hint = difflib.get_close_matches(str(key), known, n=1)
                also = f" (did you mean pins.{hint[0]}?)" if hint else f" (known: {', '.join(known)})"
                problems.append(f"pins.{key} is not a known setting{also}")
        values: dict[str, Any] = {}
        for key in known:
            if key not in table:
                continue
            values[key] = table[key]
        try:
            pin_map = cls(**values)
        except PinMapError as exc:
            raise PinMapError(problems + list(exc.problems)) from None
        if problems:
            raise PinMapError(problems)
        return pin_map

    def to_dict(self) -> dict[str, Any]:
        """The ``[pins]`` table for this map (lists instead of tuples, for TOML)."""
        return {
            "end_turn": self.end_turn,
            "confirm": self.confirm,
            "undo": self.undo,
            "seat_leds": [list(v) if isinstance(v, tuple) else v for v in self.seat_leds],
            "status_led": self.status_led,
            "buzzer": self.buzzer,
            "buzzer_tonal": self.buzzer_tonal,
        }

    @property
    def seat_count(self) -> int:
        """How many seats have a light."""
        return len(self.seat_leds)

    def is_rgb(self, seat: int) -> bool:
        """Whether ``seat`` (0-based) has an RGB LED."""
        return isinstance(self.seat_leds[seat], tuple)

    def button_pin(self, name: str) -> int:
        if name not in BUTTONS:
            raise KeyError(f"no button named {name!r} (buttons: {', '.join(BUTTONS)})")
        return getattr(self, name)

    def assignments(self) -> tuple[tuple[str, int], ...]:
        """Every (setting, GPIO) pair, e.g. ``("pins.seat_leds[0] (seat 1)", 17)``."""
        return tuple(_assignments(self))


def seat_setting(index: int, channel: str | None = None) -> str:
    """How a seat LED is named in messages: ``pins.seat_leds[2] (seat 3, red)``."""
    label = f"seat {index + 1}" if channel is None else f"seat {index + 1}, {channel}"
    return f"pins.seat_leds[{index}] ({label})"


def _assignments(pin_map: PinMap) -> Iterator[tuple[str, int]]:
    for name in BUTTONS:
        yield f"pins.{name}", getattr(pin_map, name)
    for index, light in enumerate(pin_map.seat_leds):
        if isinstance(light, tuple):
            for channel, gpio in zip(RGB_CHANNELS, light):
                yield seat_setting(index, channel), gpio
        else:
            yield seat_setting(index), light
    yield "pins.status_led", pin_map.status_led
    yield "pins.buzzer", pin_map.buzzer


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    return f"{value!r} ({type(value).__name__})"


def _shape_problems(pin_map: PinMap) -> list[str]:
    """Types and sizes: every pin an integer, seat_leds a list of at most five."""
    problems = []
    for name in (*BUTTONS, "status_led", "buzzer"):
        value = getattr(pin_map, name)
        if not _is_int(value):
            problems.append(f"pins.{name} must be a BCM GPIO number (an integer), not {_show(value)}")
    if not isinstance(pin_map.buzzer_tonal, bool):
        problems.append(f"pins.buzzer_tonal must be true or false, not {_show(pin_map.buzzer_tonal)}")
    lights = pin_map.seat_leds
    if not isinstance(lights, tuple):
        problems.append(f"pins.seat_leds must be a list of GPIO numbers, not {_show(lights)}")
        return problems
    if len(lights) > MAX_SEATS:
        problems.append(f"pins.seat_leds lists {len(lights)} LEDs; at most {MAX_SEATS} seats are supported")
    for index, light in enumerate(lights):
        if isinstance(light, tuple):
            if len(light) != 3 or not all(_is_int(v) for v in light):
                problems.append(
                    f"{seat_setting(index)} must be a GPIO number or [red, green, blue] "
                    f"GPIO numbers, not {list(light)!r}")
        elif not _is_int(light):
            problems.append(
                f"{seat_setting(index)} must be a BCM GPIO number (an integer), not {_show(light)}")
    return problems


def _pin_problems(pin_map: PinMap) -> list[str]:
    """Ranges, reserved pins and pins used twice."""
    problems = []
    users: dict[int, list[str]] = {}
    for setting, gpio in _assignments(pin_map):
        if gpio not in USABLE_GPIO:
            problems.append(
                f"{setting} = {gpio} is not a usable GPIO number "
                f"({USABLE_GPIO.start}..{USABLE_GPIO.stop - 1} on the 40-pin header)")
        elif gpio in RESERVED_GPIO:
            problems.append(
                f"{setting} = GPIO {gpio} is reserved for {RESERVED_GPIO[gpio]}; choose another pin")
        users.setdefault(gpio, []).append(setting)
    for gpio, settings in users.items():
        if len(settings) > 1 and gpio in USABLE_GPIO:
            names = ", ".join(settings[:-1]) + " and " + settings[-1]
            problems.append(f"{names} {'both' if len(settings) == 2 else 'all'} use GPIO {gpio}")
    return problems
