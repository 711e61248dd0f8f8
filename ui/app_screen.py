"""What every screen offers the app, so the app never has to ask a screen what it can do."""
from __future__ import annotations

from kivy.uix.screenmanager import Screen

from ui.table_controller import MainAction


class AppScreen(Screen):
    """A screen of the app: filled by ``refresh`` before it shows; offered the GPIO
    panel's presses first while it shows."""

    def refresh(self) -> None:
        """Fill the screen from the app's state (it is about to show); nothing by default."""

    def on_panel_press(self, button: str) -> bool:
        """A panel button ("end_turn", "confirm", "undo") pressed while this screen shows:
        True when the screen took it whole (otherwise its main action, then the game at
        the table, get it)."""
        return False

    def main_action(self, button: str) -> MainAction | None:
        """What CONFIRM or END TURN (``button``) does on this screen now: its main button
        (None: the screen has none now)."""
        return None

    def button_action(self, wid: str) -> MainAction | None:
        """The screen's button ``wid`` as its main action: pressing the panel does what a
        tap on it does (None while the button is disabled or hidden)."""
        button = self.ids.get(wid)
        if button is None or button.disabled or button.opacity == 0:
            return None
        return MainAction(button.text.split("\n")[0], lambda: button.dispatch("on_release"))

    def waiting_for(self) -> str:
        """What the screen asks the players for now, in their words ("" when nothing),
        said when a panel button has nothing to do."""
        return ""
