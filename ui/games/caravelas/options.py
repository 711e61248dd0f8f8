"""Caravelas's setup options that describe the players' own copy, as pickers: the red
die's faces and the event deck's cards (a count of each, with − and +), the goods each
of ships 1–3 carries and the port where each good is loaded (a choice each).

Each editor keeps the option's value in the engine's own form (``"red red red red 1 1"``,
``"storm2=22 …"``, ``"chilli brazilwood / …"``, ``"silver=tanegashima …"``), so records
and the board files read the same; the players only see words and numbers.  A value
equal to the rulebook's leaves the option out (the game's default).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from kivy.app import App
from kivy.factory import Factory

from companion.caravelas.actions import card_text, good_word, port_name
from companion.caravelas.data import (DEFAULT_DECK, DEFAULT_DIE, DEFAULT_SLOTS, EVENT_CARDS,
                                      GOODS, PORTS, SHIP4_GOODS, parse_deck, parse_die, parse_goods_ports,
                                      parse_slots)
from companion.engine import Option
from companion.errors import ConfigError
from companion.messages import Text
from ui.games.editors import OptionEditor, SetupForm
from ui.games.kit import tag

#: the red die's kinds of face, in the order shown
DIE_FACES = ("red", "1", "2")
#: "no port" in a goods port's choice
NO_PORT = ""


class _PickerEditor(OptionEditor):
    """An option shown as a sentence, its pickers, and a line about the whole value."""

    def __init__(self, option: Option, form: SetupForm):
        self.option, self.form = option, form
        app = App.get_running_app()
        box = Factory.CopyPicker()
        box.ids.label.text = app.tr(option.label)
        super().__init__(box)
        self.app = app

    def keep(self) -> None:
        """What is picked now, kept until Start or Cancel (the setup screen's draft)."""
        self.form.keep_value(self.option, self.encode())
        self.show_total()

    def encode(self) -> str:
        raise NotImplementedError

    def default(self) -> str:
        raise NotImplementedError

    def show_total(self) -> None:
        """The line under the pickers (what the whole value comes to)."""

    def value(self) -> Any:
        text = self.encode()
        return None if text == self.default() else text


class CountsEditor(_PickerEditor):
    """A count of each kind, with − and + (the die's faces, the deck's cards)."""

    def __init__(self, option: Option, form: SetupForm, kinds: list[tuple[str, str]], counts: dict[str, int]):
        super().__init__(option, form)
        self.counts = dict(counts)
        self.labels: dict[str, Any] = {}
        for kind, words in kinds:
            row = Factory.CountRow()
            row.ids.label.text = words
            tag(row.ids.minus, f"{option.name}_{kind}_minus")
            tag(row.ids.plus, f"{option.name}_{kind}_plus")
            row.ids.minus.bind(on_release=lambda _b, k=kind: self.add(k, -1))
            row.ids.plus.bind(on_release=lambda _b, k=kind: self.add(k, 1))
            self.labels[kind] = row
            self.widget.ids.pickers.add_widget(row)
        self.show_counts()
        self.show_total()

    def add(self, kind: str, step: int) -> None:
        self.counts[kind] = max(0, self.counts.get(kind, 0) + step)
        self.show_counts()
        self.keep()

    def show_counts(self) -> None:
        for kind, row in self.labels.items():
            row.ids.count.text = str(self.counts.get(kind, 0))
            row.ids.minus.disabled = self.counts.get(kind, 0) == 0


class DieEditor(CountsEditor):
    def __init__(self, option: Option, form: SetupForm):
        app = App.get_running_app()
        faces = Counter(_Parsed(form, option, parse_die, app).value)
        kinds = [("red", app.tr("Red face: nothing happens")),
                 ("1", app.tr(Text("{count} wreck", "{count} wrecks", count=1))),
                 ("2", app.tr(Text("{count} wreck", "{count} wrecks", count=2)))]
        kinds += [(f, app.tr(Text("{count} wreck", "{count} wrecks", count=int(f)))) for f in sorted(faces)
                  if f not in DIE_FACES]
        super().__init__(option, form, kinds, dict(faces))

    def encode(self) -> str:
        order = [k for k in self.labels]
        return " ".join(face for face in order for _ in range(self.counts.get(face, 0)))

    def default(self) -> str:
        return DEFAULT_DIE

    def show_total(self) -> None:
        total = sum(self.counts.values())
        self.widget.ids.total.text = self.app.tr(Text("{count} face together (a die has 6)",
                                                      "{count} faces together (a die has 6)", count=total))
        self.widget.ids.total.warn = total != 6


class DeckEditor(CountsEditor):
    def __init__(self, option: Option, form: SetupForm):
        app = App.get_running_app()
        deck = dict(_Parsed(form, option, lambda t: parse_deck(t, None), app).value)
        kinds = [card for card, _n in parse_deck(DEFAULT_DECK)]
        kinds += [card for card in sorted(deck) if card not in kinds]
        super().__init__(option, form, [(card, app.say(card_text(card))) for card in _card_order(kinds)], deck)

    def encode(self) -> str:
        return " ".join(f"{card}={self.counts.get(card, 0)}" for card in sorted(self.labels))

    def default(self) -> str:
        return " ".join(f"{card}={n}" for card, n in parse_deck(DEFAULT_DECK))

    def show_total(self) -> None:
        total = sum(self.counts.values())
        self.widget.ids.total.text = self.app.tr(Text("{count} card together (the box has {box})",
                                                      "{count} cards together (the box has {box})",
                                                      count=total, box=EVENT_CARDS))
        self.widget.ids.total.warn = total != EVENT_CARDS


def _card_order(kinds: list[str]) -> list[str]:
    """Storms by number, the compass storms clockwise from north, then the others."""
    compass = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

    def key(card: str) -> tuple:
        if card.startswith("storm"):
            return (0, int(card[5:]) if card[5:].isdigit() else 0, card)
        if card.startswith("compass-"):
            direction = card[8:]
            return (1, compass.index(direction) if direction in compass else 9, card)
        return (2, 0, card)
    return sorted(kinds, key=key)


class _Parsed:
    """An option's text read for a picker (the rulebook's when it cannot be read)."""

    def __init__(self, form: SetupForm, option: Option, parse: Callable[[str], Any], app: Any):
        text = form.shown_text(option)
        try:
            self.value = parse(text)
        except ConfigError:
            form.show_error(app.tr("{what}: the last game's choice could not be read; the rulebook's is shown",
                                   what=app.tr(option.label)))
            self.value = parse("")


class ChoicesEditor(_PickerEditor):
    """A choice for each item (a spinner of words), kept as the engine's text."""

    def __init__(self, option: Option, form: SetupForm, items: list[tuple[str, str, list[tuple[str, str]], str]]):
        """``items``: (key, its words, the choices as (value, words), the value chosen)."""
        super().__init__(option, form)
        self.spinners: dict[str, Any] = {}
        for key, words, choices, chosen in items:
            row = Factory.ChoiceRow()
            row.ids.label.text = words
            spinner = row.ids.choice
            spinner.values = [w for _v, w in choices]
            spinner.back = {w: v for v, w in choices}
            spinner.text = dict(choices).get(chosen, choices[0][1])
            tag(spinner, f"{option.name}_{key}")
            spinner.bind(text=lambda *_a: self.keep())
            self.spinners[key] = spinner
            self.widget.ids.pickers.add_widget(row)
        self.show_total()

    def chosen(self, key: str) -> str:
        spinner = self.spinners[key]
        return spinner.back.get(spinner.text, "")


class SlotsEditor(ChoicesEditor):
    """The two goods of each of ships 1–3 (ship 4's are fixed: nutmeg and silver)."""

    def __init__(self, option: Option, form: SetupForm):
        app = App.get_running_app()
        slots = _Parsed(form, option, parse_slots, app).value
        goods = [g for g in GOODS if g not in SHIP4_GOODS]
        choices = [(g, app.say(good_word(g))) for g in goods]
        items = []
        for ship in range(3):
            for slot in range(2):
                items.append((f"{ship + 1}_{slot + 1}", app.tr("Ship {n}", n=ship + 1), choices, slots[ship][slot]))
        super().__init__(option, form, items)

    def encode(self) -> str:
        return " / ".join(f"{self.chosen(f'{s}_1')} {self.chosen(f'{s}_2')}" for s in (1, 2, 3))

    def default(self) -> str:
        return DEFAULT_SLOTS

    def show_total(self) -> None:
        picked = [self.chosen(key) for key in self.spinners]
        twice = sorted({g for g in picked if picked.count(g) > 1})
        label = self.widget.ids.total
        label.warn = bool(twice)
        label.text = self.app.tr("Each good goes on one ship only: {goods} is chosen twice",
                                 goods=", ".join(self.app.say(good_word(g)) for g in twice)) if twice else \
            self.app.tr("Ship 4 carries nutmeg and silver.")


class GoodsPortsEditor(ChoicesEditor):
    """The port where each good is loaded (none: the good is loaded anywhere it is printed)."""

    def __init__(self, option: Option, form: SetupForm):
        app = App.get_running_app()
        ports = _Parsed(form, option, lambda t: parse_goods_ports(t or None), app).value
        self.default_ports = parse_goods_ports(None)
        choices = [(NO_PORT, app.tr("not tied to one port"))] + sorted(((p.id, p.name) for p in PORTS),
                                                                       key=lambda c: c[1])
        items = [(g, app.say(good_word(g)), choices, ports.get(g, NO_PORT)) for g in GOODS]
        super().__init__(option, form, items)

    def encode(self) -> str:
        return " ".join(f"{g}={self.chosen(g)}" for g in GOODS if self.chosen(g))

    def default(self) -> str:
        return " ".join(f"{g}={self.default_ports[g]}" for g in GOODS if g in self.default_ports)

    def show_total(self) -> None:
        picked = [self.chosen(g) for g in GOODS if self.chosen(g)]
        twice = sorted({port_name(p) for p in picked if picked.count(p) > 1})
        label = self.widget.ids.total
        label.warn = bool(twice)
        label.text = self.app.tr("Each port has one good only: {ports} is chosen twice",
                                 ports=", ".join(twice)) if twice else ""


EDITORS = {"copy.die": DieEditor, "copy.deck": DeckEditor, "copy.slots": SlotsEditor,
           "copy.goodsPorts": GoodsPortsEditor}
