"""A bad settings file never quits the app, never
resets what it could not read, and every problem is named."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.settings import Settings, load_settings, read_settings, save_settings
from companion.errors import SettingsError


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_typo_d_key_does_not_lose_the_others_on_a_language_tap(tmp_path):
    """The issue's case: 'sond = true' typo'd, 'sound = false' kept through a language tap."""
    path = write(tmp_path, 'sound = false\nsond = true\ncamera = "opencv"\n')
    loaded = read_settings(path)
    assert loaded.settings.sound is False and loaded.settings.camera == "opencv"
    assert any("unknown setting 'sond'" in p and "did you mean sound" in p for p in loaded.problems)
    save_settings(loaded.settings.with_changes(language="el"), path)
    again = tomllib.loads(path.read_text())
    assert again == {"sound": False, "sond": True, "camera": "opencv", "language": "el",
                     "camera_device": "0", "camera_size": "1280x720", "fullscreen": False, "turn_countdown": 0,
                     "colour_symbols": True}


def test_a_bad_value_takes_its_default_in_memory_only_and_stays_in_the_file(tmp_path):
    path = write(tmp_path, 'camera = "kinect"\nsound = false\nfullscreen = "yes"\n')
    loaded = read_settings(path)
    assert loaded.settings == Settings(sound=False)
    assert loaded.bad_keys == {"camera", "fullscreen"}
    assert [p.split(": ", 1)[1].split(" must")[0] for p in loaded.problems] == ["camera", "fullscreen"]
    assert all(str(path) in p for p in loaded.problems)
    save_settings(loaded.settings.with_changes(language="it"), path)
    data = tomllib.loads(path.read_text())
    assert data["camera"] == "kinect" and data["fullscreen"] == "yes" and data["language"] == "it"
    # a changed value replaces the bad one
    save_settings(read_settings(path).settings.with_changes(camera="opencv"), path)
    assert tomllib.loads(path.read_text())["camera"] == "opencv"


@pytest.mark.parametrize("pins, words", [
    ("end_turn = 17.5", "pins.end_turn must be a BCM GPIO number (a whole number), not 17.5 (float)"),
    ("end_turn = 2024-01-01", "pins.end_turn must be a BCM GPIO number (a whole number), not a date/time 2024-01-01"),
    ("end_turn = {a = 1}", "pins.end_turn must be a BCM GPIO number (a whole number), not a table"),
    ('"end turn" = 5', "pins.end turn is not a known setting (did you mean pins.end_turn?)"),
    ("seat_leds = [5, 6.5]", "pins.seat_leds[1] must be a BCM GPIO number"),
    ("seat_leds = [[1, 2]]", "pins.seat_leds[0] must be a GPIO number or [red, green, blue]"),
    ("buzzer_tonal = 1", "pins.buzzer_tonal must be true or false"),
])
def test_bad_pins_give_a_clear_message_and_save_keeps_them(tmp_path, pins, words):
    path = write(tmp_path, f'sound = false\n\n[pins]\n{pins}\n')
    before = tomllib.loads(path.read_text())["pins"]
    loaded = read_settings(path)
    assert loaded.problems == ()
    assert any(words in p for p in loaded.pin_problems), loaded.pin_problems
    assert loaded.settings.pins == before        # what the user wrote, for the screen to show
    result = save_settings(loaded.settings.with_changes(language="pl"), path)
    data = tomllib.loads(path.read_text())       # still valid TOML
    assert data["pins"] == before and data["sound"] is False and data["language"] == "pl"
    assert result.moved_aside is None


def test_pins_that_are_not_a_table_are_reported_and_kept(tmp_path):
    path = write(tmp_path, "pins = 5\n")
    loaded = read_settings(path)
    assert loaded.settings.pins == {} and "pins must be a table" in loaded.problems[0]
    save_settings(loaded.settings.with_changes(sound=False), path)
    assert tomllib.loads(path.read_text())["pins"] == 5


@pytest.mark.parametrize("device", ["cam\x01era", "a\x7fb", "tab\there", "line\nbreak"])
def test_a_control_character_in_camera_device_is_refused_not_written(tmp_path, device):
    path = tmp_path / "settings.toml"
    with pytest.raises(SettingsError, match="camera_device must be printable text"):
        Settings().with_changes(camera_device=device)
    # even written straight past the check, the file stays valid TOML
    save_settings(Settings(camera_device=device), path)
    assert tomllib.loads(path.read_text())["camera_device"] == device
    assert read_settings(path).bad_keys == {"camera_device"}


def test_a_quoted_key_is_written_as_valid_toml(tmp_path):
    path = tmp_path / "settings.toml"
    save_settings(Settings(pins={'end "turn"': 5, "a b": [1, 2]}), path)
    assert tomllib.loads(path.read_text())["pins"] == {'end "turn"': 5, "a b": [1, 2]}


@pytest.mark.parametrize("text", ["language = ", "\x00\x01", "[pins\nend_turn = 5", "a = " + "[" * 3000,
                                  "n = " + "9" * 5000])
def test_a_file_that_is_not_toml_is_moved_aside_never_deleted(tmp_path, text):
    path = write(tmp_path, text)
    loaded = read_settings(path)
    assert loaded.damaged and loaded.settings == Settings()
    assert loaded.problems[0].startswith(f"{path}: ")
    with pytest.raises(SettingsError, match="not valid TOML"):
        load_settings(path)
    result = save_settings(Settings(language="el"), path)
    assert result.moved_aside is not None and result.moved_aside.name.startswith("settings.toml.damaged-")
    assert result.moved_aside.read_text(encoding="utf-8") == text
    assert load_settings(path) == Settings(language="el")
    # a second damaged file on the same second gets its own name
    path.write_text(text, encoding="utf-8")
    second = save_settings(Settings(language="it"), path)
    assert second.moved_aside not in (None, result.moved_aside) and second.moved_aside.exists()


def test_undecodable_bytes_are_moved_aside(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b'language = "el"\n\xff\xfe')
    loaded = read_settings(path)
    assert "cannot read" in loaded.damaged
    result = save_settings(loaded.settings, path)
    assert result.moved_aside.read_bytes() == b'language = "el"\n\xff\xfe'


def test_new_keys_lens_position_and_camera_size(tmp_path):
    path = write(tmp_path, 'lens_position = 2\ncamera_size = "2304x1296"\n')
    settings = load_settings(path)
    assert settings.lens_position == 2.0 and settings.camera_pixels == (2304, 1296)
    assert Settings().lens_position is None and Settings().camera_pixels == (1280, 720)
    for text, key in (("lens_position = -1", "lens_position"), ("lens_position = nan", "lens_position"),
                      ('camera_size = "big"', "camera_size"), ("camera_size = 1280", "camera_size")):
        assert read_settings(write(tmp_path, text)).bad_keys == {key}
    # None removes the key; a value writes it
    path = tmp_path / "s2.toml"
    save_settings(Settings(lens_position=1.5), path)
    assert tomllib.loads(path.read_text())["lens_position"] == 1.5
    save_settings(load_settings(path).with_changes(lens_position=None), path)
    assert "lens_position" not in tomllib.loads(path.read_text())


def test_other_tables_and_comments_free_keys_survive(tmp_path):
    path = write(tmp_path, 'language = "en"\n[camera_tuning]\ngain = 2.5\nwhen = 2024-05-01T10:00:00Z\n')
    save_settings(read_settings(path).settings.with_changes(language="el"), path)
    data = tomllib.loads(path.read_text())
    assert data["camera_tuning"]["gain"] == 2.5 and data["camera_tuning"]["when"].year == 2024
