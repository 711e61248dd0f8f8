"""At the door: every input the app reads from outside — a record (``companion replay``
and ``companion import``), the settings, players.json, a Caravelas board file and a
board-mapping file, an Alles auf 1 Karte catalogue, a backup to restore, a QR payload —
given random bytes, a valid file with random parts replaced, nesting 100,000 deep, a
FIFO, /dev/zero, a folder or a file far too large.  Each ends in success or in a clear
error naming the file: never another exception, never a hang (the test has a timeout),
and nothing taken in stops the app later (what an import stored is read back the way
Home, History and the exports read it)."""
from __future__ import annotations

import copy
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable

import pytest
import tomli_w
from hypothesis import HealthCheck, example, given, settings, strategies as st

from companion.alles_auf_1_karte.catalogue import SHIPPED_PATH as CATALOGUE_PATH, load_catalogue
from companion.backup import backup, restore
from companion.caravelas.board import SHIPPED as BOARDS, load_board
from companion.caravelas.mapper import board_dict, findings, load_map
from companion.caravelas.mapper_edits import MAP_SCHEMA
from companion.dates import local_text
from companion.errors import CompanionError, JournalError
from companion.exports import bgstats_export, csv_text, import_records
from companion.journal import Journal
from companion.record import load_record, replay_record
from companion.settings import read_settings
from companion.stats import PLAYERS_FILE, PlayerNames, games, players, plays_from_rows
from tests.history.games import fast, play_one
from tests.reliability.test_fuzz_records import json_values, paths

RECORDS = Path(__file__).resolve().parents[2] / "tests" / "data" / "records"
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SPECIAL = ("fifo", "dev-zero", "folder", "too-large")


def _backup_bytes() -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        import random

        with Journal(Path(tmp) / "journal.sqlite3") as journal:
            fast(journal)
            play_one(journal, "coloretto", random.Random(1))
            journal.checkpoint()
        backup(Path(tmp) / "journal.sqlite3", Path(tmp) / "backup.sqlite3")
        return (Path(tmp) / "backup.sqlite3").read_bytes()


#: a valid document of each kind, to replace parts of (bytes for the backup)
SAMPLES: dict[str, Any] = {
    "record": json.loads((RECORDS / "coloretto-sample.json").read_text()),
    "settings": {"language": "el", "sound": True, "camera": "auto", "pins": {"end_turn": 21, "leds": [17, 27]}},
    "players": {"aliases": {"Ann": "Bea", "Bo": "Ann"}},
    "board": json.loads(BOARDS["mini"].read_text()),
    "map": {"schema": MAP_SCHEMA, "image": "", "edits": [   # every kind of field an edit has
        {"kind": "addCell", "x": 100, "y": 100, "id": "A"}, {"kind": "addCell", "x": 160.5, "y": 100, "id": "B"},
        {"kind": "toggleCurrent", "a": "A", "b": "B", "current": "current"},
        {"kind": "placePort", "cell": "B", "port": "labrador", "vp": 2, "good": None},
        {"kind": "paintPart", "cell": "A", "part": "WEST", "fill": True},
        {"kind": "toggleSymbol", "cell": "A", "symbol": "pirate"},
        {"kind": "setExtras", "values": [["name", "my copy"]]}]},
    "catalogue": json.loads(CATALOGUE_PATH.read_text()),
    "backup": _backup_bytes(),
    "payload": "TC1:CO:C:0",
}
KINDS = tuple(SAMPLES)
FILE_NAMES = {"record": "game.json", "settings": "settings.toml", "players": PLAYERS_FILE,
              "board": "board.json", "map": "map.json", "catalogue": "catalogue.json",
              "backup": "backup.sqlite3", "payload": "payload.txt"}


@st.composite
def contents(draw, kind: str) -> bytes:
    """Random bytes, the sample with 1–3 parts replaced, or nesting deep enough to stop
    a recursive reader."""
    sample = SAMPLES[kind]
    how = draw(st.sampled_from(("bytes", "mutated", "nested")))
    if how == "bytes":
        return draw(st.binary(max_size=300))
    if how == "nested":
        depth = draw(st.sampled_from((100, 1_000, 100_000)))
        text = "[" * depth + "]" * depth
        return (f"key = {text}\n" if kind == "settings" else text).encode()
    if isinstance(sample, bytes):       # a backup: bytes changed here and there, or cut short
        data = bytearray(sample)
        for _ in range(draw(st.integers(1, 4))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return bytes(data[:draw(st.integers(0, len(data)))] if draw(st.booleans()) else data)
    if isinstance(sample, str):
        return draw(st.text(max_size=40)).encode("utf-8", "surrogatepass")
    document = copy.deepcopy(sample)
    places = paths(document)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(places)) if places else ()
        parent = document
        try:
            for key in where[:-1]:
                parent = parent[key]
            if where and isinstance(parent, (dict, list)):
                parent[where[-1]] = draw(json_values)
        except (KeyError, IndexError, TypeError):
            continue
    if kind == "settings":
        try:
            return tomli_w.dumps(document).encode()
        except (TypeError, ValueError):
            pass    # a value TOML cannot hold: the JSON text is not TOML either
    return json.dumps(document).encode()


def place(folder: Path, kind: str, content: bytes | str) -> Path:
    """The input as a file in ``folder``: ``content``, or one of SPECIAL."""
    path = folder / FILE_NAMES[kind]
    if content == "fifo":
        os.mkfifo(path)
    elif content == "dev-zero":
        os.symlink("/dev/zero", path)
    elif content == "folder":
        path.mkdir()
        (path / "inside.json").write_text("{}")
    elif content == "too-large":
        with path.open("wb") as out:       # sparse: takes no room
            out.truncate(64 * 1024 * 1024)
    else:
        path.write_bytes(content)
    return path


def names(path: Path, message: str) -> None:
    assert path.name in message, f"{message!r} does not name {path}"


def stored_values_read_back(journal: Journal) -> None:
    """What Home, History and the exports read; none of it may raise."""
    entries = journal.history(limit=1000) + journal.abandoned()
    for entry in entries:
        local_text(entry.started, "%d.%m.%Y %H:%M")
        local_text(entry.finished, "%d.%m.%Y %H:%M")
        journal.events(entry.id)
    plays = plays_from_rows(journal.played())
    players(plays), games(plays), csv_text(plays), bgstats_export(plays)


def open_record(folder: Path, path: Path) -> None:
    try:
        replay_record(load_record(path))
    except CompanionError as exc:
        names(path, str(exc))
    with Journal(folder / "journal.sqlite3") as journal:
        fast(journal)
        report = import_records(journal, [path])
        for refused in report.refused:
            assert str(folder) in refused, refused
        stored_values_read_back(journal)


def open_settings(folder: Path, path: Path) -> None:
    loaded = read_settings(path)
    for problem in loaded.problems:
        names(path, problem)


def open_players(folder: Path, path: Path) -> None:
    loaded = PlayerNames.load(folder)
    if loaded.problem:
        names(path, loaded.problem)
    loaded.person("Ann")


def open_board(folder: Path, path: Path) -> None:
    try:
        load_board(path)
    except CompanionError as exc:
        names(path, str(exc))


def open_map(folder: Path, path: Path) -> None:
    loaded = load_map(path)
    if loaded.problem:
        names(path, loaded.problem)
        assert loaded.kept_aside is not None and not path.exists() and not path.is_symlink()
        return
    findings(loaded.map.state)       # what the mapper shows of a map it took in
    board_dict(loaded.map.state)


def open_catalogue(folder: Path, path: Path) -> None:
    try:
        load_catalogue(path)
    except CompanionError as exc:
        names(path, str(exc))


def open_backup(folder: Path, path: Path) -> None:
    journal_path = folder / "data" / "journal.sqlite3"
    try:
        restore(path, journal_path)
    except JournalError as exc:
        names(path, str(exc))
        return
    try:
        with Journal(journal_path) as journal:
            stored_values_read_back(journal)
    except JournalError as exc:   # a backup SQLite calls whole, damaged where the journal looks
        names(journal_path, str(exc))


def open_payload(folder: Path, path: Path) -> None:
    from vision.tags import ForeignCode, Tag, parse_payload

    if path.is_file() and path.stat().st_size < 1024:
        for text in (path.read_bytes(), path.read_bytes().decode("utf-8", "replace")):
            assert isinstance(parse_payload(text), (Tag, ForeignCode))


READERS: dict[str, Callable[[Path, Path], None]] = {
    "record": open_record, "settings": open_settings, "players": open_players, "board": open_board,
    "map": open_map, "catalogue": open_catalogue, "backup": open_backup, "payload": open_payload}


@st.composite
def inputs(draw) -> tuple[str, bytes]:
    kind = draw(st.sampled_from(KINDS))
    return kind, draw(contents(kind))


def _with_special_files(test):
    for kind in KINDS:
        for special in SPECIAL:
            test = example((kind, special))(test)
        test = example((kind, "unchanged"))(test)
    return test


@pytest.mark.timeout(120, method="thread")   # a read stuck in C ignores the signal
@FUZZ
@_with_special_files
@given(inputs())
def test_every_input_at_the_door_is_taken_in_or_refused_naming_the_file(given_input):
    kind, content = given_input
    if content == "unchanged":
        sample = SAMPLES[kind]
        content = sample if isinstance(sample, bytes) else sample.encode() if isinstance(sample, str) \
            else (tomli_w.dumps(sample) if kind == "settings" else json.dumps(sample)).encode()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = place(folder, kind, content)
        READERS[kind](folder, path)
