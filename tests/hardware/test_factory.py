"""Pin factory selection, driven by a fake device-tree model file."""
from __future__ import annotations

import sys

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.factory import (
    GpioUnavailable, is_raspberry_pi, lgpio_pin_factory, make_pin_factory, pi_generation, pi_model,
)


@pytest.fixture
def pi5_model(tmp_path):
    path = tmp_path / "model"
    path.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    return path


@pytest.fixture
def laptop_model(tmp_path):
    return tmp_path / "no-device-tree" / "model"


def test_pi_model_read_from_device_tree(pi5_model):
    assert pi_model(pi5_model) == "Raspberry Pi 5 Model B Rev 1.0"
    assert is_raspberry_pi(pi5_model)
    assert pi_generation(pi_model(pi5_model)) == 5


def test_no_device_tree_is_not_a_pi(laptop_model):
    assert pi_model(laptop_model) is None
    assert not is_raspberry_pi(laptop_model)
    assert pi_generation(None) is None


def test_other_boards_are_not_a_pi(tmp_path):
    path = tmp_path / "model"
    path.write_bytes(b"Radxa ROCK 5B\x00")
    assert pi_model(path) == "Radxa ROCK 5B"
    assert not is_raspberry_pi(path)
    assert pi_generation("Radxa ROCK 5B") is None
    assert pi_generation("Raspberry Pi 4 Model B Rev 1.4") == 4
    assert pi_generation("Raspberry Pi Zero 2 W Rev 1.0") is None


def _must_not_be_called():
    raise AssertionError("the real pin factory was built")


def test_simulate_gives_pwm_mock_pins(pi5_model):
    choice = make_pin_factory(True, model_path=pi5_model, real_factory=_must_not_be_called)
    try:
        assert isinstance(choice.factory, MockFactory)
        assert choice.factory.pin_class is MockPWMPin
        assert choice.simulated and "Simulated" in choice.notice
        assert choice.model == "Raspberry Pi 5 Model B Rev 1.0"
    finally:
        choice.factory.close()


def test_auto_on_a_laptop_simulates_with_a_notice(laptop_model):
    choice = make_pin_factory(None, model_path=laptop_model, real_factory=_must_not_be_called)
    try:
        assert choice.simulated and isinstance(choice.factory, MockFactory)
        assert choice.notice == "No Raspberry Pi found: the GPIO panel is simulated on screen."
        assert choice.error is None
    finally:
        choice.factory.close()


def test_auto_on_a_pi_uses_the_real_factory(pi5_model):
    real = MockFactory()  # stands in for the lgpio factory
    choice = make_pin_factory(None, model_path=pi5_model, real_factory=lambda: real)
    assert choice.factory is real
    assert not choice.simulated and choice.notice is None
    real.close()


def test_auto_on_a_pi_falls_back_with_the_reason(pi5_model):
    def broken():
        raise GpioUnavailable("cannot open the GPIO pins: can not open gpiochip")

    choice = make_pin_factory(None, model_path=pi5_model, real_factory=broken)
    try:
        assert choice.simulated and isinstance(choice.factory, MockFactory)
        assert "can not open gpiochip" in choice.notice
        assert "on-screen panel" in choice.notice
        assert isinstance(choice.error, GpioUnavailable)
    finally:
        choice.factory.close()


def test_forced_real_pins_raise_instead_of_falling_back(laptop_model):
    def broken():
        raise GpioUnavailable("no gpiochip")

    with pytest.raises(GpioUnavailable, match="no gpiochip"):
        make_pin_factory(False, model_path=laptop_model, real_factory=broken)


def test_missing_lgpio_explains_the_fix(monkeypatch):
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", None)  # import fails
    with pytest.raises(GpioUnavailable) as caught:
        lgpio_pin_factory()
    assert "python3-lgpio" in caught.value.reason
    assert "--system-site-packages" in caught.value.reason


def test_unopenable_chip_explains_the_fix(monkeypatch):
    import types

    class FakeLGPIOFactory:
        def __init__(self, chip=None):
            raise PermissionError(13, "Permission denied: '/dev/gpiochip0'")

    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio",
                        types.SimpleNamespace(LGPIOFactory=FakeLGPIOFactory))
    with pytest.raises(GpioUnavailable, match="'gpio' group"):
        lgpio_pin_factory()


def test_lgpio_errors_become_gpio_unavailable(monkeypatch):
    import types

    class FakeLGPIOFactory:
        def __init__(self, chip=None):
            self.chip = chip
            raise RuntimeError("can not open gpiochip")

    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio",
                        types.SimpleNamespace(LGPIOFactory=FakeLGPIOFactory))
    with pytest.raises(GpioUnavailable, match="cannot open the GPIO pins: can not open gpiochip"):
        lgpio_pin_factory(chip=4)


# ----- gpiozero's own knobs: GPIOZERO_PIN_FACTORY and the board's revision ------
def test_gpiozero_pin_factory_mock_means_the_on_screen_panel(pi5_model):
    choice = make_pin_factory(None, model_path=pi5_model, real_factory=_must_not_be_called,
                              environ={"GPIOZERO_PIN_FACTORY": "mock"})
    try:
        assert choice.simulated and choice.factory.pin_class is MockPWMPin
        assert choice.notice == "Simulated GPIO panel: use the on-screen buttons and LEDs."
    finally:
        choice.factory.close()


def test_gpiozero_pin_factory_names_the_factory_even_off_a_pi(laptop_model):
    choice = make_pin_factory(None, model_path=laptop_model, environ={"GPIOZERO_PIN_FACTORY": "nosuch"})
    try:  # gpiozero knows no such factory: the screen panel, with the reason
        assert choice.simulated
        assert choice.notice.startswith("GPIO panel unavailable (GPIOZERO_PIN_FACTORY=nosuch could not be "
                                        "used: BadPinFactory")
    finally:
        choice.factory.close()
    with pytest.raises(GpioUnavailable, match="GPIOZERO_PIN_FACTORY=native could not be used"):
        make_pin_factory(False, model_path=laptop_model, environ={"GPIOZERO_PIN_FACTORY": "native"})


def test_named_factories_are_gpiozeros_own(laptop_model):
    from hardware.factory import named_pin_factory

    factory = named_pin_factory("Mock")  # entry point "mock", found lower-cased as gpiozero does
    assert isinstance(factory, MockFactory)
    factory.close()


def test_a_pi_is_recognised_by_its_revision_code_through_gpiozero(tmp_path):
    from hardware.factory import board_info

    model = tmp_path / "model"  # a device tree with no model, only the revision
    (tmp_path / "system").mkdir()
    (tmp_path / "system" / "linux,revision").write_bytes((0xC03114).to_bytes(4, "big"))
    info = board_info(model)
    assert info is not None and info.model == "4B" and info.soc == "BCM2711"
    assert is_raspberry_pi(model)
    real = MockFactory()
    choice = make_pin_factory(None, model_path=model, real_factory=lambda: real, environ={})
    assert not choice.simulated and choice.model.startswith("Raspberry Pi 4B")
    real.close()


def test_an_unknown_revision_is_not_a_pi(tmp_path):
    from hardware.factory import board_info

    (tmp_path / "system").mkdir()
    (tmp_path / "system" / "linux,revision").write_bytes(b"\x00\x00\x00\x00")
    assert board_info(tmp_path / "model") is None and not is_raspberry_pi(tmp_path / "model")


def test_any_failure_of_the_real_factory_falls_back(pi5_model):
    def broken():
        raise FileNotFoundError(2, "No such file or directory", ".lgd-nfy-3")

    choice = make_pin_factory(None, model_path=pi5_model, real_factory=broken, environ={})
    try:
        assert choice.simulated and "FileNotFoundError" in choice.notice and ".lgd-nfy-3" in choice.notice
    finally:
        choice.factory.close()


def test_default_lgpio_workdir_keeps_a_set_lg_wd(tmp_path):
    from hardware.factory import default_lgpio_workdir

    environ = {}
    assert default_lgpio_workdir(tmp_path, environ) == str(tmp_path) == environ["LG_WD"]
    environ = {"LG_WD": "/var/lib/table-companion"}
    assert default_lgpio_workdir(tmp_path, environ) == "/var/lib/table-companion"
