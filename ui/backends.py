"""Backend choice for the app: the GPIO panel on a Pi, the simulated one elsewhere.

The same ``hardware/`` code runs in both cases; only the pin factory differs
(lgpio on a Pi, gpiozero's MockFactory elsewhere).  A bad pin map or a Pi
whose GPIO cannot be opened never stops the app: it falls back to the
on-screen panel and says why.
"""
from __future__ import annotations

from typing import Any, Callable

from companion.i18n import N_
from companion.settings import Settings
from companion.signals import Signal, TurnStarted
from hardware.factory import GpioUnavailable, make_pin_factory, mock_pin_factory
from hardware.panel import Panel
from hardware.pins import PinMap, PinMapError
from hardware.signals import SignalPlayer
from hardware.simulated import SimulatedPanel


# The notices hardware/factory.py may give, marked for the catalogues.
FACTORY_NOTICES = (N_("Simulated GPIO panel: use the on-screen buttons and LEDs."),
                   N_("No Raspberry Pi found: the GPIO panel is simulated on screen."))


class HardwareBackend:
    """The panel, its signal player, and (when simulated) the on-screen driver.

    ``on_press(name)`` is called on gpiozero's thread for END TURN / CONFIRM /
    UNDO; the app moves it onto the Kivy thread.
    """

    def __init__(self, panel: Panel, simulated: bool, notices: list[str]):
        self.panel = panel
        self.simulated = simulated
        self.notices = notices
        self.player = SignalPlayer(panel)
        self.driver = SimulatedPanel(panel) if simulated else None
        self.on_press: Callable[[str], None] | None = None
        panel.when_pressed = self._pressed

    def _pressed(self, name: str) -> None:
        if self.on_press is not None:
            self.on_press(name)

    @property
    def muted(self) -> bool:
        return self.panel.muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self.panel.muted = value

    def set_seats(self, seats: int) -> None:
        self.panel.seats = min(seats, self.panel.pin_map.seat_count)

    def play(self, signal: Signal) -> None:
        if isinstance(signal, TurnStarted) and signal.seat < 0:
            return
        self.player.play(signal)

    def all_off(self) -> None:
        self.player.clear()

    def pin_map_dict(self) -> dict[str, Any]:
        return self.panel.pin_map.to_dict()

    @staticmethod
    def check_pins(pins: dict[str, Any]) -> PinMap:
        """Validate a ``[pins]`` table; PinMapError names the bad settings."""
        return PinMap.from_dict(pins)

    def close(self) -> None:
        self.player.close()
        self.panel.close()


def make_hardware(settings: Settings, simulate: bool | None) -> HardwareBackend:
    notices: list[str] = []
    try:
        pin_map = PinMap.from_dict(dict(settings.pins))
    except PinMapError as exc:
        notices.append(f"Pin settings ignored: {exc}")
        pin_map = PinMap()
    try:
        choice = make_pin_factory(simulate)
    except GpioUnavailable as exc:
        choice = None
        notices.append(f"GPIO unavailable ({exc.reason}); using the on-screen panel.")
    if choice is None:
        factory, simulated = mock_pin_factory(), True
    else:
        factory, simulated = choice.factory, choice.simulated
        if choice.notice:
            notices.append(choice.notice)
    try:
        panel = Panel(pin_map, factory)
    except Exception as exc:  # a Pi whose pins are busy or missing: fall back, say why
        if simulated:
            raise
        notices.append(f"GPIO panel failed ({exc}); using the on-screen panel.")
        panel, simulated = Panel(pin_map, mock_pin_factory()), True
    return HardwareBackend(panel, simulated, notices)
