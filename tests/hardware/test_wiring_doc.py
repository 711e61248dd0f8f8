"""docs/wiring.md stays true: its table is the default pin map and its examples are valid."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from hardware.pins import PinMap

DOC = Path(__file__).resolve().parents[2] / "docs" / "wiring.md"


def wiring_rows() -> dict[int, tuple[int, str]]:
    """GPIO → (header pin, part) from the wiring table."""
    rows = {}
    for match in re.finditer(r"^\| GPIO (\d+) \| (\d+) \| ([^|]+) \|", DOC.read_text(), re.M):
        rows[int(match[1])] = (int(match[2]), match[3].strip())
    return rows


def test_the_table_is_the_default_pin_map():
    defaults = PinMap()
    parts = {defaults.end_turn: "END TURN button", defaults.confirm: "CONFIRM button",
             defaults.undo: "UNDO button", defaults.status_led: "status LED",
             defaults.buzzer: "buzzer"}
    parts.update({gpio: f"seat {i + 1} LED" for i, gpio in enumerate(defaults.seat_leds)})
    assert {gpio: part for gpio, (_, part) in wiring_rows().items()} == parts


def test_the_header_pins_are_right():
    factory = MockFactory()
    header = factory.board_info.headers["J8"].pins
    factory.close()
    for gpio, (number, _) in wiring_rows().items():
        assert header[number].name == f"GPIO{gpio}"


def test_the_toml_examples_are_valid_pin_maps():
    blocks = re.findall(r"```toml\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) == 2
    maps = [PinMap.from_dict(tomllib.loads(block)["pins"]) for block in blocks]
    assert maps[0] == PinMap()
    assert all(maps[1].is_rgb(seat) for seat in range(5))
