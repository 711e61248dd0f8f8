"""The app shell under Xvfb: home, language switch, every screen at two sizes."""
from __future__ import annotations

import numpy as np
import pytest


def test_home_screen_then_greek(run_app):
    run = run_app(home_then_greek)
    result = run.result
    assert result["screen_at_start"] == "home"
    assert "New game" in result["texts_en"]
    assert result["lang_after"] == "el"
    assert "Νέο παιχνίδι" in result["texts_el"]
    assert "New game" not in result["texts_el"]
    assert "Δεν υπάρχει παιχνίδι για συνέχιση" in result["texts_el"]
    en, el = run.image("home_en"), run.image("home_el")
    assert en.shape[:2] == (480, 800)
    assert el.shape == en.shape
    # the picture really changed where the words are, and it is not blank
    assert float(el.std()) > 20
    changed = np.any(np.abs(en.astype(int) - el.astype(int)) > 40, axis=2)
    assert changed.mean() > 0.005
    # the New game button (green) is drawn in the upper half with Greek text in it
    button = el[130:200, 10:390]
    green = (button[:, :, 1] > 90) & (button[:, :, 2] < 80)
    assert green.mean() > 0.5
    light_text = (button.min(axis=2) > 200).mean()
    assert 0.01 < light_text < 0.3


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_every_shell_screen_renders(run_app, size):
    run = run_app(tour, size=size)
    width, height = (int(v) for v in size.split("x"))
    for name in ("home", "settings", "hwtest", "history", "setup"):
        image = run.image(name)
        assert image.shape[:2] == (height, width), name
        assert float(image.std()) > 15, f"{name} looks blank"
    assert "Start game" in run.result["texts_setup"]


# -- the steps, run in the app --------------------------------------------------------------

async def home_then_greek(probe) -> None:
    probe.record("screen_at_start", probe.app.manager.current)
    await probe.screenshot("home_en")
    probe.record("texts_en", probe.texts())
    await probe.tap_id("lang_el")
    await probe.frames(3)
    probe.record("lang_after", probe.app.lang)
    await probe.screenshot("home_el")
    probe.record("texts_el", probe.texts())
    probe.tree("home_el")


async def tour(probe) -> None:
    """Every shell screen, for screenshots at any size."""
    await probe.screenshot("home")
    for button, screen in (("open_settings", "settings"), ("open_hwtest", "hwtest"),
                           ("open_history", "history")):
        await probe.tap_id(button)
        await probe.until(lambda: probe.app.manager.current == screen)
        await probe.screenshot(screen)
        await probe.tap_id("back")
    await probe.tap_id("new_game")
    await probe.until(lambda: probe.app.manager.current == "setup")
    await probe.screenshot("setup")
    probe.record("texts_setup", probe.texts())
