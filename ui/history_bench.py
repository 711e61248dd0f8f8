"""``python -m ui.history_bench [--games 5000]``: how long the history screens take
to draw with thousands of finished games in the journal.

Fills a scratch journal with ``--games`` finished games (seeded random games of every
installed game, played by their engines, their dates spread over two years and their
players drawn from eight people), then runs the app (simulated panel, its own Xvfb when
there is no DISPLAY) and times, for each screen, from the tap's handler to the next
frame (the screen built and drawn): the four history lists, a player's page, a
head-to-head and a game's chart, once Home has read the figures ahead; and the games
list when they were not read ahead.  Also times the statistics alone.  Prints a table,
then one JSON line."""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

PEOPLE = ("Ann", "Bea", "Cy", "Dov", "Eve", "Fay", "Gus", "Hal")


def fill(path: Path, count: int, seed: int = 18) -> None:
    """``count`` finished games (and a few unfinished ones) in the journal at ``path``."""
    from companion.engine import TABLE, GameConfig
    from companion.games import available_games, load_game
    from companion.journal import Journal
    from companion.timeline import game_result as _result

    rng = random.Random(seed)
    base = []
    for name in available_games():
        game = load_game(name)
        for _ in range(20):
            for _try in range(50):
                players = rng.randint(game.min_players, min(game.max_players, len(PEOPLE)))
                config = GameConfig.build(name, rng.sample(PEOPLE, players))
                try:
                    state = game.setup(config)
                    break
                except Exception:  # noqa: BLE001 - a count the game refuses: draw again
                    continue
            actions = []
            while not game.is_over(state):
                action = game.sample_chance(state, rng) if game.to_act(state) == (TABLE,) \
                    else rng.choice(list(game.legal_actions(state)))
                state = game.apply(state, action)
                actions.append(action.to_dict())
            base.append((config, actions, _result(game, state)))
    start = time.time() - 2 * 365 * 86400
    with Journal(path) as journal:
        journal._db.execute("PRAGMA synchronous=OFF")  # a scratch journal
        for i in range(count):
            config, actions, result = base[i % len(base)]
            when = start + i * (2 * 365 * 86400 / count)
            journal.add_played_game(config.game, config.to_dict(), when, when + rng.randint(900, 5400),
                                    "finished", result, actions)


def drive(app, out: dict) -> None:
    """Clock callbacks: each step opens a screen, the next frame notes the time."""
    from kivy.clock import Clock

    from ui.screens import history as history_module

    history = app.manager.get_screen("history")

    def cold() -> None:  # as if the figures had not been read ahead
        history_module._cache.clear()
        history.tab = "games"
        app.goto("history")

    steps = [("history, not read ahead", cold)]
    for tab in ("games", "players", "by_game", "unfinished"):
        steps.append((f"history: {tab}", lambda t=tab: (setattr(history, "tab", t), app.goto("history"))))
    steps.append(("player's page", lambda: app.manager.get_screen("player").open_player("Ann")))
    steps.append(("head-to-head", lambda: app.manager.get_screen("headtohead").open_pair("Ann", "Bea")))
    last = app.journal.history(limit=1)[0].id
    steps.append(("game chart", lambda: app.manager.get_screen("story").open_game(last)))
    rounds = 5

    def run(index: int) -> None:
        if index == len(steps) * rounds:
            app.stop()
            return
        if history_module._warming.is_set():  # a read-ahead still running: not measured with it
            Clock.schedule_once(lambda _dt: run(index), 0.1)
            return
        name, step = steps[index % len(steps)]
        app.goto("home")

        def go(_dt) -> None:
            if history_module._warming.is_set():  # Home started reading ahead: let it finish
                Clock.schedule_once(go, 0.1)
                return
            began = time.perf_counter()
            step()
            Clock.schedule_once(lambda _dt: (out.setdefault(name, []).append(time.perf_counter() - began),
                                             run(index + 1)), 0)
        Clock.schedule_once(go, 0)

    def start(_dt) -> None:  # once Home has read the figures ahead (see ui.screens.history)
        if "plays" in history_module._cache:
            run(0)
        else:
            Clock.schedule_once(start, 0.1)

    Clock.schedule_once(start, 0.5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ui.history_bench")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--size", default="800x480")
    args = parser.parse_args(argv)
    from ui.bench import with_display

    env, server = with_display()
    os.environ["DISPLAY"] = env["DISPLAY"]
    width, height = (int(v) for v in args.size.split("x"))
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch)
        began = time.perf_counter()
        fill(data / "journal.sqlite3", args.games)
        filled = time.perf_counter() - began
        from companion import stats
        from companion.journal import Journal

        stats_times = []
        with Journal(data / "journal.sqlite3", read_only=True) as journal:
            for _ in range(5):
                t0 = time.perf_counter()
                plays = stats.plays_from_rows(journal.played())
                stats.players(plays), stats.games(plays), stats.head_to_head(plays, "Ann", "Bea")
                stats_times.append(time.perf_counter() - t0)
        from ui.cli import configure_kivy

        configure_kivy(data, (width, height))
        from ui.app import AppOptions, CompanionApp

        app = CompanionApp(AppOptions(data_dir=data, simulate=True, size=(width, height)))
        out: dict[str, list[float]] = {}
        from kivy.clock import Clock

        Clock.schedule_once(lambda _dt: drive(app, out), 1)
        try:
            app.run()
        finally:
            if server is not None:
                server.terminate()
    print(f"{args.games} finished games (journal filled in {filled:.0f} s), screen {args.size}")
    print(f"{'to draw (ms)':28} {'median':>7} {'max':>7}")
    for name, values in {"statistics alone": stats_times, **out}.items():
        print(f"{name:28} {1000 * statistics.median(values):7.0f} {1000 * max(values):7.0f}")
    print(json.dumps({"games": args.games, "size": args.size,
                      "stats_median_ms": round(1000 * statistics.median(stats_times)),
                      "screens_median_ms": {k: round(1000 * statistics.median(v)) for k, v in out.items()},
                      "screens_max_ms": {k: round(1000 * max(v)) for k, v in out.items()}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
