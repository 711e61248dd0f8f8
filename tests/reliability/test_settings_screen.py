"""The real app under Xvfb with a bad settings file: problems on screen and
on the status LED, a language tap and Save that keep what the app could not read."""
from __future__ import annotations

import tomllib

import pytest

from tests.ui.conftest import display, run_ui  # noqa: F401  (fixtures)


def test_bad_keys_and_pins_are_shown_and_kept(run_ui, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_text('sound = false\nsond = true\n\n[pins]\nend_turn = 17.5\n')
    result = run_ui("scenarios_settings:bad_settings_file", data_dir=data).result
    assert "unknown setting 'sond' (did you mean sound?)" in result["notices"]
    assert "GPIO pin settings ignored" in result["notices"]          # hardware/'s own notice
    assert result["status_led_lit"]
    after_tap = tomllib.loads(result["file_after_language"])
    assert after_tap["language"] == "el" and after_tap["sound"] is False and after_tap["sond"] is True
    assert after_tap["pins"] == {"end_turn": 17.5}
    assert result["pins_shown"] == "end_turn = 17.5"                 # the user's values, not the defaults
    assert "pins.end_turn" in result["error_shown"] and "17.5" in result["error_shown"]
    assert "17.5" in result["error_after_save"]
    assert result["signals_after_refused_save"] == [result["error_after_save"]]   # status LED + beep
    assert result["file_after_refused_save"] == result["file_after_language"]
    saved = tomllib.loads(result["file_after_save"])
    assert saved["pins"] == {"end_turn": 5} and saved["sond"] is True and saved["sound"] is False
    assert result["focus_shown"] == ""                               # no lens position: autofocus
    assert saved["lens_position"] == 2.5 and saved["camera_size"] == "2304x1296"


def test_a_damaged_file_is_moved_aside_with_a_notice(run_ui, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_text("language = \n")
    result = run_ui("scenarios_settings:damaged_settings_file", data_dir=data).result
    assert "cannot be read" in result["notices"] and "defaults are used" in result["notices"]
    damaged = [n for n in result["files"] if n.startswith("settings.toml.damaged-")]
    assert len(damaged) == 1 and "settings.toml" in result["files"]
    assert (data / damaged[0]).read_text() == "language = \n"
    assert damaged[0] in result["notices_after"] and damaged[0] in result["banner_after"]
    assert tomllib.loads((data / "settings.toml").read_text())["language"] == "it"


@pytest.mark.parametrize("size,lang", [("800x480", None), ("1280x800", "pl")])
def test_settings_are_in_words_with_the_pins_behind_advanced(run_ui, tmp_path, size, lang):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_text('camera = "simulated"\nsound = true\n')
    run = run_ui("scenarios_settings:settings_in_words", data_dir=data, size=size, lang=lang)
    r = run.result
    texts = " ".join(r["texts"])
    assert not r["advanced_at_first"] and r["pins_opacity"] == 0
    assert "end_turn" not in texts and "end_turn" not in r["summary"]   # words, not the file's keys
    assert "21" in r["summary"] and len(r["summary"].splitlines()) == 6
    assert r["camera_shown"] not in ("simulated", "auto") and len(r["camera_values"]) == 5
    assert not set(r["camera_values"]) & {"auto", "simulated", "picamera2", "opencv", "none"}
    assert "1280 × 720" in r["sizes"]
    assert min(r["toggle_heights"]) >= 48
    assert r["pins_height"] > 100
    saved = tomllib.loads(r["file_after_save"])
    assert saved["camera"] == "none" and saved["sound"] is False and saved["camera_size"] == "640x480"
    # the turn countdown: each game's own, off at first, chosen in the players' words, saved in seconds
    assert r["countdown_shown"] == r["countdowns"][0] and len(r["countdowns"]) == 7
    games = r["countdown_games"]   # every game the app has (the tests' counter game too)
    assert {"golden_horn", "coloretto", "alles_auf_1_karte", "caravelas"} <= set(games) and r["countdown_rows"] == [r["countdowns"][0]] * len(games)
    assert saved["turn_countdowns"] == {**dict.fromkeys(games, 0), "golden_horn": 60}
    assert saved.get("turn_countdown", 0) == 0 and not any(c.isdigit() for c in r["countdowns"][0])
    assert r["countdown_after"] == f"Golden Horn {r['countdowns'][2]}" and any(c.isdigit() for c in r["countdowns"][2])
    width, height = (int(v) for v in size.split("x"))
    for name in ("settings", "settings_advanced", "settings_countdown_chosen"):
        assert run.image(name).shape[:2] == (height, width)
