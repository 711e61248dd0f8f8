from __future__ import annotations

import random

import pytest

from companion.engine import GameConfig
from companion.errors import IllegalAction, InvalidAction
from companion.session import TableSession
from companion.signals import ErrorSignal, GameEnded, TurnStarted
from tests.fake_game import Add, Pass, Roll

CONFIG = GameConfig.build("counter", ["Ana", "Bo"], target=10)


@pytest.fixture
def session(journal):
    s = TableSession.new(journal, CONFIG)
    s.events = []
    s.add_listener(s.events.append)
    return s


def signals(session):
    return [e.payload for e in session.events if e.kind == "signal"]


def test_submit_is_journaled_before_listeners_hear(session, journal):
    seen = []

    def listener(event):
        if event.kind == "changed":
            seen.append(len(journal.events(session.game_id).events))

    session.add_listener(listener)
    session.submit(Add(0, 2))
    assert seen == [1]
    assert session.state.total == 2


def test_illegal_action_writes_nothing_and_signals_error(session, journal):
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        session.submit(Add(1, 2))
    assert journal.events(session.game_id).events == ()
    assert isinstance(signals(session)[-1], ErrorSignal)


def test_submit_all_plays_every_action_or_none(session, journal):
    """Actions that belong together (Coloretto's draw and the card drawn): a refusal
    of the last one leaves nothing played and nothing journaled."""
    with pytest.raises(IllegalAction, match="roll first"):
        session.submit_all([Add(0, 2), Add(0, 3)])
    assert journal.events(session.game_id).events == ()
    assert session.actions == () and isinstance(signals(session)[-1], ErrorSignal)
    session.submit_all([Add(0, 2), Roll(1)])
    assert session.state.total == 3 and len(journal.events(session.game_id).events) == 2


def test_malformed_dict_action_is_invalid(session):
    with pytest.raises(InvalidAction):
        session.submit({"type": "add", "seat": "zero", "amount": 1})
    with pytest.raises(InvalidAction):
        session.submit({"type": "teleport"})


def test_undo_redo_are_journaled_and_resume_reproduces(session, journal):
    session.submit(Add(0, 3))
    session.submit(Roll(1))
    session.submit(Add(0, 1)) if session.to_act == (0,) else session.submit(Add(1, 1))
    session.undo()
    session.undo()
    session.redo()
    kinds = [e.kind for e in journal.events(session.game_id).events]
    assert kinds == ["do", "do", "do", "undo", "undo", "redo"]
    resumed = TableSession.resume(journal, session.game_id)
    assert resumed.state == session.state
    assert resumed.actions == session.actions
    assert resumed.can_redo and resumed.notices == []


def test_undo_with_nothing_refused(session):
    with pytest.raises(IllegalAction):
        session.undo()


def test_press_end_turn_uses_engine_meaning(session):
    session.press("end_turn")
    assert session.actions == (Pass(0),)
    assert TurnStarted(1) in signals(session)


def test_press_confirm_without_proposal_signals_error(session):
    session.press("confirm")
    assert isinstance(signals(session)[-1], ErrorSignal)
    assert session.actions == ()


def test_proposal_confirm_and_reject(session):
    session.propose(Add(0, 1), alternatives=(Add(0, 2),))
    assert session.pending is not None and session.actions == ()
    session.confirm(1)
    assert session.actions == (Add(0, 2),) and session.pending is None
    session.submit(Roll(0))
    session.propose(Pass(1))
    session.reject()
    assert session.pending is None and len(session.actions) == 2


def test_end_turn_confirms_pending_proposal(session):
    session.propose(Add(0, 1))
    session.press("end_turn")
    assert session.actions == (Add(0, 1),)


def test_game_end_finishes_journal_and_undo_reopens(session, journal):
    rng = random.Random(3)
    while not session.is_over:
        if session.table_to_act:
            session.submit(session.game.sample_chance(session.state, rng))
        else:
            session.submit(Add(session.to_act[0], 3))
    assert isinstance(signals(session)[-1], GameEnded)
    assert journal.history()[0].id == session.game_id
    assert journal.history()[0].result["scores"]["final"] is True
    session.undo()
    assert journal.history() == [] and journal.unfinished().id == session.game_id


def test_damaged_tail_recovered_with_notice(session, journal):
    for action in (Add(0, 1), Roll(0), Add(1, 2), Roll(1)):
        session.submit(action)
    journal._db.execute("UPDATE events SET crc = crc + 1 WHERE game_id=? AND seq=2",
                        (session.game_id,))
    resumed = TableSession.resume(journal, session.game_id)
    assert resumed.actions == (Add(0, 1), Roll(0))
    assert len(resumed.notices) == 1 and "goes on after move 2" in str(resumed.notices[0])
    assert "2 later entries are kept aside" in str(resumed.notices[0])
    assert len(journal.events(session.game_id).events) == 2
    kept = journal.quarantined(session.game_id)
    assert [q.seq for q in kept] == [2, 3] and "checksum" in kept[0].reason
    resumed.submit(Add(1, 1))  # play goes on after recovery
    assert TableSession.resume(journal, session.game_id).actions[-1] == Add(1, 1)


def test_tail_that_rules_refuse_is_kept_aside(session, journal):
    session.submit(Add(0, 1))
    journal.append(session.game_id, "do", Add(0, 3).to_dict())  # not legal: the table must roll
    resumed = TableSession.resume(journal, session.game_id)
    assert resumed.actions == (Add(0, 1),)
    assert "1 later entry is kept aside" in str(resumed.notices[0])
    assert "table must roll" in journal.quarantined(session.game_id)[0].reason
    assert [q.payload for q in journal.quarantined(session.game_id)] == [
        '{"amount": 3, "seat": 0, "type": "add"}']


def test_undo_turn_takes_back_a_move_with_the_table_entries_after_it(session, journal):
    session.submit(Add(0, 3))
    session.submit(Roll(1))          # the table's die after the move
    assert session.to_act != (-1,)
    undone = session.undo_turn()
    assert undone == (Add(0, 3), Roll(1)) and session.actions == ()
    assert [e.payload for e in session.events if e.kind == "undone"] == [undone]
    kinds = [e.kind for e in journal.events(session.game_id).events]
    assert kinds == ["do", "do", "undo", "undo"]
    assert session.redo_turn() == (Add(0, 3), Roll(1)) and not session.can_redo
    session.submit(Add(session.to_act[0], 1))
    assert session.undo_turn() == (Add(session.to_act[0], 1),)   # a move alone: one action
    assert TableSession.resume(journal, session.game_id).state == session.state


def test_undo_turn_takes_back_the_setup_one_table_entry_at_a_time(journal):
    from tests.golden_horn.helpers import config

    gh = TableSession.new(journal, config(2))
    assert gh.to_act == (-1,)
    table = gh.legal_actions()[0]
    gh.submit(table)
    assert gh.to_act == (-1,)
    second = gh.legal_actions()[0]
    gh.submit(second)
    assert gh.undo_turn() == (second,) and gh.actions == (table,)
    gh.press("undo")
    assert gh.actions == ()
