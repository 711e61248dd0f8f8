"""The result in every player's pocket: a finished game's BG Stats QR code on the scores
screen (and larger on a tap), its result picture kept beside the journal, its thumbnail
in History; the same from a finished game opened in History."""
from __future__ import annotations

import os
from pathlib import Path

from companion.result_picture import picture_path, thumbnail_path
from tests.ui.scenarios import _start_counter, play_counter_to_scores


async def _scores_with_qr(probe, game_id: int) -> None:
    app = probe.app
    screen = app.manager.get_screen("scores")
    await probe.until(lambda: bool(screen.play_link))
    await probe.until(lambda: picture_path(app.options.data_dir, game_id).exists())
    qr = probe.find(wid="result_qr")
    await probe.until(lambda: qr.ids.code.pixels > 0)
    await probe.screenshot("scores_qr")
    probe.record("link", screen.play_link)
    probe.record("qr_pixels", qr.ids.code.pixels)
    probe.record("qr_box", [qr.ids.code.x, qr.ids.code.y, qr.ids.code.width, qr.ids.code.height])
    probe.record("table_width", probe.find(wid="table").width)
    probe.record("picture", str(picture_path(app.options.data_dir, game_id)))
    probe.record("thumbnail", str(thumbnail_path(app.options.data_dir, game_id)))
    probe.record("game_id", game_id)
    kept = probe.out / "result_picture.png"       # a copy, to look at with the screenshots
    kept.write_bytes(picture_path(app.options.data_dir, game_id).read_bytes())
    probe.results["screenshots"]["result_picture"] = str(kept)
    await probe.tap(qr)
    await probe.until(lambda: type(app.root_window.children[0]).__name__ == "BgStatsPopup")
    popup = app.root_window.children[0]
    await probe.opened(popup)
    await probe.frames(3)
    popup.export_to_png(str(probe.out / "bgstats_popup.png"))   # a popup sits on the window, not the root
    probe.results["screenshots"]["bgstats_popup"] = str(probe.out / "bgstats_popup.png")
    probe.record("popup_pixels", popup.ids.code.pixels)
    await probe.tap(popup.ids.close)
    await probe.until(lambda: popup.parent is None)


async def finish_and_scan(probe) -> None:
    """A game played to the end: the QR code beside the final scores, then History."""
    app = probe.app
    await _start_counter(probe)
    await play_counter_to_scores(probe)
    game_id = app.session.game_id
    sheet = app.session.score_sheet()
    probe.record("names", [p.name for p in app.session.config.players])
    probe.record("totals", list(sheet.totals))
    probe.record("winners", list(sheet.winners))
    await _scores_with_qr(probe, game_id)
    await probe.tap_id("home")
    await probe.until(lambda: app.manager.current == "home")
    await probe.tap_id("open_history")
    await probe.until(lambda: app.manager.current == "history")
    await probe.until(lambda: len(probe.find_all(cls="RowThumbnail")) == 1)
    thumb = probe.find(cls="RowThumbnail")
    await probe.until(lambda: thumb.texture is not None)
    await probe.screenshot("history_thumbnail")
    probe.record("thumbnail_source", thumb.source)
    probe.record("thumbnail_box", [thumb.x, thumb.y, thumb.width, thumb.height])
    probe.record("thumbnail_row_box", [thumb.parent.x, thumb.parent.y, thumb.parent.width, thumb.parent.height])


async def from_history(probe) -> None:
    """A finished game opened in History: its score sheet shows the QR code too."""
    app = probe.app
    await probe.tap_id("open_history")
    await probe.until(lambda: app.manager.current == "history")
    await probe.tap(probe.find(cls="HistoryRow"))
    await probe.until(lambda: app.manager.current == "story")
    game_id = app.manager.get_screen("story").game_id
    await probe.tap_id("sheet")
    await probe.until(lambda: app.manager.current == "scores")
    await _scores_with_qr(probe, game_id)
    # the export to a USB stick takes the picture along
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "story")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "history")
    await probe.tap_id("export_usb")
    await probe.until(lambda: not app.manager.get_screen("history").exporting)
    stick = Path(os.environ["TABLE_COMPANION_USB_MOUNTS"])
    probe.record("exported_files", sorted(str(p.relative_to(stick)) for p in stick.rglob("*") if p.is_file()))
