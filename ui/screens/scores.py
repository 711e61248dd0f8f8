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
        self._offer_choices(session)
        self._show_match(session)

    def _show_match(self, session) -> None:
        """A game of a match: the running total below the columns (and the next game)."""
        from ui.screens.score_choice import match_block

        block = match_block(session, self.final)
        if block is not None:
            self.ids.match.add_widget(block)

    def _offer_choices(self, session) -> None:
        """Coloretto: per player, "Choose colours" and the points a choice gives away."""
        from ui.screens.score_choice import ScoringChoicePopup, supports_choice

        app = App.get_running_app()
        players = session.summary().get("players")
        if not isinstance(players, list):
            return
        columns = list(reversed(self.ids.columns.children))
        for seat, (column, player) in enumerate(zip(columns, players)):
            if not supports_choice(player):
                return
            if player["points_given_away"]:
                column.add_widget(Factory.ScoreWarning(text=app.tr(
                    "Own colours: {points} points fewer than the best colours",
                    points=player["points_given_away"])), index=1)
            button = Factory.SmallButton(text=app.tr("Choose colours"), size_hint_x=1)
            button.bind(on_release=lambda _b, s=seat: ScoringChoicePopup(
                session, s, done=lambda: self.show_session(session)).open())
            column.add_widget(button, index=1)

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
        self.ids.match.clear_widgets()
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
