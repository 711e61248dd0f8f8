"""The Coloretto table view: rows, collections, live optimal scores, taps for every action.

Layout (``view.kv``): a prompt line; the rows (left) beside the players
(right); a picker strip at the bottom.  Tapping a card in the picker is "the
card drawn" (draw, then the table's reveal); tapping a row places the drawn
card there or, on a turn, takes the row.  Setup (colours removed, start cards,
start player) is entered in the same picker.  Everything shown comes from the
game's view model, everything done goes through the session; the camera
(``vision/games/coloretto/camera.py``) proposes the same actions.  The widgets are in
``widgets.py``.
"""
from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup

from companion.coloretto import view_model
from companion.coloretto.data import CATALOGUE
from companion.coloretto.actions import Draw, Place, RemoveColour, Reveal, StartCard, StartPlayer, Take
from companion.coloretto.view_model import ColorettoViewModel, RowView
from companion.errors import CompanionError
from ui.games.coloretto.widgets import (CHIP_WIDTH, CardButton, CardChip, PlayerLine, RowStrip,
                                        breakdown, card_name, escape, fit_words, lay_on, show_cards)
from ui.colours import colour_key, seat_rgb
from ui.widgets.colour_mark import with_symbol
from ui.games.kit import IDLE_RGB, TableKit, active_rgb, reuse
from ui.table_controller import MainAction
from vision.games.coloretto.camera import lay_random_card

TINT_IDLE = [0.2, 0.23, 0.27, 1]
TINT_PLACE = [0.16, 0.42, 0.3, 1]
TINT_TAKE = [0.45, 0.33, 0.12, 1]
TINT_TAKEN = [0.13, 0.14, 0.16, 1]


class ColorettoView(TableKit, BoxLayout):
    prompt = StringProperty("")
    info = StringProperty("")
    build_model = staticmethod(view_model)
    table_needs = "lay_card"

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._rows: list[RowStrip] = []
        self._players: list[PlayerLine] = []
        self._mode = ""

    # -- refresh ---------------------------------------------------------------------
    def refresh(self) -> None:
        app = self.app
        vm = self.vm = self.model()
        self._sync_camera()
        self.prompt = self._prompt_text(app, vm)
        self.info = self._info_text(app, vm)
        if vm.is_over:
            self._show_final(app, vm)
        else:
            self._show_play(app, vm)
        self._fill_picker(app, vm)

    def _prompt_text(self, app: Any, vm: ColorettoViewModel) -> str:
        phase = vm.phase
        if phase == "remove_colours":
            return app.tr("Which colour goes back in the box?")
        if phase == "start_cards":
            return app.tr("Start card for {name}: tap its colour", name=vm.name(vm.start_card_seat))
        if phase == "start_player":
            return app.tr("Who starts? Tap a name below")
        if phase == "over":
            return app.tr("Game over: final scores")
        name = vm.name(vm.active_seat)
        if phase == "turn":
            if not vm.can_draw:
                return app.tr("{name}: every row is full, tap a row to take it", name=name)
            return app.tr("{name}: tap the card drawn, or tap a row to take it", name=name)
        if phase == "draw" and vm.golden_joker_for is not None:
            return app.tr("{name} took the golden joker: tap the top card of the pile", name=name)
        if phase == "draw":
            return app.tr("{name}: tap the card drawn", name=name)
        return app.tr("{name}: tap a row for the {card} card", name=name,
                      card=card_name(app, vm.drawn_card))

    def _info_text(self, app: Any, vm: ColorettoViewModel) -> str:
        if vm.phase in ("remove_colours", "start_cards", "start_player", "over"):
            return ""
        parts = [app.tr("Round {round}", round=vm.round), app.tr("pile {cards}", cards=vm.pile_size)]
        if vm.final_round:
            parts.append("[color=ff6655][b]" + app.tr("Final round!") + "[/b][/color]")
        elif vm.draws_until_last_round is not None:
            parts.append(app.tr("last round in {draws}", draws=vm.draws_until_last_round + 1))
        return " · ".join(parts)

    # -- the play layout -------------------------------------------------------------------
    def _show_play(self, app: Any, vm: ColorettoViewModel) -> None:
        body = self.ids.body
        if self._mode != "play":
            body.clear_widgets()
            body.orientation = "horizontal"
            body.spacing = 6
            self._row_box = BoxLayout(orientation="vertical", size_hint_x=0.5)
            side = BoxLayout(orientation="vertical", size_hint_x=0.5, spacing=dp(2))
            self._player_box = GridLayout(cols=1, spacing=dp(2))
            body.add_widget(self._row_box)
            body.add_widget(side)
            self._move_head(side)   # the rows get the view's whole height
            side.add_widget(self._player_box)
            self._mode = "play"
        self._rows = reuse(self._row_box, len(vm.rows), self._new_row)
        for strip, row in zip(self._rows, vm.rows):
            strip.title = app.tr("Row {n}", n=row.index + 1)
            if vm.show_capacity:
                strip.title += f" ({row.capacity})"
            cards = [row.cards[k] if k < len(row.cards) else "" for k in range(row.capacity)]
            show_cards(strip.ids.slots, [(c, card_name(app, c) if c else "") for c in cards],
                       bold=False)   # plain: "pomarańczowy" whole in a third of a row at 800x480
            strip.tint, strip.status = self._row_look(app, vm, row)
            lay_on(strip.ids.slots, strip.tint)
            strip.fit_slots()
        # two players to a line from four on: each line stays a fingertip tall at 800x480
        self._player_box.cols = 2 if len(vm.players) >= 4 else 1
        self._players = reuse(self._player_box, len(vm.players), self._new_player)
        for line, player in zip(self._players, vm.players):
            line.current = player.seat == vm.active_seat
            line.back = list(seat_rgb(self.session.config.players[player.seat].colour, player.seat))
            line.out = player.out
            line.title = with_symbol(f"[b]{escape(player.name)}[/b]",   # the row says who took it
                                     colour_key(self.session.config.players[player.seat].colour))
            line.score = str(player.score)
            show_cards(line.ids.chips, [(card, str(n)) for card, n in player.held],
                       width=dp(CHIP_WIDTH), font_size="15sp", pos_hint={"center_y": 0.5})
            lay_on(line.ids.chips, active_rgb(line.back[:3]) if line.current else IDLE_RGB)
            line.fit_chips()

    def _new_row(self, index: int) -> RowStrip:
        strip = RowStrip(index=index)
        strip.bind(on_release=lambda s: self.tap_row(s.index))
        return strip

    def _new_player(self, seat: int) -> PlayerLine:
        line = PlayerLine(seat=seat)
        line.bind(on_release=lambda l: self.show_breakdown(l.seat))
        return line

    def _row_look(self, app: Any, vm: ColorettoViewModel, row: RowView) -> tuple[list[float], str]:
        if row.taken_by is not None:
            return TINT_TAKEN, app.tr("{name} took it", name=vm.name(row.taken_by))
        if vm.phase == "place":
            if row.can_place:
                return TINT_PLACE, app.tr("place here")
            return TINT_IDLE, app.tr("full")
        if vm.phase == "turn" and row.can_take:
            return TINT_TAKE, app.tr("take")
        if not row.cards:
            return TINT_IDLE, app.tr("empty")
        return TINT_IDLE, app.tr("full") if not row.room else ""

    # -- the final layout ----------------------------------------------------------------
    def _show_final(self, app: Any, vm: ColorettoViewModel) -> None:
        body = self.ids.body
        self._move_head(self)
        body.clear_widgets()
        body.orientation = "horizontal"
        body.spacing = 4
        self._mode = "final"
        self._rows, self._players = [], []
        for seat in range(len(vm.names)):
            body.add_widget(breakdown(app, vm, seat, final=True))

    def _move_head(self, where: Any) -> None:
        """The prompt and the game's state on top of ``where`` (the view, or the players' side)."""
        head = self.ids.head
        if head.parent is not where:
            head.parent.remove_widget(head)
            where.add_widget(head, index=len(where.children))

    def show_breakdown(self, seat: int) -> None:
        """A popup with ``seat``'s score if the game ended now."""
        app = self.app
        vm = self.model()
        box = BoxLayout(orientation="vertical", spacing=6)
        box.add_widget(breakdown(app, vm, seat, final=vm.is_over))
        close = Factory.PickerButton(text=app.tr("Close"))
        close.size_hint, close.height = (1, None), dp(52)   # after the kv rule, which sets its own width
        box.add_widget(close)
        popup = Popup(title=app.tr("Score if the game ended now"), content=box,
                      size_hint=(0.6, 0.95))
        close.bind(on_release=lambda _b: popup.dismiss())
        popup.open()

    # -- the picker strip --------------------------------------------------------------
    def _fill_picker(self, app: Any, vm: ColorettoViewModel) -> None:
        picker = self.ids.picker
        picker.clear_widgets()   # what the picker offers changes with the phase
        phase = vm.phase
        if phase in ("remove_colours", "start_cards"):
            # every colour keeps its place (a used one greyed out), so Random and the
            # colours after a used one stay under the finger
            shown = CATALOGUE.colours if phase == "remove_colours" else [
                k for k in vm.card_kinds if k in CATALOGUE.colours]
            for colour in shown:
                button = self._card_button(app, colour, self.pick_colour)
                button.disabled = colour not in vm.setup_colours
                picker.add_widget(button)
        elif phase == "start_player":
            for seat, name in enumerate(vm.names):
                button = Factory.PickerButton(text=name)
                button.bind(on_release=lambda _b, s=seat: self.submit(StartPlayer(s)))
                picker.add_widget(button)
        elif phase in ("turn", "draw"):
            for kind in vm.card_kinds:
                button = self._card_button(app, kind, self.draw_card)
                button.disabled = kind not in vm.possible_reveals
                picker.add_widget(button)
        elif phase == "place":
            picker.add_widget(Label(text=app.tr("Drawn:"), font_size="16sp", size_hint_x=None,
                                    width=90))
            picker.add_widget(CardChip(card=vm.drawn_card, text=card_name(app, vm.drawn_card),
                                       size_hint_x=None, width=110))
            picker.add_widget(Label(text=app.tr("tap a row with room"), font_size="16sp"))
        elif phase == "over":
            names = [vm.name(s) for s in vm.winners]
            text = (app.tr("Winner: {names}", names=names[0]) if len(names) == 1
                    else app.tr("Shared win: {names}", names=", ".join(names)))
            picker.add_widget(Label(text=text, font_size="18sp", bold=True))
            button = Factory.PickerButton(text=app.tr("Score sheet"))
            button.bind(on_release=lambda _b: self.open_score_sheet())
            picker.add_widget(button)
            return
        if vm.chance_due:
            button = fit_words(Factory.PickerWrap(text=app.tr("Random")))
            button.bind(on_release=self.random_chance)
            picker.add_widget(button)
        if phase in ("turn", "draw") and self.simulated_table() is not None:
            button = Factory.PickerWrap(text=app.tr("Lay a card (camera)"))
            button.bind(on_release=lambda _b: self.lay_card_for_camera())
            picker.add_widget(button)

    def _card_button(self, app: Any, card: str, handler: Any) -> CardButton:
        button = fit_words(CardButton(card=card, text=card_name(app, card)))
        button.bind(on_release=lambda b: handler(b.card))
        return button

    # -- handlers ------------------------------------------------------------------------
    def pick_colour(self, colour: str) -> None:
        """Setup: the colour removed, or the next start card."""
        vm = self.model()
        if vm.phase == "remove_colours":
            self.submit(RemoveColour(colour))
        elif vm.phase == "start_cards":
            self.submit(StartCard(vm.start_card_seat, colour))

    def draw_card(self, card: str) -> None:
        """The card drawn was ``card``: draw (on a turn) and reveal it, as one step
        (refused as a whole when the card cannot be drawn)."""
        vm = self.model()
        if vm.phase == "turn":
            self.submit_all((Draw(vm.active_seat), Reveal(card)))
        elif vm.phase == "draw":
            self.submit(Reveal(card))

    def tap_row(self, index: int) -> None:
        vm = self.model()
        if vm.phase == "place":
            self.submit(Place(vm.active_seat, index))
        elif vm.phase == "turn":
            self.submit(Take(vm.active_seat, index))
        else:
            self.app.show_banner(self.app.tr("Rows are used once play has started"), seconds=4)

    def random_chance(self, *_: Any) -> bool:
        """Laptop play: the table's chance outcome at random (a drawn card on a turn: the
        draw and the card, one write, as a card tapped)."""
        vm = self.model()
        if vm.phase != "turn":
            return super().random_chance()
        game, draw = self.session.game, Draw(vm.active_seat)
        try:
            drawn = game.apply(self.session.state, draw)
        except CompanionError:
            return self.submit(draw)   # the session says why not
        return self.submit_all((draw, game.sample_chance(drawn, self.rng)))

    def lay_card_for_camera(self) -> None:
        """Laptop play: lay a random card at a row of the simulated table; the camera proposes it."""
        table = self.simulated_table()
        if table is None:
            return
        if lay_random_card(table, self.session.state, self.rng) is None:
            if self.session.pending is not None:
                self.app.show_banner(self.app.tr("Confirm or reject what the camera saw first"), seconds=4)
            else:   # laid, not read yet (a hand still over the mat): it is proposed when still
                self.app.show_banner(self.app.tr("The camera is still reading the card laid"), seconds=4)

    def on_rejected(self) -> None:
        """What the camera read was wrong: the card laid on the simulated table is picked
        up again, so "Lay a card (camera)" works at once (no dead end)."""
        table = self.simulated_table()
        if table is not None:
            table.take_back(self.session.state)

    # -- the panel's CONFIRM and END TURN ---------------------------------------------
    def main_action(self, button: str) -> MainAction | None:
        """Coloretto's steps are choices (a card, a row), so the panel's buttons confirm
        what the camera proposed and END TURN plays a forced move (the game's own); at the
        end CONFIRM opens the score sheet."""
        if self.model().is_over and button == "confirm":
            return MainAction(self.app.tr("Score sheet"), self.open_score_sheet)
        return None

    def waiting_for(self) -> str:
        return self.prompt

    def open_score_sheet(self) -> None:
        app = self.app
        app.manager.get_screen("scores").show_session(self.session)
        app.goto("scores")

    # -- camera and signals -----------------------------------------------------------------
    def _sync_camera(self) -> None:
        """Keep the simulated mat equal to the game.  On it only laid cards are news:
        a camera proposal while none lies there came from a frame older than the
        last tap, so it is dropped."""
        table = self.simulated_table()
        if table is None:
            return
        table.sync(self.session.state)
        pending = self.session.pending
        if not table.loose and pending is not None and pending.source == "camera":
            Clock.schedule_once(lambda _dt: self._drop_stale_proposal())

    def _drop_stale_proposal(self) -> None:
        table = self.simulated_table()
        pending = self.session.pending
        if table is not None and not table.loose and pending is not None \
                and pending.source == "camera":
            self.session.reject()

    def show_flashing(self) -> None:
        self.glow_fading(self._players)
