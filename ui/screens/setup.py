"""Setup: choose the game, the players (names, seats, colours) and the rule options."""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.engine import GameConfig, Player
from companion.errors import CompanionError
from companion.games import available_games, game_title, load_game, load_manifest
from companion.golden_horn.fleets import FLEET_OPTION, choose_fleets, remembered_from
from companion.i18n import N_, Text, Translator
from companion.settings import LANGUAGES
from companion.stats import KnownPlayer, PlayerNames, known_players
from companion.record import remembered_options
from companion.signals import ErrorSignal
from ui.colours import colour_key, ink_on, rgba, seat_rgb
from ui.games import game_ui
from ui.screens import load_kv
from ui.screens.setup_draft import SetupDraft

load_kv(__file__)
log = logging.getLogger(__name__)

SEAT_COLOURS = (N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("black"), N_("white"),
                N_("purple"), N_("orange"))
CHOICE_WORDS = (N_("yes"), N_("no"))
#: a known player already seated (their chip greyed)
SEATED_RGB = (0.25, 0.28, 0.32)


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
    mapped_board = BooleanProperty(False)   # Caravelas: a board was just exported from the mapper
    fleets = ObjectProperty(None, allownone=True)   # Golden Horn: the FleetBlock
    #: what was entered, kept until Start or Cancel (going Home, the board mapper: kept)
    draft = ObjectProperty(None, allownone=True)

    def refresh(self) -> None:
        self.error = ""
        if self.draft is None:
            self.draft = SetupDraft(SEAT_COLOURS)
        self._known = self._known_players()
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
        self.rebuild()
        app.clear_banner()

    def set_count(self, text: str) -> None:
        if text.isdigit() and self.game is not None and int(text) != self.player_count:
            self.player_count = int(text)
            self.rebuild()

    # -- players: names, colours, known players ------------------------------
    def default_name(self, seat: int) -> str:
        return App.get_running_app().tr("Player {n}", n=seat + 1)

    def _rows(self) -> list[Any]:
        return sorted(self.ids.players.children, key=lambda r: r.seat)

    def _show_players(self) -> None:
        """The rows as the draft says, in the language of the moment."""
        app = App.get_running_app()
        players = self.ids.players
        if len(players.children) != self.player_count:
            players.clear_widgets()
            for seat in range(self.player_count):
                row = Factory.PlayerRow()
                row.seat = seat
                row.ids.name.bind(text=lambda field, text, s=seat: self.name_typed(s, text))
                row.ids.colour.bind(on_release=lambda _b, s=seat: self.open_colours(s))
                players.add_widget(row)
        colours = self.draft.colours(self.player_count)
        for row in self._rows():
            name = self.draft.seat(row.seat).name or self.default_name(row.seat)
            if row.ids.name.text != name:
                row.ids.name.text = name
            colour = colours[row.seat]
            back = seat_rgb(colour, row.seat)
            row.ids.colour.text = app.tr(colour)
            row.ids.colour.background_color = rgba(back)
            row.ids.colour.color = rgba(ink_on(back))
            row.colour_key = colour
        self._show_known()
        self._show_fleets()

    def name_typed(self, seat: int, text: str) -> None:
        """A name field changed: kept in the draft (the default name is kept as "default",
        so it follows the language)."""
        if self.draft is None or seat >= self.player_count:
            return
        self.draft.seat(seat).name = "" if text.strip() == self.default_name(seat) else text
        self._show_known()

    def open_colours(self, seat: int) -> None:
        """The row of swatches, each with its name (and who has it now) for ``seat``."""
        app = App.get_running_app()
        picker = Factory.ColourPicker()
        names = self._player_names()
        picker.ids.title.text = names[seat] if seat < len(names) else ""
        colours = self.draft.colours(self.player_count)
        for colour in SEAT_COLOURS:
            back = seat_rgb(colour)
            swatch = Factory.ColourSwatch(background_color=rgba(back), color=rgba(ink_on(back)))
            swatch.colour, swatch.chosen = colour, colours[seat] == colour
            holder = colours.index(colour) if colour in colours else None
            label = app.tr(colour)
            if holder is not None and holder != seat:
                label += "\n[size=12sp]" + _markup_safe(names[holder]) + "[/size]"
            swatch.text = label
            swatch.bind(on_release=lambda b, p=picker: (self.choose_colour(seat, b.colour), p.dismiss()))
            picker.ids.swatches.add_widget(swatch)
        self._picker = picker
        picker.open()

    def choose_colour(self, seat: int, colour: str) -> None:
        self.draft.choose_colour(seat, colour, self.player_count)
        self._show_players()

    def _known_players(self) -> list[KnownPlayer]:
        """People from History, most recent first (default names such as "Player 2"
        in any language left out); none when History cannot be read."""
        app = App.get_running_app()
        if app.journal is None:
            return []
        defaults = {Translator(lang)("Player {n}", n=n).casefold() for lang in LANGUAGES for n in range(1, 9)}
        try:
            names = PlayerNames.load(app.options.data_dir)
            return known_players(app.journal.played(), names, leave_out=lambda n: n.casefold() in defaults)
        except (CompanionError, OSError, ValueError) as exc:   # History says why; setup still works
            log.warning("known players not offered: %s", exc)
            return []

    def _show_known(self) -> None:
        box = self.ids.known
        known = getattr(self, "_known", [])
        if len(box.children) != len(known) or [c.person for c in reversed(box.children)] != \
                [k.name for k in known]:
            box.clear_widgets()
            for person in known:
                chip = Factory.KnownPlayer(text=person.name)
                chip.person = person.name
                chip.bind(on_release=lambda b, k=person: self.take_known(k))
                box.add_widget(chip)
        usual = {k.name: k.colour for k in known}
        for chip in box.children:
            chip.seated = self.draft.seat_of(chip.person, self.player_count) is not None
            # free: in their usual colour; seated: greyed (a tap frees the seat)
            back = SEATED_RGB if chip.seated or not colour_key(usual.get(chip.person)) \
                else seat_rgb(usual[chip.person])
            chip.background_color, chip.color = rgba(back), rgba(ink_on(back))

    def take_known(self, person: KnownPlayer) -> None:
        """A known player's chip: seat them (in their usual colour) at the first seat still
        called "Player n" (a new seat when all are named), or free their seat."""
        app = App.get_running_app()
        seated = self.draft.seat_of(person.name, self.player_count)
        if seated is not None:
            self.draft.leave(seated)
        else:
            seat, count = self.draft.take(person.name, colour_key(person.colour) or "", self.player_count,
                                          self.game.max_players if self.game else self.player_count)
            if seat is None:
                self.error = app.tr("Every seat is taken: tap a name above to free a seat.")
                return
            if count != self.player_count:
                self.error = ""
                self.player_count = count
                self.ids.count.text = str(count)   # set_count sees no change
                self.rebuild()                     # a new seat: the options of that size too
                return
        self.error = ""
        self._show_players()

    def rebuild(self) -> None:
        app = App.get_running_app()
        self.fleets = None
        self.ids.players.clear_widgets()
        self._show_players()
        options = self.ids.options
        options.clear_widgets()
        self._option_rows = []
        remembered = self._remembered_copy(app)
        notice = load_manifest(self.game.name).setup_notice
        if notice:      # what the players must know before playing (e.g. sample card layouts)
            options.add_widget(Factory.SetupNotice(text=app.tr(notice)))
        self.fleets = None
        for option in self.game.options:
            if not option.on_setup:   # filled in by the companion
                continue
            if option.name == FLEET_OPTION:   # Golden Horn's sails: by pickers, per player
                self.fleets = self._fleet_block(app, option)   # first: the copy's own ships
                options.add_widget(self.fleets, index=len(options.children) - (1 if notice else 0))
                self._show_fleets()
                continue
            row = Factory.OptionRow() if option.choices else Factory.TextOptionRow()
            row.ids.label.text = app.tr(option.label)
            entered = self.draft.options.get((self.game_name, option.name))
            if option.choices:
                row.ids.choice.values = [app.tr(option.label_for(v)) for v in option.choices]
                value = entered if entered in [str(v) for v in option.choices] else option.default
                value = next((v for v in option.choices if str(v) == str(value)), option.default)
                row.ids.choice.text = app.tr(option.label_for(value))
            else:   # data about the players' copy (tiles, fleets): what the last such game used
                value = entered if entered is not None else remembered.get(option.name, option.default)
                row.ids.choice.text = "" if value is None else str(value)
                if option.name in self.camera_options():
                    row.camera_text = app.tr("Read from the camera")
                    row.ids.camera.bind(on_release=lambda _b, o=option, r=row: self.read_from_camera(o, r))
                elif (self.game_name, option.name) == ("caravelas", "board.file"):
                    self._caravelas_board_row(app, row)
            row.ids.help.text = app.tr(option.help) if option.help else ""
            options.add_widget(row)
            self._option_rows.append((option, row))
            row.ids.choice.bind(text=lambda _w, text, o=option: self._option_entered(o, text))

    def _option_entered(self, option: Any, text: str) -> None:
        """An option changed: kept in the draft as its value (a choice: the value whose
        label is shown, so it reads the same after a language switch)."""
        if self.draft is None:
            return
        if option.choices:
            app = App.get_running_app()
            back = {app.tr(option.label_for(v)): v for v in option.choices}
            if text not in back:
                return
            value = str(back[text])
        else:
            value = text
        self.draft.options[(self.game_name, option.name)] = value

    def _caravelas_board_row(self, app: Any, row: Any) -> None:
        """Caravelas: "Map your board" opens the board mapper; the board last exported
        there is this copy's board file from then on (kept for the next game)."""
        from ui.screens.board_mapper import BoardMapperScreen, mapper_dir

        exported = mapper_dir(app) / "my-board.json"
        if exported.exists() and (self.mapped_board or not row.ids.choice.text.strip()):
            row.ids.choice.text = str(exported)
            self.mapped_board = False    # taken: what is typed over it from now on is kept
        row.camera_text = app.tr("Map your board")

        def open_mapper(_button: Any) -> None:
            if not app.manager.has_screen("board_mapper"):
                app.manager.add_widget(BoardMapperScreen(name="board_mapper"))
            mapper = app.manager.get_screen("board_mapper")
            mapper.on_export = lambda _path: setattr(self, "mapped_board", True)
            app.goto("board_mapper")
        row.ids.camera.bind(on_release=open_mapper)

    # -- Golden Horn's fleets (ui/screens/setup_fleets.py) ---------------------
    def _fleet_block(self, app: Any, option: Any) -> Any:
        from ui.screens.setup_fleets import FleetBlock

        block = FleetBlock(app.tr(option.label), app.tr(option.help) if option.help else "")
        for row in self.ids.players.children:   # a player's name changed: look again
            row.ids.name.bind(text=lambda *_: block.rename(self._player_names()))
        return block   # a colour changed: _show_players() shows the fleets again

    def _player_names(self) -> list[str]:
        return [(self.draft.seat(s).name.strip() or self.default_name(s)) for s in range(self.player_count)]

    def _show_fleets(self) -> None:
        """The fleets remembered for the players' colours (newest game of this size
        first, then the other sizes), with a warning when they were entered for other seats."""
        app = App.get_running_app()
        if self.fleets is None or self.draft is None:
            return
        colours = self.draft.colours(self.player_count)
        sizes = [self.player_count] + [n for n in range(self.game.min_players, self.game.max_players + 1)
                                       if n != self.player_count]
        remembered = []
        for size in sizes if app.journal is not None else ():
            try:
                remembered.append(remembered_from(app.journal.latest_config(self.game_name, size)))
            except (CompanionError, ValueError, RecursionError) as exc:   # shown by _remembered_copy
                log.warning("remembered fleets of %s-player games ignored: %s", size, exc)
        self.fleets.show(self._player_names(), choose_fleets(colours, remembered))

    def _warn_sample_fleets(self, app: Any) -> None:
        """After Start: the players who play with the sample sails are named (the table
        always wins: a warning, never a stop)."""
        seats = self.fleets.sample_seats if self.fleets is not None else []
        if seats:
            names = [self._player_names()[s] for s in seats]
            app.show_banner(app.tr(Text("{names}: the sample sails are used, not your ships' sails; "
                                        "enter the real ones in setup before the next game.",
                                        names=", ".join(names))), seconds=10)

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
        colours = self.draft.colours(self.player_count)   # palette keys, never their labels
        players = tuple(Player(seat, name, colours[seat]) for seat, name in enumerate(self._player_names()))
        options = []
        if self.fleets is not None and self.fleets.value():
            options.append((FLEET_OPTION, self.fleets.value()))
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
        self._warn_sample_fleets(app)
        self.draft = None    # started: the next game is set up afresh

    def cancel(self) -> None:
        """Cancel: what was entered is forgotten; Home."""
        self.draft = None
        self.error = ""
        App.get_running_app().goto("home")


def _markup_safe(text: str) -> str:
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
