"""Coloretto on the scores screen: a player picks their own three positive colours
(the companion's optimum stays the default, AMB-C5) and, when the table chose
"each player chooses", their own side of the scoring card (AMB-C9); the column
then says how many points the choice gives away.  The jokers keep the colours
the optimum gave them."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.popup import Popup

from companion.coloretto.actions import ChooseScoring
from companion.errors import CompanionError
from companion.messages import N_, Text
from ui.games import ScoreRow

#: the sides of the scoring card as the setup screen names them
SIDE_LABELS = {"brown": N_("Brown side"), "grey": N_("Grey side")}


def supports_choice(player: dict[str, Any]) -> bool:
    """Whether a game's player summary offers the players' own scoring choice."""
    return isinstance(player, dict) and "points_given_away" in player


class ScoringChoicePopup(Popup):
    """Toggle the held colours (and the side, when each player chooses); Apply with
    as many colours as the rules ask, or Best."""

    def __init__(self, session, seat: int, done: Callable[[], None], **kw: Any):
        super().__init__(**kw)
        self.session, self.seat, self.done = session, seat, done
        app = App.get_running_app()
        summary = session.summary()
        player = summary["players"][seat]
        self.title = app.tr("{name}: positive colours", name=player["name"])
        self.jokers = tuple(c or "" for c in player["joker_colours"])
        held = list(player["colours"]) + [c for c in self.jokers if c and c not in player["colours"]]
        for colour in held:
            button = Factory.ColourToggle(text=app.tr(colour))
            button.colour = colour
            button.state = "down" if colour in player["positive_colours"] else "normal"
            self.ids.colours.add_widget(button)
        self.sides_per_player = bool(summary.get("sides_per_player"))
        if self.sides_per_player:
            for side, label in SIDE_LABELS.items():
                button = Factory.SideToggle(text=app.tr(label), group=f"side-{seat}")
                button.side = side
                button.state = "down" if side == player.get("side") else "normal"
                self.ids.sides.add_widget(button)
        else:
            self.ids.sides.height = 0

    def chosen(self) -> tuple[str, ...]:
        return tuple(b.colour for b in self.ids.colours.children if b.state == "down")

    def chosen_side(self) -> str:
        """The side toggled down ("" when the table plays one side for everyone)."""
        return next((b.side for b in self.ids.sides.children if b.state == "down"), "")

    def apply(self, best: bool = False) -> None:
        side = self.chosen_side()
        action = (ChooseScoring(self.seat, side=side) if best
                  else ChooseScoring(self.seat, self.jokers, self.chosen(), side))
        if self.session.refuse_while_writing():
            return  # the popup stays open: Apply again once the last move shows
        try:
            self.session.submit(action)
        except CompanionError:
            return  # the session showed why (banner, status LED, log); the popup stays open
        self.dismiss()
        self.session.when_written(self.done)   # the scores again once the choice shows


def choice_rows(session: Any, again: Callable[[], None]) -> Sequence[ScoreRow]:
    """Per player, "Choose colours" below the totals and, after the lines, the points a
    choice gives away (``GameUi.score_extras``)."""
    app = App.get_running_app()
    players = session.summary().get("players")
    if not isinstance(players, list) or not players or not all(supports_choice(p) for p in players):
        return ()
    rows = []
    given = [p["points_given_away"] for p in players]
    if any(given):
        rows.append(ScoreRow("", [Factory.ScoreWarning(text=app.tr(Text(
            "Own colours: {count} point fewer than the best colours",
            "Own colours: {count} points fewer than the best colours", count=points)))
            if points else None for points in given]))
    buttons = []
    for seat in range(len(players)):
        button = Factory.ScoreChoiceButton(text=app.tr("Choose colours"))
        button.bind(on_release=lambda _b, s=seat: ScoringChoicePopup(session, s, done=again).open())
        buttons.append(button)
    rows.append(ScoreRow("", buttons, below_totals=True))
    return rows
