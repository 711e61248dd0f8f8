"""The real app under Xvfb with a bad settings file (issue #10 D11): problems on screen and
on the status LED, a language tap and Save that keep what the app could not read."""
from __future__ import annotations

import tomllib



def test_bad_keys_and_pins_are_shown_and_kept(run_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_text('sound = false\nsond = true\n\n[pins]\nend_turn = 17.5\n')
    result = run_app(bad_settings_file, data_dir=data).result
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


def test_a_damaged_file_is_moved_aside_with_a_notice(run_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_text("language = \n")
    result = run_app(damaged_settings_file, data_dir=data).result
    assert "cannot be read" in result["notices"] and "defaults are used" in result["notices"]
    damaged = [n for n in result["files"] if n.startswith("settings.toml.damaged-")]
    assert len(damaged) == 1 and "settings.toml" in result["files"]
    assert (data / damaged[0]).read_text() == "language = \n"
    assert damaged[0] in result["notices_after"] and damaged[0] in result["banner_after"]
    assert tomllib.loads((data / "settings.toml").read_text())["language"] == "it"


# -- the steps, run in the app --------------------------------------------------------------
# The data directory's settings.toml is written by the test before the app starts.

def record_signals(app) -> list[str]:
    """The signals the app plays on the panel from now on (their reasons), in order."""
    played: list[str] = []
    play = app.hardware.play

    def spy(signal):
        played.append(getattr(signal, "reason", type(signal).__name__))
        return play(signal)

    app.hardware.play = spy
    return played


async def bad_settings_file(probe) -> None:
    """Notices at start, a language tap, the Settings screen with a bad pin map, Save refused then done."""
    app = probe.app
    probe.record("notices", app.notice_text())
    await probe.until(lambda: (app.hardware.driver.snapshot()["status_led"] or {}).get("on", False))
    probe.record("status_led_lit", True)
    await probe.screenshot("home_with_notices")
    await probe.tap_id("lang_el")
    await probe.frames(3)
    probe.record("file_after_language", app.settings_path.read_text(encoding="utf-8"))
    await probe.tap_id("open_settings")
    await probe.until(lambda: app.manager.current == "settings")
    screen = app.manager.get_screen("settings")
    probe.record("pins_shown", screen.ids.pins.text)
    probe.record("error_shown", screen.error)
    await probe.screenshot("settings_bad_pins")
    played = record_signals(app)
    await probe.tap_id("save")
    probe.record("error_after_save", screen.error)
    probe.record("signals_after_refused_save", list(played))
    probe.record("file_after_refused_save", app.settings_path.read_text(encoding="utf-8"))
    probe.record("focus_shown", screen.ids.lens_position.text)
    screen.ids.pins.text = "end_turn = 5"
    screen.ids.lens_position.text = "2,5"
    screen.ids.camera_size.text = "2304x1296"
    await probe.frames(2)
    await probe.tap_id("save")
    await probe.until(lambda: app.manager.current == "home")
    probe.record("file_after_save", app.settings_path.read_text(encoding="utf-8"))


async def damaged_settings_file(probe) -> None:
    """A file that is not TOML: defaults and a notice; a language tap keeps it aside."""
    app = probe.app
    probe.record("notices", app.notice_text())
    await probe.tap_id("lang_it")
    await probe.frames(3)
    probe.record("notices_after", app.notice_text())
    probe.record("banner_after", app.banner)
    probe.record("files", sorted(p.name for p in app.settings_path.parent.iterdir()))
    await probe.screenshot("home_after_move")
