"""The soak benchmark runs (a smoke test: its figures are read by people, not
asserted), and what it found stays fixed: memory levels off over many games."""
from __future__ import annotations

import gc
import io
import json
import random
import sys

from companion import soak
from companion.engine import TABLE, GameConfig
from companion.games import load_game


def test_soak_runs_and_ends_with_one_json_line(capsys):
    assert soak.main(["--actions", "300", "--sample", "100", "--home-games", "20"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(lines[-1])
    assert figures["actions"] == 300
    assert figures["games_finished"] >= 1
    assert sorted(figures["rss_mb"]["by_actions"], key=int) == ["0", "100", "200", "300"]
    assert all(figures["rss_mb"]["by_actions"][k] > 0 for k in figures["rss_mb"]["by_actions"])
    assert set(figures["confirm_ms"]) == {"p50", "p95", "p99", "max"}
    assert figures["home_finished_games"] == 20
    assert set(figures["home_ms"]) >= {"unfinished()", "history(limit=8)"}
    assert any(line.lstrip().startswith("300 ") for line in lines), "a sample row per --sample actions"


def test_soak_tracemalloc_names_where_memory_grew():
    out = io.StringIO()
    with soak.Journal(":memory:") as journal:
        result = soak.soak(journal, 300, 100, seed=3, trace=True, out=out)
    assert result.growth and all(":" in line for line in result.growth)
    assert [s.actions for s in result.samples] == [0, 100, 200, 300]


def _coloretto_games(count: int, seed: int) -> None:
    """Random Coloretto games, the score sheet rendered after every action (as the table does)."""
    game = load_game("coloretto")
    rng = random.Random(seed)
    for _ in range(count):
        state = game.setup(GameConfig.build("coloretto", ["A", "B", "C", "D", "E"][:rng.randint(2, 5)]))
        while not game.is_over(state):
            acting = game.to_act(state)
            action = (game.sample_chance(state, rng) if acting == (TABLE,)
                      else rng.choice(list(game.legal_actions(state, rng.choice(acting)))))
            state = game.apply(state, action)
            game.score_sheet(state)


def test_coloretto_scoring_memory_levels_off_over_many_games():
    """The scoring cache is bounded: once it is warm, 20 more games leave (almost)
    nothing behind.  The 8,192-entry cache kept ~1.5 KB (~20 objects) per new hand."""
    _coloretto_games(10, seed=1)   # warm up: catalogues, a full cache
    gc.collect()
    warm = sys.getallocatedblocks()
    _coloretto_games(20, seed=2)
    gc.collect()
    grown = sys.getallocatedblocks() - warm
    assert grown < 2000, f"{grown} more objects held after 20 more Coloretto games"


def _samples(points):
    return [soak.Sample(actions, 0, rss, {}, {}) for actions, rss in points]


def test_growth_slope_is_fitted_after_the_warm_up_only():
    # a steep warm-up (20 MB in 10k actions) then 1 MB per 50k actions
    points = [(0, 20.0), (10_000, 40.0), (20_000, 41.0), (70_000, 42.0), (120_000, 43.0)]
    assert soak.growth_per_100k(_samples(points), warmup=20_000) == 2.0
    assert soak.growth_per_100k(_samples(points), warmup=0) > 10
    assert soak.growth_per_100k(_samples(points[:3]), warmup=20_000) is None


def test_soak_prints_the_growth_slope(capsys):
    assert soak.main(["--actions", "400", "--sample", "100", "--home-games", "0", "--warmup", "100"]) == 0
    out = capsys.readouterr().out
    figures = json.loads(out.strip().splitlines()[-1])
    assert isinstance(figures["rss_mb"]["growth_per_100k_after_warmup"], float)
    assert "MB per 100,000 actions" in out
