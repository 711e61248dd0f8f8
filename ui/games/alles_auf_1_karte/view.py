"""The table view of Alles auf 1 Karte: every seat's cards, the roll, all seats marking at once.

Behaviour only; the layout is in ``view.kv``, the seat panels in
``panels.py``, the drawing of cards and dice in
``cards.py``, the card picker and the card editor in
``editor.py``, the camera in ``vision/games/alles_auf_1_karte/camera.py``.
Everything shown comes from the game's view model; everything done goes
through the session.  The view keeps only what players have tapped but not
yet confirmed (dice being entered, dice picked up, each seat's chosen card and
colours).
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button

from companion.signals import ErrorSignal, RoundEnded, Signal
from companion.alles_auf_1_karte import view_model
from companion.alles_auf_1_karte.actions import (
    DrawCard, EnterCard, KeepCards, Mark, Pass, RevealCard, Reroll, RollDice, TakeDisplayCard)
from companion.alles_auf_1_karte.texts import card_words
from companion.alles_auf_1_karte.cards import Card
from companion.alles_auf_1_karte.catalogue import (
    CatalogueError, load_effective_catalogue, replace_card, stand_in_for)
from companion.alles_auf_1_karte.view_model import COLOURS, AllesViewModel
from companion.messages import Text
from ui.games.alles_auf_1_karte.cards import COLOUR_RGB, DieView
from ui.widgets.colour_mark import with_symbol
from ui.games.alles_auf_1_karte.panels import SeatPanels
from ui.games.kit import TableKit, reuse, tag
from ui.table_controller import MainAction

log = logging.getLogger(__name__)

CATALOGUE_DIR = "catalogues"
GREEN = (0.1, 0.45, 0.28, 1)   # white text on it reads 5.8:1


def catalogue_dir(app: Any) -> Path:
    """Where the players' card corrections are kept."""
    return Path(app.data_dir) / CATALOGUE_DIR


class AaColourButton(Button):
    """A colour of the dice, for entering a throw by tap."""

    colour = StringProperty("")
    rgba = ListProperty([0.5, 0.5, 0.5, 1])


class AaDealSeat(Button):
    """A seat still short of starting cards, in its colour (the one the next card goes to
    is ``chosen``: framed and bold)."""

    fill = ListProperty([0.3, 0.3, 0.3, 1])
    ink = ListProperty([1, 1, 1, 1])
    chosen = BooleanProperty(False)


class AllesView(SeatPanels, TableKit, BoxLayout):
    info = StringProperty("")
    final_round = BooleanProperty(False)
    build_model = staticmethod(view_model)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.choices: dict[int, tuple[Any, ...]] = {}   # seat -> ("card", id, colours) | ("pass",)
        self.entered: list[str] = []                    # dice entered by tap for this throw
        self.picked: set[int] = set()                   # dice (slot index) picked up to re-roll
        self.keeping: dict[int, set[str]] = {}          # advanced setup: cards each seat keeps
        self.deal_to: int | None = None                 # deal: the seat tapped (None: the next short one)
        self.vm: AllesViewModel = self.model()
        self._key: tuple[Any, ...] | None = None
        self.ids.panels_row.bind(size=lambda *_: self._size_panels())

    # -- refresh -------------------------------------------------------------
    def refresh(self) -> None:
        vm = self.vm = self.model()
        key = (vm.round, vm.throws, vm.phase, vm.replacing_seat)
        if key != self._key:
            self.entered, self.picked = [], set()
            if vm.phase != "mark" or self._key is None or self._key[0] != vm.round:
                self.choices = {}
            if vm.phase != "keep":
                self.keeping = {}
            self._key = key
        for seat in vm.seats:
            if seat.decided:
                self.choices.pop(seat.seat, None)
        if self.deal_to not in vm.seats_to_deal:
            self.deal_to = None
        self.final_round = vm.final_round
        self.info = self._info_text(vm)
        self._build_dice(vm)
        self._build_buttons(vm)
        self._build_panels(vm)

    def _info_text(self, vm: AllesViewModel) -> str:
        phase, name = vm.phase, vm.name(vm.active_seat)
        prefix = self.tr("Final round!") + " " if vm.final_round and phase != "over" else ""
        if phase == "deal":
            return self.tr("Deal: tap who drew, then Pick card ({name})", name=vm.name(self.dealing_seat))
        if phase == "keep":
            return self.tr("Everyone keeps 3 of their 5 cards")
        if phase == "reveal":
            return self.tr("Lay a card from the pile face up in the display")
        if phase == "throw":
            if vm.kept_dice:
                text = self.tr(Text("Round {round}: {name} throws {count} die again (throw {throw} of 3)",
                                    "Round {round}: {name} throws {count} dice again (throw {throw} of 3)",
                                    round=vm.round, name=name, count=5 - len(vm.kept_dice), throw=vm.throws + 1))
            else:
                text = self.tr("Round {round}: {name} throws (throw {throw} of 3). Tap the colours",
                               round=vm.round, name=name, throw=vm.throws + 1)
            return prefix + text
        if phase == "decide":
            return prefix + self.tr("{name}: tap dice to throw again, or keep the roll", name=name)
        if phase == "mark":   # Confirm all waits for everyone: say for whom
            waiting = [vm.name(seat) for seat in vm.to_act if seat not in self.choices]
            if not waiting:
                return prefix + self.tr("Everyone has chosen: tap Confirm all")
            if len(waiting) < len(vm.to_act):
                return prefix + self.tr("Still to choose: {names}", names=", ".join(waiting))
            return prefix + self.tr("Everyone: tap one card to mark, or Pass; then Confirm all")
        if phase == "replace":
            if vm.variant == "advanced":
                return self.tr("{name} takes a new card from the display", name=vm.name(vm.replacing_seat))
            return self.tr("{name} draws a new card: tap Pick card", name=vm.name(vm.replacing_seat))
        return self.tr("Game over")

    # -- the dice --------------------------------------------------------------
    def _build_dice(self, vm: AllesViewModel) -> None:
        pending = self.session.pending
        phase = vm.phase
        if phase == "throw" and pending is not None and isinstance(pending.action, RollDice):
            faces = [(f, "pending") for f in pending.action.faces]
        elif phase == "throw":
            faces = [(f, "kept") for f in vm.kept_dice] + [(f, "entered") for f in self.entered]
        elif phase in ("decide", "mark", "replace", "over") or (phase == "reveal" and vm.dice):
            faces = [(f, "rolled") for f in vm.dice]
        else:
            faces = []
        dice = reuse(self.ids.dice, 5, self._new_die)
        for index, die in enumerate(dice):
            colour, kind = faces[index] if index < len(faces) else ("", "empty")
            die.colour, die.kind = colour, kind
            die.pending, die.kept = kind == "pending", kind == "kept"
            die.raised = phase == "decide" and index in self.picked

    def _new_die(self, index: int) -> DieView:
        die = DieView()
        die.slot = index
        die.bind(on_release=self.tap_die)
        return die

    def tap_die(self, die: DieView) -> None:
        phase = self.vm.phase
        if phase == "throw" and die.kind == "entered":
            del self.entered[die.slot - len(self.vm.kept_dice)]
            self.refresh()
        elif phase == "decide" and self.vm.to_act == (self.vm.active_seat,):
            self.picked ^= {die.slot}
            self.refresh()

    def enter_colour(self, button: AaColourButton) -> None:
        """One thrown die read by eye; the throw is entered once every die has a colour."""
        kept = list(self.vm.kept_dice)
        if len(kept) + len(self.entered) >= 5:
            return
        self.entered.append(button.colour)
        if len(kept) + len(self.entered) == 5:
            faces = tuple(kept + self.entered)
            self.entered = []
            if not self.submit(RollDice(faces)):
                self.refresh()
            return
        self.refresh()

    def random_throw(self, *_: Any) -> None:
        """Laptop play: throw on the simulated mat (the camera then proposes what it
        read); without a simulated camera, a random throw is entered directly."""
        table = self.simulated_table()
        if table is not None:
            from vision.games.alles_auf_1_karte.camera import lift_hand, throw_dice

            throw_dice(table, list(self.vm.kept_dice), self.rng, hand=True)
            Clock.schedule_once(lambda _dt: lift_hand(table), 0.8)
            self.app.show_banner(
                self.tr("Dice thrown on the simulated table: confirm what the camera read"), 4)
            return
        self.random_chance()

    def reroll(self, *_: Any) -> None:
        dice = self.vm.dice
        chosen = tuple(dice[i] for i in sorted(self.picked) if i < len(dice))
        if chosen and self.submit(Reroll(self.vm.active_seat, chosen)):
            table = self.simulated_table()
            if table is not None:  # the picked-up dice leave the mat
                from vision.games.alles_auf_1_karte.camera import pick_up

                pick_up(table, chosen)

    def keep_roll(self, *_: Any) -> None:
        self.submit(Reroll(self.vm.active_seat, ()))

    # -- dealing to any seat -----------------------------------------------------
    @property
    def dealing_seat(self) -> int | None:
        """The seat the next card drawn in the deal goes to: the one tapped, else the
        next seat still short."""
        return self.deal_to if self.deal_to is not None else self.vm.seat_to_deal

    def _build_deal_seats(self, vm: AllesViewModel) -> None:
        """One button per seat still short of starting cards, in its colour; the
        seat the next card goes to is marked."""
        for seat in vm.seats_to_deal:
            fill, ink = self.seat_band(seat)
            button = tag(AaDealSeat(text=vm.name(seat), fill=fill, ink=ink,
                                 chosen=seat == self.dealing_seat), f"deal_{seat}")
            button.bind(on_release=lambda _b, s=seat: self.choose_deal_seat(s))
            self.ids.colours.add_widget(button)

    def choose_deal_seat(self, seat: int) -> None:
        self.deal_to = seat
        self.refresh()

    def random_card(self, *_: Any) -> None:
        """Laptop play: a random card from the pile (in the deal, for the seat chosen)."""
        if self.vm.phase == "deal" and self.dealing_seat is not None:
            self.submit(DrawCard(self.dealing_seat, self.rng.choice(self.session.state.pile)))
        else:
            self.random_chance()

    # -- the buttons -----------------------------------------------------------
    def _button(self, text: str, handler: Any, wid: str, enabled: bool = True,
                colour: tuple[float, ...] | None = None) -> Button:
        button = tag(Factory.AaButton(text=text, disabled=not enabled), wid)
        if colour is not None:
            button.background_color = colour
        button.bind(on_release=handler)
        self.ids.buttons.add_widget(button)
        return button

    def _build_buttons(self, vm: AllesViewModel) -> None:
        box = self.ids.buttons
        box.clear_widgets()   # a handful of buttons that change with the phase
        self.ids.colours.clear_widgets()
        if vm.needs_card_by_tap:
            if vm.phase == "deal":
                self._build_deal_seats(vm)
            self._button(self.tr("Pick card"), self.open_picker, "pick", colour=GREEN)
            self._button(self.tr("Random"), self.random_card, "random_card")
        elif vm.phase == "throw":
            for colour in COLOURS:
                button = tag(AaColourButton(colour=colour, text=with_symbol(self.colour_word(colour), colour),
                                            rgba=[*COLOUR_RGB[colour], 1]), f"colour_{colour}")
                button.bind(on_release=self.enter_colour)
                self.ids.colours.add_widget(button)
            self._button(self.tr("Random"), self.random_throw, "random_throw")
            return
        elif vm.phase == "decide":
            self._button(self.tr("Re-roll {count}", count=len(self.picked)), self.reroll,
                         "reroll", enabled=bool(self.picked))
            self._button(self.tr("Keep roll"), self.keep_roll, "keep_roll", colour=GREEN)
        elif vm.phase == "mark":
            waiting = [seat for seat in vm.to_act if seat not in self.choices]
            self._button(self.tr("Confirm all"), self.confirm_all, "confirm_all",
                         enabled=not waiting, colour=GREEN)
        self._button(self.tr("Cards"), self.open_editor, "cards")

    # -- drawing cards -----------------------------------------------------------
    def open_picker(self, *_: Any) -> None:
        from ui.games.alles_auf_1_karte.editor import CardPicker

        vm = self.vm
        if vm.phase == "deal":
            title = self.tr("Which card did {name} draw?", name=vm.name(self.dealing_seat))
        elif vm.phase == "reveal":
            title = self.tr("Which card was laid in the display?")
        else:
            title = self.tr("Which card did {name} draw?", name=vm.name(vm.replacing_seat))
        CardPicker(title=title, cards=list(vm.pile), on_pick=self.pick_card,
                   on_random=self.random_card, on_edit=self.open_editor,
                   on_enter=lambda: self.open_entry(title)).open()

    def draw_action(self, card_id: str) -> Any:
        """The table's draw of ``card_id`` in this phase (deal, display, new card)."""
        vm = self.vm
        if vm.phase == "deal":
            return DrawCard(self.dealing_seat, card_id)
        if vm.phase == "reveal":
            return RevealCard(card_id)
        return DrawCard(vm.replacing_seat, card_id)

    def pick_card(self, card_id: str) -> None:
        self.submit(self.draw_action(card_id))

    def open_entry(self, title: str) -> None:
        from ui.games.alles_auf_1_karte.entry import CardEntry

        CardEntry(title=self.tr("{question} Tap its rows", question=title),
                  on_done=self.enter_real_card).open()

    def enter_real_card(self, card: Card) -> None:
        """The real card drawn: in this game in place of the sample most like it still
        in the pile, then drawn; and kept in the copy's card set for the next games."""
        vm = self.vm
        try:
            catalogue = load_effective_catalogue(catalogue_dir(self.app))
        except CatalogueError as exc:   # the game goes on; the card is not remembered
            catalogue = None
            self._not_remembered(exc)
        unchecked = catalogue.unchecked if catalogue is not None else [c.id for c in vm.pile]
        sample = stand_in_for(card, vm.pile, unchecked)
        if sample is None or not self.submit_all([EnterCard(card.id, sample), self.draw_action(card.id)]):
            return
        if catalogue is None or card.id in catalogue.ids:
            return
        if sample not in catalogue.ids:   # this game was dealt from an older set
            sample = stand_in_for(card, catalogue.cards, catalogue.unchecked)
        try:
            replace_card(catalogue_dir(self.app), sample, card)
        except (CatalogueError, OSError) as exc:
            self._not_remembered(exc)
            return
        self.app.show_banner(self.tr("The card is in the game and kept in your card set for the "
                                     "next games (in place of a sample)."), 5)

    def _not_remembered(self, exc: Exception) -> None:
        log.warning("the real card could not be kept in the card set: %s", exc)
        self.app.show_banner(self.tr("This card could not be kept for the next games ({error}); "
                                     "enter it again then, or correct it under Cards.",
                                     error=str(exc)), 10)
        if self.app.hardware is not None:   # the status LED and the low beep too
            self.app.hardware.play(ErrorSignal(str(exc)))

    def open_editor(self, *_: Any) -> None:
        from ui.games.alles_auf_1_karte.editor import CardEditor

        CardEditor(user_dir=catalogue_dir(self.app)).open()

    # -- taps on cards -------------------------------------------------------------
    def tap_card(self, view: Any) -> None:
        vm = self.vm
        payload = view.payload
        if payload[0] == "display":
            if vm.phase == "replace":
                self.submit(TakeDisplayCard(vm.replacing_seat, payload[1]))
            return
        _, seat, card_id, _position = payload
        if vm.phase == "mark" and seat in vm.to_act:
            self._tap_to_mark(seat, card_id, view.touched_row)
        elif vm.phase == "keep" and seat in vm.to_act:
            chosen = self.keeping.setdefault(seat, set())
            chosen ^= {card_id}
            self.refresh()
        else:
            self.app.show_banner(self.app.say(card_words(card_id)), 3)

    def _tap_to_mark(self, seat: int, card_id: str, row: int) -> None:
        """First tap: choose the card with every fitting colour; further taps on a
        row of the chosen card switch that colour off and on."""
        seat_view = self.vm.seats[seat]
        option = seat_view.option(card_id)
        choice = self.choices.get(seat)
        if option is None:
            return
        if choice is None or choice[0] != "card" or choice[1] != card_id:
            if not option.default_colours:
                reasons = [c.reason for c in option.colours if c.reason]
                self.app.show_banner(self.tr("Nothing of this roll fits this card.") + " "
                                     + (self.tr(reasons[0]) if reasons else ""), 5)
                return
            self.choices[seat] = ("card", card_id, tuple(option.default_colours))
            self.refresh()
            return
        card = next(c for c in seat_view.open if c["id"] == card_id)
        if not 0 <= row < len(card["rows"]):
            return
        colour = card["rows"][row]["colour"]
        fits = {c.colour: c for c in option.colours}
        if colour not in fits:
            return
        if not fits[colour].fits:
            self.app.show_banner(self.tr(fits[colour].reason), 5)
            return
        if not self.vm.colours_optional:
            self.app.show_banner(self.tr("This game uses every fitting colour (option)."), 4)
            return
        colours = tuple(c for c in choice[2] if c != colour) if colour in choice[2] \
            else tuple(sorted(choice[2] + (colour,), key=COLOURS.index))
        if colours:
            self.choices[seat] = ("card", card_id, colours)
        else:
            del self.choices[seat]
        self.refresh()

    def toggle_pass(self, seat: int) -> None:
        if self.choices.get(seat) == ("pass",):
            del self.choices[seat]
        else:
            self.choices[seat] = ("pass",)
        self.refresh()

    def confirm_all(self, *_: Any) -> None:
        """Every seat's choice, in turn order; the last one ends the round."""
        actions = []
        for seat in self.vm.to_act:
            choice = self.choices.get(seat)
            if choice is None:
                return
            actions.append(Pass(seat) if choice == ("pass",) else Mark(seat, choice[1], choice[2]))
        self.submit_all(actions)

    # -- the panel's CONFIRM and END TURN ---------------------------------------------
    def main_action(self, button: str) -> MainAction | None:
        """Confirm all once everyone has chosen (both buttons); deciding on a re-roll,
        CONFIRM throws the dice picked up (or keeps the roll) and END TURN keeps the roll;
        keeping cards, the next seat that chose three; a card to draw, CONFIRM opens the
        picker."""
        vm = self.vm
        if vm.phase == "mark":
            if vm.to_act and all(seat in self.choices for seat in vm.to_act):
                return MainAction(self.tr("Confirm all"), self.confirm_all)
            return None
        if vm.phase == "decide" and vm.to_act == (vm.active_seat,):
            if button == "confirm" and self.picked:
                return MainAction(self.tr("Re-roll {count}", count=len(self.picked)), self.reroll)
            return MainAction(self.tr("Keep roll"), self.keep_roll)
        if vm.phase == "keep":
            ready = [seat for seat in vm.to_act if len(self.keeping.get(seat, ())) == 3]   # 3 of 5 kept
            if ready:
                return MainAction(self.tr("Keep"), lambda: self.keep_cards(ready[0]))
            return None
        if vm.needs_card_by_tap and button == "confirm":
            return MainAction(self.tr("Pick card"), self.open_picker)
        return None

    def waiting_for(self) -> str:
        return self.info

    def keep_cards(self, seat: int) -> None:
        self.submit(KeepCards(seat, tuple(sorted(self.keeping.get(seat, set())))))

    # -- signals ---------------------------------------------------------------------
    def on_signal(self, signal: Signal) -> None:
        super().on_signal(signal)   # the scoring seats glow, as the manifest declares
        if isinstance(signal, RoundEnded):
            table = self.simulated_table()
            if table is not None:  # the players pick the dice up for the next roll
                from vision.games.alles_auf_1_karte.camera import clear_dice

                clear_dice(table)
