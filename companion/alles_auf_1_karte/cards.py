"""Card layouts: colours, rows, and the card id that spells out a layout.

A card has 5 rows of 5 different colours (one of the 6 colours is missing).
Each row has 2–6 fields, a ★ value (normally equal to its fields) and maybe a
sun.  The card id is written from the layout, so a photo of the card gives its
id (digest §9)::

    O:P5-Y3s-G2-B4s-R6      missing colour : rows in printed order
                            (colour initial, fields, "=points" when the
                            ★ value differs from the fields, "s" for a sun)
    O:P5-Y3s-G2-B4s-R6#2    a second physical card with the same layout

Because the id holds the whole layout, a game record that names its cards by
id can be replayed without the catalogue file.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: The six dice/row colours, in the order the app lists them.
COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "purple")
INITIALS: dict[str, str] = {"red": "R", "orange": "O", "yellow": "Y", "green": "G",
                            "blue": "B", "purple": "P"}
COLOUR_OF_INITIAL: dict[str, str] = {v: k for k, v in INITIALS.items()}

ROWS_PER_CARD = 5
MIN_FIELDS, MAX_FIELDS = 2, 6
FIELDS_PER_CARD = 20          # outside fact: a warning, not an error
SUNS_PER_CARD = 2
#: complete sun rows on a scored card -> bonus points (not 2 x 2)
SUN_BONUS: dict[int, int] = {0: 0, 1: 2, 2: 5}

_ROW_TOKEN = re.compile(r"^([ROYGBP])([0-9]{1,2})(?:=([0-9]{1,2}))?(s?)$")
_ID = re.compile(r"^([ROYGBP]):([^#]+)(?:#([1-9][0-9]?))?$")


class CardIdError(ValueError):
    """A card id that does not spell out a valid layout."""


@dataclass(frozen=True)
class Row:
    """One colour row: ``fields`` boxes crossed left to right, worth ``points``."""

    colour: str
    fields: int
    points: int
    sun: bool = False

    @property
    def token(self) -> str:
        points = "" if self.points == self.fields else f"={self.points}"
        return f"{INITIALS[self.colour]}{self.fields}{points}{'s' if self.sun else ''}"


@dataclass(frozen=True)
class Card:
    """A card layout from the catalogue (``rows`` in printed order, top first)."""

    id: str
    rows: tuple[Row, ...]
    status: str = "sample"            # "sample" until checked against the real card
    printed_number: int | None = None
    tag: str | None = None            # sleeve tag payload, if the card wears one

    def row_of(self, colour: str) -> int | None:
        """Index of the row with ``colour``, or None when the card has no such row."""
        for index, row in enumerate(self.rows):
            if row.colour == colour:
                return index
        return None

    @property
    def missing_colour(self) -> str:
        present = {row.colour for row in self.rows}
        missing = [c for c in COLOURS if c not in present]
        return missing[0] if len(missing) == 1 else "?"

    @property
    def total_fields(self) -> int:
        return sum(row.fields for row in self.rows)

    @property
    def layout(self) -> str:
        """The id without a ``#n`` duplicate suffix."""
        return self.id.split("#", 1)[0]


def layout_id(rows: tuple[Row, ...] | list[Row]) -> str:
    """The id a card with these rows gets (without a duplicate suffix)."""
    present = {row.colour for row in rows}
    missing = [c for c in COLOURS if c not in present]
    head = INITIALS[missing[0]] if len(missing) == 1 else "?"
    return f"{head}:" + "-".join(row.token for row in rows)


def card_from_id(card_id: str) -> Card:
    """Rebuild a card's layout from its id; raises CardIdError when it is not valid.

    Only the rules-relevant checks are made here (5 distinct colours, the
    missing colour, 2–6 fields, 2 suns); see :mod:`catalogue` for the rest.
    """
    if not isinstance(card_id, str):
        raise CardIdError(f"a card id must be text, not {card_id!r}")
    match = _ID.match(card_id)
    if match is None:
        raise CardIdError(f"{card_id!r} is not a card id like 'O:P5-Y3s-G2-B4s-R6'")
    missing_initial, body, _ = match.groups()
    rows = []
    for token in body.split("-"):
        row_match = _ROW_TOKEN.match(token)
        if row_match is None:
            raise CardIdError(f"{card_id!r}: row {token!r} should look like 'P5' or 'Y3s'")
        initial, fields, points, sun = row_match.groups()
        fields_n = int(fields)
        rows.append(Row(COLOUR_OF_INITIAL[initial], fields_n,
                        int(points) if points else fields_n, sun == "s"))
    card = Card(card_id, tuple(rows))
    problems = layout_problems(card.rows)
    if problems:
        raise CardIdError(f"{card_id!r}: {problems[0]}")
    if card.missing_colour != COLOUR_OF_INITIAL[missing_initial]:
        raise CardIdError(f"{card_id!r}: the missing colour is {card.missing_colour}, "
                          f"not {COLOUR_OF_INITIAL[missing_initial]}")
    if layout_id(card.rows) != card.layout:
        raise CardIdError(f"{card_id!r}: write it as {layout_id(card.rows)!r}")
    return card


def _count(n: int, word: str) -> str:
    """``n`` and ``word`` with the English plural: "1 field", "2 fields"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def layout_problems(rows: tuple[Row, ...]) -> list[str]:
    """Rule-breaking problems of a layout (errors, not warnings), in plain words."""
    problems = []
    if len(rows) != ROWS_PER_CARD:
        problems.append(f"has {_count(len(rows), 'row')}, a card has {ROWS_PER_CARD}")
    colours = [row.colour for row in rows]
    for colour in sorted(set(colours)):
        if colours.count(colour) > 1:
            problems.append(f"has two {colour} rows (each colour at most once)")
    for index, row in enumerate(rows, start=1):
        if not MIN_FIELDS <= row.fields <= MAX_FIELDS:
            problems.append(f"row {index} ({row.colour}) has {_count(row.fields, 'field')} "
                            f"(must be {MIN_FIELDS}–{MAX_FIELDS})")
        if row.points < 0:
            problems.append(f"row {index} ({row.colour}) has negative points")
    suns = sum(1 for row in rows if row.sun)
    if suns != SUNS_PER_CARD:
        problems.append(f"has {_count(suns, 'sun row')} (a card has exactly {SUNS_PER_CARD})")
    return problems


def layout_warnings(rows: tuple[Row, ...]) -> list[str]:
    """Outside facts that every printed card is believed to satisfy."""
    warnings = []
    total = sum(row.fields for row in rows)
    if total != FIELDS_PER_CARD:
        warnings.append(f"has {_count(total, 'field')} in all (printed cards have {FIELDS_PER_CARD})")
    for index, row in enumerate(rows, start=1):
        if row.points != row.fields:
            warnings.append(f"row {index} ({row.colour}) is worth {row.points} ★ but has "
                            f"{_count(row.fields, 'field')} (printed rows are worth their fields)")
    return warnings
