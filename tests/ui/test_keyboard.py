"""The on-screen keyboard: layouts, the mode rule, and names typed by tapping its keys."""
from __future__ import annotations

import json
import unicodedata

import pytest

from ui.widgets.keyboard_rules import (CHOICES, GREEK, LATIN, LAYOUT_DIR, MIN_ROW_PX, compose, configure_keyboard,
                                 hardware_keyboards, home_layout, keyboard_choice, keyboard_height,
                                 keyboard_mode, layout_problems, layout_target, lift_needed, part_to_show,
                                 read_layout)

LANGS = ("en", "el", "it", "pl")
GREEK_LETTERS = "αβγδεζηθικλμνξοπρσςτυφχψω"
NEEDED = {"en": "abcdefghijklmnopqrstuvwxyz", "el": GREEK_LETTERS,
          "it": "abcdefghijklmnopqrstuvwxyzàèéìòù", "pl": "abcdefghijklmnopqrstuvwxyząćęłńóśźż"}


def typed(layout: dict, mode: str) -> set[str]:
    return {key[1] for row in range(1, layout["rows"] + 1) for key in layout[f"{mode}_{row}"] if key[1]}


def codes(layout: dict, mode: str) -> set[str]:
    return {key[2] for row in range(1, layout["rows"] + 1) for key in layout[f"{mode}_{row}"]}


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_a_complete_layout(lang):
    layout = read_layout(LAYOUT_DIR / f"{home_layout(lang)}.json")
    assert set(NEEDED[lang]) <= typed(layout, "normal")
    uppers = {c.upper() for c in NEEDED[lang] if c != "ς"}
    assert uppers <= typed(layout, "shift")
    assert set("0123456789/-") <= typed(layout, "special")    # tile codes, fleets, pins
    for mode in ("normal", "shift", "special"):
        assert {"backspace", "enter", "escape", "special", "spacebar"} <= codes(layout, mode)
        # every other layout is one tap away, whatever the app's language
        assert {layout_target(c) for c in codes(layout, mode)} - {None} == set(LANGS) - {lang}
    assert "shift" in codes(layout, "normal")


def test_every_file_in_the_layout_folder_is_valid():
    files = sorted(LAYOUT_DIR.glob("*.json"))
    assert {f.stem for f in files} == set(LANGS)
    for path in files:
        assert layout_problems(json.loads(path.read_text(encoding="utf-8"))) == [], path


def test_a_damaged_layout_is_named_with_its_problem(tmp_path):
    bad = json.loads((LAYOUT_DIR / "en.json").read_text(encoding="utf-8"))
    bad["normal_2"] = bad["normal_2"][:-1]
    del bad["special_3"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        read_layout(path)
    assert "bad.json" in str(caught.value) and "normal_2 is 10 keys wide" in str(caught.value)
    assert "missing row 'special_3'" in str(caught.value)
    (tmp_path / "cut.json").write_text('{"title": "x"', encoding="utf-8")
    with pytest.raises(ValueError, match="cut.json"):
        read_layout(tmp_path / "cut.json")


def test_dead_keys_accent_greek_vowels_and_nothing_else():
    assert [compose("dead_tonos", c) for c in "αεηιουωΑΕΗΙΟΥΩ"] == list("άέήίόύώΆΈΉΊΌΎΏ")
    assert [compose("dead_dialytika", c) for c in "ιυΙΥ"] == list("ϊϋΪΫ")
    assert compose("dead_tonos", "ϊ") == "ΐ"
    assert compose("dead_tonos", "ρ") == "ρ"
    assert all(len(unicodedata.normalize("NFC", compose("dead_tonos", c))) == 1 for c in GREEK_LETTERS)


def test_layout_keys_name_their_layout():
    assert [layout_target(f"layout:{lang}") for lang in LANGS] == list(LANGS)
    assert layout_target("layout:") is None and layout_target("shift") is None and layout_target(None) is None
    assert home_layout("el") == GREEK and home_layout("xx") == LATIN


def test_mode_rule(tmp_path, capsys):
    assert keyboard_mode("auto", []) == "systemanddock"
    assert keyboard_mode("auto", ["platform-xhci-hcd.0-usb-0:1:1.0-event-kbd"]) == "system"
    assert keyboard_mode("dock", ["x-event-kbd"]) == "systemanddock"
    assert keyboard_mode("system", []) == "system"
    assert keyboard_choice({}) == "auto"
    assert keyboard_choice({"TABLE_COMPANION_KEYBOARD": " Dock "}) == "dock"
    assert keyboard_choice({"TABLE_COMPANION_KEYBOARD": "onscreen"}) == "auto"
    assert "TABLE_COMPANION_KEYBOARD='onscreen'" in capsys.readouterr().err
    assert set(CHOICES) == {"auto", "dock", "system"}


def test_hardware_keyboards_are_read_from_udev_links(tmp_path):
    assert hardware_keyboards(tmp_path) == []            # no udev: no /dev/input/by-*
    (tmp_path / "by-path").mkdir()
    (tmp_path / "by-id").mkdir()
    (tmp_path / "by-path" / "platform-fe9c0000.xhci-usb-0:1:1.0-event-mouse").touch()
    (tmp_path / "by-id" / "usb-Raspberry_Pi_Ltd_Pi_500_Keyboard-event-if01").touch()
    assert hardware_keyboards(tmp_path) == []
    (tmp_path / "by-id" / "usb-Raspberry_Pi_Ltd_Pi_500_Keyboard-event-kbd").touch()
    assert hardware_keyboards(tmp_path) == ["usb-Raspberry_Pi_Ltd_Pi_500_Keyboard-event-kbd"]


class FakeConfig:
    def __init__(self):
        self.values = {}

    def set(self, section, key, value):
        self.values[(section, key)] = value


def test_configure_keyboard_sets_kivy_config(tmp_path):
    config = FakeConfig()
    assert configure_keyboard(config, {}, tmp_path) == "systemanddock"
    assert config.values[("kivy", "keyboard_mode")] == "systemanddock"
    assert config.values[("kivy", "keyboard_layout")] == LATIN
    (tmp_path / "by-path").mkdir()
    (tmp_path / "by-path" / "platform-xhci-usb-0:1:1.0-event-kbd").touch()
    assert configure_keyboard(config, {}, tmp_path) == "system"
    assert configure_keyboard(config, {"TABLE_COMPANION_KEYBOARD": "dock"}, tmp_path) == "systemanddock"


def test_keys_are_a_finger_tall_and_fields_are_lifted_above():
    for height in (480, 600, 800, 1080):
        assert (keyboard_height(height) - 8) / 4 >= MIN_ROW_PX
    assert keyboard_height(480) < 480 / 2
    assert lift_needed(field_bottom=300, keyboard_top=220) == 0
    assert lift_needed(field_bottom=100, keyboard_top=220) == 126
    assert lift_needed(field_bottom=226, keyboard_top=220, lifted=126) == 126     # settled
    assert lift_needed(field_bottom=300, keyboard_top=220, lifted=126) == 52      # too high: lower
    assert lift_needed(field_bottom=500, keyboard_top=220, lifted=126) == 0
    # a name field fits above the keyboard: all of it shows; a tall pin list: its cursor line
    assert part_to_show(field_bottom=100, field_height=48, cursor_bottom=120, room=250) == 100
    assert part_to_show(field_bottom=20, field_height=400, cursor_bottom=380, room=250) == 380
    assert part_to_show(field_bottom=20, field_height=400, cursor_bottom=0, room=250) == 20


# -- the real app under Xvfb ------------------------------------------------------------------------
@pytest.fixture
def dock(monkeypatch):
    monkeypatch.setenv("TABLE_COMPANION_KEYBOARD", "dock")


def check_typing(seen: dict, size: tuple[int, int]) -> None:
    assert seen["selected_on_focus"] == seen["text_before"] != ""   # typing replaces the default name
    assert seen["field_bottom"] >= seen["keyboard_top"]       # the field shows above the keyboard
    assert seen["field_top"] <= size[1]
    assert seen["keyboard_width"] == size[0]
    assert min(seen["key_heights"]) >= 48
    assert seen["focus_after_enter"] is False and seen["root_y_after_enter"] == 0


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_names_typed_on_the_keyboard_start_the_game(run_ui, dock, size):
    run = run_ui("scenarios_keyboard:names_typed_then_game", size=size, lang="pl")
    r = run.result
    dims = tuple(int(v) for v in size.split("x"))
    assert r["players"] == ["Łucja", "Gracz 2", "Gracz 3", "Βέρα"]
    assert r["first"]["typed"] == "Łucja" and r["first"]["layout"] == "pl"
    assert r["last"]["typed"] == "Βέρα"
    for seen in (r["first"], r["last"]):
        check_typing(seen, dims)
    if dims[1] == 480:   # the lowest field sits under the keyboard's top: the screen was lifted
        assert r["last"]["root_y"] > 0 and r["root_y_before_leaving"] > 0
    assert r["open_before_leaving"] and r["focus_after_leaving"] is False
    assert r["root_y_after_leaving"] == 0
    shot = run.image("keyboard_over_setup")
    assert shot.shape[:2] == (dims[1], dims[0])


def test_greek_screen_types_greek_and_latin_names(run_ui, dock):
    run = run_ui("scenarios_keyboard:names_typed_greek_screen", lang="el")
    r = run.result
    assert r["players"] == ["Βέρα", "ϊΊ1/2Ω", "Anna-Maria"]
    assert r["first"]["layout"] == "el"
    for seen in (r["first"], r["last"]):
        check_typing(seen, (800, 480))
    assert r["open_after_edge_tap"] is True
    assert r["focus_after_hide"] is False


def test_a_damaged_layout_file_is_shown_and_codes_are_typed(run_ui, dock):
    r = run_ui("scenarios_keyboard:damaged_layout", lang="el").result
    assert r["banner_is_error"] and "el.json" in r["banner"]
    assert "Table Companion" in r["banner"] and r["banner"] != r["banner"].encode("ascii", "ignore").decode()
    assert "ErrorSignal" in r["played"]
    assert r["layout"] == "en"
    assert r["typed"] == "Ola"
    # Golden Horn's sea tiles, typed in the Rules column (lifted above the keyboard if needed)
    assert r["codes_typed"] == "RBY opg" and r["codes_option"] == "RBY opg"
    assert r["codes_geometry"]["field_bottom"] >= r["codes_geometry"]["keyboard_top"]


def test_an_english_screen_types_polish_and_greek_names(run_ui, dock):
    r = run_ui("scenarios_keyboard:every_layout_from_english", lang="en").result
    assert r["first"]["layout"] == "en"                     # opens in the app's language
    assert r["players"][:2] == ["Łukasz", "Νίκος"]
    assert r["layout_keys"] == {"en": ["ΑΒΓ", "ÀÈÌ", "ĄŁŚ"], "pl": ["ABC", "ΑΒΓ", "ÀÈÌ"],
                                "el": ["ABC", "ÀÈÌ", "ĄŁŚ"]}
