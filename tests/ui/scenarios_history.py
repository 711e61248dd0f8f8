"""History scenarios: the lists, a player's page, a head-to-head, a game's chart,
deleting an unfinished game, and an export to a (fake) USB stick."""
from __future__ import annotations

import os
from pathlib import Path

from kivy_garden.graph import LinePlot


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
    probe.record("sheet_fills", [[round(c, 4) for c in cell.fill] for cell in probe.find_all(cls="ScoreName")])
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
