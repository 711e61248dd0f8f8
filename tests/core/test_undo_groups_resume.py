"""One Undo takes back one player action after a restart too: the steps of
a confirmed camera proposal are journaled as joined (schema version 2), so a resumed
session undoes and redoes them as one; a version-1 journal still opens and plays."""
from __future__ import annotations

import json
import sqlite3
import zlib

import pytest

from companion.coloretto.actions import Draw, Place, RemoveColour, Reveal, StartPlayer
from companion.coloretto.data import CATALOGUE
from companion.journal import SCHEMA_VERSION, Journal, NewEvent
from companion.readings import PieceReading, TableReading
from companion.session import TableSession
from tests.coloretto.helpers import A, B, F, G, config


def card(piece, row):
    return PieceReading(tag=f"co:card:{piece}", kind="card", piece=piece, space=f"row:{row}", confidence=1.0)


def reading(*pieces):
    return TableReading(timestamp=1.0, pieces=tuple(pieces), board_found=True)


def ready(session: TableSession) -> TableSession:
    """Coloretto for 3, colours removed, start cards dealt, Ann to play."""
    for colour in (G, F)[:CATALOGUE.removed_for(3)]:
        session.submit(RemoveColour(colour))
    while session.state.phase == "start_cards":
        session.submit(session.legal_actions()[0])
    session.submit(StartPlayer(0))
    return session


def reopened(path, game_id) -> tuple[Journal, TableSession]:
    journal = Journal(path)
    return journal, TableSession.resume(journal, game_id)


def test_a_confirmed_proposal_is_undone_whole_after_a_resume(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        session = ready(TableSession.new(journal, config(3)))
        before, played = session.state, len(session.actions)
        session.propose_from_reading(reading(card(A, 1)))
        assert session.confirm() == (Draw(0), Reveal(A), Place(0, 1))
        game_id = session.game_id
    journal, resumed = reopened(path, game_id)
    with journal:
        assert resumed.undo_turn() == (Draw(0), Reveal(A), Place(0, 1))
        assert resumed.state == before and len(resumed.actions) == played
    journal, resumed = reopened(path, game_id)          # undone, then a restart: Redo brings it all
    with journal:
        assert resumed.redo_turn() == (Draw(0), Reveal(A), Place(0, 1))
        assert resumed.state.rows[1].cards == (A,)


def test_steps_played_one_tap_at_a_time_stay_apart_after_a_resume(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        session = ready(TableSession.new(journal, config(3)))
        session.submit_all([Draw(0), Reveal(A)])
        session.submit(Place(0, 1))
        game_id = session.game_id
    journal, resumed = reopened(path, game_id)
    with journal:
        assert resumed.undo_turn() == (Place(0, 1),)
        assert resumed.undo_turn() == (Draw(0), Reveal(A))


def test_a_joined_flag_altered_on_disk_is_found_as_damage(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        session = ready(TableSession.new(journal, config(3)))
        session.propose_from_reading(reading(card(A, 1)))
        session.confirm()
        game_id, last = session.game_id, len(session.actions) - 1
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE events SET joined=0 WHERE game_id=? AND seq=?", (game_id, last))
    db.close()
    with Journal(path) as journal:
        loaded = journal.events(game_id)
    assert loaded.damaged_from == last and "checksum" in loaded.damage


def test_only_an_action_can_be_joined(journal):
    game_id = journal.start_game("coloretto", config(3).to_dict())
    with pytest.raises(ValueError, match="only an action"):
        journal.append_many(game_id, [NewEvent("do", {"type": "x"}), NewEvent("undo", joined=True)])
    assert journal.events(game_id).events == ()


# -- a journal written by version 1 (no ``joined``) -----------------------------------------

V1_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL, started REAL NOT NULL,
    finished REAL, status TEXT NOT NULL DEFAULT 'playing'
    CHECK (status IN ('playing', 'finished', 'abandoned')), result TEXT, crc INTEGER);
CREATE TABLE events (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, kind TEXT NOT NULL,
    payload TEXT, crc INTEGER NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, seq));
CREATE TABLE quarantine (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL, seq INTEGER, kind TEXT,
    payload TEXT, crc INTEGER, at REAL, reason TEXT NOT NULL, batch REAL NOT NULL);
CREATE INDEX games_by_status ON games(status, finished, id);
PRAGMA user_version = 1;
"""


@pytest.fixture
def v1_journal(tmp_path):
    """A version-1 journal holding one Coloretto game up to Ann's first draw, as version 1 wrote it."""
    with Journal.in_memory_journal() as scratch:
        played = ready(TableSession.new(scratch, config(3)))
        cfg, actions, state = config(3).to_dict(), played.actions, played.state
    path = tmp_path / "journal.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(V1_SCHEMA)
    with db:
        game_id = db.execute("INSERT INTO games (game, config, started) VALUES ('coloretto', ?, 1.0)",
                             (json.dumps(cfg),)).lastrowid
        for seq, action in enumerate(actions):
            text = json.dumps(action.to_dict(), ensure_ascii=False, sort_keys=True)
            crc = zlib.crc32(f"{game_id}|{seq}|do|{text}".encode("utf-8"))
            db.execute("INSERT INTO events VALUES (?, ?, 'do', ?, ?, 2.0)", (game_id, seq, text, crc))
    db.close()
    return path, game_id, state


def test_a_version_1_journal_can_be_read_without_being_changed(v1_journal):
    path, game_id, state = v1_journal
    with Journal(path, read_only=True) as journal:
        loaded = journal.events(game_id)
    assert loaded.damage == "" and loaded.events and not any(e.joined for e in loaded.events)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    db.close()


def test_a_version_1_journal_opens_resumes_and_plays_on(v1_journal):
    path, game_id, state = v1_journal
    journal, resumed = reopened(path, game_id)
    with journal:
        assert resumed.state == state and resumed.notices == []
        resumed.propose_from_reading(reading(card(B, 2)))
        resumed.confirm()
        assert resumed.undo_turn() == (Draw(0), Reveal(B), Place(0, 2))
        resumed.redo_turn()
    journal, again = reopened(path, game_id)
    with journal:
        assert again.undo_turn() == (Draw(0), Reveal(B), Place(0, 2))
        assert again.state == state
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    assert "joined" in [row[1] for row in db.execute("PRAGMA table_info(events)")]
    db.close()
