"""Settings → Turn countdown: each game's own countdown (off, 30 s … 5 min), one row a game.

The choice is kept by the Settings screen and saved with its Save, like its other fields
(companion.settings: ``turn_countdowns``)."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup
from kivy.uix.scrollview import ScrollView
from kivy.uix.spinner import Spinner
from kivy.uix.widget import Widget

from companion.games import game_title
from companion.settings import COUNTDOWNS
from ui.widgets.popup_buttons import cancel_and_ok


def countdown_words(app: Any, seconds: int) -> str:
    """A turn countdown as Settings offers it: "Off", "30 s", "90 s", "2 min"."""
    if seconds <= 0:
        return app.tr("Off")
    if seconds >= 120 and seconds % 60 == 0:
        return app.tr("{minutes} min", minutes=seconds // 60)
    return app.tr("{seconds} s", seconds=seconds)


def countdowns_summary(app: Any, chosen: Mapping[str, int]) -> str:
    """The games' countdowns in a few words: "Off" (every game), "60 s" (every game the
    same), else "Golden Horn 60 s, Caravelas 2 min" (the games that have one)."""
    values = set(chosen.values())
    if len(values) <= 1:
        return countdown_words(app, next(iter(values), 0))
    return ", ".join(f"{game_title(game)} {countdown_words(app, seconds)}"
                     for game, seconds in chosen.items() if seconds > 0)


def seconds_of(app: Any, words: str, known: int) -> int:
    """The seconds of ``words`` as :func:`countdown_words` says them (``known``: the value
    the spinner started from, which may be one Settings does not offer)."""
    for seconds in (*COUNTDOWNS, known):
        if countdown_words(app, seconds) == words:
            return seconds
    return known


def open_countdown_popup(app: Any, chosen: Mapping[str, int], done: Callable[[dict[str, int]], None]) -> Popup:
    """A row per game: its name and a choice of countdowns; Done hands the choice to ``done``."""
    grid = GridLayout(cols=2, spacing=dp(6), row_default_height=dp(52), row_force_default=True,
                      size_hint_y=None)   # in a scroll view: more games than the screen's height still reach
    grid.bind(minimum_height=grid.setter("height"))
    spinners: dict[str, tuple[Spinner, int]] = {}
    for game, seconds in chosen.items():
        label = Label(text=game_title(game), font_size="16sp", halign="left", valign="middle")
        label.bind(size=lambda w, size: setattr(w, "text_size", size))
        grid.add_widget(label)
        spinner = Spinner(text=countdown_words(app, seconds), font_size="16sp",
                          values=[countdown_words(app, n) for n in dict.fromkeys((*COUNTDOWNS, seconds))])
        spinner.test_id = f"countdown_{game}"
        grid.add_widget(spinner)
        spinners[game] = (spinner, seconds)
    note = Label(text=app.tr("The seat's light hurries in the last 10 s and the buzzer sounds once; "
                             "the turn ends only when the table ends it."),
                 font_size="15sp", size_hint_y=None, height=dp(48), color=(0.8, 0.84, 0.9, 1))
    note.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
    body = BoxLayout(orientation="vertical", spacing=dp(6), padding=dp(4))
    rows = ScrollView(do_scroll_x=False, size_hint_y=None, scroll_timeout=2000)
    rows.add_widget(grid)
    body.add_widget(rows)
    body.add_widget(note)
    body.add_widget(Widget())

    def fit(*_args: Any) -> None:   # as tall as its rows, at most what the popup leaves them
        room = body.height - note.height - dp(56) - 4 * dp(6) - 2 * dp(4)
        rows.height = max(dp(52), min(grid.height, room))

    grid.bind(height=fit)
    body.bind(height=fit)
    popup = Popup(title=app.tr("Turn countdown"), title_size="19sp", content=body, size_hint=(0.94, 0.94),
                  auto_dismiss=False)
    popup.test_id = "countdown_popup"

    def finish(*_args: Any) -> None:
        done({game: seconds_of(app, spinner.text, known) for game, (spinner, known) in spinners.items()})
        popup.dismiss()

    body.add_widget(cancel_and_ok(app, popup, "Done", finish, "countdown"))
    popup.open()
    return popup
