"""The wall clock set during a game (NTP correcting a Raspberry Pi that has no real-time
clock, by hours) adds nothing to the game clock or to anyone's thinking time: forward,
back, and after a restart (where the steady clock starts again).  Fake clocks, no sleeping:
``wall`` is the journal's ``now``, ``steady`` its monotonic clock."""
from __future__ import annotations

import pytest

from companion.clock import JUMP_SECONDS, Jump, Mark, Tick, WallWatch, read_clock
from companion.engine import GameConfig
from companion.journal import Journal
from companion.session import TableSession
from tests.fake_game import Add, Roll

CONFIG = GameConfig.build("counter", ["Ana", "Bo"], target=10)
HOURS = 3600.0


class Clocks:
    """A wall clock and a steady one that move together, unless the wall clock is set."""

    def __init__(self, wall: float = 1_800_000_000.0, steady: float = 5_000.0):
        self.wall, self.steady = wall, steady

    def advance(self, seconds: float) -> None:
        self.wall += seconds
        self.steady += seconds

    def set_wall(self, seconds: float) -> None:
        """The wall clock set by ``seconds`` (NTP): the steady clock does not move."""
        self.wall += seconds

    def restart(self, down: float) -> None:
        """The machine off for ``down`` seconds and started again: the steady clock starts over."""
        self.wall += down
        self.steady = 12.0

    def attach(self, journal: Journal) -> Journal:
        journal.now = lambda: self.wall
        journal.monotonic = lambda: self.steady
        return journal


@pytest.fixture
def clocks(journal):
    fake = Clocks()
    fake.attach(journal)
    return fake


def start(journal, clocks) -> TableSession:
    """Ana's first move at once; Bo's turn from then on."""
    session = TableSession.new(journal, CONFIG)
    session.table_shown()
    clocks.advance(30)                       # set-up: not counted
    session.submit(Add(0, 1))
    session.submit(Roll(0))
    return session


@pytest.mark.parametrize("seen_by", ["clock_tick", "next_move"])
def test_a_jump_forward_adds_nothing(journal, clocks, seen_by):
    session = start(journal, clocks)
    clocks.advance(10)
    session.clock()
    clocks.set_wall(+5 * HOURS)              # NTP: the Pi started with the time it last saw
    if seen_by == "clock_tick":
        session.clock()                      # the controller reads the clock about once a second
    clocks.advance(5)
    session.submit(Add(1, 2))                # Bo's move, 15 s into his turn
    session.submit(Roll(0))
    clocks.advance(4)
    reading = session.clock()
    assert reading.seconds == pytest.approx(19)
    assert reading.thinking == pytest.approx({1: 15, 0: 4}) and reading.turn_seconds == pytest.approx(4)
    ((at, skipped, ticks, marks),) = journal.clock_jumps(session.game_id)
    assert skipped == pytest.approx(5 * HOURS) and ticks == 2 and marks == 1
    # seen at the first reading after it: the clock's tick, else Bo's move 5 s later
    assert at == pytest.approx(clocks.wall - 4 - (5 if seen_by == "clock_tick" else 0))


def test_a_jump_back_adds_nothing_and_takes_nothing(journal, clocks):
    session = start(journal, clocks)
    clocks.advance(20)
    session.clock()
    clocks.set_wall(-2 * HOURS)              # a clock that ran ahead, set back
    clocks.advance(7)
    session.submit(Add(1, 1))
    session.submit(Roll(0))                  # Bo thought 27 s
    clocks.advance(3)
    session.table_left()                     # Home for a while: not counted either
    clocks.advance(600)
    session.table_shown()
    clocks.advance(2)
    reading = session.clock()
    assert reading.seconds == pytest.approx(32)
    assert reading.thinking == pytest.approx({1: 27, 0: 5})
    assert [s for _, s, _, _ in journal.clock_jumps(session.game_id)] == [pytest.approx(-2 * HOURS)]


def test_a_restart_after_a_jump_reads_the_same(tmp_path):
    clocks = Clocks()
    path = tmp_path / "journal.sqlite3"
    with clocks.attach(Journal(path)) as journal:
        session = start(journal, clocks)
        clocks.advance(10)
        session.clock()
        clocks.set_wall(+4 * HOURS)
        clocks.advance(6)
        session.submit(Add(1, 1))
        session.submit(Roll(1))
        clocks.advance(8)
        session.table_left()                 # the app closed normally
        before = session.clock()
        game_id = session.game_id
    assert before.seconds == pytest.approx(24) and before.thinking == pytest.approx({1: 16, 0: 8})
    clocks.restart(down=900)                 # the steady clock starts again from 12 s
    with clocks.attach(Journal(path)) as journal:
        session = TableSession.resume(journal, game_id)
        again = session.clock()
        assert again.seconds == pytest.approx(before.seconds)
        assert again.thinking == pytest.approx(before.thinking)
        session.table_shown()
        clocks.advance(5)
        session.clock()
        clocks.set_wall(-1 * HOURS)          # and set again, back this time
        clocks.advance(5)
        later = session.clock()
        assert later.seconds == pytest.approx(34) and later.thinking == pytest.approx({1: 16, 0: 18})
        assert len(journal.clock_jumps(game_id)) == 2


def test_a_power_cut_after_a_jump_counts_up_to_the_last_record(tmp_path):
    """No ``away`` mark: the clock stops at the last thing recorded, on the steady line."""
    clocks = Clocks()
    path = tmp_path / "journal.sqlite3"
    with clocks.attach(Journal(path)) as journal:
        session = start(journal, clocks)
        clocks.set_wall(+6 * HOURS)
        clocks.advance(50)
        session.submit(Add(1, 1))            # the last record: 50 s after the first move
        game_id = session.game_id
    clocks.restart(down=3 * HOURS)
    with clocks.attach(Journal(path)) as journal:
        session = TableSession.resume(journal, game_id)
        session.table_shown()
        clocks.advance(6)
        assert session.clock().seconds == pytest.approx(56)


def test_a_finished_game_keeps_a_duration_without_the_jump(journal, clocks):
    session = start(journal, clocks)
    clocks.advance(10)
    session.clock()
    clocks.set_wall(+8 * HOURS)
    while not session.is_over:
        clocks.advance(10)
        session.submit(Add(session.state.seat, 1))
        if not session.is_over:
            session.submit(Roll(1))
    kept = journal.game(session.game_id).result["clock"]
    assert kept["seconds"] == round(session.clock().seconds) and kept["seconds"] < HOURS
    assert abs(sum(kept["thinking"]) - kept["seconds"]) <= 1   # whole seconds each


def test_a_small_drift_is_not_a_jump(journal, clocks):
    session = start(journal, clocks)
    for _ in range(5):                       # NTP slewing: 1.5 s a reading, never a jump
        clocks.advance(10)
        clocks.set_wall(JUMP_SECONDS * 0.75)
        session.clock()
    assert journal.clock_jumps(session.game_id) == ()
    assert session.clock().seconds == pytest.approx(50 + 5 * JUMP_SECONDS * 0.75)


def test_a_fake_wall_clock_alone_is_its_own_steady_clock(journal):
    """Tests and imports put a ``now`` in the journal's place without a steady clock: every
    move of it is time that passed, never a jump."""
    wall = [1_800_000_000.0]
    journal.now = lambda: wall[0]
    session = TableSession.new(journal, CONFIG)
    session.table_shown()
    session.submit(Add(0, 1))
    wall[0] += 3 * HOURS
    assert session.clock().seconds == pytest.approx(3 * HOURS) and journal.clock_jumps(session.game_id) == ()


def test_the_watch_says_how_far_the_wall_clock_moved_on_its_own():
    clocks = Clocks()
    watch = WallWatch(lambda: clocks.wall, lambda: clocks.steady)
    assert watch.read() == (clocks.wall, 0.0)                 # the first reading: nothing to compare
    clocks.advance(100)
    assert watch.read()[1] == 0.0
    clocks.set_wall(-30)
    clocks.advance(1)
    assert watch.read()[1] == pytest.approx(-30)
    clocks.set_wall(JUMP_SECONDS)                              # at the limit: not a jump
    assert watch.read()[1] == 0.0


def test_records_after_a_jump_are_moved_back_by_order_not_by_time():
    """Set back by an hour: a move after the jump has an earlier time than one before it."""
    t0 = 1_800_000_000.0
    ticks = [Tick(t0, "do", 1), Tick(t0 + 100, "do", 0), Tick(t0 + 100 - HOURS + 40, "do", 1)]
    marks = [Mark(t0 - 5, "back")]
    jumps = [Jump(t0 + 110 - HOURS, -HOURS, ticks=2, marks=1)]
    reading = read_clock(ticks, marks, t0 + 160 - HOURS, jumps=jumps)
    assert reading.seconds == pytest.approx(160)
    assert reading.thinking == pytest.approx({1: 100 + 20, 0: 40})


def test_repair_keeps_the_jumps(tmp_path):
    from companion.journal import set_aside_and_salvage

    clocks = Clocks()
    path = tmp_path / "journal.sqlite3"
    with clocks.attach(Journal(path)) as journal:
        session = start(journal, clocks)
        clocks.set_wall(+HOURS)
        session.clock()
        kept = journal.clock_jumps(session.game_id)
        game_id = session.game_id
    fresh, report = set_aside_and_salvage(path)
    with fresh:
        assert report.games == 1 and fresh.clock_jumps(game_id) == kept and len(kept) == 1
