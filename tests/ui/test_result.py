"""The result in every player's pocket, under Xvfb: the BG Stats QR code on the final
scores (decoded from the screenshot by the project's own camera pipeline to the very
link), the result picture kept beside the journal (its numbers are the score sheet's),
its thumbnail in History; at 800×480 and 1280×800."""
from __future__ import annotations

import random

import cv2
import pytest

from companion.bgstats_link import data_of_link, play_link
from companion.colour_symbols import colour_symbol
from companion.journal import Journal
from companion.result_picture import picture_data
from companion.stats import plays_from_rows
from companion.story import journal_story
from tests.history.games import fast, play_one
from ui.colours import colour_key
from vision.detect import decode_image

SIZES = ["800x480", "1280x800"]


def _decoded(image) -> list[str]:
    return [d.text for d in decode_image(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))]


def _check_picture(r, journal_path):
    data = picture_data(r["picture"])
    with Journal(journal_path, read_only=True) as journal:
        story = journal_story(journal, r["game_id"])
        journal_game = journal.game(r["game_id"]).config
        play = next(p for p in plays_from_rows(journal.played()) if p.id == r["game_id"])
    sheet = story.sheet
    assert [p["name"] for p in data["players"]] == list(story.names)
    # each seat's colour with its symbol (Settings: symbols on colours, on by default)
    colours = [player.get("colour") for player in journal_game["players"]]
    assert [p["symbol"] for p in data["players"]] == [colour_symbol(colour_key(c)) for c in colours]
    marked = [p["symbol"] for p, c in zip(data["players"], colours) if colour_key(c)]   # a palette colour
    assert all(marked) and len(set(marked)) == len(marked)
    assert [p["total"] for p in data["players"]] == list(sheet.totals)
    assert [s for s, p in enumerate(data["players"]) if p["winner"]] == sorted(sheet.winners)
    # every line of the sheet is in the table, on its seat's column
    drawn = sorted((seat, cell) for row in data["rows"] for seat, cell in enumerate(row["cells"]) if cell is not None)
    assert drawn == sorted((line.seat, str(line.points)) for line in sheet.lines)
    assert data["chart"]["series"] == [[list(p) for p in story.series(s)] for s in range(len(story.names))]
    assert data["minutes"] == round(play.duration / 60) and data["title"] and data["date"]
    image = cv2.imread(r["picture"])
    assert image.shape[1] == 1200 and float(image.std()) > 20
    small = cv2.imread(r["thumbnail"])
    assert small is not None and small.shape[1] == 180
    return play


@pytest.mark.parametrize("size", SIZES)
def test_the_final_scores_show_a_qr_code_the_camera_pipeline_reads(run_ui, tmp_path, size):
    run = run_ui("scenarios_result:finish_and_scan", size=size)
    r = run.result
    width, height = (int(v) for v in size.split("x"))
    shot = run.image("scores_qr")
    assert shot.shape[:2] == (height, width)
    # the project's own QR decoding reads the screenshot back to the very link
    assert r["link"] in _decoded(shot)
    assert r["link"] in _decoded(run.image("bgstats_popup"))
    data = data_of_link(r["link"])
    assert [p["name"] for p in data["players"]] == r["names"]
    assert [p["score"] for p in data["players"]] == r["totals"]
    assert [p["winner"] for p in data["players"]] == [s in r["winners"] for s in range(len(r["names"]))]
    assert r["qr_pixels"] >= 2 and r["popup_pixels"] > r["qr_pixels"]
    x, y, w, h = r["qr_box"]
    assert x + w <= width and y >= 0 and r["table_width"] > width * 0.5
    play = _check_picture(r, tmp_path / "data" / "journal.sqlite3")
    assert r["link"] == play_link(play)
    assert all(p["symbol"] for p in picture_data(r["picture"])["players"])   # set-up's colours: each its symbol
    assert r["thumbnail_source"] == r["thumbnail"]
    tx, ty, tw, th = r["thumbnail_box"]
    rx, ry, rw, rh = r["thumbnail_row_box"]
    assert rx <= tx and tx + tw <= rx + rw and ry <= ty and ty + th <= ry + rh


def test_a_finished_game_from_history_shows_its_qr_code_and_keeps_its_picture(run_ui, tmp_path, monkeypatch):
    stick = tmp_path / "stick"
    stick.mkdir()
    monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(stick))
    data_dir = tmp_path / "data"
    with Journal(data_dir / "journal.sqlite3") as journal:
        fast(journal)
        rng = random.Random(5)
        for name in ("coloretto", "golden_horn"):
            play_one(journal, name, rng)
    run = run_ui("scenarios_result:from_history", data_dir=data_dir)
    r = run.result
    assert r["link"] in _decoded(run.image("scores_qr"))
    play = _check_picture(r, data_dir / "journal.sqlite3")
    assert play.game == "golden_horn" and r["link"] == play_link(play)
    # the USB export holds the picture, named like the game's record
    pictures = [f for f in r["exported_files"] if "/pictures/" in f]
    assert len(pictures) == 1 and pictures[0].endswith(f"-golden_horn-{r['game_id']}.png")
    assert pictures[0].replace("/pictures/", "/records/")[:-4] + ".json" in r["exported_files"]
    assert picture_data(stick / pictures[0]) == picture_data(r["picture"])
