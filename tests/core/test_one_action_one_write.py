"""One player action = one journal write: Coloretto's draw and the card revealed
(``submit_all``), and a turn undone or redone together, go to the journal in one
transaction, so a kill or a power cut between their events leaves all or none.

The kill test runs a child that plays Coloretto to a draw and SIGKILLs itself at
the second event's INSERT of that action's write; the parent reopens the journal."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.coloretto.actions import Draw
from companion.engine import TABLE, GameConfig
from companion.games import load_game
from companion.journal import Journal, NewEvent
from companion.errors import JournalError
from companion.session import TableSession

ROOT = Path(__file__).resolve().parents[2]
CONFIG = GameConfig.build("coloretto", ["Ana", "Bo", "Cy"])


def to_a_draw(session: TableSession, seed: int = 3) -> list:
    """Play ``session`` (seeded) until its player may draw; the draw and the card revealed."""
    game, rng = session.game, random.Random(seed)
    while True:
        state = session.state
        draws = [a for a in game.legal_actions(state) if isinstance(a, Draw)]
        if draws and len(session.actions) > 6:
            revealed = game.sample_chance(game.apply(state, draws[0]), rng)
            return [draws[0], revealed]
        acting = game.to_act(state)
        session.submit(game.sample_chance(state, rng) if acting == (TABLE,)
                       else rng.choice([a for a in game.legal_actions(state) if not isinstance(a, Draw)]
                                       or list(game.legal_actions(state))))


def transactions(journal: Journal) -> list[str]:
    """Record the transactions the journal opens from now on."""
    begun: list[str] = []
    journal._db.set_trace_callback(lambda sql: begun.append(sql) if sql.startswith("BEGIN") else None)
    return begun


def test_submit_all_is_one_transaction_and_replays_as_played(journal):
    session = TableSession.new(journal, CONFIG)
    pair = to_a_draw(session)
    before = len(journal.events(session.game_id).events)
    begun = transactions(journal)
    session.submit_all(pair)
    assert len(begun) == 1
    assert len(journal.events(session.game_id).events) == before + 2
    resumed = TableSession.resume(journal, session.game_id)
    assert resumed.state == session.state and resumed.actions == session.actions


def test_undo_and_redo_of_a_turn_are_one_transaction_each(journal):
    session = TableSession.new(journal, CONFIG)
    session.submit_all(to_a_draw(session))
    played = session.state
    begun = transactions(journal)
    assert len(session.undo_turn()) == 2
    assert len(begun) == 1
    assert len(session.redo_turn()) == 2
    assert len(begun) == 2
    assert session.state == played
    assert TableSession.resume(journal, session.game_id).state == played


def test_listeners_hear_of_an_action_only_once_it_is_on_disk(journal):
    session = TableSession.new(journal, CONFIG)
    pair = to_a_draw(session)
    on_disk = []
    session.add_listener(lambda event: on_disk.append(
        (event.kind, len(journal.events(session.game_id).events))))
    before = len(journal.events(session.game_id).events)
    session.submit_all(pair)
    assert on_disk and all(count == before + 2 for _, count in on_disk)


def test_a_failed_write_keeps_the_whole_action_in_memory_then_writes_it_whole(journal, monkeypatch):
    session = TableSession.new(journal, CONFIG)
    pair = to_a_draw(session)
    real = Journal._insert_event
    inserted = []

    def second_fails(self, game_id, seq, event):
        inserted.append(seq)
        if len(inserted) == 2:
            raise __import__("sqlite3").OperationalError("disk I/O error")
        real(self, game_id, seq, event)

    before = len(journal.events(session.game_id).events)
    monkeypatch.setattr(Journal, "_insert_event", second_fails)
    session.submit_all(pair)
    assert session.unsaved == 2 and session.storage_problem is not None
    assert len(journal.events(session.game_id).events) == before   # the first was rolled back
    monkeypatch.setattr(Journal, "_insert_event", real)
    assert session.flush() and session.unsaved == 0
    assert TableSession.resume(journal, session.game_id).state == session.state


def test_append_many_refuses_an_unknown_kind_before_writing(journal):
    game_id = journal.start_game("coloretto", CONFIG.to_dict())
    with pytest.raises(ValueError, match="unknown journal event kind"):
        journal.append_many(game_id, [NewEvent("do", {}), NewEvent("oops")])
    assert journal.events(game_id).events == ()
    assert journal.append_many(game_id, []) == []


CHILD = """
import os, signal, sys
from pathlib import Path
from companion.journal import Journal
from companion.session import TableSession
from tests.core.test_one_action_one_write import CONFIG, to_a_draw

journal = Journal(Path(sys.argv[1]))
session = TableSession.new(journal, CONFIG)
pair = to_a_draw(session)
print(len(journal.events(session.game_id).events), flush=True)
inserts = []
def on_statement(sql):
    if sql.startswith("INSERT INTO events"):
        inserts.append(sql)
        if len(inserts) == 2:      # the second event of the action: a power cut here
            os.kill(os.getpid(), signal.SIGKILL)
journal._db.set_trace_callback(on_statement)
session.submit_all(pair)
print("survived", flush=True)
"""


def test_a_kill_between_the_events_of_one_action_leaves_none_of_them(tmp_path):
    path = tmp_path / "journal.sqlite3"
    child = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=ROOT, capture_output=True,
                           text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.returncode == -signal.SIGKILL, child.stderr[-2000:]
    before = int(child.stdout.split()[0])
    with Journal(path) as journal:
        entry = journal.unfinished()
        assert len(journal.events(entry.id).events) == before   # nothing of the half-written action
        resumed = TableSession.resume(journal, entry.id)
        assert not resumed.notices
        replayed = TableSession.new(journal, CONFIG)
        to_a_draw(replayed)
        assert resumed.state == replayed.state   # exactly where the table was before the draw
        resumed.submit_all(to_a_draw(resumed))   # and the draw can be played again, whole
        assert TableSession.resume(journal, entry.id).state == resumed.state


def test_the_journal_error_of_a_failed_write_names_the_file(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as journal:
        game_id = journal.start_game("coloretto", CONFIG.to_dict())
        journal._db.execute("PRAGMA query_only=ON")
        with pytest.raises(JournalError, match="j.sqlite3"):
            journal.append_many(game_id, [NewEvent("do", {}), NewEvent("undo")])
