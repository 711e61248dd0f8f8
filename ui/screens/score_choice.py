"""Coloretto on the scores screen: a player picks their own three positive colours
(the companion's optimum stays the default, AMB-C5); the column then says how many
points the choice gives away.  The jokers keep the colours the optimum gave them."""
from __future__ import annotations

from typing import Any, Callable

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.popup import Popup

from companion.coloretto.actions import ChooseScoring
from companion.engine import CompanionError
from ui.screens import load_kv

load_kv(__file__)


def supports_choice(player: dict[str, Any]) -> bool:
    """Whether a game's player summary offers the players' own scoring choice."""
    return isinstance(player, dict) and "points_given_away" in player


class ScoringChoicePopup(Popup):
    """Toggle the held colours; Apply with as many as the rules ask, or Best."""

    def __init__(self, session, seat: int, done: Callable[[], None], **kw: Any):
        super().__init__(**kw)
        self.session, self.seat, self.done = session, seat, done
        app = App.get_running_app()
        player = session.summary()["players"][seat]
        self.title = app.tr("{name}: positive colours", name=player["name"])
        self.jokers = tuple(c or "" for c in player["joker_colours"])
        held = list(player["colours"]) + [c for c in self.jokers if c and c not in player["colours"]]
        for colour in held:
            button = Factory.ColourToggle(text=app.tr(colour))
            button.colour = colour
            button.state = "down" if colour in player["positive_colours"] else "normal"
            self.ids.colours.add_widget(button)

    def chosen(self) -> tuple[str, ...]:
        return tuple(b.colour for b in self.ids.colours.children if b.state == "down")

    def apply(self, best: bool = False) -> None:
        action = ChooseScoring(self.seat) if best else ChooseScoring(self.seat, self.jokers, self.chosen())
        try:
            self.session.submit(action)
        except CompanionError:
            return  # the session showed why (banner, status LED, log); the popup stays open
        self.dismiss()
        self.done()
