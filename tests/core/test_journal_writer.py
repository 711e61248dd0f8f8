"""A session with a journal writer: the journal is written on the writer's thread; nothing of
an action shows (state, listeners) before its write has returned; a player's next action
meanwhile is refused with a message; the clock's marks and camera readings wait and follow
in order, so the order on disk is the order of the taps."""
from __future__ import annotations

import threading
from typing import Any

import pytest

from companion.engine import GameConfig
from companion.errors import JournalError
from companion.journal import Journal
from companion.journal.writer import JournalWriter
from companion.session import SessionEvent, TableSession
from tests.fake_game import Add, Pass, Roll
from tests.registry import register_counter

WAIT = 10.0


class HeldJournal(Journal):
    """A journal whose writes wait until the test lets them go (a slow disk, made to order)."""

    def __init__(self, path: Any):
        super().__init__(path)
        self.hold = threading.Event()
        self.hold.set()
        self.started = threading.Event()
        self.threads: list[str] = []
        self.fail: JournalError | None = None

    def append_many(self, game_id, events):   # type: ignore[no-untyped-def]
        self.threads.append(threading.current_thread().name)
        self.started.set()
        assert self.hold.wait(WAIT), "the test never let the write go"
        if self.fail is not None:
            raise self.fail
        return super().append_many(game_id, events)


class Owner:
    """The thread that owns the session (the screen's, in the app): deliveries come when asked."""

    def __init__(self) -> None:
        self.posted = threading.Event()
        self.writer = JournalWriter(lambda _deliver: self.posted.set())

    def land(self) -> None:
        """Wait for the write to return and deliver it here."""
        assert self.posted.wait(WAIT)
        self.posted.clear()
        self.writer.deliver()


@pytest.fixture
def table(tmp_path):
    register_counter()
    journal = HeldJournal(tmp_path / "journal.sqlite3")
    owner = Owner()
    session = TableSession.new(journal, GameConfig.build("counter", ["Ana", "Bo"]))
    session.writer = owner.writer
    heard: list[SessionEvent] = []
    session.add_listener(heard.append)
    yield session, journal, owner, heard
    owner.writer.close()
    journal.close()


def test_a_move_shows_only_once_its_write_returned_and_a_tap_meanwhile_is_refused(table):
    session, journal, owner, heard = table
    journal.hold.clear()
    session.press("end_turn")                      # Ana passes
    assert journal.started.wait(WAIT)
    assert journal.threads == ["journal-writer"]   # not the thread that called
    assert session.writing and session.state.seat == 0 and session.actions == ()
    assert [e.kind for e in heard] == []           # nothing announced yet
    assert session.refuse_while_writing()          # a second press: the screen refuses it
    assert [e.kind for e in heard] == ["error", "signal"]
    assert "still being saved" in str(heard[0].payload)
    journal.hold.set()
    owner.land()
    assert not session.writing and not session.refuse_while_writing()
    assert session.actions == (Pass(0),) and session.state.seat == 1   # one turn ended, not two
    assert [e.kind for e in heard[2:]] == ["changed", "signal"]
    assert [e.kind for e in journal.events(session.game_id).events] == ["do"]


def test_an_action_handed_over_while_a_write_is_on_its_way_follows_it(table):
    session, journal, owner, heard = table
    session.submit(Add(0, 2))
    assert session.writing and session.actions == ()
    session.submit(Roll(1))            # a program's next action: after the first, on what it led to
    assert session.actions == (Add(0, 2),)   # the first shows (it was delivered first), the second not yet
    owner.writer.drain()
    assert session.actions == (Add(0, 2), Roll(1)) and not session.writing
    assert [e.payload for e in journal.events(session.game_id).events] == [Add(0, 2).to_dict(),
                                                                           Roll(1).to_dict()]


def test_marks_and_undo_reach_the_disk_in_the_order_of_the_taps(table):
    session, journal, owner, _ = table
    journal.hold.clear()
    session.submit(Add(0, 2))
    assert journal.started.wait(WAIT)
    session.pause_clock()          # waits for the move, then is written after it
    assert not session.clock_paused
    journal.hold.set()
    owner.land()                   # the move; the pause follows on the writer
    assert session.writing
    owner.land()
    assert session.clock_paused and not session.writing
    session.resume_clock()
    owner.land()
    session.undo_turn()
    assert session.actions == (Add(0, 2),)       # shown only once written
    owner.land()
    assert session.actions == ()
    assert [e.kind for e in journal.events(session.game_id).events] == ["do", "undo"]
    assert [kind for _, kind in journal.clock_marks(session.game_id)] == ["pause", "resume"]
    resumed = TableSession.resume(journal, session.game_id)
    assert resumed.actions == () and not resumed.clock_paused


def test_a_failed_write_is_told_and_the_move_waits_in_memory_as_before(table):
    session, journal, owner, heard = table
    journal.fail = JournalError("disk full", "full")
    session.submit(Add(0, 1))
    owner.land()
    assert session.storage_problem is journal.fail and session.unsaved == 1
    assert "storage" in [e.kind for e in heard]
    journal.fail = None
    saved: list[bool] = []
    session.save_waiting(saved.append)
    owner.land()
    assert saved == [True] and session.unsaved == 0 and session.storage_problem is None
    assert len(journal.events(session.game_id).events) == 1


def test_the_bench_prints_how_long_a_slow_write_holds_the_screen_thread(tmp_path, capsys):
    from companion.bench import bench_held, main

    assert min(bench_held(tmp_path / "a.sqlite3", 200, 2, threaded=False)) >= 200
    assert len(bench_held(tmp_path / "b.sqlite3", 200, 2, threaded=True)) == 2
    assert main(["--count", "5", "--slow-write-ms", "20", "--moves", "2"]) == 0
    out = capsys.readouterr().out
    assert "on the journal's writer thread" in out and '"held_ms_written_on_writer_thread"' in out


def test_a_tap_while_only_a_clock_mark_is_on_its_way_is_played_after_it(table):
    session, journal, owner, heard = table
    session.pause_clock()
    assert session.writing and not session.clock_paused
    assert not session.refuse_while_writing()      # no move on its way: nothing to refuse
    session.submit(Add(0, 1))                      # follows the mark
    owner.writer.drain()
    assert session.clock_paused and session.actions == (Add(0, 1),)
    assert [kind for _, kind in journal.clock_marks(session.game_id)] == ["pause"]
    assert "error" not in [e.kind for e in heard]
