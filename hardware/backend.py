"""One call for the app: open the panel from settings, never failing to start.

:func:`open_backend` reads the ``[pins]`` table, picks real or mock pins,
builds the :class:`~hardware.panel.Panel` and its
:class:`~hardware.signals.SignalPlayer`, and — when anything goes wrong (bad
pin settings, no lgpio, a pin in use) — falls back to the simulated panel with
a notice for the screen.  The UI's composition root keeps the returned
:class:`GpioBackend` and talks to it in domain words.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Optional

from gpiozero import Factory

from companion.signals import Cue, Signal
from hardware.factory import (
    DEVICE_TREE_MODEL, PinFactoryChoice, make_pin_factory, mock_pin_factory,
)
from hardware.panel import Panel
from hardware.pins import PinMap, PinMapError
from hardware.selftest import SelfTest
from hardware.signals import PatternRun, PatternTimings, SignalPlayer
from hardware.simulated import SimulatedPanel

log = logging.getLogger(__name__)


class GpioBackend:
    """The open panel: presses out (``on_press``), signals in (``play``).

    ``driver`` is the on-screen panel's driver when the pins are mock
    pins (None on real hardware); ``notices`` are sentences for the screen.
    ``said_once`` are those of them that only say which panel is used (no Pi here, or
    simulated on purpose): news for the start and the hardware test, not a problem
    to keep in view; the others name something to fix.
    """

    def __init__(self, choice: PinFactoryChoice, panel: Panel, timings: PatternTimings,
                 notices: Iterable[str] = ()):
        self.factory: Factory = choice.factory
        self.simulated = choice.simulated
        self.model = choice.model
        self.notices: tuple[str, ...] = tuple(notices)
        self.said_once: tuple[str, ...] = tuple(
            n for n in self.notices if choice.error is None and n == choice.notice)
        self.panel = panel
        self.player = SignalPlayer(panel, timings)
        self.driver: Optional[SimulatedPanel] = SimulatedPanel(panel) if choice.simulated else None
        self._closed = False

    @property
    def on_press(self) -> Optional[Callable[[str], None]]:
        """Called with "end_turn", "confirm" or "undo" — on gpiozero's thread on a Pi."""
        return self.panel.when_pressed

    @on_press.setter
    def on_press(self, callback: Optional[Callable[[str], None]]) -> None:
        self.panel.when_pressed = callback

    @property
    def muted(self) -> bool:
        return self.panel.muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self.panel.muted = bool(value)

    def set_seats(self, count: int, colours: Iterable[str | None] = ()) -> None:
        """A new game with ``count`` seats (and their colours, for RGB LEDs)."""
        self.player.clear()
        self.panel.seats = min(max(count, 0), 5)
        for seat, colour in enumerate(colours):
            self.panel.set_seat_colour(seat, colour)

    def play(self, signal: Signal, cue: Cue | None = None) -> PatternRun:
        """Play ``signal`` as ``cue``: as the game being played declares it (the caller
        resolves it), or without one as its kind's generic cue."""
        return self.player.play(signal, cue)

    def hurry(self, seat: int | None) -> None:
        """``seat``'s LED blinks fast: its turn countdown is in its last seconds (None: nobody's)."""
        self.player.hurry(seat)

    def time_up(self, seat: int) -> PatternRun:
        """``seat``'s turn countdown reached zero: one buzz (the turn goes on)."""
        return self.player.time_up(seat)

    def set_fault(self, on: bool) -> None:
        """The status LED stays lit while ``on`` (e.g. moves cannot be saved)."""
        self.player.set_fault(on)

    def all_off(self) -> PatternRun:
        """Stop any pattern and darken every LED (e.g. back on the home screen)."""
        return self.player.clear()

    def self_test(self, **options: Any) -> SelfTest:
        """A self-test on this panel (see :class:`~hardware.selftest.SelfTest`); stop signals first."""
        self.player.clear()
        self.player.wait_idle(5.0)
        return SelfTest(self.panel, **options)

    def close(self) -> None:
        """Stop patterns, release the pins and the pin factory; safe twice."""
        if self._closed:
            return
        self._closed = True
        self.player.close()
        self.panel.close()
        self.factory.close()

    def __enter__(self) -> "GpioBackend":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()


def open_backend(
    pins: Mapping[str, Any] | None = None,
    simulate: bool | None = None,
    *,
    timings: PatternTimings = PatternTimings(),
    model_path: Path | str = DEVICE_TREE_MODEL,
    real_factory: Callable[[], Factory] | None = None,
) -> GpioBackend:
    """The panel for the settings' ``[pins]`` table; falls back to mock pins with a notice.

    ``simulate`` as in :func:`~hardware.factory.make_pin_factory`, except that
    ``False`` (real pins required) also raises on bad pin settings or busy pins.
    """
    notices: list[str] = []
    try:
        pin_map = PinMap.from_dict(pins or {})
    except PinMapError as exc:
        if simulate is False:
            raise
        notices.append(f"GPIO pin settings ignored: {exc}")
        pin_map, simulate = PinMap(), True  # never drive unknown wiring with default pins
    choice = make_pin_factory(simulate, model_path=model_path, real_factory=real_factory)
    if choice.notice:
        notices.append(choice.notice)
    try:
        panel = Panel(pin_map, choice.factory)
    except Exception as exc:  # noqa: BLE001 - PanelError, or anything a pin library raises
        if not choice.simulated and simulate is None:
            log.warning("GPIO panel unavailable, using the simulated panel: %s", exc, exc_info=exc)
            try:
                choice.factory.close()
            except Exception:  # noqa: BLE001 - a broken factory may fail to close too
                log.exception("closing the pin factory failed")
            choice = PinFactoryChoice(mock_pin_factory(), True, choice.model)
            notices.append(f"GPIO panel unavailable ({exc}); using the on-screen panel.")
            panel = Panel(pin_map, choice.factory)
        else:
            choice.factory.close()
            raise
    return GpioBackend(choice, panel, timings, notices)
