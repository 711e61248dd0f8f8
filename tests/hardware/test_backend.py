"""open_backend: the app's one call, with its fallbacks to the on-screen panel."""
from __future__ import annotations

import threading

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.signals import ErrorSignal, TurnStarted
from hardware.backend import open_backend
from hardware.pins import PinMapError
from tests.hardware.conftest import FAST

WAIT = 5.0


@pytest.fixture
def laptop(tmp_path):
    return tmp_path / "model"  # no device tree: not a Pi


@pytest.fixture
def pi(tmp_path):
    path = tmp_path / "model"
    path.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    return path


def test_on_a_laptop_the_panel_is_simulated(laptop):
    with open_backend({"seat_leds": [17, 27]}, None, timings=FAST, model_path=laptop) as backend:
        assert backend.simulated and backend.driver is not None
        assert backend.notices == ("No Raspberry Pi found: the GPIO panel is simulated on screen.",)
        assert backend.said_once == backend.notices     # which panel is used: said once, no problem
        presses = []
        pressed = threading.Event()
        backend.on_press = lambda name: (presses.append(name), pressed.set())
        backend.driver.click("confirm")
        assert pressed.wait(WAIT) and presses == ["confirm"]
        assert backend.on_press is not None
        backend.set_seats(2, ["red", None])
        assert backend.play(TurnStarted(1)).done.wait(WAIT) and backend.player.wait_idle(WAIT)
        assert [led["on"] for led in backend.driver.snapshot()["seat_leds"]] == [False, True]
        assert backend.all_off().done.wait(WAIT) and backend.player.wait_idle(WAIT)
        assert not any(led["on"] for led in backend.driver.snapshot()["seat_leds"])


def test_muting_reaches_the_buzzer(laptop):
    with open_backend({}, True, timings=FAST, model_path=laptop) as backend:
        backend.muted = True
        assert backend.muted and backend.panel.muted
        buzzer = backend.panel.buzzer.pin
        buzzer.clear_states()
        assert backend.play(ErrorSignal()).done.wait(WAIT)
        assert [s.state for s in buzzer.states] == [0]


def test_close_twice_releases_everything(laptop):
    backend = open_backend({}, True, timings=FAST, model_path=laptop)
    backend.close()
    backend.close()
    assert backend.panel.closed
    assert not backend.player._thread.is_alive()


def test_bad_pin_settings_fall_back_with_the_reason(pi):
    real = MockFactory(pin_class=MockPWMPin)
    backend = open_backend({"confirm": 22}, None, model_path=pi, real_factory=lambda: real)
    with backend:
        assert backend.simulated and backend.factory is not real
        assert backend.notices[0] == (
            "GPIO pin settings ignored: pins.confirm and pins.seat_leds[2] (seat 3) both use GPIO 22")
        assert backend.notices[0] not in backend.said_once   # a problem to fix stays in view
    real.close()


def test_bad_pin_settings_raise_when_real_pins_are_required(pi):
    with pytest.raises(PinMapError, match="pins.confirm"):
        open_backend({"confirm": 22}, False, model_path=pi)


def test_on_a_pi_the_real_factory_is_used(pi):
    real = MockFactory(pin_class=MockPWMPin)  # stands in for lgpio
    with open_backend({}, None, model_path=pi, real_factory=lambda: real) as backend:
        assert not backend.simulated and backend.driver is None
        assert backend.factory is real and backend.notices == ()
        assert backend.model == "Raspberry Pi 4 Model B Rev 1.4"


def test_a_busy_pin_on_a_pi_falls_back(pi):
    real = MockFactory(pin_class=MockPWMPin)
    squatter = LED(16, pin_factory=real)  # another program holds the UNDO pin
    with open_backend({}, None, model_path=pi, real_factory=lambda: real) as backend:
        assert backend.simulated and backend.factory is not real
        assert "pins.undo (GPIO 16)" in backend.notices[0]
        assert "using the on-screen panel" in backend.notices[0]
        assert backend.said_once == ()
    squatter.close()


def test_a_busy_pin_raises_when_real_pins_are_required(pi):
    from hardware.panel import PanelError

    real = MockFactory(pin_class=MockPWMPin)
    squatter = LED(21, pin_factory=real)
    with pytest.raises(PanelError, match="pins.end_turn"):
        open_backend({}, False, model_path=pi, real_factory=lambda: real)
    squatter.close()


def test_self_test_from_the_backend(laptop):
    with open_backend({}, True, timings=FAST, model_path=laptop) as backend:
        backend.play(TurnStarted(0))
        test = backend.self_test(press_timeout=WAIT, light_seconds=0.001)

        def on_step(step):
            if step.kind == "button":
                backend.driver.click(step.part)

        assert test.run(on_step).passed
