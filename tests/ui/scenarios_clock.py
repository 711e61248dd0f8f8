"""The game clock at the table and the thinking times on the scores screen, with a fake
clock in the journal (the app's own once-a-second reading uses it too): set-up time left
out, a pause by a tap on the clock, each seat's time under the totals."""
from __future__ import annotations

from tests.ui.scenarios import _start_counter, play_counter_to_scores


class FakeClock:
    """Seconds that move only when the scenario says so."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


def _box(widget) -> list[float]:
    return [round(v, 1) for v in (*widget.to_window(widget.x, widget.y), widget.width, widget.height)]


async def _think(probe, fake: FakeClock, seconds: float) -> None:
    """The seat to act thinks ``seconds``, adds 3, and the table draws."""
    app = probe.app
    fake.t += seconds
    await probe.tap(probe.find(text="adds 3"))
    await probe.until(lambda: app.session.table_to_act)
    await probe.tap(probe.find(text=app.tr("Random draw")))
    await probe.until(lambda: not app.session.table_to_act)


async def clock_and_thinking(probe) -> None:
    app = probe.app
    fake = FakeClock()
    app.controller.journal.now = fake
    await _start_counter(probe, target="50")
    clock = probe.find(wid="clock", root=app.root)
    await probe.until(lambda: app.clock_shown and clock.width > 0)
    fake.t += 300                        # set-up and chatter: the clock starts at the first move
    await _think(probe, fake, 30)        # Ana: the first move starts the clock
    await _think(probe, fake, 3725)      # Bo, a long think
    fake.t += 12                         # Ana again, then a tap on the clock
    app.clock_tick()
    await probe.frames(2)
    probe.record("face_running", app.clock_face)
    probe.record("clock_box_running", _box(clock))
    probe.record("turn_box_running", _box(probe.find(wid="turn")))
    await probe.screenshot("table_clock")
    await probe.tap(clock)
    await probe.until(lambda: app.clock_paused)
    fake.t += 600                        # a break: nothing counts
    app.clock_tick()
    await probe.frames(2)
    probe.record("face_paused", app.clock_face)
    probe.record("note_paused", app.clock_note)
    probe.record("clock_box_paused", _box(clock))
    probe.record("turn_box_paused", _box(probe.find(wid="turn")))
    probe.record("clock_text_fits", [clock.texture_size[0] <= clock.width, clock.texture_size[1] <= clock.height])
    await probe.screenshot("table_paused")
    await probe.tap(clock)
    await probe.until(lambda: not app.clock_paused)
    await probe.tap_id("scores")
    await probe.until(lambda: app.manager.current == "scores")
    await probe.until(lambda: len(probe.find_all(cls="ScoreTime")) == 2)
    cells = sorted(probe.find_all(cls="ScoreTime"), key=lambda w: w.to_window(w.x, w.y)[0])
    probe.record("thinking", [c.text for c in cells])
    probe.record("thinking_heading", app.tr("Thinking time"))
    probe.record("thinking_fits", all(c.texture_size[0] <= c.width for c in cells))
    probe.record("scores_texts", probe.texts(probe.screen()))
    await probe.screenshot("scores_thinking")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "table")
    await play_counter_to_scores(probe)   # to the end (no more time passes): the result keeps the clock
    await probe.until(lambda: len(probe.find_all(cls="ScoreTime")) == 2)
    probe.record("final_thinking", [c.text for c in sorted(probe.find_all(cls="ScoreTime"),
                                                           key=lambda w: w.to_window(w.x, w.y)[0])])
    probe.record("kept", app.controller.journal.game(app.session.game_id).result["clock"])
    probe.record("marks", [kind for _, kind in app.controller.journal.clock_marks(app.session.game_id)])
    await probe.tap_id("home")
    await probe.until(lambda: app.manager.current == "home")
    await probe.tap_id("open_history")
    await probe.until(lambda: app.manager.current == "history")
    await probe.tap_id("tab_players")
    await probe.tap(next(w for w in probe.find_all(cls="HistoryRow") if "Ana" in w.text))
    await probe.until(lambda: app.manager.current == "player")
    probe.record("player_overall", app.manager.get_screen("player").overall)
    probe.record("player_thinking", app.tr("thinking time a game: {time}", time=app.tr("{seconds} s", seconds=12)))
    await probe.screenshot("player_thinking")
