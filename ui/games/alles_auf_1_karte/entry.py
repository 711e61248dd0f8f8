"""Alles auf 1 Karte: a real card entered fast, by tapping its rows into a grid.

Reached from the card picker ("Not in the list") when the card drawn matches no
layout of the set (the shipped layouts are samples).  Per printed row, top first:
tap its colour, tap its last field, tap its sun; what is still missing is said in
the players' words, and "Use this card" is offered once the rows make a card.
The layout logic is pure (companion.alles_auf_1_karte.catalogue); this module
only draws the grid and passes the finished card to ``on_done``.
"""
from __future__ import annotations

from typing import Any, Callable

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.modalview import ModalView

from companion.alles_auf_1_karte.cards import COLOURS, MAX_FIELDS, Card
from companion.alles_auf_1_karte.catalogue import (
    TappedRow, blank_rows, card_of, problems, with_colour, with_fields, with_sun)
from ui.games.alles_auf_1_karte.cards import COLOUR_RGB
from ui.widgets.colour_mark import symbol_of
from ui.games.kit import tag

EMPTY_RGBA = [0.25, 0.27, 0.3, 1]


class AaRowColour(Button):
    """A colour of one row: bright when the row has it, dim otherwise."""

    rgba = ListProperty([0.5, 0.5, 0.5, 1])
    on = BooleanProperty(False)


class AaField(Button):
    """A field of one row: filled up to the row's last field, in the row's colour."""

    rgba = ListProperty(EMPTY_RGBA)
    filled = BooleanProperty(False)
    number = NumericProperty(0)


class CardEntry(ModalView):
    """The grid: 5 rows × (6 colours, 6 fields, a sun)."""

    title = StringProperty("")
    note = StringProperty("")

    def __init__(self, title: str, on_done: Callable[[Card], None],
                 rows: tuple[TappedRow, ...] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.title, self.on_done = title, on_done
        self.rows = rows or blank_rows()
        self._widgets: list[dict[str, Any]] = []
        for index in range(len(self.rows)):
            self.ids.grid.add_widget(self._row(index))
        self.ids.use.bind(on_release=lambda _b: self.use())
        self.update()

    def _row(self, index: int) -> Any:
        row = Factory.AaEntryLine()
        row.ids.number.text = str(index + 1)
        colours, fields = [], []
        for colour in COLOURS:
            button = tag(AaRowColour(rgba=[*COLOUR_RGB[colour], 1], text=symbol_of(colour)), f"entry_{index}_{colour}")
            button.bind(on_release=lambda _b, c=colour: self.tap_colour(index, c))
            row.ids.colours.add_widget(button)
            colours.append((colour, button))
        for number in range(1, MAX_FIELDS + 1):
            field = tag(AaField(number=number), f"entry_{index}_field_{number}")
            field.bind(on_release=lambda _b, n=number: self.tap_field(index, n))
            row.ids.fields.add_widget(field)
            fields.append(field)
        sun = tag(row.ids.sun, f"entry_{index}_sun")
        sun.bind(on_release=lambda _b: self.tap_sun(index))
        self._widgets.append({"colours": colours, "fields": fields, "sun": sun})
        return row

    def tap_colour(self, index: int, colour: str) -> None:
        self.rows = with_colour(self.rows, index, colour)
        self.update()

    def tap_field(self, index: int, number: int) -> None:
        self.rows = with_fields(self.rows, index, number)
        self.update()

    def tap_sun(self, index: int) -> None:
        self.rows = with_sun(self.rows, index)
        self.update()

    def update(self) -> None:
        app = App.get_running_app()
        for row, widgets in zip(self.rows, self._widgets):
            for colour, button in widgets["colours"]:
                button.on = colour == row.colour
            fill = [*COLOUR_RGB[row.colour], 1] if row.colour else [0.8, 0.8, 0.8, 1]
            for field in widgets["fields"]:
                field.filled = field.number <= row.fields
                field.rgba = fill if field.filled else EMPTY_RGBA
            widgets["sun"].state = "down" if row.sun else "normal"
            widgets["sun"].text = app.tr("Sun")
        missing = problems(self.rows)
        self.ids.use.disabled = bool(missing)
        self.note = app.say(missing[0]) if missing else app.tr("The card is complete: tap Use this card")

    def use(self) -> None:
        if problems(self.rows):
            return
        self.dismiss()
        self.on_done(card_of(self.rows))
