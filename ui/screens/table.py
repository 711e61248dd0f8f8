"""The table screen: whose turn, the game's own view, camera proposals, undo/redo."""
from __future__ import annotations

from kivy.app import App
from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from ui.app_screen import AppScreen

from companion.engine import TABLE
from companion.games import load_manifest
from companion.signals import FinalRound, GameEnded
from ui.colours import colour_key, ink_on, rgba, seat_rgb
from ui.widgets.colour_mark import symbol_of
from ui.games import game_ui, view_for
from ui.kv import load_kv

load_kv(__file__)

#: the header's font sizes, largest first: 36 sp is 8 mm tall text on a 7" 800×480 screen
TURN_FONT_SP = (36, 32, 28, 24, 20)
NEUTRAL_RGB = (0.22, 0.25, 0.29)
#: how long the final round's announcement stays on the message strip (other news: 5 s)
FINAL_ROUND_SECONDS = 15


class TableScreen(AppScreen):
    game_title = StringProperty("")
    turn_text = StringProperty("")
    #: the acting seat's colour symbol drawn before ``turn_text`` ('' when none or off)
    turn_symbol = StringProperty("")
    proposal_text = StringProperty("")
    camera_note = StringProperty("")
    has_proposal = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    is_over = BooleanProperty(False)
    can_correct = BooleanProperty(False)
    has_rules = BooleanProperty(False)
    flash_text = StringProperty("")
    view = ObjectProperty(None, allownone=True)
    #: the header: on the acting seat's colour, in black or white, as large as fits
    turn_rgba = ListProperty([0.22, 0.25, 0.29, 1])
    turn_ink = ListProperty([1, 1, 1, 1])
    turn_font_size = NumericProperty(sp(TURN_FONT_SP[0]))

    def refresh(self) -> None:
        app = App.get_running_app()
        session = app.session
        if session is None:
            return
        if self.view is None or self.view.session is not session:
            self.ids.view_slot.clear_widgets()
            self.view = view_for(session)
            self.ids.view_slot.add_widget(self.view)
        self.game_title = session.game.title
        self.turn_text = turn_text(app, session)
        self.turn_symbol = symbol_of(turn_colour(session))
        app.can_name_colours = getattr(app.controller, "camera", None) is not None
        background = turn_rgb(session)
        self.turn_rgba, self.turn_ink = rgba(background), rgba(ink_on(background))
        self.fit_turn()
        self.can_undo, self.can_redo, self.is_over = session.can_undo, session.can_redo, session.is_over
        self.can_correct = game_ui(session.config.game).corrections is not None
        self.has_rules = load_manifest(session.config.game).quick_reference is not None
        proposal = app.controller.proposal_view()
        self.has_proposal, self.proposal_text = proposal.has_proposal, proposal.text
        self.camera_note = proposal.camera_note
        self._publish(app, proposal)
        self.view.refresh()

    def _publish(self, app, proposal) -> None:
        """What the message strip (ui/root.kv) shows for this screen."""
        app.proposal_text = proposal.text
        app.has_other_reading = proposal.has_other_reading
        app.camera_note = proposal.camera_note

    def on_enter(self, *_args) -> None:
        app = App.get_running_app()
        self._publish(app, app.controller.proposal_view())
        app.clock_tick()
        app.clock_shown = True

    def on_leave(self, *_args) -> None:
        app = App.get_running_app()
        app.proposal_text, app.has_other_reading, app.camera_note = "", False, ""
        app.clock_shown = False
        app.can_name_colours = False

    def fit_turn(self) -> None:
        """The largest header font the name fits in, on one line."""
        label = self.ids.get("turn")
        if label is None or label.width <= 0:
            return
        room = label.width - dp(16)
        for size in TURN_FONT_SP:
            core = CoreLabel(text=self.turn_text, font_size=sp(size), bold=True)
            core.refresh()
            if core.texture.size[0] <= room:
                break
        self.turn_font_size = sp(size)

    def on_signal(self, shown) -> None:
        """A signal of the game (a ``ShownSignal``: its banner text and cue resolved)."""
        app = App.get_running_app()
        if shown.text is not None:   # the final round's news stays long enough to be read
            app.show_banner(shown.text, seconds=FINAL_ROUND_SECONDS if isinstance(shown.signal, FinalRound) else 5)
        if self.view is not None:
            self.view.on_signal(shown.signal)
        if isinstance(shown.signal, GameEnded):
            app.manager.get_screen("scores").show_session(app.session)
            app.goto("scores")

    def on_panel_press(self, button: str) -> bool:
        """A panel button the game's view takes first (a path being tapped): True when taken."""
        return self.view is not None and self.view.on_panel_press(button)

    def main_action(self, button: str):
        """The game view's main button now, for CONFIRM or END TURN (the camera's
        proposal, when there is one, is confirmed before it: see TableController.press)."""
        return self.view.main_action(button) if self.view is not None else None

    def waiting_for(self) -> str:
        """The game view's prompt (what it asks for now), else whose turn it is."""
        asked = self.view.waiting_for() if self.view is not None else ""
        return asked or self.turn_text

    # -- buttons -----------------------------------------------------------
    def undo(self) -> None:
        """One player's action and the table's entries after it (the session says what)."""
        App.get_running_app().controller.undo()

    def redo(self) -> None:
        App.get_running_app().controller.redo()

    def confirm(self, choice: int = 0) -> None:
        App.get_running_app().controller.confirm(choice)

    def other_reading(self) -> None:
        """Cycle to the next reading of what the camera saw (adjust)."""
        App.get_running_app().controller.other_reading()

    def reject(self) -> None:
        """Drop the camera's proposal; the game's view hears of it (a simulated table takes
        the rejected card back, so the camera can be shown one again)."""
        App.get_running_app().controller.reject()
        if self.view is not None:
            self.view.on_rejected()

    def correct_table(self) -> None:
        """Open "correct the table": counts kept by hand, set to what lies on the table."""
        from ui.screens.correction import CorrectionPopup

        CorrectionPopup().open_for_session()

    def leave(self) -> None:
        """Home: a finished game is left at once; an unfinished one asks first, naming
        the game and its players: keep playing, keep it for later, or abandon it."""
        if self.is_over:
            App.get_running_app().close_game()
            return
        from ui.widgets.abandon import ask_leave_table

        ask_leave_table()

    def show_scores(self) -> None:
        app = App.get_running_app()
        app.manager.get_screen("scores").show_session(app.session)
        app.goto("scores")


def turn_colour(session) -> str | None:
    """The acting seat's colour (a palette key), or None when the header is neutral."""
    seats = session.to_act
    if session.is_over or len(seats) != 1 or seats[0] == TABLE:
        return None
    return colour_key(session.config.players[seats[0]].colour)


def turn_rgb(session) -> tuple[float, float, float]:
    """The header's colour: the acting seat's, or a neutral grey for the table or several seats."""
    seats = session.to_act
    if session.is_over or len(seats) != 1 or seats[0] == TABLE:
        return NEUTRAL_RGB
    player = session.config.players[seats[0]]
    return seat_rgb(player.colour, player.seat)


def turn_text(app, session) -> str:
    if session.is_over:
        return app.tr("Game over")
    own = game_ui(session.config.game).turn_text
    said = own(app, session) if own is not None else None
    if said:
        return said
    seats = session.to_act
    if seats == (TABLE,):
        return app.tr("The table: enter what was drawn or rolled")
    names = [session.config.players[s].name for s in seats]
    if len(names) == 1:
        return app.tr("{name}'s turn", name=names[0])
    return app.tr("Everyone: {names}", names=", ".join(names))
