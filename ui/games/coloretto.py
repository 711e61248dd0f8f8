"""The Coloretto table view: rows, collections, live optimal scores, taps for every action.

Layout (``coloretto.kv``): a prompt line; the rows (left) beside the players
(right); a picker strip at the bottom.  Tapping a card in the picker is "the
card drawn" (draw, then the table's reveal); tapping a row places the drawn
card there or, on a turn, takes the row.  Setup (colours removed, start cards,
start player) is entered in the same picker.  Everything goes through the
session; the camera (``coloretto_camera``) proposes the same actions.
"""
from __future__ import annotations

import random
from typing import Any

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import (BooleanProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup

from companion.coloretto.actions import Draw, Place, RemoveColour, Reveal, StartCard, StartPlayer, Take
from companion.coloretto.data import CATALOGUE, LAST_ROUND
from companion.coloretto.rules import can_draw, possible_reveals
from companion.coloretto.state import (DRAW, OVER, PLACE, REMOVE_COLOURS, START_CARDS,
                                       START_PLAYER, TURN)
from companion.coloretto.view import hand_score
from companion.engine import CompanionError
from companion.i18n import N_
from companion.signals import FinalRound, RoundEnded, SeatScored, Signal
from vision.games.coloretto_camera import CARD_RGB, lay_random_card
from ui.screens import load_kv

load_kv(__file__)

#: how each card reads on screen (colour names as the catalogue gives them)
CARD_NAMES = {"green": N_("green"), "yellow": N_("yellow"), "orange": N_("orange"),
              "blue": N_("blue"), "pink": N_("pink"), "brown": N_("brown"), "grey": N_("grey"),
              "joker": N_("joker"), "plus2": N_("+2"), LAST_ROUND: N_("last round")}
LIGHT_CARDS = {"yellow", "orange", "pink", "grey", "plus2", "green"}
CHIP_WIDTH, CHIP_HEIGHT = 34, 80


def card_name(app: Any, card: str) -> str:
    if card in CARD_NAMES:
        return app.tr(CARD_NAMES[card])
    return app.tr(CATALOGUE.colour_name(card)) if card in CATALOGUE.colours else card


def card_rgba(card: str) -> list[float]:
    code = CARD_RGB.get(card, "#777777")
    return [int(code[i:i + 2], 16) / 255.0 for i in (1, 3, 5)] + [1.0]


# -- widgets --------------------------------------------------------------------------

class CardChip(Label):
    """A card face: its colour (jokers striped), a short text on it; "" = an empty slot."""

    card = StringProperty("")
    face = ListProperty([0, 0, 0, 0])
    ink = ListProperty([1, 1, 1, 1])

    def on_card(self, _chip: Any, card: str) -> None:
        self.face = card_rgba(card) if card else [0, 0, 0, 0]
        self.ink = [0.1, 0.1, 0.1, 1] if card in LIGHT_CARDS else [1, 1, 1, 1]
        if card == "joker":
            self.ink = [1, 1, 1, 1]


class CardButton(ButtonBehavior, CardChip):
    """A card in the picker: tap = this card was drawn (or: this colour)."""


class RowStrip(ButtonBehavior, BoxLayout):
    """One row card with the cards beside it; tap = place here or take it."""

    index = NumericProperty(0)
    title = StringProperty("")
    status = StringProperty("")
    tint = ListProperty([0.2, 0.23, 0.27, 1])

    def fit_slots(self) -> None:
        """Cards as tall as the strip and card-shaped where there is room (never under
        dp(72) wide, so the colour name stays readable), three to a strip at most."""
        box = self.ids.slots
        chips = [c for c in box.children if isinstance(c, CardChip)]
        for chip in chips:
            chip.height = box.height
            chip.width = min(max(box.height * 0.72, dp(72)), (box.width - dp(3) * 3) / 3)


class PlayerLine(ButtonBehavior, BoxLayout):
    """A player: name, whether they took a row, their cards by colour, the live score."""

    seat = NumericProperty(0)
    title = StringProperty("")
    score = StringProperty("")
    current = BooleanProperty(False)
    out = BooleanProperty(False)
    glow = NumericProperty(0.0)

    def fit_chips(self) -> None:
        """Chips share the room beside name and score: card-shaped, at most CHIP_HEIGHT tall."""
        chips = [c for c in self.ids.chips.children if isinstance(c, CardChip)]
        if chips:
            room = (self.ids.chips.width - dp(2) * len(chips)) / len(chips)
            height = min(dp(CHIP_HEIGHT), self.ids.chips.height)
            for chip in chips:
                chip.height = height
                chip.width = max(dp(16), min(max(dp(CHIP_WIDTH), height * 0.72), room))


class Breakdown(BoxLayout):
    """One player's optimal score, line by line, with the joker colours."""

    title = StringProperty("")
    total = StringProperty("")
    winner = BooleanProperty(False)


TINT_IDLE = [0.2, 0.23, 0.27, 1]
TINT_PLACE = [0.16, 0.42, 0.3, 1]
TINT_TAKE = [0.45, 0.33, 0.12, 1]
TINT_TAKEN = [0.13, 0.14, 0.16, 1]


class ColorettoView(BoxLayout):
    session = ObjectProperty(None)
    prompt = StringProperty("")
    info = StringProperty("")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._rng = random.Random()
        self._rows: list[RowStrip] = []
        self._players: list[PlayerLine] = []
        self._mode = ""

    # -- refresh ---------------------------------------------------------------------
    def refresh(self) -> None:
        app = App.get_running_app()
        session = self.session
        state = session.state
        data = session.summary()
        self._sync_camera(state)
        names = [p["name"] for p in data["players"]]
        self.prompt = self._prompt_text(app, state, names)
        self.info = self._info_text(app, data)
        if state.phase == OVER:
            self._show_final(app, state, data)
        else:
            self._show_play(app, state, data)
        self._fill_picker(app, state, data)

    def _prompt_text(self, app: Any, state: Any, names: list[str]) -> str:
        phase = state.phase
        if phase == REMOVE_COLOURS:
            return app.tr("Which colour goes back in the box?")
        if phase == START_CARDS:
            receiver = self.session.legal_actions()[0].seat if self.session.legal_actions() else 0
            return app.tr("Start card for {name}: tap its colour", name=names[receiver])
        if phase == START_PLAYER:
            return app.tr("Who starts? Tap a name below")
        if phase == OVER:
            return app.tr("Game over: final scores")
        name = names[state.current]
        if phase == TURN:
            if not can_draw(state):
                return app.tr("{name}: every row is full, tap a row to take it", name=name)
            return app.tr("{name}: tap the card drawn, or tap a row to take it", name=name)
        if phase == DRAW:
            return app.tr("{name}: tap the card drawn", name=name)
        return app.tr("{name}: tap a row for the {card} card", name=name,
                      card=card_name(app, state.drawn))

    def _info_text(self, app: Any, data: dict[str, Any]) -> str:
        if data["phase"] in (REMOVE_COLOURS, START_CARDS, START_PLAYER, OVER):
            return ""
        parts = [app.tr("Round {round}", round=data["round"]),
                 app.tr("pile {cards}", cards=data["pile"]["size"])]
        if data["final_round"]:
            parts.append("[color=ff6655][b]" + app.tr("Final round!") + "[/b][/color]")
        elif data["draws_until_last_round"] is not None:
            parts.append(app.tr("last round in {draws}", draws=data["draws_until_last_round"] + 1))
        return " · ".join(parts)

    # -- the play layout -------------------------------------------------------------------
    def _show_play(self, app: Any, state: Any, data: dict[str, Any]) -> None:
        body = self.ids.body
        if self._mode != "play":
            body.clear_widgets()
            body.orientation = "horizontal"
            body.spacing = 6
            self._row_box = BoxLayout(orientation="vertical", size_hint_x=0.5)
            self._player_box = BoxLayout(orientation="vertical", size_hint_x=0.5)
            body.add_widget(self._row_box)
            body.add_widget(self._player_box)
            self._rows, self._players = [], []
            self._mode = "play"
        self._refresh_rows(app, state, data)
        self._refresh_players(app, state, data)

    def _refresh_rows(self, app: Any, state: Any, data: dict[str, Any]) -> None:
        rows = data["rows"]
        if len(self._rows) != len(rows):
            self._row_box.clear_widgets()
            self._rows = []
            for index in range(len(rows)):
                strip = RowStrip(index=index)
                strip.bind(on_release=lambda s: self.tap_row(s.index))
                self._row_box.add_widget(strip)
                self._rows.append(strip)
        names = [p["name"] for p in data["players"]]
        green_rows = state.players == 2
        for strip, row in zip(self._rows, rows):
            strip.title = app.tr("Row {n}", n=row["index"] + 1)
            if green_rows:
                strip.title += f" ({row['capacity']})"
            slots = strip.ids.slots
            slots.clear_widgets()
            for k in range(row["capacity"]):
                card = row["cards"][k] if k < len(row["cards"]) else ""
                slots.add_widget(CardChip(card=card, text=card_name(app, card) if card else "",
                                          size_hint=(None, None)))
            slots.add_widget(Label())
            strip.fit_slots()
            strip.tint, strip.status = self._row_look(app, state, row, names)

    def _row_look(self, app: Any, state: Any, row: dict[str, Any],
                  names: list[str]) -> tuple[list[float], str]:
        if row["taken_by"] is not None:
            return TINT_TAKEN, app.tr("{name} took it", name=names[row["taken_by"]])
        if state.phase == PLACE:
            if row["can_place"]:
                return TINT_PLACE, app.tr("place here")
            return TINT_IDLE, app.tr("full")
        if state.phase == TURN and row["can_take"]:
            return TINT_TAKE, app.tr("take")
        if not row["cards"]:
            return TINT_IDLE, app.tr("empty")
        return TINT_IDLE, app.tr("full") if not row["room"] else ""

    def _refresh_players(self, app: Any, state: Any, data: dict[str, Any]) -> None:
        players = data["players"]
        if len(self._players) != len(players):
            self._player_box.clear_widgets()
            self._players = []
            for player in players:
                line = PlayerLine(seat=player["seat"])
                line.bind(on_release=lambda l: self.show_breakdown(l.seat))
                self._player_box.add_widget(line)
                self._players.append(line)
        for line, player in zip(self._players, players):
            line.current = player["seat"] == data["current"] and state.phase in (TURN, DRAW, PLACE)
            line.out = player["out"]
            status = ""
            if player["took_row"] is not None:
                status = app.tr("took row {n}", n=player["took_row"] + 1)
            line.title = f"[b]{_escape(player['name'])}[/b]" + (
                f"\n[size=12sp]{status}[/size]" if status else "")
            line.score = str(player["score"])
            chips = line.ids.chips
            chips.clear_widgets()
            held = [(colour, n) for colour, n in player["colours"].items()]
            held += [("joker", player["jokers"])] if player["jokers"] else []
            held += [("plus2", player["plus2"])] if player["plus2"] else []
            for colour, count in held:
                chip = CardChip(card=colour, text=str(count), size_hint=(None, None),
                                width=dp(CHIP_WIDTH), font_size="15sp",
                                pos_hint={"center_y": 0.5})
                chips.add_widget(chip)
            chips.add_widget(Label())
            line.fit_chips()

    # -- the final layout ----------------------------------------------------------------
    def _show_final(self, app: Any, state: Any, data: dict[str, Any]) -> None:
        body = self.ids.body
        body.clear_widgets()
        body.orientation = "horizontal"
        body.spacing = 4
        self._mode = "final"
        self._rows, self._players = [], []
        for seat in range(state.players):
            body.add_widget(self.breakdown(app, state, data, seat, final=True))

    def breakdown(self, app: Any, state: Any, data: dict[str, Any], seat: int,
                  final: bool) -> Breakdown:
        """The score of ``seat`` line by line: colours (+ or −), +2 cards, joker colours."""
        hand = hand_score(state, seat)
        panel = Breakdown(title=data["players"][seat]["name"], total=str(hand.total),
                          winner=final and seat in data["winners"])
        lines = panel.ids.lines
        if hand.assignment:
            named = ", ".join(card_name(app, c) if c else app.tr("unassigned")
                              for c in hand.assignment)
            lines.add_widget(Factory.BreakdownNote(
                text=app.tr("Jokers as: {colours}", colours=named)))
        for colour in hand.colours:
            text = app.tr("×{cards}", cards=colour.total_cards)
            if colour.jokers:
                text += " " + (app.tr("(1 joker)") if colour.jokers == 1
                               else app.tr("({jokers} jokers)", jokers=colour.jokers))
            points = f"+{colour.points}" if colour.positive else f"−{abs(colour.points)}"
            lines.add_widget(_breakdown_line(colour.colour, card_name(app, colour.colour),
                                             text, points))
        if hand.plus2:
            lines.add_widget(_breakdown_line("plus2", "+2", app.tr("×{cards}", cards=hand.plus2),
                                             f"+{hand.plus2_points}"))
        return panel

    def show_breakdown(self, seat: int) -> None:
        """A popup with ``seat``'s score if the game ended now."""
        app = App.get_running_app()
        data = self.session.summary()
        panel = self.breakdown(app, self.session.state, data, seat, final=data["over"])
        box = BoxLayout(orientation="vertical", spacing=6)
        box.add_widget(panel)
        close = Factory.PickerButton(text=app.tr("Close"), size_hint=(1, None), height=52)
        box.add_widget(close)
        popup = Popup(title=app.tr("Score if the game ended now"), content=box,
                      size_hint=(0.6, 0.95))
        close.bind(on_release=lambda _b: popup.dismiss())
        popup.open()

    # -- the picker strip --------------------------------------------------------------
    def _fill_picker(self, app: Any, state: Any, data: dict[str, Any]) -> None:
        picker = self.ids.picker
        picker.clear_widgets()
        phase = state.phase
        legal = self.session.legal_actions()
        if phase in (REMOVE_COLOURS, START_CARDS):
            for action in legal:
                picker.add_widget(self._card_button(app, action.colour, self.pick_colour))
        elif phase == START_PLAYER:
            for seat, player in enumerate(data["players"]):
                button = Factory.PickerButton(text=player["name"])
                button.bind(on_release=lambda _b, s=seat: self.submit(StartPlayer(s)))
                picker.add_widget(button)
        elif phase in (TURN, DRAW):
            possible = set(possible_reveals(state)) if phase == DRAW or can_draw(state) else set()
            kinds = list(state.colours_in_play) + ["joker", "plus2", LAST_ROUND]
            for kind in kinds:
                button = self._card_button(app, kind, self.draw_card)
                button.disabled = kind not in possible
                picker.add_widget(button)
        elif phase == PLACE:
            picker.add_widget(Label(text=app.tr("Drawn:"), font_size="16sp", size_hint_x=None,
                                    width=90))
            picker.add_widget(CardChip(card=state.drawn, text=card_name(app, state.drawn),
                                       size_hint_x=None, width=110))
            picker.add_widget(Label(text=app.tr("tap a row with room"), font_size="16sp"))
        elif phase == OVER:
            names = [data["players"][s]["name"] for s in data["winners"]]
            text = (app.tr("Winner: {names}", names=names[0]) if len(names) == 1
                    else app.tr("Shared win: {names}", names=", ".join(names)))
            picker.add_widget(Label(text=text,
                                    font_size="18sp", bold=True))
            button = Factory.PickerButton(text=app.tr("Score sheet"))
            button.bind(on_release=lambda _b: self.open_score_sheet())
            picker.add_widget(button)
            return
        if self._random_due(state):
            button = Factory.PickerButton(text=app.tr("Random"))
            button.bind(on_release=lambda _b: self.random_chance())
            picker.add_widget(button)
        if phase in (TURN, DRAW) and self._camera_table() is not None:
            button = Factory.PickerButton(text=app.tr("Lay a card (camera)"))
            button.bind(on_release=lambda _b: self.lay_card_for_camera())
            picker.add_widget(button)

    def _card_button(self, app: Any, card: str, handler: Any) -> CardButton:
        button = CardButton(card=card, text=card_name(app, card))
        button.bind(on_release=lambda b: handler(b.card))
        return button

    def _random_due(self, state: Any) -> bool:
        if state.phase == TURN:
            return can_draw(state)
        return self.session.table_to_act

    # -- handlers ------------------------------------------------------------------------
    def submit(self, action: Any) -> bool:
        """Hand ``action`` to the session; False when refused (the app shows why)."""
        try:
            self.session.submit(action)
        except CompanionError:
            return False
        return True

    def pick_colour(self, colour: str) -> None:
        """Setup: the colour removed, or the next start card."""
        state = self.session.state
        if state.phase == REMOVE_COLOURS:
            self.submit(RemoveColour(colour))
        elif state.phase == START_CARDS:
            seat = self.session.legal_actions()[0].seat
            self.submit(StartCard(seat, colour))

    def draw_card(self, card: str) -> None:
        """The card drawn was ``card``: draw (on a turn) and reveal it."""
        state = self.session.state
        if state.phase == TURN:
            if not self.submit(Draw(state.current)):
                return
            if not self.submit(Reveal(card)):
                self.session.undo()  # keep the turn as it was: no half-made draw
            return
        if state.phase == DRAW:
            self.submit(Reveal(card))

    def tap_row(self, index: int) -> None:
        state = self.session.state
        if state.phase == PLACE:
            self.submit(Place(state.current, index))
        elif state.phase == TURN:
            self.submit(Take(state.current, index))
        else:
            app = App.get_running_app()
            app.show_banner(app.tr("Rows are used once play has started"), seconds=4)

    def random_chance(self) -> None:
        """Laptop play: the table's chance outcome at random (a drawn card on a turn)."""
        state = self.session.state
        if state.phase == TURN:
            if not self.submit(Draw(state.current)):
                return
            state = self.session.state
        self.submit(self.session.game.sample_chance(state, self._rng))

    def lay_card_for_camera(self) -> None:
        """Laptop play: lay a random card at a row of the simulated table; the camera proposes it."""
        table = self._camera_table()
        if table is None:
            return
        app = App.get_running_app()
        if lay_random_card(table, self.session.state, self._rng) is None:
            app.show_banner(app.tr("Confirm or reject what the camera saw first"), seconds=4)

    def open_score_sheet(self) -> None:
        app = App.get_running_app()
        app.manager.get_screen("scores").show_session(self.session)
        app.goto("scores")

    # -- camera and signals -----------------------------------------------------------------
    def _camera_table(self) -> Any:
        camera = getattr(App.get_running_app(), "camera", None)
        setup = getattr(camera, "setup", None)
        table = getattr(setup, "simulated_table", None)
        return table if hasattr(table, "lay_card") else None

    def _sync_camera(self, state: Any) -> None:
        """Keep the simulated mat equal to the game.  On it only laid cards are news:
        a camera proposal while none lies there came from a frame older than the
        last tap, so it is dropped."""
        table = self._camera_table()
        if table is None:
            return
        table.sync(state)
        pending = self.session.pending
        if not table.loose and pending is not None and pending.source == "camera":
            Clock.schedule_once(lambda _dt: self._drop_stale_proposal())

    def _drop_stale_proposal(self) -> None:
        table = self._camera_table()
        pending = self.session.pending
        if table is not None and not table.loose and pending is not None \
                and pending.source == "camera":
            self.session.reject()

    def on_signal(self, signal: Signal) -> None:
        """Round end: the next starter's line glows; a take: the taker's; final round: all."""
        seats: list[int] = []
        if isinstance(signal, SeatScored):
            seats = [signal.seat]
        elif isinstance(signal, RoundEnded) and signal.next_seat is not None:
            seats = [signal.next_seat]
        elif isinstance(signal, FinalRound):
            seats = [line.seat for line in self._players]
        for line in self._players:
            if line.seat in seats:
                Animation.cancel_all(line, "glow")
                line.glow = 1.0
                (Animation(glow=0.0, duration=2.5, t="in_quad")).start(line)


def _breakdown_line(card: str, name: str, text: str, points: str) -> Any:
    line = Factory.BreakdownLine()
    line.add_widget(CardChip(card=card, text=name, size_hint_x=None, width=dp(70),
                             font_size="12sp"))
    line.add_widget(Label(text=text, font_size="14sp", halign="left", valign="middle",
                          text_size=(dp(80), dp(24)), shorten=True))
    line.add_widget(Label(text=points, font_size="15sp", bold=True, size_hint_x=None, width=40))
    return line


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")

