"""Setup: choose the game, the players (names, seats, colours) and the rule options."""
from __future__ import annotations

import importlib
import importlib.util

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.engine import CompanionError, GameConfig, Player
from companion.games import GAME_TITLES, available_games, load_game
from companion.i18n import N_
from ui.screens import load_kv

load_kv(__file__)

SEAT_COLOURS = (N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("black"), N_("white"),
                N_("purple"), N_("orange"))
CHOICE_WORDS = (N_("yes"), N_("no"))


def prepare_config(config: GameConfig, app) -> GameConfig:
    """Let the game's table view add to the config (``prepare_config`` in
    ``ui/games/<game>.py``, e.g. the card catalogue the players corrected)."""
    module_name = f"ui.games.{config.game}"
    if importlib.util.find_spec(module_name) is None:
        return config
    hook = getattr(importlib.import_module(module_name), "prepare_config", None)
    return config if hook is None else hook(config, app)


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
            button = Factory.GameChoice(text=GAME_TITLES.get(name, name))
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
        for option in self.game.options:
            row = Factory.OptionRow() if option.choices else Factory.TextOptionRow()
            row.ids.label.text = app.tr(option.label)
            if option.choices:
                row.ids.choice.values = [app.tr(option.label_for(v)) for v in option.choices]
                row.ids.choice.text = app.tr(option.label_for(option.default))
            else:
                row.ids.choice.text = "" if option.default is None else str(option.default)
            row.ids.help.text = app.tr(option.help) if option.help else ""
            options.add_widget(row)
            self._option_rows.append((option, row))

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
            self.error = app.tr(str(exc))
            return
        self.error = ""
