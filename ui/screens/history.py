"""History & stats: every finished game, and wins per player name."""
from __future__ import annotations

from collections import Counter

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.games import game_title
from ui.screens import load_kv
from ui.screens.home import history_row

load_kv(__file__)


class HistoryScreen(Screen):
    selected = NumericProperty(0)
    stats_text = StringProperty("")

    def refresh(self) -> None:
        app = App.get_running_app()
        entries = app.journal.history(limit=500)
        box = self.ids.games
        box.clear_widgets()
        for entry in entries:
            row = history_row(entry)
            button = Factory.HistoryRow(text=row["text"])
            button.bind(on_release=lambda _b, e=entry: self.show(e))
            box.add_widget(button)
        self.stats_text = stats_text(app, entries)
        if self.selected:
            chosen = [e for e in entries if e.id == self.selected]
            self.selected = 0
            if chosen:
                self.show(chosen[0])

    def show(self, entry) -> None:
        app = App.get_running_app()
        names = [p.get("name", "?") for p in entry.config.get("players", [])]
        sheet = (entry.result or {}).get("scores", {})
        app.manager.get_screen("scores").show_result(game_title(entry.game), names, sheet)
        app.manager.current = "scores"


def stats_text(app, entries) -> str:
    if not entries:
        return app.tr("No finished games yet. They appear here when a game ends.")
    games = Counter(game_title(e.game) for e in entries)
    wins: Counter[str] = Counter()
    for entry in entries:
        players = entry.config.get("players", [])
        for seat in (entry.result or {}).get("scores", {}).get("winners", []):
            if seat < len(players):
                wins[players[seat].get("name", "?")] += 1
    played = ", ".join(f"{title} {count}" for title, count in games.most_common())
    winners = ", ".join(f"{name} {count}" for name, count in wins.most_common(5))
    return app.tr("Games played: {played}", played=played) + "\n" + \
        app.tr("Most wins: {winners}", winners=winners or "—")
