"""Settings scenarios, run by tests/reliability/test_settings_screen.py:
the data directory's settings.toml is written by the test before the app starts."""
from __future__ import annotations

from companion.games import registered_games


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


async def remembered_copy_of_the_wrong_shape(probe) -> None:
    """Setup of Golden Horn for 2 when the journal's last such game has options as a list
    (written by the test): a notice, the text options empty, the game still starts."""
    app = probe.app
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    await probe.tap(probe.find(text="Golden Horn", cls="GameChoice"))
    await probe.until(lambda: app.manager.get_screen("setup").game_name == "golden_horn")
    played = record_signals(app)
    probe.find(wid="count").text = "2"
    await probe.until(lambda: bool(app.banner))
    probe.record("banner", app.banner)
    probe.record("signals", list(played))
    probe.record("text_options", [row.ids.choice.text for row in probe.find_all(cls="TextOptionRow")])
    await probe.screenshot("setup_after_bad_memory")
    rows = sorted(probe.find(wid="players").children, key=lambda r: r.seat)
    for row, name in zip(rows, ("Ann", "Bea")):
        row.ids.name.text = name
    await probe.tap_id("start")
    await probe.until(lambda: app.manager.current == "table")
    probe.record("started", app.session.config.game)


async def settings_in_words(probe) -> None:
    """A good settings file: the pins behind "Advanced", the camera and picture size picked
    from lists in words, sound and full screen as large toggles; Save writes the codes."""
    app = probe.app
    await probe.tap_id("open_settings")
    await probe.until(lambda: app.manager.current == "settings")
    screen = app.manager.get_screen("settings")
    await probe.settled()
    await probe.screenshot("settings")
    probe.record("advanced_at_first", screen.advanced)
    probe.record("pins_opacity", screen.ids.pins.opacity)
    probe.record("summary", screen.pins_summary)
    probe.record("camera_shown", screen.ids.camera.text)
    probe.record("camera_values", list(screen.ids.camera.values))
    probe.record("sizes", list(screen.ids.camera_size.values))
    probe.record("toggle_heights", [screen.ids.sound.height, screen.ids.fullscreen.height])
    probe.record("texts", probe.texts(probe.screen()))
    await probe.tap_id("advanced")
    await probe.until(lambda: screen.advanced and screen.ids.pins.opacity == 1)
    await probe.frames(2)
    await probe.screenshot("settings_advanced")
    probe.record("pins_height", screen.ids.pins.height)
    screen.ids.camera.text = screen.ids.camera.values[-1]      # no camera
    await probe.tap(screen.ids.sound)                          # sound off
    screen.ids.camera_size.text = screen.ids.camera_size.values[0]
    probe.record("countdown_shown", screen.ids.turn_countdown.text)      # off by default
    await probe.tap(screen.ids.turn_countdown)                            # each game's own, in a popup
    await probe.until(lambda: probe.tagged("countdown_popup") is not None)
    popup = probe.tagged("countdown_popup")
    await probe.opened(popup)
    # every game's row, those the popup scrolls to as well
    found = {w.test_id: w for w in probe.walk(popup) if str(getattr(w, "test_id", "")).startswith("countdown_")}
    spinners = {game: found.get(f"countdown_{game}") for game in registered_games()}
    probe.record("countdown_games", [game for game, spinner in spinners.items() if spinner is not None])
    probe.record("countdown_rows", [spinner.text for spinner in spinners.values() if spinner is not None])
    golden_horn = spinners["golden_horn"]
    probe.record("countdowns", list(golden_horn.values))
    golden_horn.text = golden_horn.values[2]                             # 60 s, for Golden Horn only
    await probe.frames(3)
    path = probe.out / "countdown_popup.png"
    popup.export_to_png(str(path))
    probe.results["screenshots"]["countdown_popup"] = str(path)
    await probe.tap(probe.tagged("countdown_done", popup))
    await probe.until(lambda: probe.tagged("countdown_popup") is None)
    probe.record("countdown_after", screen.ids.turn_countdown.text)
    await probe.frames(2)
    await probe.screenshot("settings_countdown_chosen")
    probe.record("sound_text", screen.ids.sound.text)
    await probe.tap_id("save")
    await probe.until(lambda: app.manager.current == "home")
    probe.record("file_after_save", app.settings_path.read_text(encoding="utf-8"))
