"""Fixtures for the panel tests: a fresh MockFactory per test, restored afterwards."""
from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.panel import Panel
from hardware.pins import PinMap
from hardware.signals import PatternTimings

#: Timings short enough for tests, long enough that every frame is a separate write.
FAST = PatternTimings().scaled(0.01)


class RecordingPWMPin(MockPWMPin):
    """A mock PWM pin that also records every frequency it is given (for tonal buzzers)."""

    def __init__(self, factory, info):
        super().__init__(factory, info)
        self.frequencies: list[float | None] = []

    def _set_frequency(self, value):
        super()._set_frequency(value)
        self.frequencies.append(value)


@pytest.fixture
def mock_factory():
    """A clean MockFactory with PWM pins; Device.pin_factory is restored afterwards."""
    previous = Device.pin_factory
    factory = MockFactory(pin_class=RecordingPWMPin)
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        factory.close()
        Device.pin_factory = previous


@pytest.fixture
def panel(mock_factory):
    with Panel(PinMap(), mock_factory) as built:
        yield built


def pin(factory: MockFactory, gpio: int) -> RecordingPWMPin:
    return factory.pin(gpio)


def history(factory: MockFactory, gpio: int) -> list[float]:
    """The states a pin went through since its last ``clear_states``."""
    return [float(s.state) for s in pin(factory, gpio).states]
