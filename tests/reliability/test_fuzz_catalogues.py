"""Alles auf 1 Karte card catalogues: any wrong shape gives a
CatalogueError naming the file and the field, never a traceback."""
from __future__ import annotations

import copy
import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.alles_auf_1_karte.catalogue import (SHIPPED_PATH, CatalogueError, load_catalogue,
                                                   load_effective_catalogue, user_catalogue_path)
from tests.reliability.test_fuzz_records import mutate, paths

SHIPPED = json.loads(SHIPPED_PATH.read_text(encoding="utf-8"))
PATHS = paths(SHIPPED)
#: FUZZ_EXAMPLES=2000 for a longer hunt than CI's
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 150)), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def write(tmp_path: Path, document) -> Path:
    path = tmp_path / "catalogue.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    return path


@pytest.mark.parametrize("colours", [5, None, "yellow", {"a": 1}, ["red"], [[1]]])
def test_colours_of_the_wrong_shape(tmp_path, colours):
    path = write(tmp_path, dict(SHIPPED, colours=colours))
    with pytest.raises(CatalogueError) as err:
        load_catalogue(path)
    assert str(err.value).startswith(f"{path}: ") and "'colours' must be" in str(err.value)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(cards={"a": 1}), "'cards' must be a list"),
    (lambda d: d["cards"].__setitem__(2, [1]), "card 3: must be a JSON object"),
    (lambda d: d["cards"][4].update(rows=None), "'rows' must be a list"),
    (lambda d: d["cards"][4]["rows"].__setitem__(0, 7), "row 1 must be an object"),
    (lambda d: d["cards"][4]["rows"][1].update(fields=[3]), "row 2 needs 'fields' as a whole number"),
    (lambda d: d["cards"][4]["rows"][1].update(colour=["red"]), "row 2 has colour"),
    (lambda d: d["cards"][6].update(id=[1]), "id must be text"),
    (lambda d: d["cards"][6].update(tag={"x": 1}), "tag must be non-empty text or null"),
    (lambda d: d["cards"][6].update(status=[]), "status must be one of"),
    (lambda d: d.update(version=[1]), "unsupported version [1]"),
])
def test_wrong_shapes_name_file_and_field(tmp_path, change, words):
    document = copy.deepcopy(SHIPPED)
    change(document)
    path = write(tmp_path, document)
    with pytest.raises(CatalogueError) as err:
        load_catalogue(path)
    assert str(err.value).startswith(f"{path}: ") and words in str(err.value), str(err.value)


@pytest.mark.parametrize("text, words", [("[" * 100_000 + "]" * 100_000, "nested too deeply"),
                                         ('{"version": ' + "9" * 5000 + "}", "4300 digits"),
                                         ("{", "not valid JSON")])
def test_unparsable_files(tmp_path, text, words):
    path = write(tmp_path, text)
    with pytest.raises(CatalogueError) as err:
        load_catalogue(path)
    assert str(err.value).startswith(f"{path}: ") and words in str(err.value)


def test_a_broken_user_catalogue_is_named_not_silently_replaced(tmp_path):
    user_catalogue_path(tmp_path).write_text(json.dumps(dict(SHIPPED, colours=None)))
    with pytest.raises(CatalogueError, match="alles_auf_1_karte-catalogue.json"):
        load_effective_catalogue(tmp_path)
    assert user_catalogue_path(tmp_path).exists()


@st.composite
def mutated(draw):
    return mutate(draw, SHIPPED, PATHS)


@FUZZ
@given(mutated())
def test_fuzzed_catalogues_raise_only_catalogue_errors(document):
    with tempfile.TemporaryDirectory() as tmp:
        path = write(Path(tmp), document)
        try:
            load_catalogue(path)
        except CatalogueError as exc:
            assert str(exc).startswith(f"{path}: ")


@FUZZ
@given(st.binary(max_size=200))
def test_random_bytes_raise_only_catalogue_errors(data):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "catalogue.json"
        path.write_bytes(data)
        with pytest.raises(CatalogueError):
            load_catalogue(path)
