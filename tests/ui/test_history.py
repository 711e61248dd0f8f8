"""History under Xvfb: a player's page, a head-to-head, a game's chart at 800×480 and
1280×800 (English and Greek), deleting an unfinished game, an export to a fake USB stick."""
from __future__ import annotations

import json
import random

import pytest

from companion.games import registered_games
from companion.journal import Journal
from tests.history.games import fast, fill, play_one
from ui.colours import rgba, seat_rgb


#: the games the app under test knows: the registry's and the test game "counter" (tests/ui/run.py)
UI_GAMES = tuple(name for name in registered_games() if name != "pebbles")
PER_GAME = 2
#: colours chosen at set-up, in the opposite order to the seats' defaults (red, blue, green, yellow)
SHEET_COLOURS = ("yellow", "purple", "orange", "white")
#: the finished games in the data: PER_GAME of each, and the one in SHEET_COLOURS
FINISHED = PER_GAME * len(UI_GAMES) + 1


def _data_dir(tmp_path):
    data = tmp_path / "data"
    with Journal(data / "journal.sqlite3") as journal:
        fast(journal)
        fill(journal, per_game=PER_GAME, seed=7, games=UI_GAMES)
        rng = random.Random(10)   # a seed where none of the three ends within its few moves
        for name in ("coloretto", "golden_horn", "counter"):
            assert not play_one(journal, name, rng, finish=False).finished, f"{name} ended: pick another seed"
        # the newest finished game (History's first row): colours that are no seat's default
        play_one(journal, "golden_horn", random.Random(3), colours=SHEET_COLOURS)
    return data


@pytest.mark.parametrize("size,lang", [("800x480", None), ("1280x800", "el")])
def test_history_player_head_to_head_and_chart(run_ui, tmp_path, size, lang):
    run = run_ui("scenarios_history:history_tour", size=size, lang=lang, data_dir=_data_dir(tmp_path))
    r = run.result
    width, height = (int(v) for v in size.split("x"))
    for name in ("history_games", "story", "history_players", "player", "headtohead",
                 "history_by_game", "history_unfinished"):
        image = run.image(name)
        assert image.shape[:2] == (height, width), name
        assert float(image.std()) > 15, f"{name} looks blank"
    popup = run.image("confirm_popup")
    assert popup.shape[1] > width * 0.7 and float(popup.std()) > 15
    finished = FINISHED
    assert r["game_rows"] == finished and r["read_ahead"] == finished
    # the score sheet opened from a finished game shows each column in the colour chosen at set-up
    seats = len(r["sheet_fills"])
    assert r["sheet_fills"] == [[round(v, 4) for v in rgba(seat_rgb(c))] for c in SHEET_COLOURS[:seats]] and seats >= 2
    # the chart draws exactly the story's series, one line per player
    assert r["chart_lines"] == r["story_series"] and len(r["chart_lines"]) >= 2
    assert r["graph_size"][0] > width * 0.8 and r["graph_size"][1] > height * 0.4
    chart = run.image("story")
    lines = chart[int(height * 0.15):int(height * 0.8), int(width * 0.1):int(width * 0.95)]
    assert (lines.max(axis=2) - lines.min(axis=2) > 80).mean() > 0.002   # coloured lines are drawn
    assert r["player_name"] and r["pair"][0] == r["player_name"] and r["pair"][1] != r["pair"][0]
    assert len(r["by_game_rows"]) == len(UI_GAMES)
    assert len(r["unfinished_before"]) == 3
    assert r["unfinished_after"] == r["unfinished_before"][1:]
    assert r["kept_aside"] >= 1
    assert r["resumed"] == r["unfinished_after"][0]
    if lang == "el":
        assert "Τελική βαθμολογία" in " ".join(r["story_texts"])
        assert r["popup_title"] == "Διαγραφή αυτής της παρτίδας;"
    else:
        assert "Delete this game?" == r["popup_title"]
        assert "Final scores" in " ".join(r["story_texts"])


def test_export_to_a_fake_usb_stick(run_ui, tmp_path, monkeypatch):
    stick = tmp_path / "stick"
    stick.mkdir()
    monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(stick))
    run = run_ui("scenarios_history:usb_export", data_dir=_data_dir(tmp_path))
    r = run.result
    files = r["exported_files"]
    exported = FINISHED + 3   # and the three unfinished ones
    assert f"Exported {exported} games" in r["export_text"], r["export_text"]
    assert sum(f.endswith(".json") and "/records/" in f for f in files) == exported
    csv_file = next(stick.rglob("games.csv"))
    assert len(csv_file.read_text().splitlines()) == 1 + sum(
        len(p["playerScores"]) for p in json.loads(next(stick.rglob("bgstats.json")).read_text())["plays"])
    assert r["fault_led"] is False


def test_export_without_a_stick_says_so(run_ui, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(tmp_path / "nothing-here"))
    run = run_ui("scenarios_history:usb_export", data_dir=_data_dir(tmp_path))
    assert "No USB stick found" in run.result["export_text"]


def test_an_export_that_fails_says_why_and_lights_the_status_led(run_ui, tmp_path, monkeypatch):
    from tests.reliability.storage_faults import small_disk

    with small_disk(tmp_path / "stick", 64) as stick:
        monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(stick))
        r = run_ui("scenarios_history:usb_export", data_dir=_data_dir(tmp_path)).result
    assert r["export_text"].startswith("The export failed:"), r["export_text"]
    assert "not full or write-protected" in r["export_text"]
    assert r["fault_led"] is True


def test_export_to_a_write_protected_stick_says_so(run_ui, tmp_path, monkeypatch):
    """A stick mounted read-only (its lock switch on) is named as write-protected, not
    'No USB stick found'."""
    import subprocess

    from tests.reliability.storage_faults import small_disk

    with small_disk(tmp_path / "LOCKED", 64) as stick:
        assert subprocess.run(["mount", "-o", "remount,ro", str(stick)]).returncode == 0
        monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(stick))
        text = run_ui("scenarios_history:usb_export", data_dir=_data_dir(tmp_path)).result["export_text"]
    assert text.startswith("The USB stick LOCKED is write-protected."), text
