"""The generic table view: every legal action as a button.

It works for any engine, so a game is playable by touch before its own
table view exists, and it is the fallback the table screen uses then.
"""
from __future__ import annotations

from kivy.factory import Factory
from kivy.uix.boxlayout import BoxLayout

from companion.engine import TABLE
from ui.games.kit import TableKit

MAX_BUTTONS = 60


class GenericView(TableKit, BoxLayout):
    """Reads the engine's legal actions (no view model: any engine works)."""

    def refresh(self) -> None:
        app = self.app
        session = self.session
        grid = self.ids.actions
        grid.clear_widgets()
        if session.is_over:
            return
        seats = session.to_act
        actions = []
        for seat in seats:
            actions.extend(session.game.legal_actions(session.state, None if seat == TABLE else seat))
        if session.table_to_act:
            button = Factory.ChoiceButton(text=app.tr("Random draw (simulated table)"))
            button.bind(on_release=self.random_chance)
            grid.add_widget(button)
        for action in actions[:MAX_BUTTONS]:
            button = Factory.ChoiceButton(text=app.say(action.text()))
            button.bind(on_release=lambda _b, a=action: self.submit(a))
            grid.add_widget(button)

    def on_signal(self, signal) -> None:
        pass
