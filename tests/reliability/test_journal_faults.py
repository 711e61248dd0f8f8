"""The journal broken on purpose: every case ends in a clear JournalError (with
its kind of problem) or a notice, and nothing is lost silently or deleted."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine import GameConfig
from companion.journal import Journal, set_aside_and_salvage
from companion.errors import JournalError
from companion.session import TableSession
from companion.wal import check_wal
from tests.fake_game import Add, Roll
from tests.reliability.storage_faults import fill_disk

ROOT = Path(__file__).resolve().parents[2]
CONFIG = GameConfig.build("counter", ["Ana", "Bo"], target=10000)
MOVES = [Add(0, 1), Roll(0), Add(1, 2), Roll(1)] * 5


def played(path: Path, moves=MOVES) -> tuple[Journal, TableSession]:
    journal = Journal(path)
    session = TableSession.new(journal, CONFIG)
    for move in moves:
        session.submit(move)
    return journal, session


def snapshot_with_wal(journal: Journal, dest: Path) -> Path:
    """Copy the journal and its write-ahead log as a power cut would leave them."""
    dest.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal"):
        shutil.copy(f"{journal.path}{suffix}", dest / f"journal.sqlite3{suffix}")
    return dest / "journal.sqlite3"


def flip_bit(path: Path, offset: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x10
    path.write_bytes(bytes(data))


# -- one instance only ---------------------------------------------------------
def test_a_second_journal_on_the_same_file_is_refused_until_the_first_closes(tmp_path):
    path = tmp_path / "journal.sqlite3"
    first = Journal(path)
    with pytest.raises(JournalError, match="already running") as caught:
        Journal(path)
    assert caught.value.problem == "busy" and str(os.getpid()) in str(caught.value)
    first.close()
    Journal(path).close()


def test_a_second_process_is_refused(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path):
        code = ("import sys\nfrom companion.journal import Journal, JournalError\n"
                "try:\n    Journal(sys.argv[1])\nexcept JournalError as e:\n"
                "    print(e.problem); sys.exit(3)\n")
        done = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT,
                              capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 3 and done.stdout.strip() == "busy"


# -- the write-ahead log -------------------------------------------------------
def test_a_flipped_bit_in_the_log_is_reported_and_the_log_kept(tmp_path):
    journal, session = played(tmp_path / "live" / "journal.sqlite3")
    copy = snapshot_with_wal(journal, tmp_path / "copy")
    journal.close()
    wal = copy.with_name("journal.sqlite3-wal")
    before = check_wal(wal)
    assert before.valid_commits >= len(MOVES) and not before.damaged
    flip_bit(wal, 32 + 24 + 100)  # inside the first frame's page
    found = check_wal(wal)
    assert found.damaged and found.lost_commits >= len(MOVES) - 1
    damaged = wal.read_bytes()
    with Journal(copy) as reopened:
        assert any("was damaged" in str(n) for n in reopened.notices)
        kept = list(copy.parent.glob("journal.sqlite3-wal.damaged-*"))
        assert len(kept) == 1 and kept[0].read_bytes() == damaged


def test_a_write_torn_by_a_power_cut_is_not_called_damage(tmp_path):
    journal, _ = played(tmp_path / "live" / "journal.sqlite3")
    copy = snapshot_with_wal(journal, tmp_path / "copy")
    journal.close()
    wal = copy.with_name("journal.sqlite3-wal")
    data = wal.read_bytes()
    wal.write_bytes(data[:-1000])  # the last frame half written
    assert not check_wal(wal).damaged
    with Journal(copy) as reopened:
        assert reopened.notices == []


def test_a_finished_game_is_in_the_main_file_alone(tmp_path):
    path = tmp_path / "live" / "journal.sqlite3"
    journal = Journal(path)
    session = TableSession.new(journal, GameConfig.build("counter", ["Ana", "Bo"], target=10))
    while not session.is_over:
        session.submit(Roll(1) if session.table_to_act else Add(session.to_act[0], 3))
    assert os.path.getsize(f"{path}-wal") == 0  # checkpointed when the game ended
    only_main = tmp_path / "copy" / "journal.sqlite3"
    only_main.parent.mkdir()
    shutil.copy(path, only_main)  # a backup that forgot the -wal file
    journal.close()
    with Journal(only_main) as copy:
        assert [g.id for g in copy.history()] == [session.game_id]
        assert len(copy.events(session.game_id).events) == len(session.actions)


def test_idle_checkpoint_empties_the_log(tmp_path):
    journal, _ = played(tmp_path / "journal.sqlite3")
    assert os.path.getsize(f"{journal.path}-wal") > 0
    assert journal.checkpoint_if_dirty() is True
    assert os.path.getsize(f"{journal.path}-wal") == 0
    assert journal.checkpoint_if_dirty() is False
    journal.close()


# -- a damaged main file -------------------------------------------------------
@pytest.mark.parametrize("damage", ["garbage", "zeroed", "truncated", "flipped"])
def test_a_damaged_file_is_a_clear_error_and_salvage_keeps_it_aside(tmp_path, damage):
    path = tmp_path / "journal.sqlite3"
    journal, session = played(path, MOVES * 10)
    other = TableSession.new(journal, CONFIG)
    other.submit(Add(0, 2))
    journal.close()
    original = path.read_bytes()
    size = len(original)
    if damage == "garbage":
        path.write_bytes(os.urandom(size))
    elif damage == "zeroed":
        path.write_bytes(bytes(size))
    elif damage == "truncated":
        path.write_bytes(original[:size - 2 * 4096 - 100])  # the last pages never written
    else:  # a flipped bit in the last page (where the newest rows are)
        flip_bit(path, size - 200)
    damaged_bytes = path.read_bytes()
    try:
        reopened = Journal(path)
    except JournalError as exc:
        assert exc.problem == "damaged" and "journal.sqlite3" in str(exc)
    else:  # the damage is in a row: found by its checksum, never silent
        with reopened:
            loaded = [reopened.events(g) for g in (session.game_id, other.game_id)]
            assert any(l.damaged_from is not None for l in loaded) or damage == "flipped"
    fresh, report = set_aside_and_salvage(path)
    with fresh:
        assert report.kept_as.exists() and report.kept_as.read_bytes() == damaged_bytes
        assert fresh.unfinished() is None or fresh.unfinished().id in (session.game_id, other.game_id)
        if damage in ("truncated", "flipped"):
            assert report.games >= 1  # what could be read was copied
        TableSession.new(fresh, CONFIG).submit(Add(0, 1))  # and play goes on


def test_a_newer_journal_is_refused_with_its_kind(tmp_path):
    import sqlite3

    path = tmp_path / "journal.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=7")
    db.commit()
    db.close()
    with pytest.raises(JournalError) as caught:
        Journal(path)
    assert caught.value.problem == "newer"
    with pytest.raises(JournalError):
        Journal(path, read_only=True)


def test_a_config_row_that_is_not_json_does_not_break_the_lists(tmp_path):
    journal, session = played(tmp_path / "journal.sqlite3")
    journal._db.execute("UPDATE games SET config='][' WHERE id=?", (session.game_id,))
    journal._db.execute("UPDATE games SET status='finished', result='{' WHERE id=?", (session.game_id,))
    assert journal.history()[0].damage
    assert journal.latest_config("counter", 2) is None
    journal.close()


# -- read-only and full storage ------------------------------------------------
def test_a_read_only_folder_is_a_clear_error_and_the_history_still_opens(tiny_disk, remount_read_only):
    path = tiny_disk / "journal.sqlite3"
    journal = Journal(path)
    session = TableSession.new(journal, GameConfig.build("counter", ["Ana", "Bo"], target=10))
    while not session.is_over:
        session.submit(Roll(1) if session.table_to_act else Add(session.to_act[0], 3))
    journal.close()
    remount_read_only(tiny_disk)
    with pytest.raises(JournalError) as caught:
        Journal(path)
    assert caught.value.problem == "readonly"
    with Journal(path, read_only=True) as history:
        assert [g.id for g in history.history()] == [session.game_id]
        with pytest.raises(JournalError, match="read-only"):
            history.start_game("counter", {})


def test_a_full_disk_keeps_the_game_in_memory_and_writes_it_when_space_is_freed(tiny_disk):
    path = tiny_disk / "journal.sqlite3"
    journal = Journal(path)
    session = TableSession.new(journal, CONFIG)
    filler = fill_disk(tiny_disk)
    moves = [Add(0, 1), Roll(0), Add(1, 2), Roll(1)] * 10
    for move in moves:
        session.submit(move)
    assert session.storage_problem is not None and session.storage_problem.problem in ("full", "io")
    assert session.unsaved > 0 and session.actions == tuple(moves)
    filler.unlink()
    assert session.flush() is True and session.unsaved == 0
    journal.close()
    with Journal(path) as reopened:
        assert TableSession.resume(reopened, session.game_id).actions == tuple(moves)



def test_a_full_disk_at_start_is_called_full(tiny_disk):
    """A journal with games, then the disk filled to the last byte before the next start:
    SQLite says 'disk I/O error' (the shared-memory file cannot grow); the players read
    'The storage is full' with its advice, not 'The game journal cannot be used'."""
    from companion.storage_problems import describe

    journal, _session = played(tiny_disk / "journal.sqlite3")
    journal.close()
    filler = fill_disk(tiny_disk)
    with pytest.raises(JournalError) as caught:
        Journal(tiny_disk / "journal.sqlite3")
    assert caught.value.problem == "full", caught.value
    assert str(describe(caught.value, tiny_disk / "journal.sqlite3").title) == "The storage is full"
    filler.unlink()
    Journal(tiny_disk / "journal.sqlite3").close()


# -- damage noticed at open: the last-write mark, a game's row, a table -----------
def test_a_main_file_emptied_after_a_restart_is_announced(tmp_path):
    """The last-write mark outlives a start that writes nothing: a main file emptied to
    0 bytes after such a restart is announced (the mark was reset at every open, and the
    empty file read as a fresh journal, silently)."""
    path = tmp_path / "journal.sqlite3"
    journal, session = played(path)
    journal.close()
    Journal(path).close()          # the table started again, nothing played
    Journal(path).close()          # and again
    path.write_bytes(b"")
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    with Journal(path) as reopened:
        text = " ".join(map(str, reopened.notices))
    assert "holds less than was saved" in text and f"last {len(MOVES)} changes" in text, text


def test_a_deleted_unfinished_game_row_is_announced(tmp_path):
    """The games row of an unfinished game is deleted, its moves stay: the open says
    which game and how many saved moves can no longer be shown (it was silent)."""
    import sqlite3

    path = tmp_path / "journal.sqlite3"
    journal, session = played(path)
    journal.close()
    db = sqlite3.connect(path)
    db.execute("DELETE FROM games WHERE id=?", (session.game_id,))
    db.commit()
    db.close()
    with Journal(path) as reopened:
        text = " ".join(map(str, reopened.notices))
        assert reopened.unfinished() is None
    assert f"game #{session.game_id}" in text and f"{len(MOVES)} saved moves" in text, text


@pytest.mark.parametrize("which", ["newest", "between"])
def test_a_deleted_game_row_with_no_moves_is_announced_once(tmp_path, which):
    """A game started with no move yet (the newest, or one left between two others) has
    its row deleted: no orphan move tells of it, so the open used to be silent.  The
    journal counts the games it started: the open says which game is gone, once."""
    import sqlite3

    path = tmp_path / "journal.sqlite3"
    journal, first = played(path)
    empty = journal.start_game("counter", CONFIG.to_dict())
    if which == "between":
        journal.abandon_game(empty)
        TableSession.new(journal, CONFIG).submit(Add(0, 1))
    journal.close()
    db = sqlite3.connect(path)
    db.execute("DELETE FROM games WHERE id=?", (empty,))
    db.commit()
    db.close()
    with Journal(path) as reopened:
        text = " ".join(map(str, reopened.notices))
    assert f"game #{empty} is missing" in text, text
    with Journal(path) as again:         # said, and in the log; nothing is left to show
        assert not again.notices
    with Journal(path) as journal:       # the next game does not take the missing number
        assert journal.start_game("counter", CONFIG.to_dict()) > empty
    with Journal(path) as journal:
        assert not journal.notices


def test_games_counted_from_an_older_journal_are_not_called_missing(tmp_path):
    """A journal without the count (an older version) opens without a notice for the gaps
    it already had: only numbers counted as started and then gone are said."""
    import sqlite3

    path = tmp_path / "journal.sqlite3"
    journal, _session = played(path)
    second = journal.start_game("counter", CONFIG.to_dict())
    third = journal.start_game("counter", CONFIG.to_dict())
    journal.close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE meta")        # as an older version left it
    db.execute("DELETE FROM games WHERE id=?", (second,))   # and a gap it never counted
    db.commit()
    db.close()
    with Journal(path) as reopened:
        assert not reopened.notices
    db = sqlite3.connect(path)
    db.execute("DELETE FROM games WHERE id=?", (third,))
    db.commit()
    db.close()
    with Journal(path) as reopened:      # counted since: said
        assert f"game #{third} is missing" in " ".join(map(str, reopened.notices))


def test_a_new_game_never_takes_the_number_of_a_game_whose_moves_are_left(tmp_path):
    """The row of the newest game is deleted, its moves stay: a new game gets a number of
    its own (SQLite gave the same number again, and the new game took the old moves)."""
    import sqlite3

    path = tmp_path / "journal.sqlite3"
    journal, session = played(path)
    journal.close()
    db = sqlite3.connect(path)
    db.execute("DELETE FROM games WHERE id=?", (session.game_id,))
    db.execute("DROP TABLE meta")
    db.commit()
    db.close()
    with Journal(path) as journal:
        fresh = TableSession.new(journal, CONFIG)
        assert fresh.game_id != session.game_id and not fresh.actions
        assert journal.events(fresh.game_id).events == ()


@pytest.mark.parametrize("table", ["events", "games", "quarantine"])
def test_a_dropped_table_is_damage_and_repair_keeps_what_reads(tmp_path, table):
    """A table of the journal dropped: the open says 'damaged' (Repair offered) instead of
    making the table again, empty, in silence; Repair keeps the damaged file aside."""
    import sqlite3

    path = tmp_path / "journal.sqlite3"
    journal, session = played(path)
    journal.close()
    db = sqlite3.connect(path)
    db.execute(f"DROP TABLE {table}")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match=f"table {table} is missing") as caught:
        Journal(path)
    assert caught.value.problem == "damaged"
    if table == "events":   # 'Look at the history': the game's moves read as damaged, not an I/O problem
        with Journal(path, read_only=True) as history:
            loaded = history.events(session.game_id)
            assert loaded.events == () and "no such table: events" in loaded.damage
    fresh, report = set_aside_and_salvage(path)
    with fresh:
        assert report.kept_as.exists()
        if table == "quarantine":
            assert fresh.unfinished().id == session.game_id

# -- damaged schema text ---------------------------------------------------------
@pytest.mark.parametrize("damage", [(b"kind    TEXT", b"kinn    TEXT"),   # a column renamed
                                    (b"payload TEXT", b"p\xffyload TEXT"),  # text that is not UTF-8
                                    (b"CREATE TABLE games", b"CREATE TABLE gam\x00s")])
def test_damaged_schema_text_is_damage_and_repair_keeps_every_game(tmp_path, damage):
    """The text that describes the tables is damaged, the rows are not: the open says
    "damaged" (not a raw SQLite error), Repair keeps every game, and the lock is free after."""
    import random

    from tests.history.games import play_one

    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal._db.execute("PRAGMA synchronous=OFF")
        games = [play_one(journal, "coloretto", random.Random(seed)) for seed in range(6)]
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    where = data.index(damage[0], 0, page)
    data[where:where + len(damage[0])] = damage[1]
    path.write_bytes(bytes(data))
    with pytest.raises(JournalError) as refused:
        Journal(path)
    assert refused.value.problem == "damaged"
    fresh, report = set_aside_and_salvage(path)
    with fresh:
        assert report.games == len(games) and report.games_lost == 0
        assert len(fresh.history()) == len(games)
        assert all(not fresh.events(g.game_id).damage for g in games)
    Journal(path).close()


def test_schema_records_that_cannot_be_parsed_repair_keeps_every_game(tmp_path):
    """Every record that describes the tables is wiped (SQLite cannot even list them, and
    writing their text again has no row to write it to): Repair reads the rows from the
    tables' own pages and keeps every game, with every move (it kept none)."""
    from tests.reliability.schema_damage import journal_bytes, kept_games, schema_area

    data, moves = journal_bytes(tmp_path)
    start, end = schema_area(data)
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(data[:start] + bytes(end - start) + data[end:])
    with pytest.raises(JournalError) as refused:
        Journal(path)
    assert refused.value.problem == "damaged"
    fresh, report = set_aside_and_salvage(path)
    with fresh:
        assert report.games == len(moves) and report.games_lost == 0
        assert kept_games(fresh, moves) == len(moves)
    assert report.kept_as.read_bytes()[start:end] == bytes(end - start)   # the damaged file, aside as it was


@pytest.mark.parametrize("seed, page1", [(11, False), (12, True)])
def test_random_damage_to_the_schema_records_repair_keeps_every_game(seed, page1):
    """Random damage to the schema records (or anywhere on the first page): every game is
    kept, as it opens or after Repair (about one case in eight kept no game at all)."""
    from tests.reliability.schema_damage import measure

    outcomes = measure(seed, 24, page1)
    assert [o for o in outcomes if not o.all_kept] == []


def test_a_repair_that_fails_frees_the_journal(tmp_path, monkeypatch):
    """Whatever stops a repair half-way, the fresh journal it opened is closed: the app
    does not then find its own lock ("already running")."""
    from companion import journal as journal_module

    path = tmp_path / "journal.sqlite3"
    journal, _session = played(path)
    journal.close()

    def broken(*_args):
        raise journal_module.JournalError("no space", "full")

    monkeypatch.setattr(journal_module.salvage, "_salvage_into", broken)
    with pytest.raises(JournalError):
        set_aside_and_salvage(path)
    monkeypatch.undo()
    Journal(path).close()


def test_text_that_is_not_utf8_is_damage_and_repair_is_offered(tmp_path):
    """Invalid UTF-8 in a journal row is damage, not an I/O problem: the problem screen
    offers Repair (Home once said "tap Try again", with no such button)."""
    import sqlite3

    from companion.storage_problems import REPAIR, describe

    path = tmp_path / "journal.sqlite3"
    journal, _session = played(path)
    journal.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET game=CAST(X'6eff6f' AS TEXT)")
    db.commit()
    db.close()
    with Journal(path) as journal:
        with pytest.raises(JournalError) as caught:
            journal.abandoned()
    assert caught.value.problem == "damaged"
    assert describe(caught.value, path).ways[0] == REPAIR
