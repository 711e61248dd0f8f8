"""The game clock, thinking times and the turn countdown, read from the journal's times
with a fake clock (nothing sleeps): pause and resume, a restart in the middle (a new
session over the same journal), an undo across a turn, the result a finished game keeps."""
from __future__ import annotations

import pytest

from companion.clock import (HURRY_SECONDS, ClockReading, Mark, Tick, TurnCountdown, clock_face, duration_words,
                             read_clock)
from companion.i18n import Translator
from companion.engine import GameConfig
from companion.journal import Journal
from companion.session import TableSession
from companion.stats import games, player, plays_from_rows
from tests.fake_game import Add, Pass, Roll

CONFIG = GameConfig.build("counter", ["Ana", "Bo"], target=10)


class FakeClock:
    """Seconds that move only when a test says so."""

    def __init__(self, start: float = 1_800_000_000.0):
        self.t = start

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def clock(journal):
    fake = FakeClock()
    journal.now = fake
    return fake


def play_turn(session, seat, clock, thinking, roll=0):
    """``seat`` thinks ``thinking`` seconds, adds 1, and the table rolls (the turn passes)."""
    clock.advance(thinking)
    session.submit(Add(seat, 1))
    session.submit(Roll(roll))


def test_the_clock_starts_at_the_first_move_and_counts_each_seats_thinking(journal, clock):
    session = TableSession.new(journal, CONFIG)
    session.table_shown()
    clock.advance(300)                       # set-up time does not count
    assert session.clock() == ClockReading(seconds=0.0, runs=False)
    session.submit(Add(0, 1))                # the first move starts the clock
    session.submit(Roll(0))
    play_turn(session, 1, clock, 40)
    play_turn(session, 0, clock, 25)
    clock.advance(7)
    reading = session.clock()
    assert reading.runs and not reading.paused
    assert reading.seconds == pytest.approx(72)
    assert reading.thinking == pytest.approx({0: 25, 1: 47})   # Bo's turn runs: 40 + 7 so far
    assert reading.seat == 1 and reading.turn_seconds == pytest.approx(7)


def test_a_tap_pauses_the_clock_and_thinking_and_another_resumes_it(journal, clock):
    session = TableSession.new(journal, CONFIG)
    session.table_shown()
    session.submit(Add(0, 1))
    session.submit(Roll(0))
    clock.advance(10)
    session.pause_clock()
    clock.advance(600)                       # a break: no time counts
    paused = session.clock()
    assert paused.paused and not paused.runs
    assert paused.seconds == pytest.approx(10) and paused.thinking == pytest.approx({1: 10})
    session.pause_clock()                    # twice is once
    session.resume_clock()
    clock.advance(5)
    again = session.clock()
    assert again.runs and again.seconds == pytest.approx(15) and again.turn_seconds == pytest.approx(15)
    assert [k for _, k in journal.clock_marks(session.game_id)] == ["back", "pause", "resume"]


def test_home_stops_the_clock_and_the_table_starts_it_again(journal, clock):
    session = TableSession.new(journal, CONFIG)
    session.table_shown()
    session.submit(Add(0, 1))
    clock.advance(20)
    session.table_left()
    clock.advance(3600)
    assert session.clock().seconds == pytest.approx(20) and not session.clock().runs
    session.table_shown()
    clock.advance(4)
    assert session.clock().seconds == pytest.approx(24)


def test_a_restart_in_the_middle_keeps_the_clock_the_pause_and_the_thinking(tmp_path):
    fake = FakeClock()
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.now = fake
        session = TableSession.new(journal, CONFIG)
        session.table_shown()
        session.submit(Add(0, 1))
        session.submit(Roll(0))
        play_turn(session, 1, fake, 30)
        fake.advance(12)
        session.pause_clock()                # paused by a tap, then the app is closed
        before = session.clock()
        game_id = session.game_id
    fake.advance(7200)
    with Journal(path) as journal:
        journal.now = fake
        session = TableSession.resume(journal, game_id)
        session.table_shown()
        fake.advance(100)
        after = session.clock()
        assert after.paused and after.seconds == pytest.approx(before.seconds)
        assert before.seconds == pytest.approx(42)
        assert after.thinking == pytest.approx(before.thinking)
        assert before.thinking == pytest.approx({0: 12, 1: 30})
        session.resume_clock()
        fake.advance(8)
        assert session.clock().thinking == pytest.approx({0: 20, 1: 30})


def test_a_stop_without_warning_counts_up_to_the_last_thing_recorded(tmp_path):
    """A power cut: no ``away`` mark; the hours until the next start do not count."""
    fake = FakeClock()
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.now = fake
        session = TableSession.new(journal, CONFIG)
        session.table_shown()
        session.submit(Add(0, 1))
        fake.advance(50)
        session.submit(Roll(1))               # the last record: 50 s after the first move
        game_id = session.game_id
    fake.advance(3 * 3600)                    # killed 20 s later (unrecorded), back 3 h on
    with Journal(path) as journal:
        journal.now = fake
        session = TableSession.resume(journal, game_id)
        session.table_shown()
        fake.advance(6)
        reading = session.clock()
        assert reading.seconds == pytest.approx(56) and reading.thinking == pytest.approx({0: 50, 1: 6})


def test_an_undo_across_a_turn_gives_the_time_back_to_the_seat_whose_turn_returns(journal, clock):
    session = TableSession.new(journal, CONFIG)
    session.table_shown()
    session.submit(Add(0, 1))
    session.submit(Roll(0))
    clock.advance(20)
    session.press("end_turn")                # Bo passes ... by mistake
    clock.advance(9)                          # Ana's turn, seemingly
    session.undo_turn()                       # taken back: it was still Bo's turn
    clock.advance(11)
    reading = session.clock()
    assert reading.seat == 1
    assert reading.thinking == pytest.approx({1: 40}) and reading.turn_seconds == pytest.approx(40)
    assert reading.seconds == pytest.approx(40)
    session.press("end_turn")
    clock.advance(3)
    assert session.clock().thinking == pytest.approx({0: 3, 1: 40})


def test_the_finished_game_keeps_its_clock_as_its_duration(journal, clock):
    session = TableSession.new(journal, CONFIG)
    session.table_shown()
    clock.advance(120)                        # set-up
    for turn in range(5):
        play_turn(session, turn % 2, clock, 10 + turn, roll=1)
        if session.is_over:
            break
    while not session.is_over:
        play_turn(session, session.state.seat, clock, 10, roll=1)
    kept = journal.game(session.game_id).result["clock"]
    reading = session.clock()
    assert reading.over and not reading.runs
    assert kept["seconds"] == round(reading.seconds) and kept["thinking"] == [
        round(reading.thinking.get(0, 0)), round(reading.thinking.get(1, 0))]
    clock.advance(999)                        # a finished game's clock stands still
    assert session.clock().seconds == pytest.approx(reading.seconds)
    plays = plays_from_rows(journal.played())
    assert plays[0].duration == kept["seconds"]            # not the 120 s of set-up
    assert plays[0].thinking == tuple(kept["thinking"])
    assert games(plays)[0].average_duration == kept["seconds"]
    assert player(plays, "Ana")[0].thinking == kept["thinking"][0]   # the player's page


def test_a_countdown_hurries_in_the_last_seconds_and_sounds_once_at_zero():
    ticks = [Tick(0.0, "do", 1)]
    countdown = TurnCountdown(60)
    steps = [countdown.update(read_clock(ticks, [], float(t))) for t in range(0, 75)]
    hurried = [t for t, s in enumerate(steps) if s.hurry == 1]
    assert hurried[0] == 60 - HURRY_SECONDS and hurried[-1] == 59
    assert [t for t, s in enumerate(steps) if s.time_up is not None] == [60]
    assert all(s.hurry is None for s in steps[60:])        # never ends the turn: it just waits
    # a new turn starts its own countdown; paused, it waits
    ticks.append(Tick(80.0, "do", 0))
    assert countdown.update(read_clock(ticks, [], 139.0)).hurry == 0
    assert countdown.update(read_clock(ticks, [], 140.0)).time_up == 0
    paused = [Mark(100.0, "pause")]
    assert countdown.update(read_clock(ticks + [Tick(150.0, "do", 1)], paused, 500.0)) == \
        countdown.update(read_clock([], [], 0.0))
    assert TurnCountdown(0).update(read_clock(ticks, [], 500.0)).time_up is None   # off


def test_reading_the_clock_of_a_long_game_is_cheap():
    """What the table screen pays once a second: a game of 2,000 journal entries."""
    import time

    ticks = [Tick(float(i * 5), "undo" if i % 50 == 49 else "do", i % 4) for i in range(2000)]
    marks = [Mark(float(i * 500), "pause" if i % 2 else "resume") for i in range(20)]
    start = time.perf_counter()
    for _ in range(20):
        read_clock(ticks, marks, 10_001.0)
    per_read = (time.perf_counter() - start) / 20
    print(f"read_clock over 2000 entries: {per_read * 1000:.2f} ms")
    assert per_read < 0.05


@pytest.mark.parametrize("seconds, en, el, pl", [
    (0, "0 s", "0 δευτ.", "0 s"), (42.4, "42 s", "42 δευτ.", "42 s"), (60, "1 min", "1 λεπ.", "1 min"),
    (722, "12 min", "12 λεπ.", "12 min"), (3900, "1 h 05 min", "1 ώ. 05 λεπ.", "1 godz. 05 min"),
    (3599.9, "1 h 00 min", "1 ώ. 00 λεπ.", "1 godz. 00 min")])
def test_durations_read_the_same_for_every_number(seconds, en, el, pl):
    """Abbreviated units: no plural forms to get wrong (2, 5, 22 read like 1)."""
    for lang, expected in (("en", en), ("el", el), ("pl", pl)):
        assert Translator(lang)(duration_words(seconds)) == expected


def test_the_clock_face():
    assert [clock_face(s) for s in (0, 7.9, 65, 3600, 3767)] == ["0:00", "0:07", "1:05", "1:00:00", "1:02:47"]
    assert clock_face(9.2, up=True) == "0:10"      # a countdown shows the second it is in


def test_a_journal_from_before_the_clock_opens_with_its_table_and_repair_keeps_the_marks(tmp_path):
    import sqlite3

    from companion.journal import set_aside_and_salvage

    path = tmp_path / "journal.sqlite3"
    fake = FakeClock()
    with Journal(path) as journal:
        journal.now = fake
        session = TableSession.new(journal, CONFIG)
        session.table_shown()
        session.submit(Add(0, 1))
        session.pause_clock()
        game_id = session.game_id
    db = sqlite3.connect(path)
    marks = db.execute("SELECT at, kind FROM clock").fetchall()
    db.execute("DROP TABLE clock")                 # as a file written before the clock
    db.commit()
    db.close()
    with Journal(path) as journal:
        assert journal.clock_marks(game_id) == ()  # the table is there again, empty
        for at, kind in marks:
            journal.add_clock_mark(game_id, kind, at)
    fresh, report = set_aside_and_salvage(path)
    with fresh:
        assert report.games == 1
        assert [k for _, k in fresh.clock_marks(game_id)] == ["back", "pause"]


def test_a_mark_the_storage_refuses_waits_in_memory_and_is_saved_on_the_retry(journal, clock, monkeypatch):
    from companion.journal import JournalError

    session = TableSession.new(journal, CONFIG)
    session.table_shown()
    session.submit(Add(0, 1))
    heard = []
    session.add_listener(heard.append)
    real = journal.add_clock_mark

    def refuse(*_args):
        raise JournalError("disk is full", "full", journal.path)

    monkeypatch.setattr(journal, "add_clock_mark", refuse)
    clock.advance(5)
    session.pause_clock()                               # shown paused at once, said to the players
    assert session.clock().paused and session.storage_problem is not None
    assert [e.kind for e in heard] == ["storage", "clock"] and session.unsaved == 0   # no move waits
    monkeypatch.setattr(journal, "add_clock_mark", real)
    assert session.flush() and session.storage_problem is None
    assert [k for _, k in journal.clock_marks(session.game_id)] == ["back", "pause"]
