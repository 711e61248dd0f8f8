"""The journal as the outbox: unsent rows, marks on acknowledgement, old journals migrated."""
from __future__ import annotations

import sqlite3

from companion.engine import GameConfig
from companion.journal import SCHEMA_VERSION, Journal
from companion.session import TableSession
from companion.venue.outbox import Outbox
from tests.fake_game import Add, Roll

#: after Add(0, 3): the rest of a game to 10 (the last roll ends it)
REST = (Roll(0), Add(1, 3), Roll(0), Add(0, 3), Roll(1))

CONFIG = GameConfig.build("counter", ["Ann", "Bo"], target=10)


def play_to_the_end(session):
    session.submit(Add(0, 3))
    for action in REST:
        session.submit(action)


def test_rows_wait_until_marked_and_the_last_carries_the_result(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        outbox = Outbox(path, "t1")
        session = TableSession.new(journal, CONFIG)
        session.submit(Add(0, 3))
        waiting = outbox.pending()
        assert [(p.game_id, p.seq, p.message["seq"]) for p in waiting] == [(session.game_id, -1, -1),
                                                                            (session.game_id, 0, 0)]
        assert waiting[0].message["kind"] == "started" and waiting[0].message["seats"][0]["name"] == "Ann"
        assert waiting[1].message["action"] == {"type": "add", "seat": 0, "amount": 3}
        outbox.mark(session.game_id, -1)
        outbox.mark(session.game_id, 0)
        outbox.mark(session.game_id, 0)     # acknowledged twice: marked once
        assert outbox.pending() == [] and outbox.backlog() == 0
        for action in REST:
            session.submit(action)
        waiting = outbox.pending()
        assert [p.seq for p in waiting] == [1, 2, 3, 4, 5] and not any("result" in p.message for p in waiting[:-1])
        assert waiting[-1].message["result"]["scores"]["final"] is True
        assert outbox.backlog() == 5
        outbox.close()


def test_rows_written_before_the_link_came_up_are_history(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        outbox = Outbox(path, "t1")
        session = TableSession.new(journal, CONFIG)
        session.submit(Add(0, 3))
        later = max(p.at for p in outbox.pending()) + 1
        assert all(p.message["history"] for p in outbox.pending(live_since=later))
        assert not any(p.message["history"] for p in outbox.pending(live_since=0.0))
        assert len(outbox.pending(limit=1)) == 1
        outbox.close()


def test_games_finished_before_a_venue_was_set_stay_private(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        play_to_the_end(TableSession.new(journal, CONFIG))
        playing = TableSession.new(journal, CONFIG)
        outbox = Outbox(path, "t1")
        assert {p.game_id for p in outbox.pending()} == {playing.game_id}
        outbox.close()
    with Journal(path) as journal:
        outbox = Outbox(path, "t1")      # the first game sent is remembered
        assert outbox.since == playing.game_id
        outbox.close()


def test_marks_survive_reopening_and_a_new_game_is_sent(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        outbox = Outbox(path, "t1")
        session = TableSession.new(journal, CONFIG)
        play_to_the_end(session)
        for p in outbox.pending():
            outbox.mark(p.game_id, p.seq)
        outbox.close()
    with Journal(path) as journal:
        outbox = Outbox(path, "t1")
        assert outbox.pending() == []
        second = TableSession.new(journal, CONFIG)
        assert [(p.game_id, p.seq) for p in outbox.pending()] == [(second.game_id, -1)]
        outbox.close()


def test_a_journal_without_the_published_table_gets_it_on_open(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        session = TableSession.new(journal, CONFIG)
        session.submit(Add(0, 3))
    db = sqlite3.connect(path)
    db.execute("DROP TABLE published")    # as version 2 wrote it before the venue link
    db.commit()
    db.close()
    with Journal(path, read_only=True) as journal:    # read as it is
        assert len(journal.events(session.game_id).events) == 1
    db = sqlite3.connect(path)
    assert "published" not in {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    db.close()
    with Journal(path) as journal:
        assert journal.notices == []
        resumed = TableSession.resume(journal, session.game_id)
        assert resumed.state.total == 3
    db = sqlite3.connect(path)
    assert "published" in {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    db.close()


def test_rows_set_aside_lose_their_marks_so_the_moves_played_under_their_numbers_are_sent(tmp_path):
    """A damaged tail set aside frees its numbers for the moves played next: their venue
    marks go with the rows, or the new moves under those numbers would never be sent."""
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        outbox = Outbox(path, "t1")
        session = TableSession.new(journal, CONFIG)
        session.submit(Add(0, 3))
        session.submit(Roll(0))
        for pending in outbox.pending():
            outbox.mark(pending.game_id, pending.seq)
        journal.quarantine(session.game_id, 1, "a damaged row")      # the roll set aside
        marks = sqlite3.connect(path).execute("SELECT seq FROM published ORDER BY seq").fetchall()
        assert marks == [(-1,), (0,)]
        outbox.close()


def test_a_repaired_journal_keeps_the_marks_of_what_the_broker_acknowledged(tmp_path):
    """Repair copies the venue's marks of the rows it copies and the venue's notes: nothing the
    broker acknowledged is sent again, nothing unsent is lost, older games stay private."""
    from companion.journal import set_aside_and_salvage

    from companion.exports import export_records, import_records

    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        private = TableSession.new(journal, CONFIG)
        play_to_the_end(private)             # before the venue: never sent
        files, _ = export_records(journal, tmp_path / "records", [private.game_id])
        outbox = Outbox(path, "t1")
        session = TableSession.new(journal, CONFIG)
        session.submit(Add(0, 3))
        session.submit(Roll(0))
        for pending in outbox.pending():
            outbox.mark(pending.game_id, pending.seq)
        session.submit(Add(1, 3))            # not acknowledged yet
        files[0].write_text(files[0].read_text().replace('"Ann"', '"Ada"'))   # another game, imported
        assert len(import_records(journal, files).added) == 1
        outbox.close()
    fresh, report = set_aside_and_salvage(path)
    with fresh:
        assert report.games == 3
        outbox = Outbox(path, "t1")
        assert outbox.since == session.game_id
        assert [(p.game_id, p.seq) for p in outbox.pending()] == [(session.game_id, 2)]
        outbox.close()


def test_games_imported_are_never_sent_even_when_numbered_after_the_venue(tmp_path):
    """A record of a game played elsewhere, imported while a venue is set, is not a game
    played at this table tonight: it is never sent; the games played before and after it are."""
    from companion.exports import export_records, import_records

    elsewhere = tmp_path / "elsewhere.sqlite3"
    with Journal(elsewhere) as journal:
        played = TableSession.new(journal, CONFIG)
        play_to_the_end(played)
        files, problems = export_records(journal, tmp_path / "records", [played.game_id])
        assert files and not problems
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        outbox = Outbox(path, "t1")
        before = TableSession.new(journal, CONFIG)
        report = import_records(journal, files)
        assert len(report.added) == 1 and report.added[0] > before.game_id
        after = TableSession.new(journal, CONFIG)
        after.submit(Add(0, 3))
        assert {p.game_id for p in outbox.pending()} == {before.game_id, after.game_id}
        assert outbox.backlog() == 3
        outbox.close()


def test_a_restored_backup_keeps_its_games_from_the_venue(tmp_path):
    """The games of a restored backup were played on another evening: a venue hears only of
    the games started after the restore."""
    from companion.backup import backup, restore

    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        play_to_the_end(TableSession.new(journal, CONFIG))
        TableSession.new(journal, CONFIG).submit(Add(0, 3))     # left unfinished
    backup(path, tmp_path / "backup.sqlite3")
    restored = tmp_path / "other" / "journal.sqlite3"
    restore(tmp_path / "backup.sqlite3", restored)
    with Journal(restored) as journal:
        outbox = Outbox(restored, "t1")
        assert outbox.pending() == [] and outbox.backlog() == 0
        tonight = TableSession.new(journal, CONFIG)
        assert [(p.game_id, p.seq) for p in outbox.pending()] == [(tonight.game_id, -1)]
        outbox.close()


def test_a_game_abandoned_is_sent_after_its_rows(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        outbox = Outbox(path, "t1")
        session = TableSession.new(journal, CONFIG)
        session.submit(Add(0, 3))
        session.abandon()
        assert [p.seq for p in outbox.pending()] == [-1, 0]     # its rows first
        assert outbox.backlog() == 2
        outbox.mark_many([(session.game_id, -1), (session.game_id, 0)])
        waiting = outbox.pending()
        assert [(p.game_id, p.seq, p.message["kind"]) for p in waiting] == [(session.game_id, -2, "abandoned")]
        assert outbox.backlog() == 1
        outbox.mark(session.game_id, -2)
        assert outbox.pending() == [] and outbox.backlog() == 0
        outbox.close()
