"""`companion replay` turns every bad file into one line naming the
file and the problem, and exit status 2 (never a traceback)."""
from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import replay_main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "data" / "records" / "coloretto-sample.json"


def run(path: Path) -> tuple[int, str, str]:
    """replay_main in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = replay_main([str(path)])
    return status, out.getvalue(), err.getvalue()


def sample() -> dict:
    return json.loads(SAMPLE.read_text())


def assert_one_line(path: Path, words: str) -> str:
    status, out, err = run(path)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"companion replay: {path}: "), err
    assert words in err, err
    return err


def with_action(tmp_path: Path, action) -> Path:
    data = sample()
    data["actions"][0] = action
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    return path


def test_nesting_a_thousand_deep(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert_one_line(path, "nested too deeply")


def test_a_thousand_deep_inside_an_action(tmp_path):
    path = with_action(tmp_path, {"type": "remove_colour", "colour": json.loads("[" * 900 + "]" * 900)})
    assert_one_line(path, "action 0")


def test_an_integer_over_4300_digits(tmp_path):
    path = tmp_path / "big.json"
    text = SAMPLE.read_text().replace('"version": 1', '"version": ' + "9" * 5000, 1)
    path.write_text(text)
    assert_one_line(path, "integer string conversion")


@pytest.mark.parametrize("kind", [["draw"], {"a": 1}, None, 3, True])
def test_type_that_is_not_text(tmp_path, kind):
    assert_one_line(with_action(tmp_path, {"type": kind, "seat": 0}), "action 0: an action's 'type' must be text")


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(actions={"a": 1}), "'actions' must be a list"),
    (lambda d: d.update(config=[1]), "game config must be a JSON object"),
    (lambda d: d["config"].update(players={"a": 1}), "needs a non-empty 'players' list"),
    (lambda d: d["config"]["players"].__setitem__(0, [1, 2]), "player entry needs 'seat' and 'name'"),
    (lambda d: d["config"].update(options=[["a", 1]]), "'options' must be a JSON object"),
    (lambda d: d["actions"].__setitem__(3, {"type": "start_card", "seat": 10 ** 400, "colour": "x"}),
     "action 3"),
    (lambda d: d["actions"].__setitem__(5, "draw"), "action 5: an action must be a JSON object"),
    (lambda d: d["actions"].__setitem__(6, {"type": "draw", "seat": 9}), "action 6"),
])
def test_wrong_shapes_anywhere(tmp_path, change, words):
    data = sample()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert_one_line(path, words)


def test_a_move_the_rules_refuse_names_the_file(tmp_path):
    """docs/records.md: ``companion replay: game.json: action 17 (<the action>): <why>``."""
    data = sample()
    data["actions"][5] = {"type": "draw", "seat": 1}           # seat 0 is to play
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    err = assert_one_line(path, "action 5 (")
    assert err.startswith(f"companion replay: {path}: action 5 (")


def test_the_command_itself_prints_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("{\"a\": " * 5000 + "1" + "}" * 5000)
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    # Python 3.11 stops parsing 5,000 levels deep; 3.13's parser reads them and the record is
    # refused for what it is not: either way one line naming the file
    assert proc.stderr.splitlines() in (
        [f"companion replay: {path}: not a usable record (nested too deeply)"],
        [f"companion replay: {path}: not a game record (format must be 'table-companion-record')"])
