"""The in-process app (tests/ui/harness.py): two runs in one process, the first leaving all it
can behind (a game under way in its data folder, a larger window, a timer, a Greek table), the
second finding none of it: every UI test starts from a fresh app, whatever ran before it."""
from __future__ import annotations

from tests.ui.steps import start_counter

FIRED: list[str] = []


def test_a_run_leaves_nothing_behind_for_the_next(run_app, tmp_path):
    # each test has its own data folder: the second run gets one as the next test would
    first = run_app(leave_everything, size="1280x800", lang="el", name="first")
    second = run_app(look_for_leftovers, data_dir=tmp_path / "next-test-data", name="second")
    r = second.result
    assert first.result["resume_disabled"] is False      # the first run left a game to resume
    assert r["resume_disabled"] is True and r["history_rows"] == []   # a fresh data folder
    assert r["lang"] == "en" and r["window"] == [800, 480] and r["density"] == 1.0
    assert r["window_children"] == 1 and r["running_app_is_this_one"]
    # the kv rules build() loads (root.kv, common.kv) apply once, though loaded a second time
    assert r["rules"] == first.result["rules"]
    assert r["timer_fired"] == [], r["timer_fired"]      # the first run's Clock is gone


# -- the steps, run in the app --------------------------------------------------------------

def kv_rules(app) -> list[int]:
    """How many kv rules apply to the root, the message strip and a button of common.kv."""
    from kivy.lang import Builder

    home = app.manager.get_screen("home")
    button = next(w for w in home.walk() if type(w).__name__ in ("BigButton", "SmallButton"))
    return [len(Builder.match(w)) for w in (app.root, app.root.ids.strip, button)]


async def leave_everything(probe) -> None:
    from kivy.clock import Clock

    app = probe.app
    probe.record("rules", kv_rules(app))
    Clock.schedule_interval(lambda _dt: FIRED.append("tick"), 0)
    await probe.frames(2)
    await start_counter(probe, target="50")
    await probe.tap(probe.find(text="adds 2"))
    app.goto("home")
    await probe.frames(2)
    probe.record("resume_disabled", probe.find(wid="resume").disabled)
    FIRED.clear()


async def look_for_leftovers(probe) -> None:
    from kivy.app import App
    from kivy.core.window import Window
    from kivy.metrics import Metrics

    app = probe.app
    await probe.frames(5)
    probe.record("rules", kv_rules(app))
    probe.record("timer_fired", list(FIRED))
    probe.record("resume_disabled", probe.find(wid="resume").disabled)
    probe.record("history_rows", [w.text for w in probe.find_all(cls="HistoryRow")])
    probe.record("lang", app.lang)
    probe.record("window", list(Window.size))
    probe.record("density", Metrics.density)
    probe.record("window_children", len(Window.children))
    probe.record("running_app_is_this_one", App.get_running_app() is app)
