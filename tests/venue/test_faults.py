"""The fault test: 20 simulated tables play seeded games through broker restarts, kill -9 of
tables and of the hub; afterwards the hub's standings equal those computed from the tables'
journals, and the hub holds every journal row exactly once."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from companion.journal import Journal
from companion.venue.credentials import save_credentials
from companion.venue.standings import FinishedGame, standings
from tests.venue.broker import Broker

ROOT = Path(__file__).resolve().parents[2]
TABLES = [f"t{n}" for n in range(1, 21)]
GAMES = 2


def hub_count(store: Path) -> int:
    if not store.exists():
        return 0
    db = sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=5)
    try:
        return int(db.execute("SELECT COUNT(*) FROM events").fetchone()[0])
    except sqlite3.Error:
        return 0
    finally:
        db.close()


def wait(condition, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.2)


def test_twenty_tables_through_restarts_and_kills_lose_nothing_and_double_nothing(tmp_path):
    broker = Broker(tmp_path / "broker", "club", TABLES)
    broker.start()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    (tmp_path / "hub.password").write_text(broker.passwords["hub"])
    store = tmp_path / "hub.sqlite3"

    def start_hub() -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "venue.hub", "--venue", "club", "--broker",
                                 f"127.0.0.1:{broker.port}", "--password-file", str(tmp_path / "hub.password"),
                                 "--ca", str(broker.files.ca), "--store", str(store), "--listen", "127.0.0.1:0"],
                                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start_table(i: int) -> subprocess.Popen:
        table = TABLES[i]
        folder = tmp_path / table
        return subprocess.Popen([sys.executable, "-m", "tests.venue.sim_table", str(folder / "journal.sqlite3"),
                                 str(broker.port), str(folder), table, str(i + 1), str(GAMES)],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    for table in TABLES:
        (tmp_path / table).mkdir()
        save_credentials(tmp_path / table, table, broker.passwords[table], broker.files.ca.read_bytes())
    hub = start_hub()
    tables = {i: start_table(i) for i in range(len(TABLES))}
    try:
        wait(lambda: hub_count(store) > 40, 120, "the first events at the hub")
        broker.restart()                                   # the broker restarts mid-evening
        for i in (2, 6, 11):                               # three tables lose power ...
            os.kill(tables[i].pid, signal.SIGKILL)
            tables[i].wait(20)
        os.kill(hub.pid, signal.SIGKILL)                   # ... and so does the hub
        hub.wait(20)
        for i in (2, 6, 11):
            tables[i] = start_table(i)                     # back on: they resume from their journals
        broker.restart()
        hub = start_hub()
        resumed = 0
        for i, proc in tables.items():
            out, err = proc.communicate(timeout=300)
            assert proc.returncode == 0, f"{TABLES[i]}: {out} {err[-2000:]}"
            resumed += "resumed game" in out
        assert resumed >= 1       # a kill landed mid-game (on a loaded machine a table may finish first)
        expected_rows: dict[str, set[tuple[int, int]]] = {}
        finished: list[FinishedGame] = []
        for table in TABLES:
            with Journal(tmp_path / table / "journal.sqlite3", read_only=True) as journal:
                rows = set()
                for entry in journal.played():
                    names = tuple(p["name"] for p in entry.config["players"])
                    finished.append(FinishedGame(table, entry.id, "Counter", names, tuple(entry.totals)))
                    rows |= {(entry.id, -1)} | {(entry.id, e.seq) for e in journal.events(entry.id).events}
                expected_rows[table] = rows
        assert len(finished) == GAMES * len(TABLES)
        total = sum(len(r) for r in expected_rows.values())
        wait(lambda: hub_count(store) >= total, 120, f"{total} events at the hub")
    finally:
        for proc in tables.values():
            if proc.poll() is None:
                proc.kill()
        hub.send_signal(signal.SIGTERM)
        hub.wait(20)
        broker.stop()
    db = sqlite3.connect(store)
    got: dict[str, set[tuple[int, int]]] = {}
    for table, game, seq in db.execute("SELECT table_id, game, seq FROM events"):
        got.setdefault(table, set()).add((game, seq))
    assert db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == total      # each exactly once
    assert got == expected_rows
    games = [FinishedGame(t, g, title, tuple(s["name"] for s in json.loads(seats)), tuple(json.loads(totals)))
             for t, g, title, seats, totals in db.execute(
                 "SELECT table_id, game, title, seats, totals FROM games WHERE finished IS NOT NULL")]
    db.close()
    assert standings(games) == standings(finished)
