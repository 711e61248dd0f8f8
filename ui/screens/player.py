"""A player's page: their figures over every game and per game; rename or merge;
pick someone to compare with (head-to-head)."""
from __future__ import annotations

import logging

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, StringProperty
from ui.app_screen import AppScreen
from ui.table_controller import MainAction
from kivy.utils import escape_markup

from companion import stats
from companion.clock import duration_words
from companion.dates import local_text
from companion.games import game_title
from ui.kv import load_kv
from ui.screens.history import plays_or_banner, number, percent, remembered

log = logging.getLogger(__name__)
load_kv(__file__)


def figures_text(app, s: stats.PlayerStats) -> str:
    text = app.tr("{plays} played, {wins} won ({rate}) · average {average}, best {best} · "
                  "average margin {margin}", plays=s.plays, wins=s.wins, rate=percent(s.win_rate),
                  average=number(s.average), best=s.best, margin=f"{s.average_margin:+.1f}")
    if s.thinking is not None:   # the games timed by the game clock
        text += " · " + app.tr("thinking time a game: {time}", time=app.tr(duration_words(s.thinking)))
    return text


class PlayerScreen(AppScreen):
    name_shown = StringProperty("")
    overall = StringProperty("")
    others = ListProperty([])
    known: tuple[str, ...] = ()   # every other person in History: renaming to one of them merges the two

    def open_player(self, name: str) -> None:
        self.name_shown = name
        App.get_running_app().goto("player")

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM / END TURN: Back."""
        return self.button_action("back")

    def refresh(self) -> None:
        app = App.get_running_app()
        plays = plays_or_banner(app)
        if plays is None:
            return
        overall, by_game = stats.player(plays, self.name_shown)
        box = self.ids.games
        box.clear_widgets()
        if overall is None:
            self.overall = app.tr("No finished games yet. They appear here when a game ends.")
            self.others = []
            return
        last = local_text(overall.last_played, "%d.%m.%Y")
        self.overall = figures_text(app, overall) + " · " + app.tr("last played {date}", date=last)
        for game, s in by_game.items():
            # the game's name, then its figures wrapped whole (the thinking time makes the line long)
            row = Factory.HistoryRow(text=f"[b]{escape_markup(game_title(game))}[/b]\n"
                                          + escape_markup(figures_text(app, s)), shorten=False)
            row.bind(texture_size=lambda r, size: setattr(r, "height", max(dp(48), size[1] + dp(12))))
            box.add_widget(row)
        self.others = stats.played_with(plays, self.name_shown)   # "Compare with…": only those met at a table
        everyone = remembered(("players", "", "all"), lambda: stats.players(plays))
        self.known = tuple(s.name for s in everyone if s.name != self.name_shown)

    def compare_with(self, other: str) -> None:
        if other and other in self.others:
            App.get_running_app().manager.get_screen("headtohead").open_pair(self.name_shown, other)

    def rename(self, new: str) -> None:
        app = App.get_running_app()
        new = new.strip()
        if not new or new == self.name_shown:
            return
        names = stats.PlayerNames.load(app.options.data_dir)
        try:
            names.rename(self.name_shown, new)
        except OSError as exc:
            log.error("cannot save the players' names: %s", exc)
            app.show_banner(app.tr("The new name could not be saved ({reason}). Check the storage, then "
                                   "try again.", reason=str(exc)), seconds=10, error=True)
            return
        merged = new in self.known
        done = (app.tr("{old} and {new} are now one player.", old=self.name_shown, new=new)
                if merged else app.tr("{old} is now called {new}.", old=self.name_shown, new=new))
        if names.set_aside is not None:
            log.warning("players' names file could not be read; kept as %s", names.set_aside)
            done += " " + app.tr("The names file that could not be read is kept as {file}.",
                                 file=names.set_aside.name)
        app.show_banner(done, seconds=10 if names.set_aside else 6)
        self.name_shown = new
        self.refresh()
