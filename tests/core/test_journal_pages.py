"""Reading a journal's rows from its pages without SQLite (companion.journal.pages): the same
rows SQLite reads, the log's committed pages over the main file's, rows deleted since left
out, and any damage ending in fewer rows, never an exception or a loop."""
from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.journal import Journal
from companion.journal.pages import PageFile, find_rows, record_values
from companion.journal.schema import GAME_COLUMNS
from tests.history.games import fast, play_one


def rows_by_sqlite(path: Path) -> tuple[dict, dict, dict]:
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        games = {r[0]: r for r in db.execute(f"SELECT {GAME_COLUMNS} FROM games")}
        events = {(r[0], r[1]): r for r in db.execute(
            "SELECT game_id, seq, kind, payload, crc, at, joined FROM events")}
        quarantine = {r[0]: r for r in db.execute(
            "SELECT id, game_id, seq, kind, payload, crc, at, reason, batch, joined FROM quarantine")}
    finally:
        db.close()
    return games, events, quarantine


def a_journal(folder: Path) -> Path:
    """Games of every size (a config and moves longer than a page: overflow pages), moves set
    aside (rows deleted: freed cells and pages), and the last changes in the log alone."""
    path = folder / "live" / "journal.sqlite3"
    journal = fast(Journal(path))
    for seed in range(3):
        play_one(journal, "coloretto", random.Random(seed))
    big = journal.start_game("counter", {"players": [{"name": "Ann" * 3000}], "note": "é" * 5000})
    for seq in range(30):
        journal.append(big, "do", {"text": "x" * (200 * seq)})
    journal.quarantine(big, 25, "set aside by the test")
    journal.checkpoint()
    play_one(journal, "coloretto", random.Random(9), finish=False)   # in the log only
    copy = folder / "copy" / "journal.sqlite3"
    copy.parent.mkdir()
    for suffix in ("", "-wal"):
        shutil.copy(f"{path}{suffix}", f"{copy}{suffix}")
    journal.close()
    return copy


def test_the_pages_hold_the_rows_sqlite_reads(tmp_path):
    path = a_journal(tmp_path)
    assert Path(f"{path}-wal").stat().st_size > 0
    games, events, quarantine = rows_by_sqlite(path)
    found = find_rows(path)
    assert found.games == games
    assert found.events == events
    assert found.quarantine == quarantine
    assert any(len(r[3] or "") > 4096 for r in events.values())        # overflow pages read
    assert any(len(r[2]) > 4096 for r in games.values()) and quarantine


def test_without_the_log_the_pages_hold_the_checkpointed_rows(tmp_path):
    path = a_journal(tmp_path)
    Path(f"{path}-wal").unlink()
    games, events, _quarantine = rows_by_sqlite(path)
    found = find_rows(path)
    assert found.games == games and found.events == events


def test_a_record_s_values_of_every_kind():
    # header: its size (8 bytes), then NULL, int8, int48, float, 0, 1, text of 2 bytes (serial 17)
    payload = bytes([8, 0, 1, 5, 7, 8, 9, 17]) + bytes([0xFF]) + (2 ** 40).to_bytes(6, "big") \
        + bytes.fromhex("400921fb54442d18") + b"ok"
    assert record_values(payload) == [None, -1, 2 ** 40, 3.141592653589793, 0, 1, "ok"]


_JOURNAL: dict[str, bytes] = {}


def _sample() -> bytes:
    if not _JOURNAL:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            with Journal(Path(tmp) / "j.sqlite3") as journal:
                fast(journal)
                for seed in range(2):
                    play_one(journal, "coloretto", random.Random(seed))
            _JOURNAL["data"] = (Path(tmp) / "j.sqlite3").read_bytes()
    return _JOURNAL["data"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 10 ** 7), st.integers(0, 255)), min_size=1, max_size=40),
       st.integers(0, 10 ** 7))
def test_damaged_pages_give_fewer_rows_never_an_error(tmp_path, changes, cut):
    """Bytes changed anywhere (page headers, cell pointers, varints, overflow links) and the
    file cut short: find_rows returns what still reads."""
    data = bytearray(_sample())
    for at, value in changes:
        data[at % len(data)] = value
    path = tmp_path / "damaged.sqlite3"
    path.write_bytes(bytes(data[:max(1, cut % (len(data) + 1))]))
    found = find_rows(path)
    assert len(found.games) <= 2 + len(changes)
    PageFile(bytes(data)).free_pages(bytes(data))
