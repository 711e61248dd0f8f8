"""History under Xvfb: a player's page, a head-to-head, a game's chart at 800×480 and
1280×800 (English and Greek), deleting an unfinished game, an export to a fake USB stick."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from kivy_garden.graph import LinePlot

from companion.games import registered_games
from companion.journal import Journal

from tests.history.games import fast, fill, play_one

#: the games the app under test knows: the registry's and the test game "counter" (tests/conftest.py)
UI_GAMES = tuple(name for name in registered_games() if name != "pebbles")
PER_GAME = 2


def _data_dir(tmp_path):
    data = tmp_path / "data"
    with Journal(data / "journal.sqlite3") as journal:
        fast(journal)
        fill(journal, per_game=PER_GAME, seed=7, games=UI_GAMES)
        rng = random.Random(10)   # a seed where none of the three ends within its few moves
        for name in ("coloretto", "golden_horn", "counter"):
            assert not play_one(journal, name, rng, finish=False).finished, f"{name} ended: pick another seed"
    return data


@pytest.mark.parametrize("size,lang", [("800x480", None), ("1280x800", "el")])
def test_history_player_head_to_head_and_chart(run_app, tmp_path, size, lang):
    run = run_app(history_tour, size=size, lang=lang, data_dir=_data_dir(tmp_path))
    r = run.result
    width, height = (int(v) for v in size.split("x"))
    for name in ("history_games", "story", "history_players", "player", "headtohead",
                 "history_by_game", "history_unfinished"):
        image = run.image(name)
        assert image.shape[:2] == (height, width), name
        assert float(image.std()) > 15, f"{name} looks blank"
    popup = run.image("confirm_popup")
    assert popup.shape[1] > width * 0.7 and float(popup.std()) > 15
    finished = PER_GAME * len(UI_GAMES)
    assert r["game_rows"] == finished and r["read_ahead"] == finished
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


def test_export_to_a_fake_usb_stick(run_app, tmp_path, monkeypatch):
    stick = tmp_path / "stick"
    stick.mkdir()
    monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(stick))
    run = run_app(usb_export, data_dir=_data_dir(tmp_path))
    r = run.result
    files = r["exported_files"]
    exported = PER_GAME * len(UI_GAMES) + 3   # and the three unfinished ones
    assert f"Exported {exported} games" in r["export_text"], r["export_text"]
    assert sum(f.endswith(".json") and "/records/" in f for f in files) == exported
    csv_file = next(stick.rglob("games.csv"))
    assert len(csv_file.read_text().splitlines()) == 1 + sum(
        len(p["playerScores"]) for p in json.loads(next(stick.rglob("bgstats.json")).read_text())["plays"])
    assert r["fault_led"] is False


def test_export_without_a_stick_says_so(run_app, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(tmp_path / "nothing-here"))
    run = run_app(usb_export, data_dir=_data_dir(tmp_path))
    assert "No USB stick found" in run.result["export_text"]


def test_an_export_that_fails_says_why_and_lights_the_status_led(run_app, tmp_path, monkeypatch):
    from tests.reliability.storage_faults import small_disk

    with small_disk(tmp_path / "stick", 64) as stick:
        monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(stick))
        r = run_app(usb_export, data_dir=_data_dir(tmp_path)).result
    assert r["export_text"].startswith("The export failed:"), r["export_text"]
    assert "not full or write-protected" in r["export_text"]
    assert r["fault_led"] is True


def test_export_to_a_write_protected_stick_says_so(run_app, tmp_path, monkeypatch):
    """A stick mounted read-only (its lock switch on) is named as write-protected, not
    'No USB stick found'."""
    import subprocess

    from tests.reliability.storage_faults import small_disk

    with small_disk(tmp_path / "LOCKED", 64) as stick:
        assert subprocess.run(["mount", "-o", "remount,ro", str(stick)]).returncode == 0
        monkeypatch.setenv("TABLE_COMPANION_USB_MOUNTS", str(stick))
        text = run_app(usb_export, data_dir=_data_dir(tmp_path)).result["export_text"]
    assert text.startswith("The USB stick LOCKED is write-protected."), text


# -- the steps, run in the app --------------------------------------------------------------
# History scenarios: the lists, a player's page, a head-to-head, a game's chart,
# deleting an unfinished game, and an export to a (fake) USB stick.


async def _open_history(probe) -> None:
    app = probe.app
    await probe.tap_id("open_history")
    await probe.until(lambda: app.manager.current == "history")


async def history_tour(probe) -> None:
    from ui.screens import history

    app = probe.app
    # Home reads the figures ahead, on a worker thread
    await probe.until(lambda: "plays" in history._cache)
    probe.record("read_ahead", len(history._cache["plays"]))
    await _open_history(probe)
    await probe.screenshot("history_games")
    probe.record("game_rows", len(probe.find_all(cls="HistoryRow")))
    # a game's chart, from the first finished game
    await probe.tap(probe.find(cls="HistoryRow"))
    await probe.until(lambda: app.manager.current == "story")
    await probe.screenshot("story")
    screen = app.manager.get_screen("story")
    story = screen._story
    lines = [p for p in screen.graph.plots if isinstance(p, LinePlot)]
    probe.record("story_game_id", screen.game_id)
    probe.record("story_series", [list(map(list, story.series(s))) for s in range(len(story.names))])
    probe.record("chart_lines", [[list(pt) for pt in p.points] for p in lines[-len(story.names):]])
    probe.record("story_texts", probe.texts(probe.screen()))
    probe.record("graph_size", list(screen.graph.size))
    await probe.tap_id("sheet")
    await probe.until(lambda: app.manager.current == "scores")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "story")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "history")
    # players, a player's page, a head-to-head
    await probe.tap_id("tab_players")
    await probe.screenshot("history_players")
    probe.record("player_rows", [w.text for w in probe.find_all(cls="HistoryRow")])
    await probe.tap(probe.find(cls="HistoryRow"))
    await probe.until(lambda: app.manager.current == "player")
    await probe.screenshot("player")
    player = app.manager.get_screen("player")
    probe.record("player_name", player.name_shown)
    probe.record("player_texts", probe.texts(probe.screen()))
    probe.find(wid="versus").text = player.others[0]
    await probe.until(lambda: app.manager.current == "headtohead")
    await probe.screenshot("headtohead")
    pair = app.manager.get_screen("headtohead")
    probe.record("pair", [pair.first, pair.second])
    probe.record("pair_summary", pair.summary)
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "player")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "history")
    await probe.tap_id("tab_by_game")
    await probe.screenshot("history_by_game")
    probe.record("by_game_rows", [w.text for w in probe.find_all(cls="HistoryRow")])
    # the unfinished games: delete one (asked first)
    await probe.tap_id("tab_unfinished")
    await probe.screenshot("history_unfinished")
    rows = probe.find_all(cls="UnfinishedRow")
    probe.record("unfinished_before", [r.game_id for r in rows])
    await probe.tap(probe.find(wid="delete", root=rows[0]))
    await probe.until(lambda: type(app.root_window.children[0]).__name__ == "ConfirmPopup")
    popup = app.root_window.children[0]
    probe.record("popup_title", popup.title)
    await probe.opened(popup)
    popup.export_to_png(str(probe.out / "confirm_popup.png"))   # a popup sits on the window, not the root
    probe.results["screenshots"]["confirm_popup"] = str(probe.out / "confirm_popup.png")
    await probe.tap(popup.ids.yes)
    await probe.until(lambda: popup.parent is None)   # a closing popup still takes touches
    probe.record("unfinished_after", [r.game_id for r in probe.find_all(cls="UnfinishedRow")])
    probe.record("kept_aside", len(app.journal.quarantined(rows[0].game_id)))
    # and resume another one
    others = probe.find_all(cls="UnfinishedRow")
    if others:
        await probe.tap(probe.find(wid="resume", root=others[0]))
        await probe.until(lambda: app.manager.current == "table")
        probe.record("resumed", app.session.game_id)


async def usb_export(probe) -> None:
    app = probe.app
    await _open_history(probe)
    await probe.tap_id("export_usb")
    await probe.until(lambda: not app.manager.get_screen("history").exporting)
    await probe.frames(3)
    probe.record("export_text", app.manager.get_screen("history").export_text)
    await probe.screenshot("exported")
    stick = Path(os.environ["TABLE_COMPANION_USB_MOUNTS"])
    probe.record("exported_files", sorted(str(p.relative_to(stick)) for p in stick.rglob("*") if p.is_file()))
    probe.record("fault_led", app.hardware.panel.status_led.is_lit)
