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


async def _start_counter(probe, target: str = "10") -> None:
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


async def play_counter_to_the_end(probe) -> None:
    """Setup by taps, play with the generic view and the simulated END TURN, see scores."""
    app = probe.app
    await _start_counter(probe)
    probe.record("turn_at_start", probe.find(wid="turn").text)
    # the simulated panel's END TURN passes the turn through MockFactory pins
    await probe.tap(probe.find(wid="end_turn", root=app.root))
    await probe.until(lambda: len(app.session.actions) == 1)
    probe.record("turn_after_end_turn", probe.find(wid="turn").text)
    await probe.until(lambda: app.hardware.driver.snapshot()["seat_leds"][1]["on"])
    probe.record("leds_after_end_turn", [l["on"] for l in app.hardware.driver.snapshot()["seat_leds"]])
    await probe.screenshot("table")
    await play_counter_to_scores(probe)
    await probe.screenshot("scores")
    probe.record("scores_texts", probe.texts(probe.screen()))
    probe.record("winner", app.session.score_sheet().winners)
    await probe.tap_id("home")
    await probe.until(lambda: app.manager.current == "home")
    await probe.screenshot("home_after")
    probe.record("history_rows", [w.text for w in probe.find_all(cls="HistoryRow")])


async def start_and_leave(probe) -> None:
    """Two moves, then the app stops as if the power went."""
    app = probe.app
    await _start_counter(probe, target="50")
    await probe.tap(probe.find(text="adds 2"))
    await probe.tap(probe.find(text=app.tr("Random draw")))
    probe.record("actions", [str(a) for a in app.session.actions])


async def resume_after_restart(probe) -> None:
    app = probe.app
    resume = probe.find(wid="resume")
    probe.record("resume_text", resume.text)
    await probe.screenshot("home_resume")
    await probe.tap(resume)
    await probe.until(lambda: app.manager.current == "table")
    probe.record("actions", [str(a) for a in app.session.actions])
    await probe.tap_id("undo")
    probe.record("actions_after_undo", [str(a) for a in app.session.actions])



async def resume_with_moves_set_aside(probe) -> None:
    """Resume a game whose last entry was damaged: the banner says what was set aside."""
    app = probe.app
    await probe.tap(probe.find(wid="resume"))
    await probe.until(lambda: app.manager.current == "table")
    await probe.frames(2)
    probe.record("actions", [str(a) for a in app.session.actions])
    probe.record("banner", app.banner)
    probe.record("banner_is_error", app.banner_is_error)


async def next_game_of_the_match_from_home(probe) -> None:
    """The app was closed between two games of a match: Home offers the next game; its
    setup shows the seats filled in and each player's total so far; Start plays it."""
    app = probe.app
    resume = probe.find(wid="resume")
    probe.record("resume_text", resume.text)
    probe.record("resume_disabled", resume.disabled)
    await probe.screenshot("home_next_game")
    await probe.tap(resume)
    await probe.until(lambda: app.manager.current == "setup")
    await probe.frames(2)
    summary = probe.find_all(cls="MatchSummary")
    probe.record("setup_summary", [w.text for w in summary])
    probe.record("setup_summary_visible", bool(summary) and probe.visible(summary[0]))
    probe.record("setup_names", [row.ids.name.text for row in
                                 sorted(probe.find(wid="players").children, key=lambda r: r.seat)])
    await probe.screenshot("setup_next_game")
    await probe.tap_id("start")
    await probe.until(lambda: app.manager.current == "table")
    probe.record("players", [p.name for p in app.session.config.players])
    probe.record("so_far", app.session.config.option("match_so_far"))
