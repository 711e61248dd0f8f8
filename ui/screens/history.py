"""History & stats: finished games, players, per-game figures and the unfinished
games (resume or delete), filtered by game and period; export to a USB stick."""
from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock, mainthread
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from ui.app_screen import AppScreen
from ui.table_controller import MainAction
from kivy.utils import escape_markup

from companion import stats
from companion.stats import PERIOD_LABELS
from companion.dates import local_text
from companion.errors import CompanionError, JournalError
from companion.games import available_games, game_title
from companion.result_picture import thumbnail_path
from companion.usb import find_sticks
from companion.messages import Text
from ui.kv import load_kv
from ui.screens.home import WINNER_MARK

load_kv(__file__)
log = logging.getLogger(__name__)

#: finished games listed at once, newest first (the figures count them all)
GAME_ROWS = 30


def percent(value: float | None) -> str:
    return "—" if value is None else f"{round(100 * value)}%"


def number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def minutes(seconds: float) -> str:
    return str(round(seconds / 60))


#: the figures of the journal's finished games, computed again only when a game is
#: finished, reopened, imported or deleted, or a player renamed (the UI thread only)
_cache: dict[Any, Any] = {}


_warming = threading.Event()


def _cache_key(app, mark: Any) -> tuple[Any, ...]:
    try:
        renamed = (Path(app.options.data_dir) / stats.PLAYERS_FILE).stat().st_mtime_ns
    except OSError:
        renamed = None
    return (id(app.journal), mark, renamed)


def plays_or_banner(app) -> list[stats.Play] | None:
    """:func:`load_plays`, or None with the storage problem shown in words."""
    try:
        return load_plays(app)
    except JournalError as exc:
        app.show_banner(app.storage_failed(exc), seconds=10, error=True)
        return None


def load_plays(app) -> list[stats.Play]:
    """Every readable finished game, names merged as the players asked."""
    path = Path(app.options.data_dir) / stats.PLAYERS_FILE
    key = _cache_key(app, app.journal.finished_mark())
    if _cache.get("key") != key:
        names = stats.PlayerNames.load(app.options.data_dir)
        if names.problem:
            log.warning("%s", names.problem)
            app.show_banner(app.tr("The players' names file {file} cannot be read: names are shown as "
                                   "typed, and the file is kept as it is.", file=str(path)),
                            seconds=10, error=True)
        plays = stats.plays_from_rows(app.journal.played(), names)
        _cache.clear()
        _cache.update(key=key, plays=plays)
    return _cache["plays"]


def warm_up(app) -> None:
    """Read the figures on a worker thread, with its own read-only connection, when they
    changed (a game finished), so the next History draws at once.  Failures are left to
    the screen itself, which reads them again and says what is wrong."""
    journal = app.journal
    if journal is None or journal.in_memory or journal.read_only or _warming.is_set():
        return
    try:
        if _cache.get("key") == _cache_key(app, journal.finished_mark()):
            return
    except JournalError:
        return
    _warming.set()
    data_dir = app.options.data_dir

    def work() -> None:
        from companion.journal import Journal

        try:
            with Journal(journal.path, read_only=True) as reader:
                mark = reader.finished_mark()
                plays = stats.plays_from_rows(reader.played(), stats.PlayerNames.load(data_dir))
            # what History shows first: every game, all time
            ready = {("select", "", "all"): plays, ("players", "", "all"): stats.players(plays),
                     ("games", "", "all"): stats.games(plays)}
        except (CompanionError, OSError) as exc:
            log.warning("history figures not read ahead: %s", exc)
            mark, plays, ready = None, None, {}
        keep(mark, plays, ready)

    @mainthread
    def keep(mark: Any, plays: list[stats.Play] | None, ready: dict) -> None:
        _warming.clear()
        if plays is not None and app.journal is journal:
            key = _cache_key(app, mark)
            if key == _cache_key(app, journal.finished_mark()):  # nothing changed meanwhile
                _cache.clear()
                _cache.update(ready)
                _cache.update(key=key, plays=plays)

    threading.Thread(target=work, daemon=True, name="history-figures").start()


def remembered(name: Any, compute) -> Any:
    """``compute()`` once per state of the journal (after :func:`load_plays`)."""
    if name not in _cache:
        _cache[name] = compute()
    return _cache[name]


class HistoryScreen(AppScreen):
    """Also reads the figures ahead (:func:`warm_up`) whenever Home or the scores show."""

    selected = NumericProperty(0)
    stats_text = StringProperty("")
    tab = StringProperty("games")
    game_filter = StringProperty("")          # "" = every game
    period = StringProperty("all")
    exporting = BooleanProperty(False)
    export_text = StringProperty("")

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM / END TURN: Back."""
        return self.button_action("back")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        Clock.schedule_once(lambda _dt: self._watch_screens())

    def _watch_screens(self) -> None:
        app = App.get_running_app()
        if app is not None and self.manager is not None:
            self.manager.bind(current=lambda _m, name: name in ("home", "scores") and warm_up(app))
            if self.manager.current == "home":
                warm_up(app)

    def game_choices(self) -> list[str]:
        app = App.get_running_app()
        return [app.tr("All games")] + [game_title(n) for n in available_games()]

    def choose_game(self, text: str) -> None:
        titles = {game_title(n): n for n in available_games()}
        self.game_filter = titles.get(text, "")
        self._refresh_if_shown()

    def choose_period(self, text: str) -> None:
        app = App.get_running_app()
        self.period = next((k for k, v in PERIOD_LABELS.items() if app.tr(v) == text), "all")
        self._refresh_if_shown()

    def show_tab(self, tab: str) -> None:
        self.tab = tab
        self._refresh_if_shown()

    def _refresh_if_shown(self) -> None:
        if self.manager is not None and self.manager.current == self.name:
            self.refresh()

    def refresh(self) -> None:
        app = App.get_running_app()
        if app.journal is None:
            return
        if self.selected:
            game_id, self.selected = self.selected, 0
            Clock.schedule_once(lambda _dt: app.manager.get_screen("story").open_game(game_id))
        box = self.ids.rows
        box.clear_widgets()
        try:
            everything = load_plays(app)
            plays = remembered(("select", self.game_filter, self.period),
                               lambda: stats.select(everything, self.game_filter or None, self.period))
            rows = getattr(self, f"_{self.tab}_rows")(app, plays)   # the tab's own method: _<tab>_rows
        except JournalError as exc:
            self.stats_text = app.storage_failed(exc)
            return
        for row in rows:
            box.add_widget(row)
        if self.tab == "unfinished":
            self.stats_text = app.tr(
                "Games not finished: resume one, or delete it (it is kept aside in the journal).")
        else:
            self.stats_text = summary_text(app, plays, self.game_filter, self.period)

    # -- the four lists --------------------------------------------------------
    def _games_rows(self, app, plays: list[stats.Play]) -> list[Any]:
        found = []
        for play in reversed(plays[-GAME_ROWS:]):
            button = Factory.HistoryRow(text=play_row(play, app))
            small = thumbnail_path(app.options.data_dir, play.id)
            if small.exists():          # its result picture (kept when its scores were shown)
                thumb = Factory.RowThumbnail(source=str(small))
                button.thumb_width = thumb.width + dp(8)
                button.add_widget(thumb)
            button.bind(on_release=lambda _b, gid=play.id: app.manager.get_screen("story").open_game(gid))
            found.append(button)
        return found

    def _players_rows(self, app, plays: list[stats.Play]) -> list[Any]:
        found = []
        for s in remembered(("players", self.game_filter, self.period), lambda: stats.players(plays)):
            text = app.tr("{name}: {plays} played, {wins} won ({rate}), average {average}, best {best}",
                          name=escape_markup(s.name), plays=s.plays, wins=s.wins,
                          rate=percent(s.win_rate), average=number(s.average), best=s.best)
            button = Factory.HistoryRow(text=text)
            button.bind(on_release=lambda _b, n=s.name: app.manager.get_screen("player").open_player(n))
            found.append(button)
        return found

    def _by_game_rows(self, app, plays: list[stats.Play]) -> list[Any]:
        found = []
        for g in remembered(("games", self.game_filter, self.period), lambda: stats.games(plays)):
            text = app.tr("{game}: {plays} played, winning score {score} on average, {minutes} min, "
                          "start player won {rate}", game=game_title(g.game),
                          plays=g.plays, score=number(g.average_winning_score),
                          minutes=minutes(g.average_duration), rate=percent(g.start_seat_win_rate))
            found.append(Factory.HistoryRow(text=text))
        return found

    def _unfinished_rows(self, app, _plays: list[stats.Play]) -> list[Any]:
        found = []
        current = app.session.game_id if app.session is not None else None
        for entry in app.journal.abandoned():
            if self.game_filter and entry.game != self.game_filter:
                continue
            row = Factory.UnfinishedRow()
            names = ", ".join(escape_markup(str(p.get("name", "?"))) for p in entry.config.get("players", [])
                              if isinstance(p, dict))
            when = local_text(entry.started, "%d.%m.%Y %H:%M")
            row.ids.label.text = f"{game_title(entry.game)} · {when} · {names}"
            if entry.status == "abandoned":   # given up by the players, not only left for a newer game
                row.ids.label.text += " · " + app.tr("abandoned")
            row.game_id = entry.id
            row.damaged = bool(entry.damage)
            row.current = entry.id == current
            found.append(row)
        return found

    # -- unfinished games ---------------------------------------------------------
    def resume(self, game_id: int) -> None:
        app = App.get_running_app()
        try:
            if app.journal.game(game_id).status == "abandoned":
                app.journal.reopen_game(game_id)
            app.resume_game(game_id)
        except CompanionError as exc:
            app.show_banner(str(exc), seconds=10, error=True)

    def ask_delete(self, game_id: int) -> None:
        app = App.get_running_app()
        popup = Factory.ConfirmPopup(title=app.tr("Delete this game?"))
        popup.ids.message.text = app.tr(
            "It leaves the lists and the figures. Nothing is erased: its moves are kept aside "
            "in the journal ('companion journal quarantine' shows them).")
        popup.ids.yes.bind(on_release=lambda _b: (popup.dismiss(), self.delete(game_id)))
        popup.open()

    def delete(self, game_id: int) -> None:
        app = App.get_running_app()
        try:
            if app.journal.game(game_id).status == "playing":
                app.journal.abandon_game(game_id)
            moved = app.journal.set_aside_game(game_id, "deleted by the players")
        except JournalError as exc:
            app.show_banner(app.storage_failed(exc), seconds=10, error=True)
            return
        log.info("game #%d deleted by the players: %d entries kept aside", game_id, moved)
        app.show_banner(app.tr(Text("The game was deleted; its {count} move is kept aside in the journal.",
                                    "The game was deleted; its {count} moves are kept aside in the journal.",
                                    count=moved)), seconds=8)
        self.refresh()

    # -- USB export -----------------------------------------------------------------
    def export_to_usb(self) -> None:
        app = App.get_running_app()
        found = find_sticks()
        sticks = found.writable
        if not sticks and found.write_protected:
            self.export_text = app.tr("The USB stick {stick} is write-protected. Slide its lock switch "
                                      "off (or use another stick), plug it in again, and try again.",
                                      stick=found.write_protected[0].name)
            return
        if not sticks:
            self.export_text = app.tr("No USB stick found. Plug one in, wait a few seconds, and try again.")
            return
        folder = sticks[0] / time.strftime("table-companion-%Y%m%d-%H%M%S")
        self.exporting = True
        self.export_text = app.tr("Exporting to {stick}…", stick=sticks[0].name)
        path, data_dir = app.journal_path, app.options.data_dir
        threading.Thread(target=self._export, args=(path, data_dir, folder), daemon=True,
                         name="usb-export").start()

    def _export(self, journal_path: Path, data_dir: Path, folder: Path) -> None:
        """On its own thread, with its own read-only connection to the journal."""
        from companion.exports import export_all
        from companion.journal import Journal

        try:
            with Journal(journal_path, read_only=True) as journal:
                report = export_all(journal, folder, stats.PlayerNames.load(data_dir),
                                    progress=self._progress, data_dir=data_dir)
        except (CompanionError, OSError) as exc:
            self._export_failed(exc, folder)
            return
        self._export_done(report)

    @mainthread
    def _progress(self, done: int, total: int) -> None:
        self.export_text = App.get_running_app().tr("Exporting: {done} of {total}", done=done, total=total)

    @mainthread
    def _export_done(self, report) -> None:
        app = App.get_running_app()
        self.exporting = False
        for problem in report.problems:
            log.warning("export: skipped %s", problem)
        self.export_text = app.tr(Text("Exported {count} game to {folder}.", "Exported {count} games to {folder}.",
                                       count=report.records,
                                       folder=f"{report.folder.parent.name}/{report.folder.name}"))
        if report.problems:
            self.export_text += " " + app.tr("{count} could not be read and were left out (see the log).",
                                             count=len(report.problems))
        app.show_banner(self.export_text, seconds=10, error=bool(report.problems))

    @mainthread
    def _export_failed(self, exc: BaseException, folder: Path) -> None:
        app = App.get_running_app()
        self.exporting = False
        log.error("export to %s failed: %s", folder, exc)
        if app.hardware is not None:
            app.hardware.set_fault(True)
            Clock.schedule_once(lambda _dt: app.controller.show_unsaved(), 10)  # the LED tells the saving state again
        self.export_text = app.tr("The export failed: {reason}. Check that the stick is not full or "
                                  "write-protected, then try again.", reason=str(exc))
        app.show_banner(self.export_text, seconds=12, error=True)


def play_row(play: stats.Play, app: Any = None) -> str:
    """One finished game: its title, date, names with scores, winners starred (and the
    running total when it is a game of a match)."""
    when = local_text(play.finished, "%d.%m.%Y")
    parts = [f"{WINNER_MARK if seat in play.winners else ''}{escape_markup(name)} {play.totals[seat]}"
             for seat, name in enumerate(play.names)]
    row = f"{game_title(play.game)} · {when} · " + ", ".join(parts)
    if play.match is None or app is None:
        return row
    return row + " · " + app.tr("game {number} of {games}, total so far: {totals}", number=play.match.number,
                                games=play.match.games, totals=", ".join(map(str, play.match.running)))


def summary_text(app, plays: list[stats.Play], game: str, period: str) -> str:
    if not plays:
        return app.tr("No finished games yet. They appear here when a game ends.")
    best = remembered(("most_wins", game, period), lambda: stats.most_wins(plays))
    leaders = ", ".join(f"{escape_markup(s.name)} {s.wins}" for s in best)
    return app.tr(Text("{count} game played. Most wins: {winners}", "{count} games played. Most wins: {winners}",
                       count=len(plays), winners=leaders))
