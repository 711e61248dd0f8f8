"""Scores: every seat's score sheet as one compact table (like Board Game Arena's end
table): a column per player headed by the name on the seat's colour, a row per kind of
score line, the total row always in view, the winners' columns green and starred.
A tap on a name opens that player's lines in full, with their details."""
from __future__ import annotations

import logging
from typing import Any, Mapping, Sequence

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.popup import Popup
from ui.app_screen import AppScreen
from ui.table_controller import MainAction
from kivy.utils import escape_markup

from companion.bgstats_link import play_link
from companion.clock import duration_words
from companion.errors import CompanionError
from companion.messages import Text
from companion.match import match_in_options, next_game_config
from companion.signals import ErrorSignal
from ui.colours import colour_key, ink_on, rgba, seat_rgb
from ui.widgets.colour_mark import mark_corner
from ui.games import game_ui
from ui.kv import load_kv
from ui.screens.home import WINNER_MARK
from ui.score_rows import TableRow, table_rows
from ui.widgets.qr_code import QrCode  # noqa: F401  (the kv rules use it)

load_kv(__file__)
log = logging.getLogger(__name__)
#: the table's colours (the app's background shows between the columns)
COLUMN_RGB = (0.16, 0.19, 0.23)
WINNER_RGB = (0.2, 0.37, 0.14)


class ScoreTableRow(BoxLayout):
    """A row as high as its highest cell's ``need``; every cell fills that height."""

    def add_widget(self, widget: Any, *args: Any, **kw: Any) -> None:
        super().add_widget(widget, *args, **kw)
        widget.bind(need=self._fit)
        self._fit()

    def _fit(self, *_args: Any) -> None:
        self.height = max((c.need for c in self.children), default=0)


class ScoreTable(BoxLayout):
    """Header, the lines (scrolling), the totals and the choices; draws the columns."""

    columns = NumericProperty(0)
    winners: tuple[int, ...] = ()
    #: a player's narrowest column, dp: "pomarańczowy:" (98 px at 14 sp) whole under the
    #: points, five columns beside the headings and a small QR code at 800 px
    narrowest = 104

    def column_width(self) -> float:
        """A player's column: a fair share of three quarters of the width, ``narrowest``
        to 180 dp."""
        if not self.columns:
            return 0.0
        return max(dp(self.narrowest), min(dp(180), self.width * 0.74 / self.columns))

    def on_size(self, *_args: Any) -> None:
        self.draw_columns()

    def on_pos(self, *_args: Any) -> None:
        self.draw_columns()

    def draw_columns(self) -> None:
        from kivy.graphics import Color, Rectangle

        width = self.column_width()
        for widget in self.walk(restrict=True):
            if getattr(widget, "is_player_cell", False):   # a mark set in kv on a player's cells only
                widget.width = width
        self.canvas.before.clear()
        with self.canvas.before:
            for seat in range(self.columns):
                Color(*rgba(WINNER_RGB if seat in self.winners else COLUMN_RGB))
                left = self.right - (self.columns - seat) * width
                Rectangle(pos=(left + dp(1), self.y), size=(width - dp(2), self.height))


class ScoreDetailsPopup(Popup):
    """One player's lines in full: what each is for, its details, its points."""

    def __init__(self, name: str, lines: Sequence[dict[str, Any]], **kw: Any):
        super().__init__(title=name, **kw)
        app = App.get_running_app()
        for line in lines:
            row = Factory.ScoreDetail()
            detail = f" ({app.tr(line['detail'])})" if line.get("detail") else ""
            row.ids.label.text = app.tr(line.get("label", "")) + detail
            row.ids.points.text = str(line.get("points", ""))
            self.ids.lines.add_widget(row)


class BgStatsPopup(Popup):
    """The BG Stats link's QR code as large as the screen allows, with what to do."""

    link = StringProperty("")


class ScoresScreen(AppScreen):
    heading = StringProperty("")
    final = BooleanProperty(False)
    back_to = StringProperty("table")
    #: where the rows out of view are ("" when every row shows)
    more_text = StringProperty("")

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM / END TURN: after the game's end, Home; else Back."""
        if self.final and self.back_to == "table":
            return self.button_action("home")
        return self.button_action("back")

    def show_more(self, *_args: Any) -> None:
        """Say how many rows lie below (and above) the scrolled area, and which way to drag."""
        scroll, lines = self.ids.get("scroll"), self.ids.get("lines")
        if scroll is None or lines is None:
            return
        below, above = rows_out_of_view(scroll, lines)
        app = App.get_running_app()
        parts = []
        if below:
            parts.append("▼ " + app.tr(Text("{count} more row below: drag the table up",
                                             "{count} more rows below: drag the table up", count=below)))
        if above:
            parts.append("▲ " + app.tr(Text("{count} row above", "{count} rows above", count=above)))
        self.more_text = " · ".join(parts)
    #: BG Stats' "create play" link of the finished game shown ("": none, no QR code)
    play_link = StringProperty("")

    def show_session(self, session) -> None:
        players = session.config.players
        self.back_to = "table"
        ui = game_ui(session.config.game)
        self.show_sheet(session.game.title, [p.name for p in players], session.score_sheet().to_dict(),
                        [p.colour for p in players], ui.score_headings)
        self._offer_result(session.game_id if self.final else None)
        reading = session.clock()
        if reading.started:
            self.add_thinking([reading.thinking.get(seat, 0.0) for seat in range(len(players))])
        if ui.score_extras is not None:      # the game's own rows (a player's own scoring choice)
            for row in ui.score_extras(session, lambda: self.show_session(session)):
                self._add_row(self.ids.choices if row.below_totals else self.ids.lines, row.heading, row.cells)
        self._show_match(session)

    def _show_match(self, session) -> None:
        """A game of a match: the running total below the columns (and the next game)."""
        block = match_block(session, self.final)
        if block is not None:
            self.ids.match.add_widget(block)

    def show_result(self, game: str, title: str, names: list[str], sheet: dict[str, Any],
                    colours: Sequence[str] = (), game_id: int | None = None) -> None:
        """A game from History (``game_id``: its journal id, for its link and picture)."""
        self.back_to = "history"
        self.show_sheet(title, names, sheet, colours, game_ui(game).score_headings)
        self._offer_result(game_id if self.final else None)

    def _offer_result(self, game_id: int | None) -> None:
        """A finished game: its BG Stats link as a QR code beside the table, and its result
        picture kept beside the journal (drawn once, after this frame)."""
        from ui.screens.history import plays_or_banner

        self.play_link = ""
        if not game_id:
            return
        app = App.get_running_app()
        plays = plays_or_banner(app)
        play = next((p for p in plays or () if p.id == game_id), None)
        if play is None:            # not finished in the journal (or unreadable: said by the banner)
            return
        self.play_link = play_link(play)
        if self.back_to == "history" and play.thinking:   # a game at the table has its clock's own
            self.add_thinking(play.thinking)

        def keep_picture(_dt: float) -> None:
            from ui.result_picture import ensure_picture

            ensure_picture(app, game_id)

        Clock.schedule_once(keep_picture)

    def add_thinking(self, seconds: Sequence[float]) -> None:
        """Each seat's thinking time (the game clock's, while it was the seat's turn), under the totals."""
        app = App.get_running_app()
        self._add_row(self.ids.choices, app.tr("Thinking time"),
                      [Factory.ScoreTime(text=app.say(duration_words(t))) for t in seconds])

    def open_bgstats(self) -> None:
        BgStatsPopup(link=self.play_link).open()

    def show_sheet(self, title: str, names: list[str], sheet: dict[str, Any],
                   colours: Sequence[str] = (), headings: Mapping[str, str] | None = None) -> None:
        """``headings``: the heading of each kind of line whose words differ from seat to
        seat (``GameUi.score_headings``); other kinds are headed by their own label."""
        app = App.get_running_app()
        self.final = bool(sheet.get("final"))
        self.heading = title + " · " + (app.tr("Final scores") if self.final
                                        else app.tr("Scores if the game ended now"))
        table = self.ids.table
        self.ids.match.clear_widgets()
        for part in (self.ids.names, self.ids.lines, self.ids.totals, self.ids.choices):
            part.clear_widgets()
        winners = set(sheet.get("winners", [])) if self.final else set()
        table.columns, table.winners = len(names), tuple(sorted(winners))
        header = []
        for seat, name in enumerate(names):
            chosen = colours[seat] if seat < len(colours) else ""
            colour = seat_rgb(chosen, seat)
            cell = Factory.ScoreName(text=(WINNER_MARK if seat in winners else "") + escape_markup(name),
                                     color=rgba(ink_on(colour)))
            cell.fill = rgba(colour)
            mark_corner(cell, colour_key(chosen), ink_on(colour), size_sp=13)
            own = [line for line in sheet.get("lines", []) if line.get("seat") == seat]
            cell.bind(on_release=lambda _cell, who=name, lines=own: ScoreDetailsPopup(who, lines).open())
            header.append(cell)
        self._add_row(self.ids.names, app.tr("Tap a name for the details"), header)
        for row in table_rows(sheet.get("lines", []), len(names)):
            self._add_line_row(row, len(names), headings or {})
        self.ids.scroll.scroll_y = 1                 # a new table starts at its first row
        totals = sheet.get("totals", [])
        self._add_row(self.ids.totals, app.tr("Total"), [
            Factory.ScoreTotal(text=str(totals[seat]) if seat < len(totals) else "?")
            for seat in range(len(names))])
        table.draw_columns()
        self.show_more()

    def _add_line_row(self, row: TableRow, seats: int, headings: Mapping[str, str]) -> None:
        app = App.get_running_app()
        labels = {seat: app.tr(line.get("label", "")) for seat, line in row.lines.items()}
        same = len(set(labels.values())) == 1 and (len(labels) == seats or row.kind not in headings)
        if same:
            heading = next(iter(labels.values()))
        else:
            heading = app.tr(headings[row.kind]) if row.kind in headings and row.index == 0 else ""
        cells = []
        for seat in range(seats):
            line = row.lines.get(seat)
            if line is None:
                cells.append(None)
                continue
            cell = Factory.ScoreCell()
            cell.points, cell.words = str(line.get("points", "")), "" if same else labels[seat]
            cells.append(cell)
        self._add_row(self.ids.lines, heading, cells)

    def _add_row(self, into, heading: str, cells: Sequence[Any]) -> None:
        """A row: ``heading`` on the left, then each seat's cell (None: an empty one)."""
        row = ScoreTableRow()
        row.add_widget(Factory.ScoreHeading(text=heading, bold=into is self.ids.totals))
        width = self.ids.table.column_width()
        for cell in cells:
            cell = cell if cell is not None else Factory.ScoreEmpty()
            cell.width = width
            row.add_widget(cell)
        into.add_widget(row)


#: a row counts as in view when this much of its height shows (its points are readable)
ROW_SHOWN = 0.75


def rows_out_of_view(scroll: Any, lines: Any) -> tuple[int, int]:
    """How many of ``lines``' rows lie below and above what ``scroll`` shows (less than
    ROW_SHOWN of their height in view)."""
    if lines.height <= scroll.height + 1:
        return 0, 0
    hidden = lines.height - scroll.height
    bottom = hidden * min(1.0, max(0.0, scroll.scroll_y))   # the content's y at the view's bottom
    top = bottom + scroll.height
    below = above = 0
    for row in lines.children:
        shown = min(row.top, top) - max(row.y, bottom)
        if shown < ROW_SHOWN * row.height:
            below += row.center_y < (bottom + top) / 2
            above += row.center_y >= (bottom + top) / 2
    return below, above


def match_block(session, final: bool) -> Any | None:
    """Game k of N and the running total (the leaders starred), with "Next game"
    once this game is over and the match goes on; None for a single game."""
    match = match_in_options(dict(session.config.options), session.score_sheet().totals)
    if match is None:
        return None
    app = App.get_running_app()
    names = [p.name for p in session.config.players]
    best = max(match.running)
    totals = ", ".join((WINNER_MARK if total == best else "") + f"{escape_markup(name)} {total}"
                       for name, total in zip(names, match.running))
    if final and match.is_last:
        text = app.tr(Text("Match over after {count} game. Total: {totals}",
                           "Match over after {count} games. Total: {totals}", count=match.games, totals=totals))
    else:
        text = app.tr("Game {number} of {games}. Total so far: {totals}", number=match.number,
                      games=match.games, totals=totals)
    block = Factory.MatchBlock()
    block.ids.text.text = text
    if final and not match.is_last:
        button = Factory.SmallButton(text=app.tr("Next game"))
        button.bind(on_release=lambda _b: start_next_game(session))
        block.add_widget(button)
    return block


def start_next_game(session) -> None:
    """The match's next game: the same seats and options, this game's scores added."""
    app = App.get_running_app()
    try:
        app.start_game(next_game_config(session.config, session.score_sheet().totals))
    except CompanionError as exc:
        log.warning("the next game of the match could not start: %s", exc)
        app.show_banner(app.tr(str(exc)), seconds=8, error=True)
        if app.hardware is not None:   # the status LED and the low beep too
            app.hardware.play(ErrorSignal(str(exc)))
