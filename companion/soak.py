"""``python -m companion.soak``: a long session at the table, measured.

Plays seeded random games of every registered game (companion/games.py) in
turn, each to its end, through a :class:`TableSession` on a journal in a
temporary directory (with undos and redos, and the view data a table screen
renders after each action).  Every ``--sample`` actions it prints the process's
memory (VmRSS, MB) and the latency of the actions since the last sample
(confirm = submit/undo/redo with its fsync; view = summary + score sheet, ms:
p50/p95/p99/max).  Then it fills the journal up to ``--home-games`` finished
games and times what the Home and History screens ask the journal.  The last
line is one JSON object with every figure.

After the samples it prints the memory's growth after ``--warmup`` actions as
a least-squares slope in MB per 100,000 actions (a long evening of play must
stay under 2 MB per 100,000).

``--tracemalloc`` also traces Python allocations and prints the 10 lines whose
allocations grew most between the first sample after the start (a warm-up)
and the last (slower: for finding leaks).
"""
from __future__ import annotations

import argparse
from array import array
import gc
import json
import random
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from companion.bench import percentile
from companion.engine import GameConfig
from companion.games import available_games, game_title, load_game
from companion.journal import Journal
from companion.session import TableSession

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli")
P_UNDO = 0.05
P_REDO = 0.3


def rss_mb() -> float:
    """Resident memory of this process in MB (VmRSS; the peak where /proc is missing)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def spread(values: Sequence[float]) -> dict[str, float]:
    """p50/p95/p99/max of ``values`` (ms), rounded for printing."""
    if not values:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}
    return {"p50": round(statistics.median(values), 3), "p95": round(percentile(values, .95), 3),
            "p99": round(percentile(values, .99), 3), "max": round(max(values), 3)}


def growth_per_100k(samples: Sequence[Sample], warmup: int) -> float | None:
    """Least-squares slope of VmRSS over the samples from ``warmup`` actions on,
    in MB per 100,000 actions; None with fewer than three such samples."""
    points = [(s.actions, s.rss_mb) for s in samples if s.actions >= warmup]
    if len(points) < 3:
        return None
    mean_x = statistics.fmean(x for x, _ in points)
    mean_y = statistics.fmean(y for _, y in points)
    spread_x = sum((x - mean_x) ** 2 for x, _ in points)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / spread_x
    return round(slope * 100_000, 2)


def config_for(rng: random.Random, index: int) -> GameConfig:
    games = available_games()
    name = games[index % len(games)]
    game = load_game(name)
    players = rng.randint(game.min_players, game.max_players)
    return GameConfig.build(name, NAMES[:players])


def play_one(session: TableSession, rng: random.Random) -> str:
    """One random input at the table: an undo, a redo or a legal action."""
    if session.can_redo and rng.random() < P_REDO:
        session.redo()
        return "redo"
    if session.can_undo and rng.random() < P_UNDO:
        session.undo()
        return "undo"
    if session.table_to_act:
        session.submit(session.game.sample_chance(session.state, rng))
    else:
        seat = rng.choice(session.to_act)
        session.submit(rng.choice(list(session.game.legal_actions(session.state, seat))))
    return "do"


@dataclass
class Sample:
    actions: int
    games: int
    rss_mb: float
    confirm: dict[str, float]
    view: dict[str, float]
    traced_mb: float | None = None


@dataclass
class Soak:
    actions: int = 0
    games_finished: int = 0
    samples: list[Sample] = field(default_factory=list)
    confirm_all: array = field(default_factory=lambda: array("d"))   # ms, one per action
    view_all: array = field(default_factory=lambda: array("d"))
    growth: list[str] = field(default_factory=list)


def soak(journal: Journal, actions: int, sample_every: int, seed: int, trace: bool = False,
         out: Any = None) -> Soak:
    """Play ``actions`` actions (games in turn, each to its end); sample as it goes,
    printing a row per sample to ``out`` (default: stdout)."""
    out = out if out is not None else sys.stdout
    rng = random.Random(seed)
    result = Soak()
    # allocated once, up front, so the benchmark's own figures do not grow the memory it measures
    result.confirm_all = array("d", bytes(8 * actions))
    result.view_all = array("d", bytes(8 * actions))
    confirm: list[float] = []
    view: list[float] = []
    first_snapshot = None
    if trace:
        tracemalloc.start(1)
    session: TableSession | None = None
    games = 0
    print(f"{'actions':>8} {'games':>6} {'RSS MB':>7} {'traced':>7} | {'confirm ms p50':>14} "
          f"{'p95':>6} {'p99':>6} {'max':>7} | {'view ms p50':>11} {'p95':>6} {'p99':>6} {'max':>7}",
          file=out)

    def take_sample() -> None:
        nonlocal first_snapshot, confirm, view
        gc.collect()
        traced = tracemalloc.get_traced_memory()[0] / 2**20 if trace else None
        if trace and first_snapshot is None and result.actions:   # after a warm-up sample
            first_snapshot = tracemalloc.take_snapshot()
        sample = Sample(result.actions, result.games_finished, round(rss_mb(), 1),
                        spread(confirm), spread(view), None if traced is None else round(traced, 1))
        result.samples.append(sample)
        c, v = sample.confirm, sample.view
        print(f"{sample.actions:8d} {sample.games:6d} {sample.rss_mb:7.1f} "
              f"{'' if traced is None else f'{traced:7.1f}':>7} | {c['p50']:14.3f} {c['p95']:6.3f} "
              f"{c['p99']:6.3f} {c['max']:7.2f} | {v['p50']:11.3f} {v['p95']:6.3f} {v['p99']:6.3f} "
              f"{v['max']:7.2f}", file=out, flush=True)
        confirm, view = [], []

    take_sample()
    while result.actions < actions:
        if session is None or session.is_over:
            if session is not None:
                result.games_finished += 1
            session = TableSession.new(journal, config_for(rng, games))
            games += 1
        start = time.perf_counter()
        play_one(session, rng)
        middle = time.perf_counter()
        session.summary()
        session.score_sheet()
        end = time.perf_counter()
        confirm.append((middle - start) * 1000)
        view.append((end - middle) * 1000)
        result.confirm_all[result.actions] = confirm[-1]
        result.view_all[result.actions] = view[-1]
        result.actions += 1
        if result.actions % sample_every == 0 or result.actions == actions:
            take_sample()
    if trace:
        last = tracemalloc.take_snapshot()
        if first_snapshot is not None:
            for stat in last.compare_to(first_snapshot, "lineno")[:10]:
                result.growth.append(str(stat))
        tracemalloc.stop()
    return result


def fill_history(journal: Journal, finished: int, seed: int) -> int:
    """Add finished games (config and result of real games, no events) until
    the journal holds ``finished``; how many were added."""
    have = len(journal.history(limit=finished + 1))
    rng = random.Random(seed)
    templates = [(e.game, e.config, e.result) for e in journal.history(limit=30)]
    if not templates:
        raise ValueError("play some games first: the filler copies their configs and results")
    added = 0
    for _ in range(finished - have):
        game, config, result = rng.choice(templates)
        game_id = journal.start_game(game, config)
        journal.finish_game(game_id, result or {})
        added += 1
    return added


def time_home(path: Path, repeat: int = 50) -> dict[str, dict[str, float]]:
    """ms per call of what Home (open the journal, the game to resume, the last
    8 games), History (500 games) and Setup (the latest config) ask."""
    timings: dict[str, list[float]] = {"open+unfinished+history(8)": [], "unfinished()": [],
                                       "history(limit=8)": [], "history(limit=500)": [],
                                       "latest_config()": []}
    for _ in range(repeat):
        start = time.perf_counter()
        with Journal(path) as journal:
            journal.unfinished()
            journal.history(limit=8)
            timings["open+unfinished+history(8)"].append((time.perf_counter() - start) * 1000)
            for name, call in (("unfinished()", journal.unfinished),
                               ("history(limit=8)", lambda: journal.history(limit=8)),
                               ("history(limit=500)", lambda: journal.history(limit=500)),
                               ("latest_config()", lambda: journal.latest_config("coloretto", 3))):
                start = time.perf_counter()
                call()
                timings[name].append((time.perf_counter() - start) * 1000)
    return {name: spread(values) for name, values in timings.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=200_000, help="actions to play (default 200000)")
    parser.add_argument("--sample", type=int, default=10_000, help="sample every N actions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=20_000,
                        help="actions before the memory's growth is measured (default 20000)")
    parser.add_argument("--home-games", type=int, default=5000,
                        help="finished games in the journal when Home is timed (0: skip)")
    parser.add_argument("--tracemalloc", action="store_true", help="trace allocations (slower)")
    parser.add_argument("--dir", type=Path, default=None, help="journal directory (default: a temporary one)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="companion-soak-") as tmp:
        path = (args.dir or Path(tmp)) / "soak.sqlite3"
        started = time.perf_counter()
        with Journal(path) as journal:
            result = soak(journal, args.actions, max(1, args.sample), args.seed, args.tracemalloc)
            played = time.perf_counter() - started
            added = fill_history(journal, args.home_games, args.seed) if args.home_games else 0
            finished = len(journal.history(limit=args.home_games + 1)) if args.home_games else 0
        home = time_home(path) if args.home_games else {}
        size_mb = path.stat().st_size / 2**20
    for line in result.growth:
        print("grew:", line)
    if home:
        print(f"Home/History with {finished} finished games ({added} added without events), ms per call:")
        for name, figures in home.items():
            print(f"  {name:28} p50 {figures['p50']:7.3f}  p95 {figures['p95']:7.3f}  max {figures['max']:7.3f}")
    by_actions = {s.actions: s.rss_mb for s in result.samples}
    slope = growth_per_100k(result.samples, args.warmup)
    if slope is None:
        print(f"memory growth: too few samples after {args.warmup} actions to fit a slope")
    else:
        print(f"memory growth after {args.warmup} actions: {slope:+.2f} MB per 100,000 actions "
              f"(a long evening must stay under 2)")
    print(json.dumps({
        "actions": result.actions, "games_finished": result.games_finished,
        "games": list(game_title(g) for g in available_games()), "seconds": round(played, 1),
        "journal_mb": round(size_mb, 1),
        "rss_mb": {"start": result.samples[0].rss_mb, "end": result.samples[-1].rss_mb,
                   "max": max(s.rss_mb for s in result.samples), "by_actions": by_actions,
                   "growth_per_100k_after_warmup": slope, "warmup_actions": args.warmup},
        "confirm_ms": spread(result.confirm_all), "view_ms": spread(result.view_all),
        "home_finished_games": finished, "home_ms": home,
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
