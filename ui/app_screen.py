"""What every screen offers the app, so the app never has to ask a screen what it can do."""
from __future__ import annotations

from kivy.uix.screenmanager import Screen


class AppScreen(Screen):
    """A screen of the app: filled by ``refresh`` before it shows; offered the GPIO
    panel's presses first while it shows."""

    def refresh(self) -> None:
        """Fill the screen from the app's state (it is about to show); nothing by default."""

    def on_panel_press(self, button: str) -> bool:
        """A panel button ("end_turn", "confirm", "undo") pressed while this screen shows:
        True when the screen took it (otherwise the game at the table gets it)."""
        return False
