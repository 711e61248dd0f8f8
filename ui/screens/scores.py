"""Scores: each seat's score sheet, line by line, with the winners starred."""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from kivy.utils import escape_markup

from ui.screens import load_kv
from ui.screens.home import WINNER_MARK

load_kv(__file__)


class ScoresScreen(Screen):
    heading = StringProperty("")
    final = BooleanProperty(False)
    back_to = StringProperty("table")

    def show_session(self, session) -> None:
        names = [p.name for p in session.config.players]
        self.back_to = "table"
        self.show_sheet(session.game.title, names, session.score_sheet().to_dict())

    def show_result(self, title: str, names: list[str], sheet: dict[str, Any]) -> None:
        self.back_to = "history"
        self.show_sheet(title, names, sheet)

    def show_sheet(self, title: str, names: list[str], sheet: dict[str, Any]) -> None:
        app = App.get_running_app()
        self.final = bool(sheet.get("final"))
        self.heading = title + " · " + (app.tr("Final scores") if self.final
                                        else app.tr("Scores if the game ended now"))
        box = self.ids.columns
        box.clear_widgets()
        winners = set(sheet.get("winners", []))
        totals = sheet.get("totals", [])
        for seat, name in enumerate(names):
            column = Factory.ScoreColumn()
            star = WINNER_MARK if seat in winners and self.final else ""
            column.ids.name.text = star + escape_markup(name)
            lines = [l for l in sheet.get("lines", []) if l.get("seat") == seat]
            for line in lines:
                row = Factory.ScoreRow()
                detail = f" ({app.tr(line['detail'])})" if line.get("detail") else ""
                row.ids.label.text = app.tr(line.get("label", "")) + detail
                row.ids.points.text = str(line.get("points", ""))
                column.ids.lines.add_widget(row)
            column.ids.total.text = str(totals[seat]) if seat < len(totals) else "?"
            column.winner = seat in winners and self.final
            box.add_widget(column)
