"""Head-to-head: two players over the games they both played."""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import StringProperty
from ui.app_screen import AppScreen
from ui.table_controller import MainAction
from kivy.utils import escape_markup

from companion import stats
from companion.games import game_title
from companion.messages import Text
from ui.kv import load_kv
from ui.screens.history import plays_or_banner, number

load_kv(__file__)


def pair_text(app, h: stats.HeadToHead) -> str:
    def ahead(name: str, count: int) -> Text:
        return Text("{name} ahead {count} time", "{name} ahead {count} times", name=escape_markup(name),
                    count=count)
    return app.tr(Text("{first_ahead}, {second_ahead}, level {level} "
                       "· wins {first_wins} : {second_wins} · average {first_average} : {second_average}",
                       first_ahead=ahead(h.first, h.first_ahead), second_ahead=ahead(h.second, h.second_ahead),
                       level=h.level, first_wins=h.first_wins, second_wins=h.second_wins,
                       first_average=number(h.first_average), second_average=number(h.second_average)))


class HeadToHeadScreen(AppScreen):
    first = StringProperty("")
    second = StringProperty("")
    summary = StringProperty("")

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM / END TURN: Back."""
        return self.button_action("back")

    def open_pair(self, first: str, second: str) -> None:
        self.first, self.second = first, second
        App.get_running_app().goto("headtohead")

    def refresh(self) -> None:
        app = App.get_running_app()
        plays = plays_or_banner(app)
        if plays is None:
            return
        together = stats.head_to_head(plays, self.first, self.second)
        self.summary = app.tr(Text("{count} game together", "{count} games together",
                                   count=together.together)) + "\n" + \
            pair_text(app, together) if together.together else \
            app.tr("{first} and {second} have not finished a game together yet.",
                   first=self.first, second=self.second)
        box = self.ids.games
        box.clear_widgets()
        for game in sorted({p.game for p in plays}):
            h = stats.head_to_head([p for p in plays if p.game == game], self.first, self.second)
            if h.together:
                box.add_widget(Factory.HistoryRow(
                    text=f"{game_title(game)} ({h.together}): " + pair_text(app, h)))
