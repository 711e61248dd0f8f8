"""A result picture as a file: a PNG that carries the data it was drawn from, written
atomically beside the journal, and exported with the game (USB and ``companion export``)."""
from __future__ import annotations

import json
import random

import cv2
import numpy as np
import pytest

from companion.journal import Journal
from companion.result_picture import (DATA_KEY, picture_data, picture_path, png_bytes, png_text,
                                      write_picture)
from tests.history.games import fast, play_one
from ui.cli import main as companion


def test_the_png_is_an_image_any_reader_opens_and_carries_its_data(tmp_path):
    rgb = np.random.default_rng(3).integers(0, 256, (5, 7, 3), dtype=np.uint8)
    data = {"players": [{"name": "Ζωή ★", "total": 41}], "game_id": 9}
    path = tmp_path / "results" / "game-9.png"
    write_picture(path, 7, 5, rgb.tobytes(), data)
    read = cv2.imread(str(path), cv2.IMREAD_COLOR)[..., ::-1]
    assert np.array_equal(read, rgb)
    assert picture_data(path) == data
    assert not list(path.parent.glob("*.tmp"))


def test_writing_again_replaces_the_picture_whole(tmp_path):
    path = picture_path(tmp_path, 4)
    write_picture(path, 1, 1, b"\x00\x00\x00", {"version": 1})
    write_picture(path, 2, 1, b"\xff" * 6, {"version": 2})
    assert picture_data(path) == {"version": 2}
    assert cv2.imread(str(path)).shape == (1, 2, 3)


def test_a_file_that_is_not_a_png_or_has_no_data_is_refused(tmp_path):
    with pytest.raises(ValueError):
        png_text(b"GIF89a")
    plain = tmp_path / "plain.png"
    plain.write_bytes(png_bytes(1, 1, b"\x00\x00\x00"))
    assert DATA_KEY not in png_text(plain.read_bytes())
    with pytest.raises(ValueError):
        picture_data(plain)
    with pytest.raises(ValueError):
        png_bytes(2, 2, b"\x00" * 3)


def test_export_all_takes_the_kept_pictures_named_like_the_records(tmp_path, capsys):
    data = tmp_path / "data"
    with Journal(data / "journal.sqlite3") as journal:
        fast(journal)
        rng = random.Random(4)
        first = play_one(journal, "coloretto", rng)
        second = play_one(journal, "golden_horn", rng)
    assert first.finished and second.finished
    write_picture(picture_path(data, first.game_id), 1, 1, b"\x10\x20\x30", {"game_id": first.game_id})
    out = tmp_path / "out"
    assert companion(["export", "all", str(out), "--data-dir", str(data)]) == 0
    pictures = sorted((out / "pictures").glob("*.png"))
    records = {p.stem for p in (out / "records").glob("*.json")}
    assert [p.stem for p in pictures] == [s for s in records if s.endswith(f"-coloretto-{first.game_id}")]
    assert picture_data(pictures[0]) == {"game_id": first.game_id}
    assert "1 result pictures" in capsys.readouterr().out
    assert json.loads((out / "bgstats.json").read_text())["plays"]
