"""Pin map: defaults, reading the [pins] table, and every validation error."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from companion.errors import CompanionError
from hardware.pins import MAX_SEATS, RESERVED_GPIO, USABLE_GPIO, PinMap, PinMapError


def problems_of(table) -> tuple[str, ...]:
    with pytest.raises(PinMapError) as caught:
        PinMap.from_dict(table)
    return caught.value.problems


def test_defaults_are_valid_and_distinct():
    pins = [gpio for _, gpio in PinMap().assignments()]
    assert len(pins) == len(set(pins)) == 3 + MAX_SEATS + 2
    assert not set(pins) & set(RESERVED_GPIO)
    assert PinMap.from_dict({}) == PinMap()


def test_full_table_is_read():
    table = {"end_turn": 5, "confirm": 6, "undo": 13, "seat_leds": [17, 27, 22],
             "status_led": 25, "buzzer": 12, "buzzer_tonal": True}
    pin_map = PinMap.from_dict(table)
    assert pin_map.seat_leds == (17, 27, 22)
    assert pin_map.seat_count == 3
    assert pin_map.buzzer_tonal is True
    assert pin_map.to_dict() == table
    assert PinMap.from_dict(pin_map.to_dict()) == pin_map


def test_error_is_a_companion_value_error():
    assert issubclass(PinMapError, CompanionError)
    assert issubclass(PinMapError, ValueError)


def test_duplicate_names_both_settings():
    problems = problems_of({"confirm": 22})
    assert problems == ("pins.confirm and pins.seat_leds[2] (seat 3) both use GPIO 22",)


def test_three_settings_on_one_pin():
    problems = problems_of({"confirm": 17, "undo": 17})
    assert problems == ("pins.confirm, pins.undo and pins.seat_leds[0] (seat 1) all use GPIO 17",)


def test_unknown_key_suggests_the_right_one():
    problems = problems_of({"confrim": 5})
    assert problems == ("pins.confrim is not a known setting (did you mean pins.confirm?)",)
    listed = problems_of({"laser": 5})[0]
    assert "pins.laser is not a known setting" in listed and "end_turn" in listed


@pytest.mark.parametrize("value", ["17", 17.0, True, None, [17]])
def test_non_integer_pin(value):
    problems = problems_of({"undo": value})
    assert len(problems) == 1
    assert problems[0].startswith("pins.undo must be a BCM GPIO number (an integer), not ")


@pytest.mark.parametrize("value", [-1, 28, 40, 1000])
def test_pin_outside_the_header(value):
    assert problems_of({"status_led": value}) == (
        f"pins.status_led = {value} is not a usable GPIO number (0..27 on the 40-pin header)",)


@pytest.mark.parametrize("gpio, what", [(2, "I2C (SDA)"), (3, "I2C (SCL)"),
                                        (14, "UART TXD"), (0, "ID EEPROM")])
def test_reserved_pins(gpio, what):
    (problem,) = problems_of({"buzzer": gpio})
    assert problem.startswith(f"pins.buzzer = GPIO {gpio} is reserved for ")
    assert what in problem


def test_seat_led_problems_name_the_seat():
    (problem,) = problems_of({"seat_leds": [17, "27"]})
    assert problem.startswith("pins.seat_leds[1] (seat 2) must be a BCM GPIO number")
    (problem,) = problems_of({"seat_leds": [17, 3]})
    assert problem.startswith("pins.seat_leds[1] (seat 2) = GPIO 3 is reserved")


def test_too_many_seat_leds():
    (problem,) = problems_of({"seat_leds": [4, 5, 6, 7, 8, 9]})
    assert "lists 6 LEDs; at most 5 seats" in problem


def test_seat_leds_must_be_a_list():
    (problem,) = problems_of({"seat_leds": 17})
    assert problem.startswith("pins.seat_leds must be a list of GPIO numbers")


def test_buzzer_tonal_must_be_bool():
    (problem,) = problems_of({"buzzer_tonal": "yes"})
    assert problem == "pins.buzzer_tonal must be true or false, not 'yes' (str)"


def test_not_a_table():
    assert problems_of([1, 2]) == ("pins must be a table of settings, not [1, 2] (list)",)


def test_every_problem_reported_at_once():
    problems = problems_of({"lasers": 1, "confirm": "x", "undo": 2.5})
    assert len(problems) == 3
    assert "pins.lasers" in problems[0]
    error = PinMapError(list(problems))
    assert str(error) == "; ".join(problems)


def test_rgb_seat_leds():
    pin_map = PinMap.from_dict({"seat_leds": [[5, 6, 13], 17]})
    assert pin_map.seat_leds == ((5, 6, 13), 17)
    assert pin_map.is_rgb(0) and not pin_map.is_rgb(1)
    assert ("pins.seat_leds[0] (seat 1, green)", 6) in pin_map.assignments()
    assert pin_map.to_dict()["seat_leds"] == [[5, 6, 13], 17]


def test_rgb_problems():
    (problem,) = problems_of({"seat_leds": [[5, 6]]})
    assert problem == ("pins.seat_leds[0] (seat 1) must be a GPIO number or [red, green, blue] "
                       "GPIO numbers, not [5, 6]")
    (problem,) = problems_of({"seat_leds": [[5, 6, 21]]})
    assert problem == "pins.end_turn and pins.seat_leds[0] (seat 1, blue) both use GPIO 21"


def test_direct_construction_is_validated_and_frozen():
    with pytest.raises(PinMapError, match="pins.end_turn and pins.confirm both use GPIO 5"):
        PinMap(end_turn=5, confirm=5)
    pin_map = PinMap(seat_leds=[17, 27])  # a list is stored as a tuple
    assert pin_map.seat_leds == (17, 27)
    with pytest.raises(AttributeError):
        pin_map.undo = 4  # type: ignore[misc]


def test_button_pin_lookup():
    assert PinMap().button_pin("confirm") == 20
    with pytest.raises(KeyError, match="no button named 'start'"):
        PinMap().button_pin("start")


pin_values = st.one_of(st.integers(-3, 45), st.sampled_from(["5", 5.0, None, True]))
tables = st.fixed_dictionaries({}, optional={
    "end_turn": pin_values, "confirm": pin_values, "undo": pin_values,
    "status_led": pin_values, "buzzer": pin_values,
    "seat_leds": st.lists(st.one_of(pin_values, st.lists(st.integers(-1, 30), min_size=2, max_size=4)),
                          max_size=6),
    "buzzer_tonal": st.sampled_from([True, False, 1]),
})


@settings(max_examples=300, deadline=None)
@given(tables)
def test_any_table_gives_a_valid_map_or_a_named_error(table):
    try:
        pin_map = PinMap.from_dict(table)
    except PinMapError as exc:
        assert exc.problems
        assert all(problem.startswith("pins") for problem in exc.problems)
        return
    pins = [gpio for _, gpio in pin_map.assignments()]
    assert len(pins) == len(set(pins))
    assert all(gpio in USABLE_GPIO and gpio not in RESERVED_GPIO for gpio in pins)
    assert all(isinstance(gpio, int) and not isinstance(gpio, bool) for gpio in pins)
    assert PinMap.from_dict(pin_map.to_dict()) == pin_map
