"""The app shell under Xvfb: home, language switch, every screen at two sizes."""
from __future__ import annotations

import numpy as np
import pytest


def test_home_screen_then_greek(run_ui):
    run = run_ui("home_then_greek")
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
def test_every_shell_screen_renders(run_ui, size):
    run = run_ui("tour", size=size)
    width, height = (int(v) for v in size.split("x"))
    for name in ("home", "settings", "hwtest", "history", "setup"):
        image = run.image(name)
        assert image.shape[:2] == (height, width), name
        assert float(image.std()) > 15, f"{name} looks blank"
    assert "Start game" in run.result["texts_setup"]
