"""``python -m companion.bench``: journal append latency with synchronous=FULL.

Prints p50/p95/p99/max of one confirmed action (a transaction with its
fsync) over N appends in a temporary journal, next to a bare SQLite insert
with the same settings; then how long a move holds the thread that draws the
screen when its write takes ``--slow-write-ms`` (a worn SD card's worst
fsync), with the journal written on that thread and on the journal's writer
thread; then one JSON line."""
from __future__ import annotations

import argparse
import json
import random
import sqlite3
import threading
import statistics
import tempfile
import time
from pathlib import Path
from typing import Sequence

from companion.engine import TABLE, GameConfig
from companion.journal import Journal, NewEvent
from companion.journal.writer import JournalWriter
from companion.session import TableSession


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_journal(path: Path, count: int) -> list[float]:
    with Journal(path) as journal:
        game = journal.start_game("bench", {"game": "bench"})
        times = []
        for i in range(count):
            payload = {"type": "place", "seat": i % 4, "row": i % 5, "card": "orange"}
            start = time.perf_counter()
            journal.append(game, "do", payload)
            times.append((time.perf_counter() - start) * 1000)
    return times


def bench_bare(path: Path, count: int) -> list[float]:
    db = sqlite3.connect(str(path), isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE t (i INTEGER, payload TEXT)")
    times = []
    for i in range(count):
        start = time.perf_counter()
        db.execute("INSERT INTO t VALUES (?, ?)", (i, '{"type": "place"}'))
        times.append((time.perf_counter() - start) * 1000)
    db.close()
    return times


class SlowJournal(Journal):
    """A journal whose every move's write takes ``delay`` seconds longer (a slow disk)."""

    delay = 0.0

    def append_many(self, game_id: int, events: Sequence[NewEvent]) -> list[int]:
        time.sleep(self.delay)
        return super().append_many(game_id, events)


def bench_held(path: Path, delay_ms: float, moves: int, threaded: bool) -> list[float]:
    """Milliseconds the calling thread (the screen's, in the app) is held by each of ``moves``
    Coloretto moves whose write takes ``delay_ms`` longer, the journal written on that thread
    or (``threaded``) on the journal's writer thread."""
    delivered = threading.Event()
    journal = SlowJournal(path)
    with journal, JournalWriter(lambda _deliver: delivered.set()) as writer:
        session = TableSession.new(journal, GameConfig.build("coloretto", ["Ana", "Bo", "Cy"]))
        session.writer = writer if threaded else None
        journal.delay = delay_ms / 1000
        rng, held = random.Random(1), []
        for _ in range(moves):
            state = session.state
            action = (session.game.sample_chance(state, rng) if session.to_act == (TABLE,)
                      else rng.choice(session.legal_actions()))
            start = time.perf_counter()
            session.submit(action)
            held.append((time.perf_counter() - start) * 1000)
            if threaded:   # the move shows once its write is back (the screen drew meanwhile)
                delivered.wait(10)
                delivered.clear()
                writer.deliver()
    return held


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.bench")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--slow-write-ms", type=float, default=300.0,
                        help="how much longer each move's write takes in the held-screen figure")
    parser.add_argument("--moves", type=int, default=5, help="moves played for the held-screen figure")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        journal = bench_journal(Path(tmp) / "journal.sqlite3", args.count)
        bare = bench_bare(Path(tmp) / "bare.sqlite3", args.count)
        on_screen = bench_held(Path(tmp) / "held.sqlite3", args.slow_write_ms, args.moves, threaded=False)
        on_writer = bench_held(Path(tmp) / "writer.sqlite3", args.slow_write_ms, args.moves, threaded=True)
    rows = {"journal append": journal, "bare sqlite insert": bare}
    print(f"{'ms per confirmed action':26} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7}")
    for name, values in rows.items():
        print(f"{name:26} {statistics.median(values):7.3f} {percentile(values, .95):7.3f} "
              f"{percentile(values, .99):7.3f} {max(values):7.3f}")
    print(f"screen thread held by a move whose write takes {args.slow_write_ms:g} ms longer "
          f"(longest of {args.moves}): written on the screen's thread {max(on_screen):.1f} ms, "
          f"on the journal's writer thread {max(on_writer):.1f} ms")
    print(json.dumps({"count": args.count,
                      "held_ms_written_on_screen_thread": round(max(on_screen), 1),
                      "held_ms_written_on_writer_thread": round(max(on_writer), 1),
                      "journal_p50_ms": round(statistics.median(journal), 3),
                      "journal_p99_ms": round(percentile(journal, .99), 3),
                      "bare_p50_ms": round(statistics.median(bare), 3),
                      "bare_p99_ms": round(percentile(bare, .99), 3)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
