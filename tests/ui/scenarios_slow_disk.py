"""A slow disk: the journal's write of a move takes as long as the scenario says (it waits on
an event the scenario sets, ten seconds at most).  The screen keeps drawing meanwhile, the
move shows only once the write has returned, and a second press of END TURN during the wait
is refused (one turn ends, not two).  Run by tests/ui/test_slow_disk.py."""
from __future__ import annotations

import threading
import time
from typing import Any

from kivy.clock import Clock

from tests.ui.scenarios import _start_counter

#: the longest a held write waits for the scenario (the old code held the screen this long)
HOLD_SECONDS = 10.0
#: the write of the measured move (a worn SD card's worst fsyncs seen: 306 ms)
SLOW_SECONDS = 0.3


class SlowDisk:
    """The journal's ``append_many`` (the write of every move) made slow: held on ``gate``, or
    slept for ``sleep`` seconds, on whichever thread writes it; what the screen drew meanwhile."""

    def __init__(self, journal: Any) -> None:
        self.journal, self.real = journal, journal.append_many
        self.gate = threading.Event()
        self.sleep = 0.0
        self.started = self.returned = False
        self.threads: list[str] = []
        self.frames = 0
        self.frame_times: list[float] = []
        self.frames_at_start = self.frames_at_return = 0
        self.span = (0.0, 0.0)
        self._ticker = Clock.schedule_interval(self._frame, 0)
        journal.append_many = self.append_many

    def _frame(self, _dt: float) -> None:
        self.frames += 1
        self.frame_times.append(time.monotonic())

    def append_many(self, game_id: int, events: Any) -> Any:
        self.threads.append(threading.current_thread().name)
        self.started, self.returned = True, False
        self.frames_at_start, start = self.frames, time.monotonic()
        if self.sleep:
            time.sleep(self.sleep)      # the disk, not the test, takes its time
        else:
            self.gate.wait(HOLD_SECONDS)
        try:
            return self.real(game_id, events)
        finally:
            self.returned = True
            self.frames_at_return, self.span = self.frames, (start, time.monotonic())

    def longest_gap_ms(self) -> float:
        """The longest time between two frames while the last write was on its way (ms)."""
        start, end = self.span
        times = [t for t in self.frame_times if start <= t <= end]
        points = [start, *times, end]
        return max(b - a for a, b in zip(points, points[1:])) * 1000

    def close(self) -> None:
        self._ticker.cancel()
        self.journal.append_many = self.real


async def end_turn_on_a_slow_disk(probe) -> None:
    app = probe.app
    await _start_counter(probe)
    session = app.session
    disk = SlowDisk(session.journal)
    shown: dict[str, Any] = {}

    def heard(event: Any) -> None:   # the first news of the move: was its write back by then?
        if event.kind == "changed" and "returned" not in shown:
            shown["returned"] = disk.returned

    session.add_listener(heard)
    end_turn = probe.find(wid="end_turn", root=app.root)
    turn_before = probe.find(wid="turn").text
    probe.record("turn_before", turn_before)
    await probe.tap(end_turn, landed=False)
    await probe.until(lambda: disk.started)
    await probe.frames(5)          # drawn while the write waits (none if the write held the screen)
    probe.record("frames_during_write", disk.frames - disk.frames_at_start if not disk.returned
                 else disk.frames_at_return - disk.frames_at_start)
    probe.record("returned_before_second_press", disk.returned)
    probe.record("turn_while_pending", probe.find(wid="turn").text)
    probe.record("actions_while_pending", len(session.actions))
    probe.record("led_while_pending", [led["on"] for led in app.hardware.driver.snapshot()["seat_leds"]])
    await probe.screenshot("pending")
    app.clear_banner()
    await probe.tap(end_turn, landed=False)      # a double press while the move is being saved
    await probe.until(lambda: app.banner != "" or disk.returned)
    probe.record("second_press_banner", app.banner)
    probe.record("returned_at_refusal", disk.returned)
    await probe.screenshot("refused")
    disk.gate.set()
    await probe.until(lambda: len(session.actions) >= 1)
    await probe.until(probe.writes_landed)
    await probe.frames(5)
    probe.record("returned_when_shown", shown.get("returned"))
    probe.record("banner_after_landed", app.banner)
    probe.record("turn_after", probe.find(wid="turn").text)
    probe.record("actions_after", [str(a) for a in session.actions])
    probe.record("events_on_disk", len(session.journal.events(session.game_id).events))
    probe.record("writer_threads", sorted(set(disk.threads)))
    await probe.until(lambda: app.hardware.driver.snapshot()["seat_leds"][1]["on"] or len(session.actions) != 1)
    await probe.screenshot("landed")
    # the measure: the longest frame gap while one move's write takes 0.3 s
    disk.sleep = SLOW_SECONDS
    app.clear_banner()
    before = len(session.actions)
    await probe.tap(probe.find(text="adds 3"), landed=False)
    await probe.until(lambda: len(session.actions) > before)
    probe.record("gap_ms_during_slow_write", round(disk.longest_gap_ms(), 1))
    probe.record("slow_write_ms", round((disk.span[1] - disk.span[0]) * 1000, 1))
    disk.close()
