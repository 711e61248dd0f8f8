"""Alles auf 1 Karte: the card picker (which card was drawn) and the card editor.

The 30 printed layouts exist only on the physical cards; the shipped
catalogue holds sample layouts until a player checks them.  The editor lets a
player correct a card from the card in hand in well under a minute: per row
tap the colour, set the fields with - / +, tap the sun; the check (errors and
warnings naming the card and the problem) runs on every tap.  Corrections go
to the user catalogue (``<data dir>/catalogues``) and apply from the next game
on (a running game keeps the layouts it was dealt from, so its record replays).
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, StringProperty
from kivy.uix.modalview import ModalView
from kivy.uix.togglebutton import ToggleButton

from companion.alles_auf_1_karte.cards import (
    COLOURS, MAX_FIELDS, MIN_FIELDS, Card)
from companion.alles_auf_1_karte.catalogue import (
    Catalogue, CatalogueError, free_id_for, load_effective_catalogue, replace_card,
    reset_user_catalogue, validate_card)
from companion.alles_auf_1_karte.view_model import layout_view
from companion.messages import Text
from ui.games.alles_auf_1_karte.cards import COLOUR_RGB, CardView
from ui.widgets.colour_mark import symbol_of

log = logging.getLogger(__name__)

MAX_POINTS = 12


def tr(message: str, **values: Any) -> str:
    return App.get_running_app().tr(message, **values)


class AaSwatch(ToggleButton):
    """One colour choice of an editor row."""

    colour = StringProperty("")
    rgba = ListProperty([0.5, 0.5, 0.5, 1])
    #: the colour's symbol (Settings: symbols on colours), shown until the swatch is ticked
    mark = StringProperty("")

    def on_colour(self, _swatch: Any, colour: str) -> None:
        self.mark = symbol_of(colour)


class CardPicker(ModalView):
    """Tap the card that was drawn; filter by the colour missing on the card."""

    def __init__(self, title: str, cards: list[Card], on_pick: Callable[[str], None],
                 on_random: Callable[[], None], on_edit: Callable[[], None],
                 on_enter: Callable[[], None], **kwargs: Any):
        super().__init__(**kwargs)
        self.cards, self.on_pick, self.on_random, self.on_edit = cards, on_pick, on_random, on_edit
        self.on_enter = on_enter
        self.missing: str | None = None
        self.ids.title.text = title
        filters = self.ids.filters
        filters.add_widget(Factory.Label(text=tr("Missing colour:"), font_size="14sp",
                                         size_hint_x=None, width=dp(130), halign="right",
                                         text_size=(dp(126), None)))
        for colour in COLOURS:
            swatch = AaSwatch(colour=colour, rgba=[*COLOUR_RGB[colour], 1], group="aa-missing")
            swatch.bind(on_release=self._filter)
            filters.add_widget(swatch)
        filters.add_widget(Factory.Widget())
        self.show()

    def _filter(self, swatch: AaSwatch) -> None:
        self.missing = swatch.colour if swatch.state == "down" else None
        self.show()

    def show(self) -> None:
        grid = self.ids.grid
        grid.clear_widgets()
        for card in self.cards:
            if self.missing is not None and card.missing_colour != self.missing:
                continue
            view = CardView(data=layout_view(card))     # its rows say what it is; its code is internal
            view.payload = card.id
            view.bind(on_release=self._picked)
            grid.add_widget(view)

    def _picked(self, view: CardView) -> None:
        self.dismiss()
        self.on_pick(view.payload)

    def pick_random(self) -> None:
        self.dismiss()
        self.on_random()

    def edit(self) -> None:
        self.dismiss()
        self.on_edit()

    def enter(self) -> None:
        """The card drawn is not in the list: tap its rows instead."""
        self.dismiss()
        self.on_enter()


class CardEditor(ModalView):
    """The catalogue as a grid of cards; tap one to correct it row by row."""

    def __init__(self, user_dir: Path, **kwargs: Any):
        super().__init__(**kwargs)
        self.user_dir = Path(user_dir)
        self.catalogue: Catalogue | None = None
        self.card: Card | None = None
        self.position = 0
        self.rows: list[dict[str, Any]] = []
        self.form: Any = None
        self.show_list()

    # -- the list ------------------------------------------------------------
    def show_list(self, message: str = "") -> None:
        content = self.ids.content
        content.clear_widgets()
        page = Factory.AaCatalogueList()
        content.add_widget(page)
        self.page = page
        buttons = page.ids.buttons
        try:
            self.catalogue = load_effective_catalogue(self.user_dir)
        except CatalogueError as exc:
            self.catalogue = None
            page.ids.title.text = tr("The corrected catalogue cannot be read")
            page.ids.note.text = str(exc)
        if self.catalogue is not None:
            page.ids.title.text = tr("Card catalogue: tap a card to correct it")
            unchecked = len(self.catalogue.unchecked)
            page.ids.note.text = message or (
                tr(Text("{count} card is a sample layout: check it against your cards",
                        "{count} cards are sample layouts: check them against your cards", count=unchecked))
                if unchecked else tr("Every card has been checked"))
            for position, card in enumerate(self.catalogue.cards):
                view = CardView(data=layout_view(card),
                                note=f"{position + 1}. " + (tr("checked") if card.status == "checked"
                                                            else tr("sample")))
                view.payload = position
                view.bind(on_release=lambda v: self.edit(v.payload))
                page.ids.grid.add_widget(view)
        buttons.add_widget(Factory.Widget())
        reset = Factory.AaPopupButton(text=tr("Undo all corrections"))
        reset.bind(on_release=lambda _b: self.reset())
        reset.disabled = not (self.user_dir / "alles_auf_1_karte-catalogue.json").exists()
        buttons.add_widget(reset)
        close = Factory.AaPopupButton(text=tr("Close"))
        close.bind(on_release=lambda _b: self.dismiss())
        buttons.add_widget(close)

    def reset(self) -> None:
        reset_user_catalogue(self.user_dir)
        self.show_list(tr("Corrections removed: the shipped catalogue applies again"))

    # -- the form --------------------------------------------------------------
    def edit(self, position: int) -> None:
        assert self.catalogue is not None
        self.position = position
        self.card = self.catalogue.cards[position]
        self.rows = [{"colour": r.colour, "fields": r.fields, "points": r.points, "sun": r.sun}
                     for r in self.card.rows]
        content = self.ids.content
        content.clear_widgets()
        form = Factory.AaEditForm()
        self.form = form
        content.add_widget(form)
        form.ids.title.text = tr("Card {n}: tap each row's colour, fields and sun as printed",
                                  n=position + 1)
        for index in range(5):
            form.ids.rows.add_widget(self._row_widget(index))
        form.ids.checked.text = tr("Checked against my card")
        form.ids.checked.state = "down"
        form.ids.save.text = tr("Save")
        form.ids.save.bind(on_release=lambda _b: self.save())
        form.ids.back.text = tr("Back")
        form.ids.back.bind(on_release=lambda _b: self.show_list())
        self.update_form()

    def _row_widget(self, index: int) -> Any:
        row = Factory.AaEditRow()
        row.ids.number.text = str(index + 1)
        for colour in COLOURS:
            swatch = AaSwatch(colour=colour, rgba=[*COLOUR_RGB[colour], 1],
                              group=f"aa-row-{index}", allow_no_selection=False)
            swatch.bind(on_release=lambda s, i=index: self.set_value(i, "colour", s.colour))
            row.ids.swatches.add_widget(swatch)
        row.ids.fewer.bind(on_release=lambda _b, i=index: self.step(i, "fields", -1))
        row.ids.more.bind(on_release=lambda _b, i=index: self.step(i, "fields", +1))
        row.ids.points_down.bind(on_release=lambda _b, i=index: self.step(i, "points", -1))
        row.ids.points_up.bind(on_release=lambda _b, i=index: self.step(i, "points", +1))
        row.ids.sun.text = tr("Sun")
        row.ids.sun.bind(on_release=lambda b, i=index: self.set_value(i, "sun", b.state == "down"))
        row.index = index
        return row

    def set_value(self, index: int, key: str, value: Any) -> None:
        self.rows[index][key] = value
        self.update_form()

    def step(self, index: int, key: str, delta: int) -> None:
        row = self.rows[index]
        if key == "fields":
            new = min(MAX_FIELDS, max(MIN_FIELDS, row["fields"] + delta))
            if row["points"] == row["fields"]:   # printed rows are worth their fields
                row["points"] = new
            row["fields"] = new
        else:
            row["points"] = min(MAX_POINTS, max(0, row["points"] + delta))
        self.update_form()

    def entry(self) -> dict[str, Any]:
        """The edited card as a catalogue entry (its id written from the rows)."""
        assert self.card is not None and self.catalogue is not None
        rows = [{"pos": i + 1, **row} for i, row in enumerate(self.rows)]
        entry: dict[str, Any] = {"rows": rows,
                                 "status": "checked" if self.form.ids.checked.state == "down"
                                 else "sample",
                                 "printed_number": self.card.printed_number, "tag": self.card.tag}
        check = validate_card(entry, self.position)
        if check.card is not None:
            entry["id"] = free_id_for(self.catalogue, check.card.rows, replacing=self.card.id)
        return entry

    def update_form(self) -> None:
        form = self.form
        for widget in form.ids.rows.children:
            row = self.rows[widget.index]
            for swatch in widget.ids.swatches.children:
                swatch.state = "down" if swatch.colour == row["colour"] else "normal"
            widget.ids.fields.text = tr(Text("{count} field", "{count} fields", count=row["fields"]))
            widget.ids.points.text = tr("{points} pts", points=row["points"])
            widget.ids.sun.state = "down" if row["sun"] else "normal"
        entry = self.entry()
        check = validate_card(entry, self.position)
        lines = []
        lines += [f"[color=ff7060]{tr('Error')}: {e}[/color]" for e in check.errors]
        lines += [f"[color=ffc040]{tr('Warning')}: {w}[/color]" for w in check.warnings]
        form.ids.messages.markup = True
        form.ids.messages.text = "\n".join(lines)
        form.ids.save.disabled = not check.ok

    def save(self) -> None:
        assert self.card is not None
        try:
            result = replace_card(self.user_dir, self.card.id, self.entry())
        except CatalogueError as exc:
            self.form.ids.messages.text = f"[color=ff7060]{exc}[/color]"
            return
        new_id = result.cards[self.position].id
        log.info("card %d saved as %s", self.position + 1, new_id)
        self.show_list(tr("Card {n} saved; new games deal from the corrected catalogue", n=self.position + 1))
