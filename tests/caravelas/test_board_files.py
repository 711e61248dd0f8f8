"""Board files (caravelas-board/1): the shipped ones load; each §12.3 rule broken
once gives its error naming the file and the rule; a mapped game refuses to start
while a runtime value is missing; the cheapest path breaks ties by triggers."""
from __future__ import annotations

import copy
import json

import pytest

from companion.caravelas import GAME
from companion.caravelas.board import SHIPPED, BoardError, load_board, parse_board
from companion.errors import ConfigError

from tests.caravelas.helpers import config

DEMO = json.loads(SHIPPED["demo"].read_text(encoding="utf-8"))


def broken(change) -> dict:
    data = copy.deepcopy(DEMO)
    change(data)
    return data


def _drop_port(d):
    d["ports"].pop()


def _port_on_lisbon(d):
    d["ports"][1]["cell"] = d["lisbonCell"]


def _second_pepper(d):
    d["ports"][1]["good"] = "pepper"


def _no_good(d):
    next(p for p in d["ports"] if p.get("good") == "silk")["good"] = None


def _no_part(d):
    d["cells"][5]["part"] = "NORTH"


def _free_edge_over_land(d):
    d["freeEdges"].append({"from": "D00", "to": "D55"})


def _compass_over_land(d):
    d["compassNeighbours"]["D00"]["E"] = "D55"


def _island(d):
    island = {"D56"}
    d["adjacency"] = [p for p in d["adjacency"] if not set(p) & island or set(p) <= island]
    d["compassNeighbours"] = {c: {k: v for k, v in steps.items() if (v in island) == (c in island)}
                              for c, steps in d["compassNeighbours"].items()}


def _ship4(d):
    for g in d["goods"]:
        if g["id"] == "silver":
            g["ship"] = 3
        if g["id"] == "silk":
            g["ship"] = 4


def _deck_85(d):
    d["eventDeck"][0]["count"] -= 1


def _no_faces(d):
    d["redDie"]["faces"] = []


def _no_crossing(d):
    for c in d["cells"]:
        c["part"] = "WEST"


@pytest.mark.parametrize("change, message", [
    (_drop_port, "rule 1: 31 ports"), (_port_on_lisbon, "rule 1: Lisbon's cell"),
    (_second_pepper, "rule 2: a good is on two ports"), (_no_good, "rule 2: 7 goods ports"),
    (_no_part, "rule 3: cell D05 has no part"),
    (_free_edge_over_land, "rule 3: free edge D00->D55"), (_compass_over_land, "rule 3: compass step D00 E"),
    (_island, "rule 4: cells D56 cannot"), (_ship4, "rule 5"), (_deck_85, "rule 6: the event deck has 85"),
    (_no_faces, "rule 6: the red die has no faces"), (_no_crossing, "rule 7")],
    ids=lambda v: v.__name__.strip("_") if callable(v) else "")
def test_each_rule_of_12_3_broken_once_gives_its_error(change, message):
    with pytest.raises(BoardError, match="^board file demo-board.json: " + message.split(":")[0]) as error:
        parse_board(broken(change), "demo-board.json")
    assert message in str(error.value)


def test_shipped_boards_load_and_mb_is_a_test_geometry():
    assert not load_board("demo").is_test_geometry
    mini = load_board("mini")
    assert mini.is_test_geometry and len(mini.cells) == 8 and mini.port_at == {"C6": "azores"}


def test_unreadable_and_missing_files_are_named(tmp_path):
    with pytest.raises(BoardError, match="not found"):
        load_board(tmp_path / "none.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    with pytest.raises(BoardError, match="bad.json: not readable JSON"):
        load_board(bad)
    with pytest.raises(BoardError, match="schema"):
        parse_board({"schema": "other"}, "x.json")


def test_a_mapped_game_refuses_to_start_with_a_runtime_unknown(tmp_path):
    data = broken(lambda d: d["eventDeck"][0].update(count=None))
    path = tmp_path / "my-copy.json"
    path.write_text(json.dumps(data))
    assert load_board(path).missing_runtime() == ("the event deck's composition",)
    with pytest.raises(ConfigError, match="needs the event deck's composition"):
        GAME.setup(config(2, **{"board.file": str(path)}))
    no_die = broken(lambda d: d.pop("redDie"))
    path.write_text(json.dumps(no_die))
    with pytest.raises(ConfigError, match="red die"):
        GAME.setup(config(2, **{"board.file": str(path)}))


def test_cheapest_path_ties_go_to_the_fewest_triggers():
    board = parse_board({
        "schema": "caravelas-board/1", "purpose": "testVectors", "lisbonCell": "A",
        "cells": [{"id": c, "part": "WEST", "symbols": s} for c, s in
                  (("A", []), ("B", ["eventRed"]), ("C", []), ("D", []), ("Z", []))],
        "adjacency": [["A", "B"], ["B", "Z"], ["A", "C"], ["C", "D"], ["D", "Z"]],
        "freeEdges": [{"from": "C", "to": "D"}], "ports": []})
    assert board.path_cost(("A", "B", "Z")) == board.path_cost(("A", "C", "D", "Z")) == 2
    assert board.cheapest_path("A", "Z") == ("A", "C", "D", "Z")


def _paths(value, prefix=()):
    """Every (path, value) inside ``value`` (dict keys and list indexes)."""
    yield prefix, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            yield from _paths(item, prefix + (index,))


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def test_a_malformed_board_file_is_a_board_error_naming_the_file(tmp_path):
    """Every field of the demo board replaced by a list, an object, null, a number or a
    deep nesting: a BoardError naming the file (it raised TypeError 'unhashable type:
    list', AttributeError or RecursionError, which the app showed as 'Something went wrong')."""
    base = json.loads(SHIPPED["demo"].read_text())
    odd = ([1, 2], {"a": 1}, None, 7, "x", True)
    path = tmp_path / "board.json"
    tried = 0
    for where, _value in list(_paths(base)):
        if not where:
            continue
        for value in odd:
            data = copy.deepcopy(base)
            _set(data, where, value)
            path.write_text(json.dumps(data))
            try:
                load_board(path)
            except BoardError as exc:
                assert "board.json" in str(exc)
            tried += 1
    assert tried > 500
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(BoardError, match="board.json"):
        load_board(path)


@pytest.mark.timeout(30)
def test_a_fifo_or_an_endless_device_as_a_board_file_is_refused_at_once(tmp_path):
    """A FIFO waits for a writer for ever and /dev/zero never ends: both are refused as
    'not a regular file' (naming the file), by the reader and by a game's set-up."""
    import os

    fifo, zero = tmp_path / "fifo.json", tmp_path / "zero.json"
    os.mkfifo(fifo)
    os.symlink("/dev/zero", zero)
    for path in (fifo, zero, "/dev/zero"):
        with pytest.raises(BoardError, match=f"{path}.*not a regular file"):
            load_board(path)
        with pytest.raises(ConfigError, match="not a regular file"):
            GAME.setup(config(2, **{"board.file": str(path)}))
