"""Golden Horn's fleets on the setup screen: each player's real sail colours, by pickers.

The block stands in the rules column in place of a text field.  It shows one row
per player (name, the sails of ships a, b and c); a tap opens the picker: tap a
sail, then its colour (the next sail is chosen by itself).  What is shown comes
from the copy's remembered games by the players' colours
(companion.golden_horn.fleets); before the first game of a copy every player is
shown as "not entered yet" under a notice asking for the sails.  Start never waits
for them: the setup screen names the players left with the sample sails.
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.metrics import dp
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.modalview import ModalView
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.engine import Option
from companion.errors import CompanionError
from companion.golden_horn.data import COLOUR_NAMES as COLOUR_NAMES_EN, COLOURS
from companion.golden_horn.fleets import (
    SAILS_PER_SHIP, Fleet, FleetChoice, choose_fleets, fleet_text, is_fleet, remembered_from, sample_fleet)
from companion.messages import Text
from ui.colours import ink_on
from ui.games.editors import OptionEditor, SetupForm
from ui.widgets.colour_mark import symbol_of, with_symbol
from ui.games.golden_horn.widgets import COLOUR_NAMES, COLOUR_RGBA
from ui.games.kit import text_fill

log = logging.getLogger(__name__)

#: sail colours as the Golden Horn view draws them, and their words
SAIL_RGB = {letter: tuple(rgba[:3]) for letter, rgba in COLOUR_RGBA.items()}
SHIPS = "abc"
EMPTY = (0.3, 0.32, 0.36)


def tr(message: str, **values: Any) -> str:
    return App.get_running_app().tr(message, **values)


class SailDot(Label):
    """One sail, drawn in its colour (with its colour's symbol as text)."""

    rgb = ListProperty(EMPTY)


class FleetSeatRow(ButtonBehavior, BoxLayout):
    """One player's fleet: name, then the sails of ships a, b, c (or what is missing);
    a tap opens the picker."""

    seat = NumericProperty(0)
    name = StringProperty("")
    status = StringProperty("")

    def show_fleet(self, fleet: Fleet | None) -> None:
        """Draw ``fleet``'s sails after the status (called once: rows are built anew)."""
        box = self.ids.sails
        for ship, sails in enumerate(fleet or ()):
            if ship:
                box.add_widget(Widget(size_hint=(None, None), size=(dp(8), dp(20))))
            for sail in sails:
                box.add_widget(SailDot(rgb=SAIL_RGB[sail], text=symbol_of(COLOUR_NAMES_EN[sail]),
                                          color=(*ink_on(SAIL_RGB[sail]), 1)))
        box.add_widget(Widget())


class SailSlot(Button):
    rgb = ListProperty(EMPTY)
    chosen = BooleanProperty(False)


class FleetBlock(BoxLayout):
    """The fleets of the players now in setup; ``value()`` is the option's text."""

    notice = StringProperty("")

    def __init__(self, label: str, help_text: str, **kwargs: Any):
        super().__init__(**kwargs)
        self.ids.label.text = label
        self.ids.help.text = help_text
        self.fleets: list[Fleet | None] = []
        self.samples: set[int] = set()
        self.names: list[str] = []
        self.warning = ""

    def show(self, names: Sequence[str], choice: FleetChoice) -> None:
        """The players' names and the fleets remembered for their colours."""
        self.names = list(names)
        self.fleets = list(choice.fleets)
        self.samples = set()
        self.warning = App.get_running_app().say(choice.warning) if choice.warning else ""
        self.update()

    def rename(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.update()

    @property
    def missing(self) -> list[int]:
        return [seat for seat, fleet in enumerate(self.fleets) if fleet is None]

    def update(self) -> None:
        rows = self.ids.rows
        rows.clear_widgets()
        for seat, fleet in enumerate(self.fleets):
            name = self.names[seat] if seat < len(self.names) else str(seat + 1)
            status = (tr("sample sails") if seat in self.samples
                      else tr("not entered yet") if fleet is None else "")
            row = FleetSeatRow(seat=seat, name=name, status=status)
            row.show_fleet(fleet)
            row.test_id = f"fleet_{seat}"
            row.bind(on_release=lambda r: self.edit(r.seat))
            rows.add_widget(row)
        if self.warning:
            self.notice = self.warning
        elif self.missing:
            self.notice = tr("First game with this copy: tap each player to enter the real sail "
                             "colours of their ships.")
        elif self.samples:
            self.notice = tr("Some players use the sample sails: check them against your ships.")
        else:
            self.notice = ""

    @property
    def sample_seats(self) -> list[int]:
        """Seats that play with the sample sails: chosen so, or not entered."""
        return sorted(self.samples | set(self.missing))

    def edit(self, seat: int) -> None:
        name = self.names[seat] if seat < len(self.names) else str(seat + 1)
        current = self.fleets[seat] if seat not in self.samples else None

        def done(fleet: Fleet | None) -> None:
            if fleet is None:       # the sample sails, as the table chose
                self.fleets[seat] = sample_fleet(seat)
                self.samples.add(seat)
            else:
                self.fleets[seat] = fleet
                self.samples.discard(seat)
            self.update()

        FleetPicker(name=name, fleet=current, on_done=done).open()

    def value(self) -> str:
        """The option's text: every seat's fleet (the sample one where none was entered),
        or "" when no seat has real sails (the game's default; nothing is remembered)."""
        if len(self.sample_seats) == len(self.fleets):
            return ""
        return fleet_text([f if f is not None else sample_fleet(seat) for seat, f in enumerate(self.fleets)])


class FleetPicker(ModalView):
    """One player's ships a, b, c: tap a sail, then its colour."""

    title = StringProperty("")

    def __init__(self, name: str, fleet: Fleet | None, on_done: Callable[[Fleet | None], None],
                 **kwargs: Any):
        super().__init__(**kwargs)
        self.on_done = on_done
        self.title = tr("{name}'s ships: tap a sail, then its colour", name=name)
        self.sails: list[list[str]] = [list(s) + [""] * (SAILS_PER_SHIP - len(s))
                                       for s in (fleet or ("",) * len(SHIPS))]
        self.at = (0, 0)
        self.slots: list[list[SailSlot]] = []
        for ship, letter in enumerate(SHIPS):
            line = Factory.FleetShipLine()
            line.ids.ship.text = tr("Ship {ship}", ship=letter)
            slots = []
            for sail in range(SAILS_PER_SHIP):
                slot = SailSlot()
                slot.test_id = f"sail_{ship}_{sail}"
                slot.bind(on_release=lambda _s, a=ship, b=sail: self.choose(a, b))
                line.ids.slots.add_widget(slot)
                slots.append(slot)
            self.slots.append(slots)
            self.ids.ships.add_widget(line)
        for letter in COLOURS:
            fill = text_fill(SAIL_RGB[letter])   # the word readable on its colour
            button = Button(text=with_symbol(tr(COLOUR_NAMES[letter]), COLOUR_NAMES_EN[letter]), markup=True,
                            background_normal="",
                            background_color=(*fill, 1), color=(*ink_on(fill), 1), font_size="15sp")
            button.test_id = f"sail_colour_{letter}"
            button.bind(on_release=lambda _b, c=letter: self.paint(c))
            self.ids.palette.add_widget(button)
        none = Button(text=tr("No sail"), font_size="15sp")
        none.test_id = "sail_colour_none"
        none.bind(on_release=lambda _b: self.paint(""))
        self.ids.palette.add_widget(none)
        self.update()

    def choose(self, ship: int, sail: int) -> None:
        self.at = (ship, sail)
        self.update()

    def paint(self, colour: str) -> None:
        ship, sail = self.at
        self.sails[ship][sail] = colour
        index = ship * SAILS_PER_SHIP + sail + 1          # on to the next sail
        if index < len(SHIPS) * SAILS_PER_SHIP:
            self.at = divmod(index, SAILS_PER_SHIP)
        self.update()

    def fleet(self) -> Fleet:
        return tuple("".join(s for s in ship if s) for ship in self.sails)

    def update(self) -> None:
        for ship, slots in enumerate(self.slots):
            for sail, slot in enumerate(slots):
                colour = self.sails[ship][sail]
                slot.rgb = SAIL_RGB[colour] if colour else EMPTY
                slot.text = symbol_of(COLOUR_NAMES_EN[colour]) if colour else ""
                slot.color = (*ink_on(slot.rgb), 1)
                slot.chosen = (ship, sail) == self.at
        self.ids.save.disabled = not is_fleet(self.fleet())

    def save(self) -> None:
        if is_fleet(self.fleet()):
            self.dismiss()
            self.on_done(self.fleet())

    def use_samples(self) -> None:
        self.dismiss()
        self.on_done(None)


class FleetEditor(OptionEditor):
    """The fleets' option on the setup screen: the block of pickers, first in the options
    column (the copy's own ships), showing the fleets remembered for the players' colours."""

    first = True

    def __init__(self, option: Option, form: SetupForm):
        app = App.get_running_app()
        super().__init__(FleetBlock(app.tr(option.label), app.tr(option.help) if option.help else ""))
        self.form = form

    @property
    def block(self) -> FleetBlock:
        return self.widget

    def seats_changed(self) -> None:
        """The fleets remembered for the players' colours (newest game of this size
        first, then the other sizes), with a warning when they were entered for other seats."""
        app = App.get_running_app()
        form, game = self.form, self.form.game
        sizes = [form.player_count] + [n for n in range(game.min_players, game.max_players + 1)
                                       if n != form.player_count]
        remembered = []
        for size in sizes if app.journal is not None else ():
            try:
                remembered.append(remembered_from(app.journal.latest_config(form.game_name, size)))
            except (CompanionError, ValueError, RecursionError) as exc:   # the setup screen says why
                log.warning("remembered fleets of %s-player games ignored: %s", size, exc)
        self.block.show(form.player_names(), choose_fleets(form.seat_colours(), remembered))

    def names_changed(self) -> None:
        self.block.rename(self.form.player_names())

    def value(self) -> str | None:
        return self.block.value() or None

    def started(self) -> None:
        """The players who play with the sample sails are named (the table always wins:
        a warning, never a stop)."""
        seats = self.block.sample_seats
        if seats:
            app = App.get_running_app()
            names = [self.form.player_names()[s] for s in seats]
            app.show_banner(app.tr(Text("{names}: the sample sails are used, not your ships' sails; "
                                        "enter the real ones in setup before the next game.",
                                        names=", ".join(names))), seconds=10)
