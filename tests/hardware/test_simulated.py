"""The on-screen panel's driver: presses and a readable snapshot of every output."""
from __future__ import annotations

import json
import threading
from types import SimpleNamespace

import pytest

from companion.signals import PirateAttack
from hardware.panel import Panel
from hardware.pins import PinMap
from hardware.signals import SignalPlayer
from hardware.simulated import SimulatedPanel
from tests.hardware.conftest import FAST, pin

WAIT = 5.0


@pytest.fixture
def sim(panel):
    return SimulatedPanel(panel)


def test_initial_snapshot_is_all_off(sim):
    snap = sim.snapshot()
    assert snap["closed"] is False
    assert snap["buttons"] == {"end_turn": {"gpio": 21, "pressed": False},
                               "confirm": {"gpio": 20, "pressed": False},
                               "undo": {"gpio": 16, "pressed": False}}
    assert [led["gpio"] for led in snap["seat_leds"]] == [17, 27, 22, 23, 24]
    assert not any(led["on"] for led in snap["seat_leds"])
    assert snap["status_led"] == {"gpio": 25, "on": False, "brightness": 0.0}
    assert snap["buzzer"] == {"gpio": 18, "tonal": False, "on": False, "tone_hz": None, "note": None}
    json.dumps(snap)


def test_press_fires_the_callback_and_shows_pressed(mock_factory, panel, sim):
    fired = threading.Event()
    panel.when_end_turn = fired.set
    sim.press("end_turn")
    assert fired.wait(WAIT)
    assert sim.snapshot()["buttons"]["end_turn"]["pressed"] is True
    assert pin(mock_factory, 21).state == 0  # driven low, like a button to ground
    sim.release("end_turn")
    assert sim.snapshot()["buttons"]["end_turn"]["pressed"] is False


def test_click_is_one_press(panel, sim):
    presses = []
    panel.when_pressed = presses.append
    sim.click("undo")
    sim.click("confirm")
    assert presses == ["undo", "confirm"]
    with pytest.raises(KeyError, match="no button named 'start'"):
        sim.click("start")


def test_snapshot_follows_the_pins(panel, sim):
    panel.seats = 3
    panel.show_turn(1)
    panel.set_status(True)
    panel.sound("A4")
    snap = sim.snapshot()
    assert [led["on"] for led in snap["seat_leds"]] == [False, True, False, False, False]
    assert snap["seat_leds"][1]["brightness"] == 1.0
    assert [led["in_game"] for led in snap["seat_leds"]] == [True, True, True, False, False]
    assert snap["status_led"]["on"] and snap["buzzer"]["on"]


def test_snapshot_during_a_signal_pattern(panel, sim):
    """The UI polls while patterns play; every poll is consistent data."""
    seen_on = []
    with SignalPlayer(panel, FAST) as player:
        run = player.play(PirateAttack(0, 2))
        while not run.done.is_set():
            snap = sim.snapshot()
            seen_on.append(tuple(led["on"] for led in snap["seat_leds"]))
            run.done.wait(0.001)
        assert player.idle.wait(WAIT)
    assert all(not (on[1] or on[3] or on[4]) for on in seen_on)


def test_rgb_and_tonal_parts(mock_factory):
    pin_map = PinMap(seat_leds=((5, 6, 13), 17), buzzer_tonal=True)
    with Panel(pin_map, mock_factory, seat_colours=["#ff8000"]) as panel:
        sim = SimulatedPanel(panel)
        panel.show_turn(0)
        panel.sound("C5")
        snap = sim.snapshot()
        first = snap["seat_leds"][0]
        assert first["gpio"] == [5, 6, 13]
        assert first["on"] and first["colour"] == pytest.approx([1.0, 128 / 255, 0.0])
        assert snap["seat_leds"][1]["colour"] is None
        assert snap["buzzer"]["tonal"] and snap["buzzer"]["note"] == "C5"
        assert snap["buzzer"]["tone_hz"] == pytest.approx(523.25, abs=0.01)
        panel.sound(None)
        assert sim.snapshot()["buzzer"] == {"gpio": 18, "tonal": True, "on": False,
                                            "tone_hz": None, "note": None}
        json.dumps(sim.snapshot())


def test_closed_panel(mock_factory):
    panel = Panel(PinMap(), mock_factory)
    sim = SimulatedPanel(panel)
    panel.close()
    sim.click("confirm")  # ignored, no error
    assert sim.snapshot()["closed"] is True


def test_needs_mock_pins():
    fake = SimpleNamespace(buttons={"end_turn": SimpleNamespace(pin=object())})
    with pytest.raises(TypeError, match="MockFactory"):
        SimulatedPanel(fake)  # type: ignore[arg-type]
