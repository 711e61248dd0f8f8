"""Setup: choose the game, the players (names, seats, colours) and the rule options."""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.engine import CompanionError, GameConfig, Player
from companion.games import available_games, game_title, load_game
from companion.i18n import N_, Text
from companion.record import remembered_options
from companion.signals import ErrorSignal
from ui.games import game_ui
from ui.screens import load_kv

load_kv(__file__)
log = logging.getLogger(__name__)

SEAT_COLOURS = (N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("black"), N_("white"),
                N_("purple"), N_("orange"))
CHOICE_WORDS = (N_("yes"), N_("no"))


def prepare_config(config: GameConfig, app) -> GameConfig:
    """Let the game's Kivy side add to the config (``GameUi.prepare_config``,
    e.g. the card catalogue the players corrected)."""
    hook = game_ui(config.game).prepare_config
    return config if hook is None else hook(config, app)


def error_text(app: Any, exc: CompanionError) -> str:
    """A refusal in the player's language, whether it carries a Text or a plain message."""
    message = exc.args[0] if exc.args else ""
    return app.say(message) if isinstance(message, Text) else app.tr(str(exc))


class SetupScreen(Screen):
    game_name = StringProperty("")
    player_count = NumericProperty(0)
    error = StringProperty("")
    game = ObjectProperty(None, allownone=True)

    def refresh(self) -> None:
        self.error = ""
        box = self.ids.games
        box.clear_widgets()
        games = available_games()
        for name in games:
            button = Factory.GameChoice(text=game_title(name))
            button.game_name = name
            button.state = "down" if name == self.game_name else "normal"
            button.bind(on_release=lambda b: self.choose_game(b.game_name))
            box.add_widget(button)
        if games and self.game_name not in games:
            self.choose_game(games[0])
        elif self.game is not None:
            self.rebuild()

    def choose_game(self, name: str) -> None:
        app = App.get_running_app()
        try:
            self.game = load_game(name)
        except CompanionError as exc:
            self.error = str(exc)
            return
        self.game_name = name
        for button in self.ids.games.children:
            button.state = "down" if button.game_name == name else "normal"
        low, high = self.game.min_players, self.game.max_players
        if not low <= self.player_count <= high:
            self.player_count = min(max(3, low), high)
        self.ids.count.values = [str(n) for n in range(low, high + 1)]
        self.ids.count.text = str(self.player_count)
        self._names = getattr(self, "_names", {})
        self.rebuild()
        app.clear_banner()

    def set_count(self, text: str) -> None:
        if text.isdigit() and self.game is not None and int(text) != self.player_count:
            self._remember_names()
            self.player_count = int(text)
            self.rebuild()

    def _remember_names(self) -> None:
        for row in self.ids.players.children:
            self._names[row.seat] = (row.ids.name.text, row.ids.colour.text)

    def rebuild(self) -> None:
        app = App.get_running_app()
        players = self.ids.players
        players.clear_widgets()
        for seat in range(self.player_count):
            row = Factory.PlayerRow()
            row.seat = seat
            name, colour = getattr(self, "_names", {}).get(
                seat, (app.tr("Player {n}", n=seat + 1), SEAT_COLOURS[seat]))
            row.ids.name.text = name
            row.ids.colour.values = [app.tr(c) for c in SEAT_COLOURS]
            row.ids.colour.text = app.tr(colour) if colour in SEAT_COLOURS else colour
            players.add_widget(row)
        options = self.ids.options
        options.clear_widgets()
        self._option_rows = []
        remembered = self._remembered_copy(app)
        notice = getattr(self.game, "setup_notice", "")
        if notice:      # what the players must know before playing (e.g. sample card layouts)
            options.add_widget(Factory.SetupNotice(text=app.tr(notice)))
        hidden = getattr(self.game, "hidden_options", ())   # filled in by the companion
        for option in self.game.options:
            if option.name in hidden:
                continue
            row = Factory.OptionRow() if option.choices else Factory.TextOptionRow()
            row.ids.label.text = app.tr(option.label)
            if option.choices:
                row.ids.choice.values = [app.tr(option.label_for(v)) for v in option.choices]
                row.ids.choice.text = app.tr(option.label_for(option.default))
            else:   # data about the players' copy (tiles, fleets): what the last such game used
                value = remembered.get(option.name, option.default)
                row.ids.choice.text = "" if value is None else str(value)
                if option.name in self.camera_options():
                    row.camera_text = app.tr("Read from the camera")
                    row.ids.camera.bind(on_release=lambda _b, o=option, r=row: self.read_from_camera(o, r))
            row.ids.help.text = app.tr(option.help) if option.help else ""
            options.add_widget(row)
            self._option_rows.append((option, row))

    def _remembered_copy(self, app: Any) -> dict[str, str]:
        """What the last game of this size used for the copy's text options (tiles,
        fleets); a damaged entry or value is left out with a notice (the banner is
        drawn on the next frame, after refresh() clears it), never a crash."""
        if app.journal is None or self.game is None:
            return {}
        names = [o.name for o in self.game.options if not o.choices]
        try:
            last = app.journal.latest_config(self.game_name, self.player_count)
        except (CompanionError, ValueError, RecursionError) as exc:   # a journal row that is not JSON
            remembered, problems = {}, (f"{type(exc).__name__}: {exc}",)
        else:
            remembered, problems = remembered_options(last, names)
        if problems:
            log.warning("remembered options of the last %s game ignored: %s", self.game_name, problems)
            app.show_banner(app.tr(Text("The last game's settings for this copy could not be used ({problems}); "
                                        "type them again.", problems=problems)), seconds=10)
            if app.hardware is not None:   # the status LED and the low beep too
                app.hardware.play(ErrorSignal("; ".join(problems)))
        return remembered

    def camera_options(self) -> dict[str, Callable[[int, Any, bool], str]]:
        """Options the game lets the camera fill (``GameUi.camera_options``)."""
        return dict(game_ui(self.game_name).camera_options) if self.game_name else {}

    def read_from_camera(self, option: Any, row: Any) -> None:
        """Fill a text option from the camera (e.g. Golden Horn's route tiles), off the UI thread."""
        app = App.get_running_app()
        reader = self.camera_options()[option.name]
        players = self.player_count
        row.ids.camera.disabled = True
        row.ids.help.text = app.tr("Reading from the camera…")

        def work() -> None:
            value, error = None, None
            try:
                value = reader(players, app.settings, app.simulated)
            except CompanionError as exc:
                error = exc
            except Exception as exc:  # a camera failure must not take the setup screen down
                log.exception("reading %s from the camera failed", option.name)
                error = CompanionError(N_("Camera unavailable: type the colours."))
                error.__cause__ = exc
            Clock.schedule_once(lambda _dt: self._camera_done(option, row, value, error))

        threading.Thread(target=work, name="setup-camera", daemon=True).start()

    def _camera_done(self, option: Any, row: Any, value: str | None, error: CompanionError | None) -> None:
        app = App.get_running_app()
        row.ids.camera.disabled = False
        if error is not None:
            row.ids.help.text = app.tr(option.help) if option.help else ""
            self.error = error_text(app, error)
            return
        row.ids.choice.text = value
        row.ids.help.text = app.tr("Read by the camera: {value}", value=value)
        self.error = ""

    def config(self) -> GameConfig:
        app = App.get_running_app()
        colour_back = {app.tr(c): c for c in SEAT_COLOURS}
        rows = sorted(self.ids.players.children, key=lambda r: r.seat)
        players = tuple(Player(r.seat, r.ids.name.text.strip(),
                               colour_back.get(r.ids.colour.text, r.ids.colour.text)) for r in rows)
        options = []
        for option, row in self._option_rows:
            if option.choices:
                back = {app.tr(option.label_for(v)): v for v in option.choices}
                options.append((option.name, back.get(row.ids.choice.text, option.default)))
            elif row.ids.choice.text.strip():
                options.append((option.name, row.ids.choice.text.strip()))
        return GameConfig(self.game_name, players, tuple(sorted(options)))

    def start(self) -> None:
        app = App.get_running_app()
        try:
            config = self.config()
            colours = [p.colour for p in config.players]
            if len(set(colours)) != len(colours):
                raise CompanionError(app.tr("Two players have the same colour."))
            config = prepare_config(config, app)
            app.start_game(config)
        except CompanionError as exc:
            self.error = error_text(app, exc)
            return
        self.error = ""
