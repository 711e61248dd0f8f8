"""``companion replay FILE``: final state and scores as JSON; one line and exit 2 on a bad file."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import available_games, load_manifest

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


def replay(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ui.cli", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("record", sorted(RECORDS.glob("*-sample.json")), ids=lambda p: p.stem)
def test_replay_prints_final_scores(record):
    proc = replay(record)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    data = json.loads(record.read_text())
    assert out["game"] == data["config"]["game"]
    assert out["actions"] == len(data["actions"])
    assert out["over"] is True and out["scores"]["final"] is True
    assert len(out["scores"]["totals"]) == len(data["config"]["players"])
    assert out["scores"]["winners"]


def test_every_shipped_game_has_a_sample_record():
    """A game added to the registry (companion/games.py) needs tests/data/records/<game>-sample.json."""
    shipped = {g for g in available_games() if load_manifest(g).translated}
    assert len(shipped) >= 3
    assert {p.stem for p in RECORDS.glob("*-sample.json")} >= {f"{g}-sample" for g in shipped}


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ('{"format": "something-else"}', "not a game record"),
    ('{"format": "table-companion-record", "version": 99}', "unsupported record version"),
    ('{"format": "table-companion-record", "version": 1, "config": {"game": "chess", '
     '"players": [{"seat": 0, "name": "A"}]}, "actions": []}', "unknown game"),
])
def test_bad_files_get_one_clear_line(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    proc = replay(path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "bad.json" in lines[0]


def test_an_illegal_action_names_its_index(tmp_path):
    data = json.loads((RECORDS / "coloretto-sample.json").read_text())
    data["actions"].insert(5, data["actions"][5])  # the same move twice is not legal
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    proc = replay(path)
    assert proc.returncode == 2
    assert "action 6" in proc.stderr or "action 5" in proc.stderr
    assert "tampered.json: action" in proc.stderr       # names the file, as docs/records.md promises


def test_missing_file(tmp_path):
    proc = replay(tmp_path / "nope.json")
    assert proc.returncode == 2 and "no such file" in proc.stderr
