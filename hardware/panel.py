"""The GPIO panel: END TURN / CONFIRM / UNDO buttons, one LED per seat, status LED, buzzer.

Seats are 0-based like ``companion.engine.Player.seat``: seat 0 is the LED
labelled "1" on the panel.

Threads: gpiozero calls the ``when_end_turn`` / ``when_confirm`` /
``when_undo`` callbacks on its own background thread (on mock pins, on the
thread that drove the pin).  Callbacks must be quick and must not touch the
UI; the UI side moves them onto its thread (Kivy's ``@mainthread`` /
``Clock.schedule_once``).  An exception raised by a callback is logged and
does not kill gpiozero's event thread.
"""
from __future__ import annotations

import logging
import threading
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator, Mapping, Optional

from gpiozero import LED, RGBLED, Button, Buzzer, Factory, GPIOZeroError, TonalBuzzer
from gpiozero.tones import Tone

from companion.errors import CompanionError
from hardware.pins import BUTTONS, MAX_SEATS, PinMap, seat_setting

log = logging.getLogger(__name__)

#: A press callback (no arguments).
PressCallback = Callable[[], None]

#: RGB colour as three floats 0..1.
Colour = tuple[float, float, float]

WHITE: Colour = (1.0, 1.0, 1.0)

#: Colour names the setup screen may use for seats (anything else: "#rrggbb").
NAMED_COLOURS: Mapping[str, Colour] = {
    "red": (1.0, 0.0, 0.0), "green": (0.0, 1.0, 0.0), "blue": (0.0, 0.0, 1.0),
    "yellow": (1.0, 0.8, 0.0), "orange": (1.0, 0.4, 0.0), "purple": (0.6, 0.0, 1.0),
    "pink": (1.0, 0.3, 0.6), "cyan": (0.0, 1.0, 1.0), "white": WHITE,
    "black": (0.3, 0.3, 0.3),  # a black pawn still needs a visible light
    "brown": (0.6, 0.25, 0.0), "grey": (0.5, 0.5, 0.5), "gray": (0.5, 0.5, 0.5),
}

#: Buzzer range for a passive piezo: two octaves either side of A4 (110..1760 Hz).
TONAL_MID, TONAL_OCTAVES = "A4", 2


class PanelError(CompanionError, RuntimeError):
    """A panel part could not be set up on its pin (in use, not a GPIO, ...)."""


def parse_colour(value: str | Colour | None) -> Colour | None:
    """A seat colour as RGB floats from a name, "#rgb", "#rrggbb" or a tuple; None if unknown."""
    if value is None:
        return None
    if isinstance(value, tuple):
        return value if len(value) == 3 and all(0 <= c <= 1 for c in value) else None
    text = value.strip().lower()
    if text in NAMED_COLOURS:
        return NAMED_COLOURS[text]
    digits = text[1:] if text.startswith("#") else ""
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if len(digits) == 6:
        try:
            return tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]
        except ValueError:
            return None
    return None


class Panel:
    """The physical panel, built on an injected gpiozero pin factory.

    ``seats`` is how many seats the current game uses (patterns such as the
    round-end chase run over those); it defaults to every seat LED in the pin
    map and can be changed with :attr:`seats` for a new game.  Seats without
    an LED are silently dark.  The pin factory belongs to the caller:
    :meth:`close` releases the panel's pins, not the factory.
    """

    def __init__(self, pin_map: PinMap, pin_factory: Factory, seats: int | None = None, *,
                 bounce_time: float = 0.03, seat_colours: Iterable[str | Colour | None] = ()):
        if seats is not None and not 0 <= seats <= MAX_SEATS:
            raise ValueError(f"a game has 0..{MAX_SEATS} seats, not {seats}")
        self.pin_map = pin_map
        self.pin_factory = pin_factory
        self._lock = threading.RLock()
        self._closed = False
        self._built = False
        self._callbacks: dict[str, Optional[PressCallback]] = {name: None for name in BUTTONS}
        self._capture: Optional[Callable[[str], None]] = None
        self._any: Optional[Callable[[str], None]] = None
        self.muted = False
        self._devices: list = []
        self._colours: dict[int, Colour] = {}
        self._lit: frozenset[int] = frozenset()
        self.buttons: dict[str, Button] = {}
        self.seat_lights: list[LED | RGBLED] = []
        try:
            for name in BUTTONS:
                button = self._build(f"pins.{name}", Button, pin_map.button_pin(name),
                                     pull_up=True, bounce_time=bounce_time)
                button.when_pressed = self._dispatcher(name)
                self.buttons[name] = button
            for index, light in enumerate(pin_map.seat_leds):
                if isinstance(light, tuple):
                    device = self._build(seat_setting(index), RGBLED, *light, pwm=True)
                else:
                    device = self._build(seat_setting(index), LED, light)
                self.seat_lights.append(device)
            self.status_led: LED = self._build("pins.status_led", LED, pin_map.status_led)
            if pin_map.buzzer_tonal:
                self.buzzer: Buzzer | TonalBuzzer = self._build(
                    "pins.buzzer", TonalBuzzer, pin_map.buzzer,
                    mid_tone=Tone(TONAL_MID), octaves=TONAL_OCTAVES)
            else:
                self.buzzer = self._build("pins.buzzer", Buzzer, pin_map.buzzer)
        except BaseException:
            self.close()
            raise
        self._seats = pin_map.seat_count if seats is None else seats
        self._built = True
        for seat, colour in enumerate(seat_colours):
            self.set_seat_colour(seat, colour)

    def _build(self, setting: str, kind: type, *pins: int, **options):
        try:
            device = kind(*pins, pin_factory=self.pin_factory, **options)
        except GPIOZeroError as exc:
            gpio = ", ".join(f"GPIO {p}" for p in pins)
            raise PanelError(f"{setting} ({gpio}): {exc}") from exc
        self._devices.append(device)
        return device

    # -- buttons -------------------------------------------------------------

    @property
    def when_end_turn(self) -> Optional[PressCallback]:
        """Called (no arguments, gpiozero's thread) when END TURN is pressed."""
        return self._callbacks["end_turn"]

    @when_end_turn.setter
    def when_end_turn(self, callback: Optional[PressCallback]) -> None:
        self._callbacks["end_turn"] = callback

    @property
    def when_confirm(self) -> Optional[PressCallback]:
        """Called (no arguments, gpiozero's thread) when CONFIRM is pressed."""
        return self._callbacks["confirm"]

    @when_confirm.setter
    def when_confirm(self, callback: Optional[PressCallback]) -> None:
        self._callbacks["confirm"] = callback

    @property
    def when_undo(self) -> Optional[PressCallback]:
        """Called (no arguments, gpiozero's thread) when UNDO is pressed."""
        return self._callbacks["undo"]

    @when_undo.setter
    def when_undo(self, callback: Optional[PressCallback]) -> None:
        self._callbacks["undo"] = callback

    @property
    def when_pressed(self) -> Optional[Callable[[str], None]]:
        """Called with the button's name ("end_turn", "confirm", "undo") after its when_* callback."""
        return self._any

    @when_pressed.setter
    def when_pressed(self, callback: Optional[Callable[[str], None]]) -> None:
        self._any = callback

    def is_pressed(self, name: str) -> bool:
        return bool(self.buttons[name].is_pressed)

    @contextmanager
    def capture_presses(self, listener: Callable[[str], None]) -> Iterator[None]:
        """Send every press to ``listener(name)`` instead of the when_* callbacks.

        Used by the self-test so that pressing END TURN there does not end a turn.
        """
        with self._lock:
            if self._capture is not None:
                raise PanelError("the panel's buttons are already captured")
            self._capture = listener
        try:
            yield
        finally:
            with self._lock:
                self._capture = None

    def _dispatcher(self, name: str) -> Callable[[], None]:
        def dispatch() -> None:
            with self._lock:
                if self._closed:
                    return
                capture, specific, general = self._capture, self._callbacks[name], self._any
            if capture is not None:
                self._call(name, capture, name)
                return
            if specific is not None:
                self._call(name, specific)
            if general is not None:
                self._call(name, general, name)
        return dispatch

    @staticmethod
    def _call(name: str, callback: Callable[..., None], *args: str) -> None:
        try:
            callback(*args)
        except Exception:
            log.exception("the %s button callback failed", name)

    # -- outputs -------------------------------------------------------------

    @property
    def seats(self) -> int:
        """Seats in the current game (0..5); patterns run over these."""
        return self._seats

    @seats.setter
    def seats(self, count: int) -> None:
        if not 0 <= count <= MAX_SEATS:
            raise ValueError(f"a game has 0..{MAX_SEATS} seats, not {count}")
        self._seats = count

    @property
    def lit_seats(self) -> frozenset[int]:
        return self._lit

    def has_seat_light(self, seat: int) -> bool:
        return 0 <= seat < len(self.seat_lights)

    def set_seat_colour(self, seat: int, colour: str | Colour | None) -> None:
        """The colour an RGB seat LED lights in (unknown or None: white)."""
        self._colours[seat] = parse_colour(colour) or WHITE
        if seat in self._lit:
            self.light_seats(self._lit)

    def light_seats(self, seats: Iterable[int]) -> None:
        """Exactly these seats lit, every other seat LED off."""
        with self._lock:
            if self._closed:
                return
            lit = frozenset(s for s in seats if self.has_seat_light(s))
            for seat, device in enumerate(self.seat_lights):
                if isinstance(device, RGBLED):
                    device.value = self._colours.get(seat, WHITE) if seat in lit else (0, 0, 0)
                elif seat in lit:
                    device.on()
                else:
                    device.off()
            self._lit = lit

    def show_turn(self, seat: int | None) -> None:
        """``seat``'s LED steady, the others off (None: all seat LEDs off)."""
        self.light_seats(() if seat is None else (seat,))

    def set_status(self, on: bool) -> None:
        with self._lock:
            if not self._closed:
                self.status_led.value = bool(on)

    def sound(self, note: str | float | None, *, even_muted: bool = False) -> None:
        """Buzzer on (a note such as "A3", or Hz as a float, on a tonal buzzer) or off (None).

        A plain buzzer only knows on/off; a tonal one clamps the note into its
        range.  While :attr:`muted` the buzzer stays silent (unless ``even_muted``,
        for the self-test).
        """
        with self._lock:
            if self._closed:
                return
            if note is None or (self.muted and not even_muted):
                self.buzzer.off() if isinstance(self.buzzer, Buzzer) else self.buzzer.stop()
            elif isinstance(self.buzzer, Buzzer):
                self.buzzer.on()
            else:
                tone = Tone(note)
                low, high = self.buzzer.min_tone, self.buzzer.max_tone
                self.buzzer.play(min(max(tone, low), high))

    def all_off(self) -> None:
        """Every LED off and the buzzer silent."""
        self.light_seats(())
        self.set_status(False)
        self.sound(None)

    # -- lifetime ------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Turn everything off and release the pins; safe to call twice."""
        with self._lock:
            if self._closed:
                return
            if self._built:
                self.all_off()
            self._closed = True
            for button in self.buttons.values():
                button.when_pressed = None
                # each Button's hold thread polls every 0.1 s: ask them all to stop
                # first so closing takes one poll, not one per button
                hold_thread = getattr(button, "_hold_thread", None)
                if hold_thread is not None:
                    hold_thread.stopping.set()
            devices, self._devices = self._devices, []
        for device in reversed(devices):
            try:
                device.close()
            except GPIOZeroError:
                log.exception("closing %r failed", device)

    def __enter__(self) -> "Panel":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else f"{self._seats} seats"
        return f"<Panel {state}>"
