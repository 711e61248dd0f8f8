"""Setup: choose the game, the players (names, seats, colours) and the rule options."""
from __future__ import annotations

import logging
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from ui.app_screen import AppScreen
from ui.table_controller import MainAction

from companion.engine import GameConfig, Option, Player
from companion.errors import CompanionError
from companion.games import available_games, game_title, load_game, load_manifest
from companion.match import GAMES_OPTION as MATCH_GAMES, OPTION as MATCH_SO_FAR, Match
from companion.i18n import Translator
from companion.messages import N_, Text
from companion.settings import LANGUAGES
from companion.stats import KnownPlayer, PlayerNames, known_players
from companion.record import remembered_options
from companion.signals import ErrorSignal
from ui.colours import colour_key, ink_on, rgba, seat_rgb
from ui.widgets.colour_mark import mark_corner
from ui.games import game_ui
from ui.games.editors import OptionEditor, TextRowEditor, error_text
from ui.kv import load_kv
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


class ChoiceRowEditor(OptionEditor):
    """The generic row of an option with choices: a spinner of their labels."""

    def __init__(self, option: Option, row: Any):
        super().__init__(row)
        self.option = option

    def value(self) -> Any:
        app = App.get_running_app()
        back = {app.tr(self.option.label_for(v)): v for v in self.option.choices}
        return back.get(self.widget.ids.choice.text, self.option.default)


class SetupScreen(AppScreen):
    game_name = StringProperty("")
    player_count = NumericProperty(0)
    error = StringProperty("")
    game = ObjectProperty(None, allownone=True)
    #: what was entered, kept until Start or Cancel (going Home, the board mapper: kept)
    draft = ObjectProperty(None, allownone=True)
    #: each option shown and its editor (rebuilt with the game's options)
    _editors: list[tuple[Option, OptionEditor]] = []
    #: what the last game of this size used for the copy's text options
    _remembered: dict[str, str] = {}
    #: people from History (read again on every refresh)
    _known: list[KnownPlayer] = []
    #: the next game of a match being set up: its config and the match so far (None: a game
    #: of its own); kept until Start or Cancel, like the draft
    match_next = ObjectProperty(None, allownone=True)
    #: the offer of the venue's seating for a tournament round, in words ("": none)
    seating_text = StringProperty("")
    _seating_bound = False

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM / END TURN: Start (what is missing is said as a tap would)."""
        return self.button_action("start")

    def continue_match(self, config: GameConfig, match: Match) -> None:
        """Set up the next game of ``match``: its seats, names, colours and options filled
        in from ``config``, and the totals so far shown above the options."""
        draft = SetupDraft(SEAT_COLOURS)
        for player in config.players:
            seat = draft.seat(player.seat)
            seat.name, seat.colour = player.name, player.colour
        for name, value in config.options:
            draft.options[(config.game, name)] = str(value)
        self.draft = draft
        self.match_next = (config, match)
        self.player_count = config.player_count
        self.game_name = config.game
        self.game = None   # refresh() chooses it again with the match's seats

    def _match_applies(self) -> bool:
        """The game and the number of seats on the form are those of the match."""
        if self.match_next is None:
            return False
        config, _match = self.match_next
        return self.game_name == config.game and self.player_count == config.player_count

    def match_summary(self) -> str:
        """Game k of N and each player's total so far, by name (empty when not a match)."""
        if not self._match_applies():
            return ""
        app = App.get_running_app()
        config, match = self.match_next
        # a name and its total on one line (a no-break space between them)
        totals = "   ".join(f"{player.name}:\u00a0{total}" for player, total in zip(config.players, match.running))
        return app.tr("Game {number} of {games} of this match. Totals so far: {totals}",
                      number=match.number + 1, games=match.games, totals=totals)

    def refresh(self) -> None:
        self.error = ""
        if not self._seating_bound:
            App.get_running_app().bind(venue_seating=lambda *_a: self._show_seating())
            self._seating_bound = True
        self._show_seating()
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
        elif self.game is None and self.game_name:   # the next game of a match
            self.choose_game(self.game_name)
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

    # -- the venue's seating for a tournament round -----------------------------
    def _seating(self) -> tuple[int, list[str], str] | None:
        """(round, players in seat order, game or "") the hub assigned this table, when any."""
        seating = App.get_running_app().venue_seating
        if not isinstance(seating, dict):
            return None
        players, game, number = seating.get("players"), seating.get("game"), seating.get("round")
        if not isinstance(players, list) or not players or not all(isinstance(p, str) and p for p in players):
            return None
        return (number if isinstance(number, int) else 0, list(players),
                game if isinstance(game, str) and game in available_games() else "")

    def _show_seating(self) -> None:
        found = self._seating()
        if found is None:
            self.seating_text = ""
            return
        number, players, game = found
        app = App.get_running_app()
        self.seating_text = app.tr(Text("Round {round}: seat as the organiser assigned ({names})", round=number,
                                        names=", ".join(players))) if not game else \
            app.tr(Text("Round {round}: {game}, seated as the organiser assigned ({names})", round=number,
                        game=game_title(game), names=", ".join(players)))

    def take_seating(self) -> None:
        """One tap: the game (when the round names one), the number of seats and each seat's
        player as the hub assigned them; colours and options as they were.  Anything can be
        changed afterwards: the table has the last word."""
        found = self._seating()
        if found is None:
            return
        app = App.get_running_app()
        _number, players, game = found
        if game and game != self.game_name:
            self.choose_game(game)
        if self.game is None:
            return
        low, high = self.game.min_players, self.game.max_players
        if not low <= len(players) <= high:
            self.error = app.tr(Text("{game}: players from {low} to {high}; seats the organiser assigned here: "
                                     "{count}. Seat the players by hand.", game=game_title(self.game_name), low=low,
                                     high=high, count=len(players)))
            return
        for seat, name in enumerate(players):
            self.draft.seat(seat).name = name
        self.error = ""
        if len(players) != self.player_count:
            self.player_count = len(players)
            self.ids.count.text = str(self.player_count)   # set_count sees no change
            self.rebuild()                                  # the options of that size too
        else:
            self._show_players()

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
            mark_corner(row.ids.colour.__self__, colour_key(colour), ink_on(back))
            row.colour_key = colour
        self._show_known()
        for _option, editor in self._editors:
            editor.seats_changed()

    def name_typed(self, seat: int, text: str) -> None:
        """A name field changed: kept in the draft (the default name is kept as "default",
        so it follows the language)."""
        if self.draft is None or seat >= self.player_count:
            return
        self.draft.seat(seat).name = "" if text.strip() == self.default_name(seat) else text
        self._show_known()
        for _option, editor in self._editors:
            editor.names_changed()

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
            mark_corner(swatch, colour, ink_on(back), size_sp=18)
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
        known = self._known
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
            mark_corner(chip, None if chip.seated else colour_key(usual.get(chip.person)), ink_on(back), size_sp=12)

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
        self._editors = []
        self.ids.players.clear_widgets()
        self._show_players()
        options = self.ids.options
        options.clear_widgets()
        self._remembered = self._remembered_copy(app)
        notice = load_manifest(self.game.name).setup_notice
        if notice:      # what the players must know before playing (e.g. sample card layouts)
            options.add_widget(Factory.SetupNotice(text=app.tr(notice)))
        summary = self.match_summary()
        if summary:     # the next game of a match: where each player stands
            options.add_widget(Factory.MatchSummary(text=summary), index=len(options.children))
        editors = game_ui(self.game_name).option_editors
        folds: dict[str, Any] = {}
        for option in self.game.options:
            if not option.on_setup:   # filled in by the companion
                continue
            make = editors.get(option.name)
            if make is not None:      # the game's own editor (sail pickers, a board file, the camera)
                editor = make(option, self)
            elif option.choices:
                editor = ChoiceRowEditor(option, self._choice_row(app, option))
            else:   # data about the players' copy (tiles, fleets): what the last such game used
                editor = TextRowEditor(option, self)
            if option.group:          # behind one tap, with the others of its group
                fold = folds.get(option.group)
                if fold is None:
                    fold = folds[option.group] = self._fold(app, option.group)
                    options.add_widget(fold)
                fold.rows.append(editor.widget)
            elif editor.first:        # the copy's own pieces, before the rules
                options.add_widget(editor.widget,
                                   index=len(options.children) - (1 if notice else 0) - (1 if summary else 0))
            else:
                options.add_widget(editor.widget)
            self._editors.append((option, editor))
        for fold in folds.values():
            self._show_fold(fold)
        for _option, editor in self._editors:
            editor.seats_changed()

    def _fold(self, app: Any, group: str) -> Any:
        """The options of ``group`` behind one button (open as it was left until Start or Cancel)."""
        fold = Factory.OptionFold()
        fold.group, fold.rows = group, []
        fold.ids.toggle.bind(on_release=lambda _b: self.toggle_fold(fold))
        return fold

    def toggle_fold(self, fold: Any) -> None:
        key = (self.game_name, fold.group)
        opened = self.draft.open_groups
        opened.discard(key) if key in opened else opened.add(key)
        self._show_fold(fold)

    def _show_fold(self, fold: Any) -> None:
        app = App.get_running_app()
        is_open = (self.game_name, fold.group) in self.draft.open_groups
        fold.ids.toggle.text = app.tr(Text("{group} · {count} setting · tap to show",
                                           "{group} · {count} settings · tap to show",
                                           group=app.tr(fold.group), count=len(fold.rows))) if not is_open \
            else app.tr("{group} · tap to hide", group=app.tr(fold.group))
        box = fold.ids.rows
        box.clear_widgets()
        if is_open:
            for row in fold.rows:
                box.add_widget(row)

    @property
    def _option_rows(self) -> list[tuple[Option, Any]]:
        """Each option shown and the widget that edits it."""
        return [(option, editor.widget) for option, editor in self._editors]

    def _choice_row(self, app: Any, option: Option) -> Any:
        row = Factory.OptionRow()
        row.ids.label.text = app.tr(option.label)
        entered = self.draft.options.get((self.game_name, option.name))
        row.ids.choice.values = [app.tr(option.label_for(v)) for v in option.choices]
        value = entered if entered in [str(v) for v in option.choices] else option.default
        value = next((v for v in option.choices if str(v) == str(value)), option.default)
        row.ids.choice.text = app.tr(option.label_for(value))
        row.ids.help.text = app.tr(option.help) if option.help else ""
        row.ids.choice.bind(text=lambda _w, text, o=option: self._option_entered(o, text))
        return row

    # -- what an option's editor may ask (ui.games.editors.SetupForm) ----------
    def shown_text(self, option: Option) -> str:
        entered = self.draft.options.get((self.game_name, option.name))
        value = entered if entered is not None else self._remembered.get(option.name, option.default)
        return "" if value is None else str(value)

    def text_row(self, option: Option, text: str) -> Any:
        app = App.get_running_app()
        row = Factory.TextOptionRow()
        row.ids.label.text = app.tr(option.label)
        row.ids.choice.text = text
        row.ids.help.text = app.tr(option.help) if option.help else ""
        row.ids.choice.bind(text=lambda _w, typed, o=option: self._option_entered(o, typed))
        return row

    def player_names(self) -> list[str]:
        return self._player_names()

    def seat_colours(self) -> list[str]:
        return self.draft.colours(self.player_count)

    def show_error(self, text: str) -> None:
        self.error = text

    def keep_value(self, option: Option, text: str) -> None:
        if self.draft is not None:
            self.draft.options[(self.game_name, option.name)] = text

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

    def _player_names(self) -> list[str]:
        return [(self.draft.seat(s).name.strip() or self.default_name(s)) for s in range(self.player_count)]

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

    def config(self) -> GameConfig:
        colours = self.draft.colours(self.player_count)   # palette keys, never their labels
        players = tuple(Player(seat, name, colours[seat]) for seat, name in enumerate(self._player_names()))
        options = []
        for option, editor in self._editors:
            value = editor.value()
            if value is not None:
                options.append((option.name, value))
        if self._match_applies():   # the match goes on: its length and the earlier games' totals
            match_config, _match = self.match_next
            found = dict(options)
            found[MATCH_GAMES] = match_config.option(MATCH_GAMES)
            found[MATCH_SO_FAR] = match_config.option(MATCH_SO_FAR)
            options = list(found.items())
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
        for _option, editor in self._editors:
            editor.started()
        self.draft = None    # started: the next game is set up afresh
        self.match_next = None

    def cancel(self) -> None:
        """Cancel: what was entered is forgotten; Home."""
        self.draft = None
        self.match_next = None
        self.error = ""
        App.get_running_app().goto("home")


def _markup_safe(text: str) -> str:
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
