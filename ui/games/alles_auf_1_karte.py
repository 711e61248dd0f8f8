"""The table view of Alles auf 1 Karte: every seat's cards, the roll, all seats marking at once.

Behaviour only; the layout is in ``alles_auf_1_karte.kv``, the drawing of
cards and dice in ``alles_auf_1_karte_cards.py``, the card picker and the card
editor in ``alles_auf_1_karte_editor.py``, the camera in
``alles_auf_1_karte_camera.py``.  Everything goes through the session; the
view keeps only what players have tapped but not yet confirmed (dice being
entered, dice picked up, each seat's chosen card and colours).
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button

from companion.engine import CompanionError
from companion.i18n import N_
from companion.signals import RoundEnded, SeatScored, Signal
from companion.alles_auf_1_karte.actions import (
    DrawCard, KeepCards, Mark, Pass, RevealCard, Reroll, RollDice, TakeDisplayCard)
from companion.alles_auf_1_karte.cards import COLOURS
from ui.games.alles_auf_1_karte_cards import COLOUR_RGB, CardView, DieView
from ui.screens import load_kv

load_kv(__file__)

#: colour names as the players read them (translated through app.tr)
COLOUR_WORDS = {"red": N_("red"), "orange": N_("orange"), "yellow": N_("yellow"),
                "green": N_("green"), "blue": N_("blue"), "purple": N_("purple")}
CATALOGUE_DIR = "catalogues"
MIN_CARD_W = 170
SCORED_W = 50


def catalogue_dir(app: Any) -> Path:
    """Where the players' card corrections are kept."""
    return Path(app.data_dir) / CATALOGUE_DIR


class AaColourButton(Button):
    """A colour of the dice, for entering a throw by tap."""

    colour = StringProperty("")
    rgba = ListProperty([0.5, 0.5, 0.5, 1])


class AaSeatPanel(BoxLayout):
    """One seat: name and total, its open and scored cards, its status and buttons."""

    seat = ObjectProperty(None, allownone=True)
    back = ListProperty([0.16, 0.18, 0.21, 1])


class AllesView(BoxLayout):
    session = ObjectProperty(None)
    info = StringProperty("")
    final_round = BooleanProperty(False)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.choices: dict[int, tuple[Any, ...]] = {}   # seat -> ("card", id, colours) | ("pass",)
        self.entered: list[str] = []                    # dice entered by tap for this throw
        self.picked: set[int] = set()                   # dice (slot index) picked up to re-roll
        self.keeping: dict[int, set[str]] = {}          # advanced setup: cards each seat keeps
        self.flashing: set[int] = set()                 # seats that just scored
        self.rng = random.Random()
        self._key: tuple[Any, ...] | None = None
        self._summary: dict[str, Any] = {}
        self.ids.scroll.bind(size=lambda *_: self._size_panels())

    # -- helpers -------------------------------------------------------------
    @property
    def app(self) -> Any:
        return App.get_running_app()

    def tr(self, message: str, **values: Any) -> str:
        return self.app.tr(message, **values)

    def colour_word(self, colour: str) -> str:
        return self.tr(COLOUR_WORDS.get(colour, colour))

    def colours_text(self, colours: list[str] | tuple[str, ...]) -> str:
        return ", ".join(self.colour_word(c) for c in colours)

    def submit(self, action: Any) -> bool:
        """Hand an action to the session; False when the rules refused it (the
        app already shows the reason in its banner)."""
        try:
            self.session.submit(action)
        except CompanionError:
            return False
        return True

    def simulated_table(self) -> Any:
        camera = getattr(self.app, "camera", None)
        setup = getattr(camera, "setup", None)
        return getattr(setup, "simulated_table", None)

    # -- refresh -------------------------------------------------------------
    def refresh(self) -> None:
        s = self.session.summary()
        self._summary = s
        key = (s["round"], s["throws"], s["phase"], len(s["replacements"]))
        if key != self._key:
            self.entered, self.picked = [], set()
            if s["phase"] != "mark" or self._key is None or self._key[0] != s["round"]:
                self.choices = {}
            if s["phase"] != "keep":
                self.keeping = {}
            self._key = key
        for seat in s["seats"]:
            if seat["decided"]:
                self.choices.pop(seat["seat"], None)
        self.final_round = bool(s["final_round"])
        self.info = self._info_text(s)
        self._build_dice(s)
        self._build_buttons(s)
        self._build_panels(s)

    def _info_text(self, s: dict[str, Any]) -> str:
        phase, name = s["phase"], s["active_name"]
        prefix = self.tr("Final round!") + " " if s["final_round"] and phase != "over" else ""
        if phase == "deal":
            return self.tr("Deal: tap Pick card for the card {name} drew",
                           name=self._player(self._seat_to_deal(s)))
        if phase == "keep":
            return self.tr("Everyone keeps 3 of their 5 cards")
        if phase == "reveal":
            return self.tr("Lay a card from the pile face up in the display")
        if phase == "throw":
            kept = len(self._kept_dice(s))
            if kept:
                text = self.tr("Round {round}: {name} throws {count} dice again (throw {throw} of 3)",
                               round=s["round"], name=name, count=5 - kept, throw=s["throws"] + 1)
            else:
                text = self.tr("Round {round}: {name} throws (throw {throw} of 3). Tap the colours",
                               round=s["round"], name=name, throw=s["throws"] + 1)
            return prefix + text
        if phase == "decide":
            return prefix + self.tr("{name}: tap dice to throw again, or keep the roll",
                                    name=name)
        if phase == "mark":
            return prefix + self.tr("Everyone: tap one card to mark, or Pass; then Confirm all")
        if phase == "replace":
            seat = s["replacements"][0]
            if s["variant"] == "advanced":
                return self.tr("{name} takes a new card from the display", name=self._player(seat))
            return self.tr("{name} draws a new card: tap Pick card", name=self._player(seat))
        return self.tr("Game over")

    def _player(self, seat: int | None) -> str:
        seats = self._summary.get("seats", [])
        return seats[seat]["name"] if seat is not None and 0 <= seat < len(seats) else "?"

    @staticmethod
    def _seat_to_deal(s: dict[str, Any]) -> int | None:
        want = 5 if s["variant"] == "advanced" else 2
        return next((seat["seat"] for seat in s["seats"] if len(seat["open"]) < want), None)

    @staticmethod
    def _kept_dice(s: dict[str, Any]) -> list[str]:
        if s["phase"] != "throw" or s["throws"] == 0:
            return []
        rest = Counter(s["dice"]) - Counter(s["picked_up"])
        return sorted(rest.elements(), key=COLOURS.index)

    # -- the dice --------------------------------------------------------------
    def _build_dice(self, s: dict[str, Any]) -> None:
        box = self.ids.dice
        box.clear_widgets()
        pending = self.session.pending
        phase = s["phase"]
        if phase == "throw" and pending is not None and isinstance(pending.action, RollDice):
            faces = [(f, "pending") for f in pending.action.faces]
        elif phase == "throw":
            faces = [(f, "kept") for f in self._kept_dice(s)] + [(f, "entered") for f in self.entered]
        elif phase in ("decide", "mark", "replace", "over") or (phase == "reveal" and s["dice"]):
            faces = [(f, "rolled") for f in s["dice"]]
        else:
            faces = []
        for index in range(5):
            colour, kind = faces[index] if index < len(faces) else ("", "empty")
            die = DieView(colour=colour, pending=kind == "pending", kept=kind == "kept",
                          raised=phase == "decide" and index in self.picked)
            die.slot, die.kind = index, kind
            die.bind(on_release=self.tap_die)
            box.add_widget(die)

    def tap_die(self, die: DieView) -> None:
        phase = self._summary.get("phase")
        if phase == "throw" and die.kind == "entered":
            del self.entered[die.slot - len(self._kept_dice(self._summary))]
            self.refresh()
        elif phase == "decide" and self.session.to_act == (self._summary["active"],):
            self.picked ^= {die.slot}
            self.refresh()

    def enter_colour(self, button: AaColourButton) -> None:
        """One thrown die read by eye; the throw is entered once every die has a colour."""
        s = self._summary
        kept = self._kept_dice(s)
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
            from vision.games.alles_auf_1_karte_camera import lift_hand, throw_dice

            throw_dice(table, self._kept_dice(self._summary), self.rng, hand=True)
            Clock.schedule_once(lambda _dt: lift_hand(table), 0.8)
            self.app.show_banner(
                self.tr("Dice thrown on the simulated table: confirm what the camera read"), 4)
            return
        self.submit(self.session.game.sample_chance(self.session.state, self.rng))

    def reroll(self, *_: Any) -> None:
        dice = self._summary["dice"]
        chosen = tuple(dice[i] for i in sorted(self.picked) if i < len(dice))
        if chosen and self.submit(Reroll(self._summary["active"], chosen)):
            table = self.simulated_table()
            if table is not None:  # the picked-up dice leave the mat
                from vision.games.alles_auf_1_karte_camera import pick_up

                pick_up(table, chosen)

    def keep_roll(self, *_: Any) -> None:
        self.submit(Reroll(self._summary["active"], ()))

    # -- the buttons -----------------------------------------------------------
    def _button(self, text: str, handler: Any, wid: str, enabled: bool = True,
                colour: tuple[float, ...] | None = None) -> Button:
        button = Factory.AaButton(text=text, disabled=not enabled)
        if colour is not None:
            button.background_color = colour
        button.bind(on_release=handler)
        button.wid = wid
        self.ids.buttons.add_widget(button)
        return button

    def _build_buttons(self, s: dict[str, Any]) -> None:
        box = self.ids.buttons
        box.clear_widgets()
        phase = s["phase"]
        green = (0.15, 0.55, 0.35, 1)
        if phase in ("deal", "reveal") or (phase == "replace" and s["variant"] == "basic"):
            self._button(self.tr("Pick card"), self.open_picker, "pick", colour=green)
            self._button(self.tr("Random"), self.random_card, "random_card")
        elif phase == "throw":
            for colour in COLOURS:
                button = AaColourButton(colour=colour, text=self.colour_word(colour),
                                        rgba=[*COLOUR_RGB[colour], 1])
                button.wid = f"colour_{colour}"
                button.bind(on_release=self.enter_colour)
                box.add_widget(button)
            self._button(self.tr("Random"), self.random_throw, "random_throw")
            return
        elif phase == "decide":
            self._button(self.tr("Re-roll {count}", count=len(self.picked)), self.reroll,
                         "reroll", enabled=bool(self.picked))
            self._button(self.tr("Keep roll"), self.keep_roll, "keep_roll", colour=green)
        elif phase == "mark":
            waiting = [seat for seat in s["to_act"] if seat not in self.choices]
            self._button(self.tr("Confirm all"), self.confirm_all, "confirm_all",
                         enabled=not waiting, colour=green)
        self._button(self.tr("Cards"), self.open_editor, "cards")

    # -- drawing cards -----------------------------------------------------------
    def open_picker(self, *_: Any) -> None:
        from ui.games.alles_auf_1_karte_editor import CardPicker

        s = self._summary
        if s["phase"] == "deal":
            title = self.tr("Which card did {name} draw?", name=self._player(self._seat_to_deal(s)))
        elif s["phase"] == "reveal":
            title = self.tr("Which card was laid in the display?")
        else:
            title = self.tr("Which card did {name} draw?", name=self._player(s["replacements"][0]))
        state = self.session.state
        cards = [state.card(card_id) for card_id in s["pile"]]
        CardPicker(title=title, cards=cards, on_pick=self.pick_card,
                   on_random=self.random_card, on_edit=self.open_editor).open()

    def pick_card(self, card_id: str) -> None:
        s = self._summary
        if s["phase"] == "deal":
            self.submit(DrawCard(self._seat_to_deal(s), card_id))
        elif s["phase"] == "reveal":
            self.submit(RevealCard(card_id))
        elif s["phase"] == "replace":
            self.submit(DrawCard(s["replacements"][0], card_id))

    def random_card(self, *_: Any) -> None:
        self.submit(self.session.game.sample_chance(self.session.state, self.rng))

    def open_editor(self, *_: Any) -> None:
        from ui.games.alles_auf_1_karte_editor import CardEditor

        CardEditor(user_dir=catalogue_dir(self.app)).open()

    # -- the seats ------------------------------------------------------------------
    def _build_panels(self, s: dict[str, Any]) -> None:
        box = self.ids.seats
        box.clear_widgets()
        if s["variant"] == "advanced" and (s["display"] or s["phase"] in ("reveal", "replace")):
            box.add_widget(self._display_panel(s))
        for seat in s["seats"]:
            box.add_widget(self._seat_panel(s, seat))
        self._size_panels()

    def _size_panels(self) -> None:
        panels = list(reversed(self.ids.seats.children))
        if not panels:
            return
        room = self.ids.scroll.width - dp(6) * (len(panels) - 1)
        wants = [getattr(p, "min_width", dp(MIN_CARD_W)) for p in panels]
        share = room / len(panels)
        for panel, want in zip(panels, wants):
            panel.width = max(share, want)

    def _display_panel(self, s: dict[str, Any]) -> AaSeatPanel:
        panel = AaSeatPanel()
        panel.ids.name.text = self.tr("Display")
        panel.ids.total.text = self.tr("Pile: {count}", count=s["pile_size"])
        choosing = s["phase"] == "replace"
        for card in s["display"]:
            view = CardView(data=card, best=choosing)
            view.payload = ("display", card["id"])
            view.bind(on_release=self.tap_card)
            panel.ids.cards.add_widget(view)
        panel.ids.status.text = (self.tr("{name}: tap the card you take",
                                         name=self._player(s["replacements"][0]))
                                 if choosing else "")
        panel.min_width = dp(MIN_CARD_W) * max(1, len(s["display"]))
        panel.back = [0.2, 0.2, 0.14, 1]
        return panel

    def _seat_panel(self, s: dict[str, Any], seat: dict[str, Any]) -> AaSeatPanel:
        number = seat["seat"]
        panel = AaSeatPanel(seat=number)
        panel.ids.name.text = seat["name"]
        panel.ids.total.text = self.tr("{points} pts", points=seat["score"])
        phase = s["phase"]
        if number in self.flashing:
            panel.back = [0.55, 0.45, 0.1, 1]
        elif phase in ("throw", "decide") and number == s["active"]:
            panel.back = [0.14, 0.27, 0.4, 1]
        marking = phase == "mark" and not seat["decided"]
        choice = self.choices.get(number)
        options = {o["card"]: o for o in seat.get("options", [])} if marking else {}
        hint = seat.get("hint") or {}
        for position, card in enumerate(seat["open"], start=1):
            view = CardView(data=card)
            view.payload = ("seat", number, card["id"], position)
            if marking:
                self._dress_for_marking(view, number, card, options.get(card["id"]), choice, hint)
            elif phase == "keep":
                view.selected = card["id"] in self.keeping.get(number, set())
                view.note = self.tr("keep") if view.selected else ""
            else:
                view.note = self.tr("{rows} rows · {left} to go", rows=card["complete_rows"],
                                    left=card["fields_to_score"])
            view.bind(on_release=self.tap_card)
            panel.ids.cards.add_widget(view)
        if seat["scored"]:
            strip = BoxLayout(orientation="vertical", size_hint_x=None, width=dp(SCORED_W),
                              spacing=dp(3))
            strip.add_widget(Factory.Label(text=self.tr("Scored"), font_size="12sp",
                                           size_hint_y=None, height=dp(18)))
            for scored in seat["scored"]:
                strip.add_widget(Factory.AaScoredChip(text=str(scored["score"])))
            strip.add_widget(BoxLayout())
            panel.ids.cards.add_widget(strip)
        panel.min_width = (dp(MIN_CARD_W) * max(2, len(seat["open"]))
                           + (dp(SCORED_W) if seat["scored"] else 0))
        self._seat_footer(panel, s, seat, marking)
        return panel

    def _dress_for_marking(self, view: CardView, seat: int, card: dict[str, Any],
                           option: dict[str, Any] | None, choice: tuple[Any, ...] | None,
                           hint: dict[str, Any]) -> None:
        """Show what this roll does to the card: colours that do not fit are struck
        through; the chosen card shows its ghost marks and what it would give."""
        if option is None:
            return
        view.unfit = [c["colour"] for c in option["colours"] if not c["fits"]]
        view.best = hint.get("best_card") == card["id"]
        chosen = choice is not None and choice[0] == "card" and choice[1] == card["id"]
        if chosen:
            preview = self._preview(seat, card["id"], choice[2])
            view.selected = True
            view.chosen_colours = list(choice[2])
            if preview is not None:
                view.preview = list(preview.marks_after)
                view.note = (self.tr("scores {points}!", points=preview.score)
                             if preview.would_score
                             else self.tr("+{fields} fields", fields=preview.fields_gained))
            return
        if not option["default_colours"]:
            view.note = self.tr("nothing fits")
        elif option["would_score"]:
            view.note = self.tr("could score {points}", points=option["score"])
        else:
            view.note = self.tr("+{fields} possible", fields=option["fields_gained"])
        view.dim = choice is not None

    def _preview(self, seat: int, card_id: str, colours: tuple[str, ...]) -> Any:
        try:
            return self.session.game.preview_mark(self.session.state, seat, card_id, colours)
        except CompanionError:
            return None

    def _seat_footer(self, panel: AaSeatPanel, s: dict[str, Any], seat: dict[str, Any],
                     marking: bool) -> None:
        number, footer = seat["seat"], panel.ids.footer
        status = panel.ids.status
        phase = s["phase"]
        if marking:
            choice = self.choices.get(number)
            status.text = self._choice_text(seat, choice)
            button = Factory.AaButton(text=self.tr("Pass"))
            if choice == ("pass",):
                button.background_color = (0.75, 0.5, 0.1, 1)
            button.wid = f"pass_{number}"
            button.bind(on_release=lambda _b: self.toggle_pass(number))
            footer.add_widget(button, index=1)
        elif phase == "mark":
            status.text = self._decision_text(seat)
        elif phase == "keep" and number in s["to_act"]:
            chosen = len(self.keeping.get(number, set()))
            status.text = self.tr("Tap the 3 cards to keep ({count} chosen)", count=chosen)
            button = Factory.AaButton(text=self.tr("Keep"), disabled=chosen != 3)
            button.wid = f"keep_{number}"
            button.bind(on_release=lambda _b: self.keep_cards(number))
            footer.add_widget(button, index=1)
        elif seat["open"]:
            closest = min(range(len(seat["open"])),
                          key=lambda i: seat["open"][i]["fields_to_score"])
            status.text = self.tr("Closest to scoring: card {n} ({left} fields)", n=closest + 1,
                                  left=seat["open"][closest]["fields_to_score"])

    def _choice_text(self, seat: dict[str, Any], choice: tuple[Any, ...] | None) -> str:
        if choice == ("pass",):
            return self.tr("Passes this roll")
        if choice is not None:
            position = self._position(seat, choice[1])
            return self.tr("Card {n}: {colours}", n=position, colours=self.colours_text(choice[2]))
        hint = seat.get("hint") or {}
        parts = []
        best = hint.get("best_card")
        if best:
            option = next(o for o in seat["options"] if o["card"] == best)
            parts.append(self.tr("Best: card {n} (scores {points})", n=self._position(seat, best),
                                 points=option["score"]) if option["would_score"]
                         else self.tr("Best: card {n} (+{fields})", n=self._position(seat, best),
                                      fields=option["fields_gained"]))
        else:
            parts.append(self.tr("Nothing fits: Pass"))
        closest = hint.get("closest_card")
        if closest:
            parts.append(self.tr("closest: card {n} ({left} to go)",
                                 n=self._position(seat, closest), left=hint["fields_to_score"]))
        return " · ".join(parts)

    def _decision_text(self, seat: dict[str, Any]) -> str:
        decision = seat["decision"] or {}
        if decision.get("card") is None:
            return self.tr("Passed")
        if decision.get("scored") is not None:
            return self.tr("Scored a card: {points} points", points=decision["scored"])
        return self.tr("Marked {colours}", colours=self.colours_text(decision["colours"]))

    @staticmethod
    def _position(seat: dict[str, Any], card_id: str) -> int:
        ids = [c["id"] for c in seat["open"]]
        return ids.index(card_id) + 1 if card_id in ids else 0

    # -- taps on cards -------------------------------------------------------------
    def tap_card(self, view: CardView) -> None:
        s = self._summary
        payload = view.payload
        if payload[0] == "display":
            if s["phase"] == "replace":
                self.submit(TakeDisplayCard(s["replacements"][0], payload[1]))
            return
        _, seat, card_id, _position = payload
        if s["phase"] == "mark" and seat in s["to_act"]:
            self._tap_to_mark(seat, card_id, view.touched_row)
        elif s["phase"] == "keep" and seat in s["to_act"]:
            chosen = self.keeping.setdefault(seat, set())
            chosen ^= {card_id}
            self.refresh()
        else:
            self.app.show_banner(self.tr("Card {id}", id=card_id), 3)

    def _tap_to_mark(self, seat: int, card_id: str, row: int) -> None:
        """First tap: choose the card with every fitting colour; further taps on a
        row of the chosen card switch that colour off and on."""
        s = self._summary
        seat_view = s["seats"][seat]
        option = next(o for o in seat_view["options"] if o["card"] == card_id)
        choice = self.choices.get(seat)
        if choice is None or choice[0] != "card" or choice[1] != card_id:
            if not option["default_colours"]:
                reasons = [c["reason"] for c in option["colours"] if c["reason"]]
                self.app.show_banner(self.tr("Nothing of this roll fits this card.") + " "
                                     + (self.tr(reasons[0]) if reasons else ""), 5)
                return
            self.choices[seat] = ("card", card_id, tuple(option["default_colours"]))
            self.refresh()
            return
        card = next(c for c in seat_view["open"] if c["id"] == card_id)
        if not 0 <= row < len(card["rows"]):
            return
        colour = card["rows"][row]["colour"]
        fits = {c["colour"]: c for c in option["colours"]}
        if colour not in fits:
            return
        if not fits[colour]["fits"]:
            self.app.show_banner(self.tr(fits[colour]["reason"]), 5)
            return
        if not s["colours_optional"]:
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
        for seat in list(self._summary["to_act"]):
            choice = self.choices.get(seat)
            if choice is None:
                return
            action = Pass(seat) if choice == ("pass",) else Mark(seat, choice[1], choice[2])
            if not self.submit(action):
                return

    def keep_cards(self, seat: int) -> None:
        self.submit(KeepCards(seat, tuple(sorted(self.keeping.get(seat, set())))))

    # -- signals ---------------------------------------------------------------------
    def on_signal(self, signal: Signal) -> None:
        if isinstance(signal, SeatScored):
            self.flashing.add(signal.seat)
            Clock.schedule_once(lambda _dt: self._stop_flash(signal.seat), 2.5)
            self.refresh()
        elif isinstance(signal, RoundEnded):
            table = self.simulated_table()
            if table is not None:  # the players pick the dice up for the next roll
                from vision.games.alles_auf_1_karte_camera import clear_dice

                clear_dice(table)

    def _stop_flash(self, seat: int) -> None:
        self.flashing.discard(seat)
        if self.parent is not None and self.session is not None:
            self.refresh()
