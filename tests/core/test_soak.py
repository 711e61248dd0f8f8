"""The soak benchmark runs (a smoke test: its figures are read by people, not
asserted), and what it found stays fixed: memory levels off over many games."""
from __future__ import annotations

import gc
import io
import json

from companion import soak


def test_soak_runs_and_ends_with_one_json_line(capsys):
    assert soak.main(["--actions", "400", "--sample", "100", "--home-games", "40"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(lines[-1])
    assert figures["actions"] == 400
    assert figures["games_finished"] >= 1
    assert sorted(figures["rss_mb"]["by_actions"], key=int) == ["0", "100", "200", "300", "400"]
    assert all(figures["rss_mb"]["by_actions"][k] > 0 for k in figures["rss_mb"]["by_actions"])
    assert set(figures["confirm_ms"]) == {"p50", "p95", "p99", "max"}
    assert figures["home_finished_games"] == 40
    assert set(figures["home_ms"]) >= {"unfinished()", "history(limit=8)"}
    assert any(line.lstrip().startswith("400 ") for line in lines), "a sample row per --sample actions"


def test_soak_tracemalloc_names_where_memory_grew():
    out = io.StringIO()
    with soak.Journal(":memory:") as journal:
        result = soak.soak(journal, 300, 100, seed=3, trace=True, out=out)
    assert result.growth and all(":" in line for line in result.growth)
    assert [s.actions for s in result.samples] == [0, 100, 200, 300]
