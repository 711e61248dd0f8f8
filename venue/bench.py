"""``python -m venue.bench [--tables 50] [--seconds 30]``: a club night on this machine.

A real Mosquitto (configured by :mod:`venue.broker`, TLS, passwords, ACL) on 127.0.0.1, the hub
as its own process (``python -m venue.hub``), and ``--tables`` tables, each a real journal and
venue link, playing one move a second (the counter test game).  A reader of the wall page's
event stream notes when each table's new state reaches the page: the lag from the move's
publication to the page (p50, p95, max), and the hub's memory (resident, and its peak).
Needs mosquitto and openssl (``./setup.sh --dev``); run from a checkout (it uses tests/).

``python -m venue.bench --backlog 3000``: one table whose journal holds that many moves the
broker has not acknowledged (a link back after a long drop): how long the link takes to send
them all and mark them, and how many write transactions the marks took.
"""
from __future__ import annotations

import argparse
import getpass
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from companion.engine import GameConfig
from companion.journal import Journal
from companion.session import TableSession
from companion.settings import Settings
from companion.venue.credentials import load_credentials, save_credentials
from companion.venue.messages import session_state
from venue.broker import write_broker
from venue.publisher import CONNECTED, VenueLink

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


def memory_kb(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of ``pid`` in KiB."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0])
    return values.get("VmRSS", 0), values.get("VmHWM", 0)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m venue.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--backlog", type=int, default=0, help="measure sending this many saved moves instead")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from tests.registry import register_counter

    register_counter()
    if args.backlog:
        return drain(args.backlog)
    work = Path(tempfile.mkdtemp(prefix="venue-bench-"))
    ids = [f"t{n}" for n in range(1, args.tables + 1)]
    port, http = free_port(), free_port()
    files = write_broker(work / "broker", "club", ids, port=port, bind="127.0.0.1", run_as=getpass.getuser())
    broker = subprocess.Popen(["mosquitto", "-c", str(files.config)], stderr=subprocess.DEVNULL)
    hub = None
    links: list[VenueLink] = []
    journals: list[Journal] = []
    try:
        wait_port(port)
        (work / "hub.password").write_text(files.passwords["hub"])
        hub = subprocess.Popen([sys.executable, "-m", "venue.hub", "--venue", "club", "--broker", f"127.0.0.1:{port}",
                                "--password-file", str(work / "hub.password"), "--ca", str(files.ca),
                                "--store", str(work / "hub.sqlite3"), "--listen", f"127.0.0.1:{http}"],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_port(http)
        sessions = []
        for table in ids:
            folder = work / table
            save_credentials(folder, table, files.passwords[table], files.ca.read_bytes())
            journal = Journal(folder / "journal.sqlite3")
            journals.append(journal)
            session = TableSession.new(journal, GameConfig.build("counter", ["Ann", "Bo", "Cy"], target=10000))
            link = VenueLink(folder / "journal.sqlite3", Settings(venue="club", venue_broker=f"127.0.0.1:{port}",
                                                                  table_id=table), load_credentials(folder))
            link.start()
            links.append(link)
            sessions.append(session)
        for link in links:
            if not link.wait_until(lambda s: s.state == CONNECTED, 30):
                raise RuntimeError(f"a table could not connect: {link.status}")
        lags: list[float] = []
        seen: dict[str, float] = {}
        stop = threading.Event()

        def read_page() -> None:
            stream = urllib.request.urlopen(f"http://127.0.0.1:{http}/events", timeout=30)
            while not stop.is_set():
                line = stream.readline()
                if not line:
                    return
                if not line.startswith(b"data: "):
                    continue
                now = time.time()
                for t in json.loads(line[6:])["tables"]:
                    at = (t.get("state") or {}).get("at")
                    if at and seen.get(t["table"]) != at:
                        seen[t["table"]] = at
                        lags.append(now - at)

        reader = threading.Thread(target=read_page, daemon=True)
        reader.start()
        start = time.monotonic()
        moves = 0
        tick = 1.0 / len(ids)
        while time.monotonic() - start < args.seconds:       # each table one move a second, staggered
            for i, (session, link) in enumerate(zip(sessions, links)):
                due = start + (moves // len(ids)) + i * tick
                delay = due - time.monotonic()
                if delay > 0:
                    stop.wait(delay)
                actions = session.legal_actions()
                session.submit(actions[moves % len(actions)])
                link.update_state(session_state(ids[i], session))
                link.wake()
                moves += 1
        stop.wait(3.0)
        stop.set()
        rss, peak = memory_kb(hub.pid)
        print(f"{len(ids)} tables, one move a second each, {moves} moves in {args.seconds:.0f} s")
        if lags:
            print(f"lag from a table's publication to the wall page: p50 {1000 * statistics.median(lags):.0f} ms, "
                  f"p95 {1000 * percentile(lags, 0.95):.0f} ms, max {1000 * max(lags):.0f} ms "
                  f"({len(lags)} states seen)")
        print(f"hub memory: resident {rss / 1024:.1f} MiB, peak {peak / 1024:.1f} MiB")
        return 0
    finally:
        for link in links:
            link.close(1.0)
        for journal in journals:
            journal.close()
        if hub is not None:
            hub.terminate()
            hub.wait(10)
        broker.terminate()
        broker.wait(10)


def drain(rows: int) -> int:
    """One table with ``rows`` saved moves: the time from the link's start to the last one
    acknowledged and marked, and the journal's write transactions meanwhile."""
    work = Path(tempfile.mkdtemp(prefix="venue-drain-"))
    port = free_port()
    files = write_broker(work / "broker", "club", ["t1"], port=port, bind="127.0.0.1", run_as=getpass.getuser())
    broker = subprocess.Popen(["mosquitto", "-c", str(files.config)], stderr=subprocess.DEVNULL)
    try:
        wait_port(port)
        folder = work / "t1"
        save_credentials(folder, "t1", files.passwords["t1"], files.ca.read_bytes())
        path = folder / "journal.sqlite3"
        with Journal(path) as journal:
            link = VenueLink(path, Settings(venue="club", venue_broker=f"127.0.0.1:{port}", table_id="t1"),
                             load_credentials(folder))
            session = TableSession.new(journal, GameConfig.build("counter", ["Ann", "Bo", "Cy"], target=10000))
            for n in range(rows - 1):
                actions = session.legal_actions()
                session.submit(actions[n % len(actions)])
            marks = _count_marks(path)
            start = time.monotonic()
            link.start()
            if not link.wait_sent(600):
                raise RuntimeError(f"the backlog was not sent: {link.status}")
            took = time.monotonic() - start
            link.close(1.0)
        writes = _count_marks(path) - marks
        print(f"backlog of {rows} saved moves sent and marked in {took:.2f} s "
              f"({rows / took:.0f} moves/s); marks written in {writes} transactions")
        return 0
    finally:
        broker.terminate()
        broker.wait(10)


def _count_marks(path: Path) -> int:
    """How many transactions have written the journal's marks: distinct mark times (a
    transaction writes its marks with one time)."""
    import sqlite3

    db = sqlite3.connect(path)
    try:
        return int(db.execute("SELECT COUNT(DISTINCT at) FROM published").fetchone()[0])
    finally:
        db.close()


if __name__ == "__main__":
    sys.exit(main())
