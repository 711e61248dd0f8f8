"""Colours carry their symbols on screen, and lose them with the Settings switch off;
"What colour?" names a colour on the table's camera (scenarios_colour_symbols.py)."""
from __future__ import annotations

import pytest

from companion.colour_symbols import COLOUR_SYMBOLS

SEATS = ["red", "blue", "green", "yellow", "black", "white", "purple", "orange"]


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
@pytest.mark.parametrize("symbols", [True, False], ids=["symbols-on", "symbols-off"])
def test_picker_and_table_with_symbols_on_and_off(run_ui, tmp_path, size, symbols):
    data = tmp_path / "data"
    data.mkdir()
    if not symbols:
        (data / "settings.toml").write_text("colour_symbols = false\n", encoding="utf-8")
    r = run_ui("scenarios_colour_symbols:picker_and_table", size=size, data_dir=data,
               name=f"picker_and_table-{'on' if symbols else 'off'}-{size}").result
    assert r["symbols_setting"] is symbols
    assert r["swatches"] == SEATS and r["swatch_texts"] == SEATS   # the names stay, symbols or not
    if symbols:
        for w, h, dx, dy, width, height in r["swatch_marks"] + r["seat_buttons"]:
            # each symbol inside its own swatch, in the top half (the name is in the middle)
            assert w > 0 and 0 <= dx and dx + w <= width and height / 2 <= dy and dy + h <= height
        name, symbol = r["turn"]
        assert symbol in COLOUR_SYMBOLS.values() and name
        assert r["card_symbols"] and all(shown for _card, shown in r["card_symbols"])
        assert all("[font=DejaVuSans]" in title for title in r["player_titles"])
    else:
        assert r["swatch_marks"] == [None] * 8 and r["seat_buttons"] == [None] * len(r["seat_buttons"])
        assert r["turn"][1] == ""
        assert r["card_symbols"] and not any(shown for _card, shown in r["card_symbols"])
        assert not any("[font=DejaVuSans]" in title for title in r["player_titles"])
    assert r["what_colour_offered"] is True


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_what_colour_opens_the_camera_view_with_its_ring(run_ui, size):
    r = run_ui("scenarios_colour_symbols:what_colour", size=size).result
    assert r["ring"][2] > 0
    assert r["named_middle"][1]                  # a name, or what to do (the mat's dark felt: no name)
    # a finger on a card on the camera's picture: its colour named, with its symbol
    assert r["named_brown"] == ["brown", "[font=DejaVuSans]■[/font] brown"]
    assert r["named_green"] == ["green", "[font=DejaVuSans]♣[/font] green"]


def test_the_settings_switch_turns_symbols_off_and_is_kept(run_ui):
    r = run_ui("scenarios_colour_symbols:settings_switch").result
    assert r["toggle_before"] == ["down", "Symbols on colours"]
    assert r["toggle_after"] == ["normal", "Colours without symbols"]
    assert r["app_symbols"] is False
    assert "colour_symbols = false" in r["file"]
