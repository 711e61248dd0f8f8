"""Steps that tests of several files take in the real app (each gets the app's Probe)."""
from __future__ import annotations


async def start_counter(probe, target: str = "10") -> None:
    app = probe.app
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    await probe.tap(probe.find(text="Counter", cls="GameChoice"))
    await probe.until(lambda: app.manager.get_screen("setup").game_name == "counter")
    spinner = probe.find(wid="count")
    spinner.text = "2"
    await probe.frames(2)
    for row in probe.find_all(cls="OptionRow"):
        row.ids.choice.text = target
    probe.find(wid="players").children[-1].ids.name.text = "Ana"
    await probe.screenshot("setup_counter")
    await probe.tap_id("start")
    await probe.until(lambda: app.manager.current == "table")


async def play_counter_to_scores(probe) -> None:
    """Tap moves of 3 (and the table's random draws) until the scores screen shows."""
    app = probe.app
    while not app.session.is_over:
        if app.session.table_to_act:
            await probe.tap(probe.find(text=app.tr("Random draw")))
        else:
            await probe.tap(probe.find(text="adds 3"))
    await probe.until(lambda: app.manager.current == "scores")
