"""Coloretto on the scores screen: a player picks their own three positive colours
(the companion's optimum stays the default, AMB-C5) and, when the table chose
"each player chooses", their own side of the scoring card (AMB-C9); the column
then says how many points the choice gives away.  The jokers keep the colours
the optimum gave them.  Below the columns, a game of a match shows the running
total and, once over, starts the next game with the same seats."""
from __future__ import annotations

import logging
from typing import Any, Callable

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.popup import Popup
from kivy.utils import escape_markup

from companion.coloretto.actions import ChooseScoring
from companion.errors import CompanionError
from companion.i18n import N_, Text
from companion.match import next_game_config
from companion.signals import ErrorSignal
from ui.screens import load_kv
from ui.screens.home import WINNER_MARK

load_kv(__file__)
log = logging.getLogger(__name__)

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
        try:
            self.session.submit(action)
        except CompanionError:
            return  # the session showed why (banner, status LED, log); the popup stays open
        self.dismiss()
        self.done()


def match_block(session, final: bool) -> Any | None:
    """Game k of N and the running total (the leaders starred), with "Next game"
    once this game is over and the match goes on; None for a single game."""
    match = session.summary().get("match")
    if not isinstance(match, dict):
        return None
    app = App.get_running_app()
    names = [p.name for p in session.config.players]
    running = match["running"]
    best = max(running)
    totals = ", ".join((WINNER_MARK if total == best else "") + f"{escape_markup(name)} {total}"
                       for name, total in zip(names, running))
    if final and match["is_last"]:
        text = app.tr(Text("Match over after {count} game. Total: {totals}",
                           "Match over after {count} games. Total: {totals}", count=match["games"], totals=totals))
    else:
        text = app.tr("Game {number} of {games}. Total so far: {totals}", number=match["number"],
                      games=match["games"], totals=totals)
    block = Factory.MatchBlock()
    block.ids.text.text = text
    if final and not match["is_last"]:
        button = Factory.SmallButton(text=app.tr("Next game"))
        button.bind(on_release=lambda _b: start_next_game(session))
        block.add_widget(button)
    return block


def start_next_game(session) -> None:
    """The match's next game: the same seats and options, this game's scores added."""
    app = App.get_running_app()
    try:
        app.start_game(next_game_config(session.config, session.score_sheet().totals))
    except CompanionError as exc:
        log.warning("the next game of the match could not start: %s", exc)
        app.show_banner(app.tr(str(exc)), seconds=8, error=True)
        if app.hardware is not None:   # the status LED and the low beep too
            app.hardware.play(ErrorSignal(str(exc)))
