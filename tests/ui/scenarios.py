"""Scripted UI scenarios; each is run by tests/ui/run.py inside the real app."""
from __future__ import annotations


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
