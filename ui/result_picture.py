"""A finished game's result picture, drawn off screen with Kivy (an Fbo: the same OpenGL
ES drawing as the screens, so it works wherever the app runs, the Pi kiosk included) and
kept beside the journal (:mod:`companion.result_picture`).

The picture: the game's name, date and length; the score table as on the scores screen
(a column per player headed by the name on the seat's colour, a row per kind of score
line, the totals, the winners' columns green and starred); the score-over-time chart
with the round ends.  What it shows is first put together as plain data
(:func:`picture_data`), which the PNG carries, then drawn from that data alone.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from companion.dates import local_text
from companion.errors import CompanionError
from companion.games import game_title
from companion.result_picture import picture_path, thumbnail_path, write_picture
from companion.story import Story, journal_story
from companion.colour_symbols import colour_symbol
from ui.colours import RGB, colour_key, ink_on, seat_rgb
from ui.score_rows import table_rows

log = logging.getLogger(__name__)

WIDTH = 1200
MARGIN = 24
TITLE_H = 60
NAME_H = 56
ROW_H = 36
TOTAL_H = 54
CHART_H = 360
BACKGROUND: RGB = (0.09, 0.10, 0.12)
COLUMN: RGB = (0.16, 0.19, 0.23)
WINNER: RGB = (0.2, 0.37, 0.14)
TEXT: RGB = (0.93, 0.95, 0.97)
FAINT: RGB = (0.62, 0.68, 0.76)
FINAL: RGB = (1.0, 0.6, 0.2)
STAR = "★"


def _hex(rgb: Sequence[float]) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb[:3])


def _rgb(text: str) -> RGB:
    return tuple(int(text[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def picture_data(game_id: int, story: Story, colours: Sequence[str], started: float, finished: float,
                 tr: Callable[[Any], str], headings: Mapping[str, str] | None = None,
                 seconds: float | None = None, symbols: bool = True) -> dict[str, Any]:
    """What the picture shows, as JSON-able data: the heading, each player (name, seat
    colour and its symbol, total, winner), the score table's rows as the scores screen lays
    them out (headings in the players' language), and the chart's series and round ends;
    ``seconds``: the game clock's duration when the result kept it (else from set-up to the
    last move); ``symbols``: whether seat colours carry their symbols (Settings)."""
    if seconds is None:
        seconds = max(0.0, finished - started)
    sheet = story.sheet.to_dict()
    seats = len(story.names)
    winners = set(sheet.get("winners", []))
    totals = sheet.get("totals", [])
    def colour(seat: int) -> str:
        return colours[seat] if seat < len(colours) else ""

    players = [{"name": name, "colour": _hex(seat_rgb(colour(seat), seat)),
                "symbol": colour_symbol(colour_key(colour(seat))) if symbols else "",
                "total": totals[seat] if seat < len(totals) else None, "winner": seat in winners}
               for seat, name in enumerate(story.names)]
    rows = []
    for row in table_rows(sheet.get("lines", []), seats):
        labels = {seat: tr(line.get("label", "")) for seat, line in row.lines.items()}
        if len(set(labels.values())) == 1:
            heading = next(iter(labels.values()))
        elif headings and row.kind in headings:
            heading = tr(headings[row.kind]) if row.index == 0 else ""
        else:
            heading = labels[min(labels)]
        rows.append({"heading": heading,
                     "cells": [str(row.lines[s].get("points", "")) if s in row.lines else None
                               for s in range(seats)]})
    return {
        "version": 1, "game_id": game_id, "game": story.game, "title": game_title(story.game),
        "date": local_text(finished, "%d.%m.%Y %H:%M"), "minutes": round(seconds / 60),
        "duration": tr("{minutes} min", minutes=round(seconds / 60)),
        "total_heading": tr("Total"), "players": players, "rows": rows,
        "chart": {"turns": story.turns, "series": [[list(p) for p in story.series(s)] for s in range(seats)],
                  "rounds": [e.turn for e in story.events if e.kind == "round"],
                  "final": [e.turn for e in story.events if e.kind == "final"]},
    }


def picture_height(data: Mapping[str, Any]) -> int:
    return 2 * MARGIN + TITLE_H + NAME_H + ROW_H * len(data["rows"]) + TOTAL_H + MARGIN + CHART_H


def render(data: Mapping[str, Any]) -> tuple[int, int, bytes]:
    """Draw the picture of ``data`` off screen: (width, height, RGB rows top to bottom).
    Needs Kivy's window (its OpenGL context): call it on the UI thread."""
    from kivy.core.text import Label as CoreLabel
    from kivy.core.text.markup import MarkupLabel
    from kivy.graphics import ClearBuffers, ClearColor, Color, Fbo, Line, Rectangle

    width, height = WIDTH, picture_height(data)
    players = data["players"]
    seats = len(players)
    column = min(200.0, (width - 2 * MARGIN) * 0.7 / max(1, seats))
    left = width - MARGIN - seats * column          # the players' columns start here

    def top(y: float, h: float) -> float:            # from the top, as Kivy counts from the bottom
        return height - y - h

    def text(label_text: str, x: float, y: float, w: float, h: float, size: int, colour: RGB,
             bold: bool = False, align: str = "center", markup: bool = False, font: str | None = None) -> None:
        kind = MarkupLabel if markup else CoreLabel
        fonts = {"font_name": font} if font else {}
        label = kind(text=label_text, font_size=size, bold=bold, text_size=(w - 8, None), **fonts,
                     halign=align, shorten=True, shorten_from="right", max_lines=1)
        label.refresh()
        texture = label.texture
        if texture is None:
            return
        tw, th = texture.size
        tx = x + 4 + (0 if align == "left" else (w - 8 - tw) / 2)
        Color(*colour, 1)
        Rectangle(texture=texture, pos=(tx, top(y + (h - th) / 2, th)), size=(tw, th))

    fbo = Fbo(size=(width, height))
    table_top = MARGIN + TITLE_H
    table_h = NAME_H + ROW_H * len(data["rows"]) + TOTAL_H
    with fbo:
        ClearColor(*BACKGROUND, 1)
        ClearBuffers()
        heading = f"{data['title']}  ·  {data['date']}  ·  {data['duration']}"
        text(heading, MARGIN, MARGIN, width - 2 * MARGIN, TITLE_H - 12, 32, TEXT, bold=True, align="left")
        for seat, player in enumerate(players):           # the columns, the winners' green
            x = left + seat * column
            Color(*(WINNER if player["winner"] else COLUMN), 1)
            Rectangle(pos=(x + 1, top(table_top, table_h)), size=(column - 2, table_h))
            Color(*_rgb(player["colour"]), 1)
            Rectangle(pos=(x + 1, top(table_top, NAME_H)), size=(column - 2, NAME_H))
            star = f"[font=DejaVuSans]{STAR}[/font] " if player["winner"] else ""
            symbol = f"[font=DejaVuSans]{player['symbol']}[/font] " if player.get("symbol") else ""
            name = player["name"].replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
            text(star + symbol + name, x, table_top, column, NAME_H, 24, ink_on(_rgb(player["colour"])),
                 bold=True, markup=True)
        y = table_top + NAME_H
        for row in data["rows"]:
            Color(1, 1, 1, 0.14)
            Rectangle(pos=(MARGIN, top(y, 1)), size=(width - 2 * MARGIN, 1))
            text(row["heading"], MARGIN, y, left - MARGIN, ROW_H, 20, TEXT, align="left")
            for seat, cell in enumerate(row["cells"]):
                if cell is not None:
                    text(cell, left + seat * column, y, column, ROW_H, 24, TEXT, bold=True)
            y += ROW_H
        Color(0.75, 0.85, 0.95, 1)
        Rectangle(pos=(MARGIN, top(y, 2)), size=(width - 2 * MARGIN, 2))
        text(data["total_heading"], MARGIN, y, left - MARGIN, TOTAL_H, 24, TEXT, bold=True, align="left")
        for seat, player in enumerate(players):
            total = "?" if player["total"] is None else str(player["total"])
            text(total, left + seat * column, y, column, TOTAL_H, 32, TEXT, bold=True)
        _chart(data["chart"], players, MARGIN, y + TOTAL_H + MARGIN, width - 2 * MARGIN, CHART_H,
               top, text, Color, Line, Rectangle)
    fbo.draw()
    rgba = fbo.pixels                                   # bottom row first
    row = width * 4
    rows = [rgba[(height - 1 - r) * row:(height - r) * row] for r in range(height)]
    rgb = b"".join(_drop_alpha(r) for r in rows)
    return width, height, rgb


def _drop_alpha(row: bytes) -> bytes:
    out = bytearray(len(row) // 4 * 3)
    out[0::3], out[1::3], out[2::3] = row[0::4], row[1::4], row[2::4]
    return bytes(out)


def _chart(chart: Mapping[str, Any], players: Sequence[Mapping[str, Any]], x: float, y: float, w: float,
           h: float, top: Callable[[float, float], float], text: Callable[..., None], Color: Any, Line: Any,
           Rectangle: Any) -> None:
    """The score-over-time lines in the box (x, y from the top, w, h), the lowest and
    highest score on the left, the number of turns at the bottom right."""
    series = chart["series"]
    values = [total for line in series for _turn, total in line] or [0]
    low, high = min(0, min(values)), max(1, max(values))
    turns = max(1, chart["turns"])
    Color(*COLUMN, 1)
    Rectangle(pos=(x, top(y, h)), size=(w, h))
    pad, axis = 14, 56
    text(str(high), x, y + pad - 12, axis, 24, 18, FAINT)
    text(str(low), x, y + h - pad - 12, axis, 24, 18, FAINT)
    text(str(chart["turns"]), x + w - axis, y + h - pad - 40, axis, 24, 18, FAINT)

    def point(turn: float, total: float) -> tuple[float, float]:
        px = x + axis + (w - axis - pad) * turn / turns
        py = top(y + pad, 0) - (h - 2 * pad) * (high - total) / (high - low)
        return px, py

    Color(*FAINT, 0.5)
    Line(points=[*point(0, low), *point(turns, low)], width=1)
    Line(points=[*point(0, low), *point(0, high)], width=1)

    for kind, colour in (("rounds", FAINT), ("final", FINAL)):
        for turn in chart[kind]:
            Color(*colour, 1)
            Line(points=[*point(turn, low), *point(turn, high)], width=1.5)
    for seat, line in enumerate(series):
        if len(line) < 2:
            continue
        Color(*_rgb(players[seat]["colour"]), 1)
        Line(points=[c for turn, total in line for c in point(turn, total)], width=2.5)
        if players[seat].get("symbol"):   # the seat's symbol at the line's end, in its colour
            end_x, end_y = point(*line[-1])
            text(players[seat]["symbol"], end_x - 14, top(end_y, 0) - 30, 28, 24, 20,
                 _rgb(players[seat]["colour"]), font="DejaVuSans")


#: the width of the small copy History lists
THUMBNAIL_WIDTH = 180


def save_picture(data_dir: Path, data: Mapping[str, Any]) -> Path:
    """Draw ``data`` and keep it as its game's picture, with a small copy for History's
    list (OSError when they cannot be written)."""
    import cv2
    import numpy as np

    width, height, rgb = render(data)
    game_id = int(data["game_id"])
    small_h = max(1, round(height * THUMBNAIL_WIDTH / width))
    full = np.frombuffer(rgb, dtype=np.uint8).reshape(height, width, 3)
    small = cv2.resize(full, (THUMBNAIL_WIDTH, small_h), interpolation=cv2.INTER_AREA)
    write_picture(thumbnail_path(data_dir, game_id), THUMBNAIL_WIDTH, small_h, small.tobytes(), None)
    path = picture_path(data_dir, game_id)
    write_picture(path, width, height, rgb, dict(data))    # last: its presence says both are there
    return path


def ensure_picture(app: Any, game_id: int) -> Path | None:
    """Game ``game_id``'s picture, drawn and kept first if it is not there yet; None (with
    the reason in the log and on screen) when the game cannot be read or the picture
    cannot be written.  On the UI thread."""
    data_dir = Path(app.options.data_dir)
    path = picture_path(data_dir, game_id)
    if path.exists():
        return path
    journal = app.journal
    if journal is None or journal.in_memory:
        return None
    try:
        entry = journal.game(game_id)
        if entry.status != "finished" or entry.finished is None:
            return None
        story = journal_story(journal, game_id)
        colours = [str(p.get("colour", "")) for p in entry.config.get("players", []) if isinstance(p, dict)]
        from ui.games import game_ui
        from ui.widgets.colour_mark import symbols_shown
        clock = (entry.result or {}).get("clock")
        kept = clock.get("seconds") if isinstance(clock, dict) else None
        data = picture_data(game_id, story, colours, entry.started, entry.finished, app.tr,
                            game_ui(entry.game).score_headings,
                            float(kept) if isinstance(kept, (int, float)) and not isinstance(kept, bool) else None,
                            symbols_shown())
        return save_picture(data_dir, data)
    except (CompanionError, OSError) as exc:
        log.warning("the result picture of game #%d was not kept: %s", game_id, exc)
        app.show_banner(app.tr("The result picture could not be saved: {reason}.", reason=str(exc)),
                        seconds=8, error=True)
        return None
