"""Choosing the gpiozero pin factory: real pins on a Raspberry Pi, mock pins elsewhere.

On a Pi the ``lgpio`` factory is built and passed explicitly to every device
(gpiozero's automatic choice can land on a library that does not work on a
Pi 5).  Anywhere else, or when asked to simulate, a :class:`MockFactory` with
PWM-capable mock pins is used so ``TonalBuzzer`` and RGB LEDs work and the
on-screen panel can drive the very same ``hardware/`` code.

:func:`make_pin_factory` never leaves the app without a panel: when the Pi's
pins cannot be opened it falls back to mock pins and says why in
``PinFactoryChoice.notice``, which the UI shows.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from gpiozero import Factory
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.engine import CompanionError

log = logging.getLogger(__name__)

#: Where the firmware publishes the board name, e.g. "Raspberry Pi 5 Model B Rev 1.0".
DEVICE_TREE_MODEL = Path("/proc/device-tree/model")


class GpioUnavailable(CompanionError, RuntimeError):
    """The Pi's GPIO pins cannot be opened; ``reason`` says why and what to do."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class PinFactoryChoice:
    """The factory to build devices with, and what the UI should tell the players.

    ``notice`` is None when real pins are in use; otherwise a sentence for the
    screen (simulated on purpose, no Pi found, or the Pi's pins failed).
    ``error`` keeps the failure when the fallback was forced by one.
    """

    factory: Factory
    simulated: bool
    model: str | None = None
    notice: str | None = None
    error: GpioUnavailable | None = None


def pi_model(model_path: Path | str = DEVICE_TREE_MODEL) -> str | None:
    """The board name from the device tree, or None when there is none (not a Pi)."""
    try:
        raw = Path(model_path).read_bytes()
    except OSError:
        return None
    model = raw.replace(b"\x00", b"").decode("utf-8", "replace").strip()
    return model or None


def is_raspberry_pi(model_path: Path | str = DEVICE_TREE_MODEL) -> bool:
    model = pi_model(model_path)
    return model is not None and model.startswith("Raspberry Pi")


def pi_generation(model: str | None) -> int | None:
    """4 for "Raspberry Pi 4 Model B Rev 1.4", 5 for a Pi 5; None when unknown."""
    if not model or not model.startswith("Raspberry Pi"):
        return None
    words = model.split()
    if len(words) > 2 and words[2].isdigit():
        return int(words[2])
    return None


def mock_pin_factory() -> MockFactory:
    """Mock pins that support PWM (for TonalBuzzer and RGB LEDs)."""
    return MockFactory(pin_class=MockPWMPin)


def lgpio_pin_factory(chip: int | None = None) -> Factory:
    """gpiozero's lgpio factory; raises GpioUnavailable with advice when it cannot open.

    ``chip`` None lets gpiozero pick the header's gpiochip (it differs on a Pi 5).
    """
    try:
        from gpiozero.pins.lgpio import LGPIOFactory
    except ImportError as exc:
        raise GpioUnavailable(
            f"the lgpio library is missing ({exc}); install python3-lgpio and create "
            "the virtualenv with --system-site-packages (setup.sh does both)") from exc
    try:
        return LGPIOFactory(chip=chip)
    except PermissionError as exc:
        raise GpioUnavailable(
            f"no permission to open the GPIO chip ({exc}); add the user to the 'gpio' group") from exc
    except Exception as exc:  # lgpio raises its own lgpio.error, among others
        text = str(exc) or type(exc).__name__
        hint = "; add the user to the 'gpio' group" if "open" in text.lower() else ""
        raise GpioUnavailable(f"cannot open the GPIO pins: {text}{hint}") from exc


def make_pin_factory(
    simulate: bool | None = None,
    *,
    model_path: Path | str = DEVICE_TREE_MODEL,
    real_factory: Callable[[], Factory] = lgpio_pin_factory,
) -> PinFactoryChoice:
    """Pick the pin factory.

    ``simulate`` True: mock pins.  False: real pins or GpioUnavailable (the user
    insisted, so no silent fallback).  None (the default): real pins on a
    Raspberry Pi, mock pins elsewhere, and mock pins with a notice when the
    Pi's pins fail.  ``real_factory`` is injectable for tests.
    """
    model = pi_model(model_path)
    if simulate:
        return PinFactoryChoice(mock_pin_factory(), True, model,
                                "Simulated GPIO panel: use the on-screen buttons and LEDs.")
    if simulate is False:
        return PinFactoryChoice(real_factory(), False, model)
    if not is_raspberry_pi(model_path):
        return PinFactoryChoice(mock_pin_factory(), True, model,
                                "No Raspberry Pi found: the GPIO panel is simulated on screen.")
    try:
        factory = real_factory()
    except GpioUnavailable as exc:
        log.warning("GPIO unavailable, using the simulated panel: %s", exc.reason)
        return PinFactoryChoice(mock_pin_factory(), True, model,
                                f"GPIO panel unavailable ({exc.reason}); using the on-screen panel.",
                                exc)
    return PinFactoryChoice(factory, False, model)
