"""Editors of setup options: what stands in the setup screen's options column for one
option.  The setup screen makes a generic row for each option (a choice, or a text);
a game puts its own editor in place of one (``GameUi.option_editors``): Golden Horn's
sail pickers, Caravelas's board file with its mapper, a text the camera can read.

An editor is built anew each time the setup screen shows the game's options, with the
option and the setup form (:class:`SetupForm`, the setup screen itself).
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable, Protocol

from kivy.app import App
from kivy.clock import Clock

from companion.engine import Option
from companion.errors import CompanionError
from companion.messages import N_, Text

log = logging.getLogger(__name__)


class SetupForm(Protocol):
    """What the setup screen offers an editor."""

    game: Any              # the game's engine (its options, its player counts)
    game_name: str
    player_count: int

    def player_names(self) -> list[str]:
        """The name of each seat, as shown (typed, chosen, or "Player n")."""

    def seat_colours(self) -> list[str]:
        """The colour of each seat (palette keys)."""

    def shown_text(self, option: Option) -> str:
        """A text option's value as the generic row would show it: what was entered
        since setup began, else what the last game of this size used, else the default."""

    def text_row(self, option: Option, text: str) -> Any:
        """The generic text row of ``option`` (label, text field, an optional button, help)
        showing ``text``; what is typed in it from then on is kept until Start or Cancel."""

    def keep_value(self, option: Option, text: str) -> None:
        """Keep ``text`` as what was entered for ``option`` until Start or Cancel (an
        editor's own pickers)."""

    def show_error(self, text: str) -> None:
        """Show ``text`` where the setup screen shows what keeps the game from starting
        ("" clears it)."""


class OptionEditor:
    """An option's editor: its widget, and its value at Start."""

    #: stands first in the options column (the copy's own pieces before the rules)
    first = False

    def __init__(self, widget: Any):
        self.widget = widget

    def value(self) -> Any:
        """The option's value for the config; None leaves it out (the game's default)."""
        return None

    def seats_changed(self) -> None:
        """The seats' colours or players changed (the form's names and colours are new)."""

    def names_changed(self) -> None:
        """A player's name was typed."""

    def started(self) -> None:
        """The game started with this editor's value: what the players must know now."""


class TextRowEditor(OptionEditor):
    """The generic text row (what a game's editor of a text option builds on)."""

    def __init__(self, option: Option, form: SetupForm, text: str | None = None):
        self.option, self.form = option, form
        super().__init__(form.text_row(option, form.shown_text(option) if text is None else text))

    @property
    def row(self) -> Any:
        return self.widget

    def value(self) -> Any:
        text = self.row.ids.choice.text.strip()
        return text or None


#: reads a text option from the camera: (players, settings) -> text;
#: raises CompanionError with what is wrong on the table
CameraReader = Callable[[int, Any], str]


class CameraTextEditor(TextRowEditor):
    """A text option the camera can fill: "Read from the camera" reads it off the UI
    thread; what is wrong on the table is shown, and the text stays to be typed."""

    def __init__(self, option: Option, form: SetupForm, reader: CameraReader):
        super().__init__(option, form)
        self.reader = reader
        app = App.get_running_app()
        self.row.camera_text = app.tr("Read from the camera")
        self.row.ids.camera.bind(on_release=lambda _b: self.read())

    def read(self) -> None:
        app = App.get_running_app()
        row, players = self.row, self.form.player_count
        row.ids.camera.disabled = True
        row.ids.help.text = app.tr("Reading from the camera…")

        def work() -> None:
            value, error = None, None
            try:
                value = self.reader(players, app.settings)
            except CompanionError as exc:
                error = exc
            except Exception as exc:  # a camera failure must not take the setup screen down
                log.exception("reading %s from the camera failed", self.option.name)
                error = CompanionError(N_("Camera unavailable: type the colours."))
                error.__cause__ = exc
            Clock.schedule_once(lambda _dt: self._done(value, error))

        threading.Thread(target=work, name="setup-camera", daemon=True).start()

    def _done(self, value: str | None, error: CompanionError | None) -> None:
        app = App.get_running_app()
        row, option = self.row, self.option
        row.ids.camera.disabled = False
        if error is not None:
            row.ids.help.text = app.tr(option.help) if option.help else ""
            self.form.show_error(error_text(app, error))
            return
        row.ids.choice.text = value
        row.ids.help.text = app.tr("Read by the camera: {value}", value=value)
        self.form.show_error("")


def camera_text(reader: CameraReader) -> Callable[[Option, SetupForm], OptionEditor]:
    """``GameUi.option_editors`` entry for a text option ``reader`` reads from the camera."""
    return lambda option, form: CameraTextEditor(option, form, reader)


def error_text(app: Any, exc: CompanionError) -> str:
    """A refusal in the player's language, whether it carries a Text or a plain message."""
    message = exc.args[0] if exc.args else ""
    return app.say(message) if isinstance(message, Text) else app.tr(str(exc))
