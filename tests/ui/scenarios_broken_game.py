"""A registered game whose declaration does not load, injected by the scenario: the
home screen lists it with the reason and what to do, the status LED lights (read on
the simulated panel's pin), and the other games stay playable."""
from __future__ import annotations

from tests.registry import register_game

BROKEN = (("ghost", "tests.no_such_manifest", "Ghost Ships"),      # not installed
          ("mislabelled", "tests.fake_game", "Mislabelled"))       # declares another game


async def broken_games_are_shown(probe) -> None:
    app = probe.app
    home = app.manager.get_screen("home")
    played: list[str] = []
    real_play = app.hardware.play

    def spy(signal, cue=None):
        played.append(type(signal).__name__)
        return real_play(signal, cue)

    app.hardware.play = spy
    for name, module, title in BROKEN:
        register_game(name, module, title)
    app.goto("home")
    await probe.until(lambda: len(home.unavailable) == len(BROKEN))
    status = app.hardware.panel.status_led.pin
    await probe.until(lambda: status.state == 1)
    probe.record("status_led_lit", True)
    await probe.frames(3)
    label = probe.find("unavailable_games")
    probe.record("unavailable_text", label.text)
    probe.record("label_visible", label.height > 0 and probe.visible(label))
    await probe.screenshot("home_broken")
    await probe.tap_id("lang_it")
    await probe.frames(3)
    probe.record("unavailable_text_it", probe.find("unavailable_games").text)
    await probe.tap_id("lang_en")
    app.goto("home")   # seen again: listed, not announced again
    await probe.frames(3)
    probe.record("signals", played)
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    probe.record("setup_texts", probe.texts())
