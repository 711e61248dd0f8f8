"""The message model: texts that are translated only when shown.

A message is a :class:`Text` (a msgid and its parameters) built by the rules, the session and the
screens, and rendered in the player's language by :class:`companion.i18n.Translator`;
:class:`Seat` is a seat as a parameter (the player's name on screen).  The markers ``Text``,
``trn``, ``N_`` and ``tr`` are what ``tools/catalogues.py`` extracts into the catalogues.
"""
from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any, Callable, Sequence

Lookup = Callable[[str], str]
#: (singular msgid, plural msgid, n) → the translated form for n
PluralLookup = Callable[[str, str, int], str]


def english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


@dataclass(frozen=True, init=False)
class Text:
    """A message and its parameters, translated only when shown.

    ``Text(msgid, ship="a")`` with a msgid such as "Ship {ship} is full":
    ``str()`` gives the English
    sentence, a :class:`~companion.i18n.Translator` the player's language.  A parameter may
    itself be a Text (a colour name), a :class:`Seat` (shown as the player's
    name), a tuple (a list, shown joined by ", ") or any plain value.

    ``Text(singular, plural, count=n, ...)`` is a message with plural forms
    (gettext's ngettext): the parameter ``count`` picks the form, by each
    language's own Plural-Forms rule (Polish has three).
    """

    msgid: str
    params: tuple[tuple[str, Any], ...]
    plural: str | None

    def __init__(self, msgid: str, plural: str | None = None, /, **params: Any):
        if plural is not None and not isinstance(params.get("count"), int):
            raise TypeError(f"a plural Text needs an int count: {msgid!r}")
        object.__setattr__(self, "msgid", msgid)
        object.__setattr__(self, "plural", plural)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def __str__(self) -> str:
        return self.render(lambda message: message)

    def render(self, translate: Lookup, translate_plural: PluralLookup = english_plural) -> str:
        """The text with ``translate`` applied to this msgid and every nested one
        (``translate_plural`` to those with plural forms)."""
        if self.plural is None:
            pattern = translate(self.msgid)
        else:
            pattern = translate_plural(self.msgid, self.plural, dict(self.params)["count"])
        if not self.params:
            return pattern
        return pattern.format(**{name: _render(value, translate, translate_plural)
                                 for name, value in self.params})

    def map_params(self, change: Callable[[Any], Any]) -> "Text":
        """A copy with ``change`` applied to every parameter, nested Texts and lists included."""
        def walk(value: Any) -> Any:
            if isinstance(value, Text):
                return value.map_params(change)
            if isinstance(value, tuple):
                return tuple(walk(v) for v in value)
            return change(value)
        changed = {name: walk(value) for name, value in self.params}
        if self.plural is None:
            return Text(self.msgid, **changed)
        return Text(self.msgid, self.plural, **changed)

    def msgids(self) -> set[str]:
        """This msgid and every nested one (Seat words included)."""
        found = {self.msgid}
        for _, value in self.params:
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, Seat):
                    item = item.text()
                if isinstance(item, Text):
                    found |= item.msgids()
        return found

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (a score sheet in the journal); seats become their words."""
        def plain(value: Any) -> Any:
            if isinstance(value, Seat):
                value = value.text()
            if isinstance(value, Text):
                return value.to_dict()
            if isinstance(value, tuple):
                return [plain(v) for v in value]
            return value
        data: dict[str, Any] = {"msgid": self.msgid, "params": {n: plain(v) for n, v in self.params}}
        if self.plural is not None:
            data["plural"] = self.plural
        return data

    @classmethod
    def from_dict(cls, data: Any) -> "Text":
        """The Text of :meth:`to_dict` (a plain string is an untranslated message)."""
        if isinstance(data, str):
            return untranslated(data)
        def value(item: Any) -> Any:
            if isinstance(item, dict) and "msgid" in item:
                return cls.from_dict(item)
            if isinstance(item, list):
                return tuple(value(v) for v in item)
            return item
        params = {name: value(v) for name, v in dict(data.get("params", {})).items()}
        plural = data.get("plural")
        if plural is None:
            return cls(str(data["msgid"]), **params)
        return cls(str(data["msgid"]), str(plural), **params)


def trn(singular: str, plural: str, n: int, **params: Any) -> Text:
    """gettext's ngettext as a :class:`Text`: ``trn("{count} card", "{count} cards", n)``."""
    return Text(singular, plural, count=n, **params)


@dataclass(frozen=True)
class Seat:
    """A seat as a message parameter: the UI shows the player's name (see
    :func:`with_names`); otherwise it reads "seat N" ("Seat N" when
    ``capitalised``, at the start of a sentence), N counted from 1 as players
    count the seats round the table (``index`` is the engine's, from 0)."""

    index: int
    capitalised: bool = False

    def text(self) -> Text:
        if self.index < 0:
            return Text("Seat ?") if self.capitalised else Text("seat ?")
        number = self.index + 1
        if self.capitalised:
            return Text("Seat {number}", number=number)
        return Text("seat {number}", number=number)

    def __str__(self) -> str:
        return str(self.text())


def _render(value: Any, translate: Lookup, translate_plural: PluralLookup) -> Any:
    if isinstance(value, Seat):
        value = value.text()
    if isinstance(value, Text):
        return value.render(translate, translate_plural)
    if isinstance(value, tuple):
        return ", ".join(str(_render(v, translate, translate_plural)) for v in value)
    return value


def no_such_seat(players: int) -> Text:
    """The refusal for a seat number outside the game (seats counted from 1, as at the table)."""
    return Text("there is no such seat: the seats are numbered 1 to {count}", count=players)


def untranslated(message: str) -> Text:
    """A message no catalogue holds (an add-on game's or a malformed input's English)."""
    return Text(message)


def with_names(text: Text, names: Sequence[str]) -> Text:
    """``text`` with every :class:`Seat` parameter replaced by that player's name."""
    def name(value: Any) -> Any:
        if isinstance(value, Seat) and 0 <= value.index < len(names):
            return names[value.index]
        return value
    return text.map_params(name)


def placeholders(message: str) -> set[str]:
    """The ``{name}`` fields of a message (what a translation must keep)."""
    return {field for _, field, _, _ in string.Formatter().parse(message) if field}


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it here."""
    return message
