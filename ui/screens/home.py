"""Home: new game, resume the unfinished game, the history of finished games."""
from __future__ import annotations


from kivy.app import App
from kivy.factory import Factory
from kivy.utils import escape_markup
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from ui.app_screen import AppScreen
from ui.table_controller import MainAction

from companion.dates import local_text
from companion.errors import CompanionError, JournalError
from companion.games import game_title, unavailable_games
from companion.match import match_to_continue
from companion.signals import ErrorSignal
from ui.kv import load_kv

load_kv(__file__)


#: a star in a font that has it (Roboto has none); labels showing it use markup
WINNER_MARK = "[font=DejaVuSans]★[/font] "


class HomeScreen(AppScreen):
    resume_title = StringProperty("")
    resume_id = NumericProperty(0)
    can_resume = BooleanProperty(False)
    #: no game to resume, but a match to go on with (closed between two of its games)
    can_continue_match = BooleanProperty(False)
    history = ListProperty([])   # [{"id", "text"}]
    #: registered games that cannot be played, each with its reason (companion.games.BrokenGame)
    unavailable = ListProperty([])

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM / END TURN: Resume (or the match's next game), else New game."""
        return self.button_action("resume") or self.button_action("new_game")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._announced: set[str] = set()
        self._next_in_match = None   # the config of the match's next game and the match so far

    def refresh(self) -> None:
        app = App.get_running_app()
        self.show_unavailable_games()
        if app.journal is None:  # the problem screen is showing instead
            return
        try:
            entry = app.journal.unfinished()
            finished = app.journal.history(limit=8)
        except CompanionError as exc:
            app.show_banner(app.storage_failed(exc) if isinstance(exc, JournalError) else str(exc),
                            seconds=10, error=True)
            return
        self.can_resume = entry is not None
        if entry is not None:
            names = ", ".join(p.get("name", "?") for p in entry.config.get("players", []))
            self.resume_id = entry.id
            self.resume_title = f"{game_title(entry.game)} · {names} · " \
                                f"{local_text(entry.started, '%d.%m %H:%M')}"
        else:
            self.resume_title = ""
        self._next_in_match = None
        found = match_to_continue(app.journal) if entry is None else None
        if found is not None:
            config, match = found
            self._next_in_match = found
            names = ", ".join(p.name for p in config.players)
            self.resume_title = f"{game_title(config.game)} · {escape_markup(names)} · " + app.tr(
                "game {number} of {games}, total so far: {totals}", number=match.number + 1,
                games=match.games, totals=", ".join(map(str, match.running)))
        self.can_continue_match = found is not None
        self.history = [history_row(e) for e in finished]

    def show_unavailable_games(self) -> None:
        """A registered game that cannot be played is listed with its reason and what to do;
        the first time it is found, the status LED and the low beep say so too (it is in
        the log already: companion.games logs it when it fails to load)."""
        app = App.get_running_app()
        self.unavailable = list(unavailable_games())
        fresh = [game for game in self.unavailable if game.name not in self._announced]
        self._announced |= {game.name for game in fresh}
        if fresh and app.hardware is not None:
            app.hardware.play(ErrorSignal("; ".join(str(game.reason()) for game in fresh)))

    def unavailable_text(self, _lang: str, games: list) -> str:
        return "\n".join(App.get_running_app().tr(game.reason()) for game in games)

    def on_history(self, _screen: "HomeScreen", rows: list) -> None:
        box = self.ids.history_rows
        box.clear_widgets()
        for row in rows:
            button = Factory.HistoryRow(text=row["text"])
            button.bind(on_release=lambda _b, gid=row["id"]: self.open_history(gid))
            box.add_widget(button)

    def new_game(self) -> None:
        """Set up a new game; while one is unfinished, ask first: resume it, abandon it,
        or keep it for later (it is never parked silently)."""
        app = App.get_running_app()
        try:
            entry = app.journal.unfinished() if app.journal is not None else None
        except CompanionError:
            entry = None   # the list above already said what is wrong with the journal
        if entry is None or entry.damage:
            app.goto("setup")
            return
        from ui.widgets.abandon import ask_about_unfinished

        ask_about_unfinished(entry, new_game=lambda: app.goto("setup"), resume=self.resume_id_game)

    def resume_id_game(self, game_id: int) -> None:
        app = App.get_running_app()
        try:
            app.resume_game(game_id)
        except CompanionError as exc:
            app.show_banner(str(exc), seconds=10, error=True)

    def resume(self) -> None:
        app = App.get_running_app()
        try:
            if not self.can_resume and self._next_in_match is not None:
                # set up like any game, with where each player stands in the match
                app.manager.get_screen("setup").continue_match(*self._next_in_match)
                app.goto("setup")
                return
            app.resume_game(self.resume_id)
        except CompanionError as exc:
            app.show_banner(str(exc), seconds=10, error=True)

    def open_history(self, game_id: int) -> None:
        app = App.get_running_app()
        app.manager.get_screen("history").selected = game_id
        app.goto("history")


def history_row(entry) -> dict:
    """One line of the history list: game, date, names with scores, winners starred
    (a record whose stored parts cannot be read says so instead of its scores)."""
    players = [p.get("name", "?") if isinstance(p, dict) else "?"
               for p in entry.config.get("players", []) or []]
    scores = (entry.result or {}).get("scores", {})
    scores = scores if isinstance(scores, dict) else {}
    totals = scores.get("totals", []) if isinstance(scores.get("totals"), list) else []
    winners = set(w for w in scores.get("winners", []) or [] if isinstance(w, int))
    parts = []
    for seat, name in enumerate(players):
        total = totals[seat] if seat < len(totals) else "?"
        parts.append(f"{WINNER_MARK if seat in winners else ''}{escape_markup(str(name))} {total}")
    when = local_text(entry.finished or entry.started, "%d.%m.%Y")
    if entry.damage:
        parts = [App.get_running_app().tr("this game's record is damaged")]
    return {"id": entry.id, "text": f"{game_title(entry.game)} · {when} · " + ", ".join(parts)}
