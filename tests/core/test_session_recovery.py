"""Recovery never deletes: a tail the rules refuse is set aside and comes back
when it replays again; finishing is part of the last move's transaction; a
storage failure keeps the moves in memory, says so, and writes them later."""
from __future__ import annotations

import pytest

from companion.engine import GameConfig
from companion.errors import IllegalAction, JournalError
from companion.journal import Journal
from companion.session import TableSession
from companion.timeline import recover_finished_games
from tests.fake_game import Add, CounterGame, Roll

CONFIG = GameConfig.build("counter", ["Ana", "Bo"], target=10)


def play(session, moves):
    for move in moves:
        session.submit(move)


def test_a_tail_an_update_refuses_is_restored_when_the_rules_accept_it_again(journal, monkeypatch):
    session = TableSession.new(journal, CONFIG)
    play(session, [Add(0, 1), Roll(0), Add(1, 2), Roll(1), Add(0, 3), Roll(0)])
    real_apply = CounterGame.apply

    def stricter(self, state, action):  # "an engine update" that refuses adding 2
        if isinstance(action, Add) and action.amount == 2:
            raise IllegalAction("adding 2 is no longer allowed")
        return real_apply(self, state, action)

    monkeypatch.setattr(CounterGame, "apply", stricter)
    strict = TableSession.resume(journal, session.game_id)
    assert strict.actions == (Add(0, 1), Roll(0))
    assert "4 later entries are kept aside" in str(strict.notices[0])
    assert len(journal.quarantined(session.game_id)) == 4
    monkeypatch.setattr(CounterGame, "apply", real_apply)  # the update is taken back
    again = TableSession.resume(journal, session.game_id)
    assert again.actions == session.actions
    assert again.state == session.state
    assert "4 entries of this game that had been set aside replay again" in str(again.notices[0])
    assert journal.quarantined(session.game_id) == []


def test_a_tail_is_not_restored_over_moves_played_since(journal, monkeypatch):
    session = TableSession.new(journal, CONFIG)
    play(session, [Add(0, 1), Roll(0), Add(1, 2), Roll(1)])
    real_apply = CounterGame.apply
    monkeypatch.setattr(CounterGame, "apply", lambda self, st, a: (_ for _ in ()).throw(
        IllegalAction("no")) if isinstance(a, Add) and a.amount == 2 else real_apply(self, st, a))
    strict = TableSession.resume(journal, session.game_id)
    strict.submit(Add(1, 3))
    monkeypatch.setattr(CounterGame, "apply", real_apply)
    again = TableSession.resume(journal, session.game_id)
    assert again.actions == (Add(0, 1), Roll(0), Add(1, 3))
    assert len(journal.quarantined(session.game_id)) == 2  # still kept, never lost


def finish(session):
    while not session.is_over:
        if session.table_to_act:
            session.submit(Roll(1))
        else:
            session.submit(Add(session.to_act[0], 3))


def test_the_last_move_and_finishing_are_one_transaction(journal, monkeypatch):
    session = TableSession.new(journal, CONFIG)
    calls = []
    monkeypatch.setattr(Journal, "finish_game", lambda *a, **k: calls.append(a))
    finish(session)
    assert calls == []  # no separate write that a kill could separate from the move
    assert journal.unfinished() is None
    assert journal.history()[0].result["scores"]["winners"] == list(session.score_sheet().winners)
    session.undo()
    assert journal.unfinished().id == session.game_id and journal.history() == []


def test_a_game_left_playing_after_its_last_move_is_recovered_at_start(journal):
    session = TableSession.new(journal, CONFIG)
    finish(session)
    journal.reopen_game(session.game_id)  # what a kill between two writes left behind
    assert journal.unfinished().id == session.game_id
    assert recover_finished_games(journal) == 1
    assert journal.unfinished() is None
    assert journal.history()[0].id == session.game_id


def test_storage_failure_keeps_moves_in_memory_says_so_and_writes_them_later(journal, monkeypatch):
    session = TableSession.new(journal, CONFIG)
    events = []
    session.add_listener(events.append)
    session.submit(Add(0, 1))
    real_append = Journal.append_many

    def full(*_a, **_k):
        raise JournalError("journal.sqlite3: write failed (database or disk is full)", "full")

    monkeypatch.setattr(Journal, "append_many", full)
    play(session, [Roll(0), Add(1, 2)])
    session.undo()
    assert session.actions == (Add(0, 1), Roll(0))   # the game goes on in memory
    assert session.unsaved == 3
    storage = [e.payload for e in events if e.kind == "storage"]
    assert len(storage) == 1 and storage[0].problem == "full"
    assert session.flush() is False
    monkeypatch.setattr(Journal, "append_many", real_append)
    assert session.flush() is True
    assert session.unsaved == 0 and session.storage_problem is None
    assert [e.payload for e in events if e.kind == "storage"][-1] is None
    resumed = TableSession.resume(journal, session.game_id)
    assert resumed.actions == session.actions and resumed.can_redo


def test_a_game_whose_setup_is_unreadable_cannot_be_resumed_but_is_listed(journal):
    session = TableSession.new(journal, CONFIG)
    journal._db.execute("UPDATE games SET config='{not json' WHERE id=?", (session.game_id,))
    entry = journal.unfinished()
    assert entry.id == session.game_id and entry.damage
    with pytest.raises(JournalError, match="cannot be resumed"):
        TableSession.resume(journal, session.game_id)


@pytest.mark.parametrize("problem", ["damaged", "newer", "readonly", "full", "busy", "io", "odd"])
def test_every_storage_problem_has_words_and_a_way_on(tmp_path, problem):
    from companion.storage_problems import describe, unsaved_text

    error = JournalError("journal.sqlite3: write failed", problem)
    said = describe(error, tmp_path / "journal.sqlite3")
    assert str(said.title) and str(said.advice) and said.ways
    assert "§" not in str(said.advice) and "sqlite" not in str(said.title).lower()
    assert "Moves not saved yet: 3." in str(unsaved_text(error, 3, tmp_path / "journal.sqlite3"))
