"""Bit flips and truncations of the journal file and of its write-ahead log,
seeded: every case is either read back whole, or refused / reported (an
error with its kind, a damaged row, a damaged game record, a notice) —
never a silent loss.  (The issue's measurement before: 200/200 flips or
truncations of the log lost data silently.)"""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from companion.engine import GameConfig
from companion.journal import Journal
from companion.errors import JournalError
from companion.session import TableSession
from tests.fake_game import Add, Roll

CONFIG = GameConfig.build("counter", ["Ana", "Bo"], target=10000)
MOVES = [Add(0, 1), Roll(0), Add(1, 2), Roll(1)] * 5
TRIALS = 60


def build(folder: Path, leave_log: bool) -> tuple[Path, dict[int, list]]:
    """Six games in a journal; with ``leave_log`` a copy taken while it is open
    (the log holds everything, as after a power cut)."""
    journal = Journal(folder / "live" / "journal.sqlite3")
    games = {}
    for _ in range(6):
        session = TableSession.new(journal, CONFIG)
        for move in MOVES:
            session.submit(move)
        games[session.game_id] = [e.payload for e in journal.events(session.game_id).events]
    source = journal.path
    if leave_log:
        copy = folder / "copy"
        copy.mkdir()
        for suffix in ("", "-wal", ".lock"):
            shutil.copy(f"{journal.path}{suffix}", copy / f"journal.sqlite3{suffix}")
        source = copy / "journal.sqlite3"
    journal.close()
    return source, games


def outcome(path: Path, games: dict[int, list]) -> str:
    try:
        journal = Journal(path)
    except JournalError as exc:
        return f"refused ({exc.problem})"
    with journal:
        if journal.notices:
            return "reported"
        for game_id, payloads in games.items():
            try:
                loaded = journal.events(game_id)
                entry = journal.game(game_id)
            except JournalError:
                return "read error"
            if loaded.damaged_from is not None:
                return "damaged row"
            if entry.damage:
                return "damaged game"
            if [e.payload for e in loaded.events] != payloads or entry.status != "playing":
                return "SILENT"
    return "whole"


@pytest.mark.parametrize("which", ["main", "log"])
def test_no_flip_or_cut_is_silent(tmp_path, which):
    source, games = build(tmp_path, leave_log=which == "log")
    target_name = "journal.sqlite3" if which == "main" else "journal.sqlite3-wal"
    rng = random.Random(20261124 + len(which))
    seen: dict[str, int] = {}
    for trial in range(TRIALS):
        folder = tmp_path / f"t{trial}"
        folder.mkdir()
        for suffix in ("", "-wal", ".lock"):
            if Path(f"{source}{suffix}").exists():
                shutil.copy(f"{source}{suffix}", folder / f"journal.sqlite3{suffix}")
        target = folder / target_name
        data = bytearray(target.read_bytes())
        if trial % 5 == 4:
            data = data[:rng.randrange(len(data))]
        else:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        target.write_bytes(bytes(data))
        result = outcome(folder / "journal.sqlite3", games)
        seen[result] = seen.get(result, 0) + 1
        shutil.rmtree(folder)
    assert "SILENT" not in seen, seen
    assert sum(v for k, v in seen.items() if k != "whole") >= TRIALS // 4, seen  # the damage was real


def test_the_harness_sees_a_silent_loss(tmp_path):
    """The outcome check is not blind: a journal missing one game's last rows,
    with nothing else to tell, is called SILENT."""
    source, games = build(tmp_path, leave_log=False)
    (source.with_name("journal.sqlite3.lock")).write_text("")  # no mark of the last write
    with Journal(source) as journal:
        journal._db.execute("DELETE FROM events WHERE game_id=1 AND seq>=15")
    assert outcome(source, games) == "SILENT"
