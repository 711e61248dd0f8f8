"""Pebbles on the setup and scores screens: the pile chosen by a tap on its size, and a
mark under the seat that took the last pebble."""
from __future__ import annotations

from typing import Any, Sequence

from kivy.app import App
from kivy.factory import Factory

from companion.engine import Option
from ui.games import ScoreRow
from ui.games.editors import OptionEditor


class PileEditor(OptionEditor):
    """One toggle per pile size (the default down)."""

    def __init__(self, option: Option):
        app = App.get_running_app()
        super().__init__(Factory.PebblesPile())
        self.widget.ids.label.text = app.tr(option.label)
        for size in option.choices:
            button = Factory.PebblesPileSize(text=str(size), state="down" if size == option.default else "normal")
            button.pile = size
            button.test_id = f"pile_{size}"
            self.widget.ids.sizes.add_widget(button)

    def value(self) -> int:
        return next(b.pile for b in self.widget.ids.sizes.children if b.state == "down")


def last_pebble_row(session: Any) -> Sequence[ScoreRow]:
    winner = session.summary()["winner"]
    if winner is None:
        return ()
    app = App.get_running_app()
    marks = [Factory.PebblesMark() if seat == winner else None for seat in range(len(session.config.players))]
    return (ScoreRow(app.tr("Took the last pebble"), marks),)
