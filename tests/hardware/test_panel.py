"""The panel through MockFactory pins: presses awaited with events, LEDs read from pins."""
from __future__ import annotations

import logging
import threading

import pytest
from gpiozero import LED

from hardware.panel import Panel, PanelError, parse_colour
from hardware.pins import PinMap
from tests.hardware.conftest import pin

WAIT = 2.0


def press(factory, gpio):
    pin(factory, gpio).drive_low()
    pin(factory, gpio).drive_high()


@pytest.mark.parametrize("name, gpio", [("end_turn", 21), ("confirm", 20), ("undo", 16)])
def test_each_button_calls_its_domain_callback(mock_factory, panel, name, gpio):
    fired = {n: threading.Event() for n in ("end_turn", "confirm", "undo")}
    panel.when_end_turn = fired["end_turn"].set
    panel.when_confirm = fired["confirm"].set
    panel.when_undo = fired["undo"].set
    press(mock_factory, gpio)
    assert fired[name].wait(WAIT)
    assert [n for n, event in fired.items() if event.is_set()] == [name]


def test_callbacks_can_come_from_another_thread(mock_factory, panel):
    """As on a Pi, where gpiozero calls back on its own thread."""
    caller = []
    fired = threading.Event()

    def on_confirm():
        caller.append(threading.current_thread())
        fired.set()

    panel.when_confirm = on_confirm
    worker = threading.Thread(target=press, args=(mock_factory, 20))
    worker.start()
    assert fired.wait(WAIT)
    worker.join(WAIT)
    assert caller == [worker]


def test_general_callback_gets_the_name(mock_factory, panel):
    names = []
    done = threading.Event()
    panel.when_undo = lambda: names.append("specific")
    panel.when_pressed = lambda name: (names.append(name), done.set())
    press(mock_factory, 16)
    assert done.wait(WAIT)
    assert names == ["specific", "undo"]
    assert panel.when_undo is not None and panel.when_pressed is not None


def test_press_and_release_states(mock_factory, panel):
    assert not panel.is_pressed("end_turn")
    pin(mock_factory, 21).drive_low()
    assert panel.is_pressed("end_turn")
    pin(mock_factory, 21).drive_high()
    assert not panel.is_pressed("end_turn")


def test_holding_a_button_fires_once(mock_factory, panel):
    count = []
    panel.when_end_turn = lambda: count.append(1)
    pin(mock_factory, 21).drive_low()
    pin(mock_factory, 21).drive_low()  # still held: no second edge
    pin(mock_factory, 21).drive_high()
    assert count == [1]


def test_buttons_are_debounced_and_pulled_up(mock_factory, panel):
    for gpio in (21, 20, 16):
        assert pin(mock_factory, gpio).bounce == pytest.approx(0.03)
        assert pin(mock_factory, gpio).pull == "up"
    with Panel(PinMap(end_turn=5, confirm=6, undo=13, seat_leds=(), status_led=19, buzzer=26),
               mock_factory, bounce_time=0.1):
        assert pin(mock_factory, 5).bounce == pytest.approx(0.1)


def test_a_failing_callback_is_logged_and_the_panel_keeps_working(mock_factory, panel, caplog):
    def broken():
        raise RuntimeError("boom")

    fired = threading.Event()
    panel.when_confirm = broken
    panel.when_undo = fired.set
    with caplog.at_level(logging.ERROR, logger="hardware.panel"):
        press(mock_factory, 20)
    assert "the confirm button callback failed" in caplog.text
    press(mock_factory, 16)
    assert fired.wait(WAIT)


def test_capture_diverts_presses_and_restores(mock_factory, panel):
    game_presses, captured = [], []
    panel.when_end_turn = lambda: game_presses.append("end_turn")
    with panel.capture_presses(captured.append):
        press(mock_factory, 21)
        with pytest.raises(PanelError, match="already captured"):
            with panel.capture_presses(captured.append):
                pass
    press(mock_factory, 21)
    assert captured == ["end_turn"]
    assert game_presses == ["end_turn"]


def test_show_turn_lights_only_that_seat(mock_factory, panel):
    seat_pins = [17, 27, 22, 23, 24]
    panel.show_turn(2)
    assert [pin(mock_factory, g).state for g in seat_pins] == [0, 0, 1, 0, 0]
    panel.show_turn(4)
    assert [pin(mock_factory, g).state for g in seat_pins] == [0, 0, 0, 0, 1]
    assert panel.lit_seats == {4}
    panel.show_turn(None)
    assert not any(pin(mock_factory, g).state for g in seat_pins)


def test_seats_without_an_led_stay_dark(mock_factory):
    with Panel(PinMap(seat_leds=(17, 27)), mock_factory, seats=4) as panel:
        panel.show_turn(3)
        panel.light_seats({-1, 1, 7})
        assert panel.lit_seats == {1}
        assert pin(mock_factory, 27).state == 1 and pin(mock_factory, 17).state == 0
        assert panel.seats == 4
    with pytest.raises(ValueError, match="0..5 seats"):
        Panel(PinMap(), mock_factory, seats=6)


def test_seats_can_change_for_a_new_game(panel):
    assert panel.seats == 5
    panel.seats = 3
    assert panel.seats == 3
    with pytest.raises(ValueError):
        panel.seats = 9


def test_status_led_and_plain_buzzer(mock_factory, panel):
    panel.set_status(True)
    panel.sound("A3")
    assert pin(mock_factory, 25).state == 1
    assert pin(mock_factory, 18).state == 1
    panel.all_off()
    assert pin(mock_factory, 25).state == 0 and pin(mock_factory, 18).state == 0


def test_muted_buzzer_stays_silent(mock_factory, panel):
    panel.muted = True
    panel.sound("A5")
    assert pin(mock_factory, 18).state == 0
    panel.sound("A5", even_muted=True)
    assert pin(mock_factory, 18).state == 1


def test_tonal_buzzer_plays_notes_and_clamps(mock_factory):
    with Panel(PinMap(buzzer_tonal=True), mock_factory) as panel:
        buzzer_pin = pin(mock_factory, 18)
        panel.sound("A3")
        assert buzzer_pin.frequency == pytest.approx(220.0)
        assert buzzer_pin.state == 0.5
        panel.sound(5000.0)  # above the range: clamped to A6
        assert buzzer_pin.frequency == pytest.approx(1760.0)
        panel.sound(None)
        assert buzzer_pin.frequency is None and buzzer_pin.state == 0


def test_rgb_seat_led_lights_in_the_seat_colour(mock_factory):
    pin_map = PinMap(seat_leds=((5, 6, 13), 17))
    with Panel(pin_map, mock_factory, seat_colours=["red"]) as panel:
        panel.show_turn(0)
        assert [pin(mock_factory, g).state for g in (5, 6, 13)] == [1, 0, 0]
        panel.set_seat_colour(0, "#00ff80")  # re-lit at once
        assert [round(pin(mock_factory, g).state, 2) for g in (5, 6, 13)] == [0, 1, 0.5]
        panel.show_turn(1)
        assert [pin(mock_factory, g).state for g in (5, 6, 13, 17)] == [0, 0, 0, 1]
        panel.set_seat_colour(0, "tartan")  # unknown: white
        panel.show_turn(0)
        assert [pin(mock_factory, g).state for g in (5, 6, 13)] == [1, 1, 1]


@pytest.mark.parametrize("text, rgb", [
    ("red", (1.0, 0.0, 0.0)), ("#fff", (1.0, 1.0, 1.0)), (" #000000 ", (0.0, 0.0, 0.0)),
    ((0.2, 0.4, 0.6), (0.2, 0.4, 0.6)), ("#12345", None), ("#gggggg", None), (None, None),
    ((2, 0, 0), None), ("Blue", (0.0, 0.0, 1.0)),
])
def test_parse_colour(text, rgb):
    assert parse_colour(text) == rgb


def test_close_twice_and_context_manager(mock_factory):
    panel = Panel(PinMap(), mock_factory)
    panel.show_turn(1)
    panel.set_status(True)
    panel.close()
    assert panel.closed
    panel.close()
    # the pins are released: a new panel can take them again
    with Panel(PinMap(), mock_factory) as again:
        assert not again.closed
        again.show_turn(0)
        assert pin(mock_factory, 17).state == 1
    assert again.closed
    assert repr(again) == "<Panel closed>"


def test_a_closed_panel_ignores_presses_and_outputs(mock_factory):
    panel = Panel(PinMap(), mock_factory)
    presses = []
    panel.when_confirm = lambda: presses.append(1)
    panel.close()
    panel.show_turn(1)
    panel.set_status(True)
    panel.sound("A4")
    assert presses == []
    assert repr(panel) == "<Panel closed>"


def test_a_taken_pin_names_the_setting_and_releases_the_rest(mock_factory):
    squatter = LED(16, pin_factory=mock_factory)  # the undo button's pin
    with pytest.raises(PanelError, match=r"pins.undo \(GPIO 16\)"):
        Panel(PinMap(), mock_factory)
    squatter.close()
    with Panel(PinMap(), mock_factory) as panel:  # end_turn and confirm were released
        assert panel.buttons["end_turn"].pin is pin(mock_factory, 21)
