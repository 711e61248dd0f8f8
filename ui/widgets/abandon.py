"""Giving up a game, always asked first and always naming the game and its players:
from the table (its Home asks: keep playing, keep it for later, or abandon it), and on Home's New game while a game is unfinished
(resume it, abandon it, or keep it for later).

An abandoned game is marked so in the journal (see TableController.abandon_game):
nothing is deleted, History lists it under Unfinished as abandoned, and the
statistics, which count finished games only, leave it out.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.popup import Popup

from companion.games import game_title
from companion.messages import Text

#: the popups' buttons, in the colours of the app's other choices
RED = (0.6, 0.2, 0.18, 1)
GREEN = (0.1, 0.45, 0.28, 1)
GREY = (0.3, 0.32, 0.36, 1)


def game_words(app: Any, game: str, names: Sequence[str]) -> str:
    """"Coloretto with Ana, Bo, Cy": the game and its players, as the players know them."""
    return app.tr("{game} with {names}", game=game_title(game), names=", ".join(names))


class QuestionPopup(Popup):
    """A question to the players (leave the game? resume it?): answered by touch, so the
    panel's buttons wait while one is open (see TableApp.press)."""


def open_over_screen() -> ModalView | None:
    """What is open over the screen (a question, a correction being edited, a picker), if
    anything: the panel's buttons wait until it is answered or closed by touch."""
    from kivy.core.window import Window

    return next((w for w in Window.children if isinstance(w, ModalView)), None)


def choice_popup(title: str, message: str, choices: Sequence[tuple[str, str, Any, Callable[[], Any]]],
                 ident: str) -> Popup:
    """A popup with ``message`` and one button per choice (id, text, colour, handler),
    each closing the popup before it acts; the popup is tagged ``ident``."""
    body = BoxLayout(orientation="vertical", spacing=dp(8), padding=dp(4))
    text = Label(text=message, font_size="17sp", halign="left", valign="top")
    text.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
    body.add_widget(text)
    row = BoxLayout(size_hint_y=None, height=dp(60), spacing=dp(10))
    popup = QuestionPopup(title=title, title_size="19sp", content=body, size_hint=(0.92, None),
                  height=dp(300), auto_dismiss=False)
    popup.test_id = ident
    for wid, label, colour, handler in choices:
        button = Factory.BigButton(text=label, background_color=colour, font_size="18sp")
        button.test_id = wid
        button.bind(on_release=lambda _b, act=handler: (popup.dismiss(), act()))
        row.add_widget(button)
    body.add_widget(row)
    popup.open()
    return popup


def ask_leave_table() -> Popup:
    """The table's Home while the game is unfinished: keep playing, keep it for later
    (Home offers it again), or abandon it; the game and its players named."""
    app = App.get_running_app()
    session = app.session
    words = game_words(app, session.config.game, [p.name for p in session.config.players])
    return choice_popup(
        app.tr("Leave {game}?", game=words),
        app.tr("Kept for later, Home offers it again. Abandoned, History keeps it under "
               "Unfinished, marked abandoned (it can be resumed from there), out of the statistics."),
        [("keep_playing", app.tr("Keep playing"), GREY, lambda: None),
         ("leave_later", app.tr("Keep it for later"), GREEN, app.close_game),
         ("abandon_yes", app.tr("Abandon it"), RED, lambda: app.controller.abandon_game())],
        "leave_popup")


def ask_about_unfinished(entry: Any, new_game: Callable[[], Any], resume: Callable[[int], Any]) -> Popup:
    """Home's New game while ``entry`` (a GameEntry) is unfinished: resume it, abandon it
    (then set up the new one), or keep it for later (likewise)."""
    app = App.get_running_app()
    names = [str(p.get("name", "?")) for p in entry.config.get("players", []) if isinstance(p, dict)]
    words = game_words(app, entry.game, names)

    def abandoned() -> None:
        app.show_banner(app.tr(Text("{game} was abandoned; History keeps it under Unfinished.",
                                    game=words)), seconds=6)
        new_game()

    def abandon() -> None:   # once the mark is on disk (the journal's writer writes it)
        app.controller.abandon_game(entry.id, then=abandoned)

    return choice_popup(
        app.tr("{game} is not finished", game=words),
        app.tr("Resume it, abandon it (History keeps it, marked abandoned, out of the "
               "statistics), or keep it for later (Home offers it again)?"),
        [("unfinished_resume", app.tr("Resume it"), GREEN, lambda: resume(entry.id)),
         ("unfinished_abandon", app.tr("Abandon it"), RED, abandon),
         ("unfinished_later", app.tr("Keep it for later"), GREY, new_game)],
        "unfinished_popup")
