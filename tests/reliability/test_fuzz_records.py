"""Fuzzed game records: the three sample games with random parts replaced by random
JSON.  Loading and replaying raise nothing but CompanionError (so the CLI's last-resort
net is never what catches them), and `companion replay` prints one line and exits 2."""
from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.cli import replay_main
from companion.errors import CompanionError
from companion.record import load_record, replay_record

RECORDS = Path(__file__).resolve().parents[2] / "tests" / "data" / "records"
SAMPLES = {p.stem: json.loads(p.read_text()) for p in sorted(RECORDS.glob("*-sample.json"))}
#: FUZZ_EXAMPLES=2000 for a longer hunt than CI's
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 120)), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-10, 10), st.floats(allow_nan=False),
              st.text(max_size=12), st.sampled_from(["", "draw", "move", "V", "C", "0a", "red", "pink"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON document (the root excluded)."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        found.append(prefix + (key,))
        found.extend(paths(child, prefix + (key,)))
    return found


PATHS = {name: paths(doc) for name, doc in SAMPLES.items()}


def mutate(draw, document: Any, places: list) -> Any:
    """A deep copy of ``document`` with 1–3 of its ``places`` (key paths) given random JSON values."""
    doc = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(places))
        parent = doc
        try:
            for key in where[:-1]:
                parent = parent[key]
            if isinstance(parent, (dict, list)):
                parent[where[-1]] = draw(json_values)
        except (KeyError, IndexError, TypeError):
            continue    # an earlier mutation replaced this part
    return doc


@st.composite
def mutated_records(draw) -> dict:
    name = draw(st.sampled_from(sorted(SAMPLES)))
    return mutate(draw, SAMPLES[name], PATHS[name])


@FUZZ
@given(mutated_records())
def test_mutated_records_fail_only_with_companion_errors(doc):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        path.write_text(json.dumps(doc))
        try:
            replay_record(load_record(path))
        except CompanionError:
            pass
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = replay_main([str(path)])
        if status == 0:
            json.loads(out.getvalue())
            assert err.getvalue() == ""
        else:
            assert status == 2 and out.getvalue() == ""
            assert err.getvalue().count("\n") == 1 and err.getvalue().startswith(f"companion replay: {path}: ")
            assert "cannot be replayed (" not in err.getvalue()    # the last-resort net caught nothing


@FUZZ
@given(st.binary(max_size=200))
def test_random_bytes_are_one_line(data):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        path.write_bytes(data)
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            assert replay_main([str(path)]) == 2
        assert err.getvalue().count("\n") == 1 and err.getvalue().startswith(f"companion replay: {path}: ")
