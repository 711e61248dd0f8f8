"""``python -m companion.bench``: journal append latency with synchronous=FULL.

Prints p50/p95/p99/max of one confirmed action (a transaction with its
fsync) over N appends in a temporary journal, next to a bare SQLite insert
with the same settings, then one JSON line."""
from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Sequence

from companion.journal import Journal


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.bench")
    parser.add_argument("--count", type=int, default=2000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        journal = bench_journal(Path(tmp) / "journal.sqlite3", args.count)
        bare = bench_bare(Path(tmp) / "bare.sqlite3", args.count)
    rows = {"journal append": journal, "bare sqlite insert": bare}
    print(f"{'ms per confirmed action':26} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7}")
    for name, values in rows.items():
        print(f"{name:26} {statistics.median(values):7.3f} {percentile(values, .95):7.3f} "
              f"{percentile(values, .99):7.3f} {max(values):7.3f}")
    print(json.dumps({"count": args.count,
                      "journal_p50_ms": round(statistics.median(journal), 3),
                      "journal_p99_ms": round(percentile(journal, .99), 3),
                      "bare_p50_ms": round(statistics.median(bare), 3),
                      "bare_p99_ms": round(percentile(bare, .99), 3)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
