"""Entering a real card fast: a layout tapped row by row into a grid (colour, the
last field, the sun), checked in the players' words, and the sample card of the
set it takes the place of.

The shipped 30 layouts are invented samples (see docs/alles-auf-1-karte-catalogue.md).
When a card drawn at the table matches none of them, the table taps its rows; the
new layout replaces the sample most like it that is still in the pile (preferring
cards not yet checked), in the game (:class:`~companion.alles_auf_1_karte.actions.EnterCard`)
and in the copy's catalogue (``catalogue.replace_card``), so it is remembered.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from companion.alles_auf_1_karte.cards import (
    MAX_FIELDS, MIN_FIELDS, ROWS_PER_CARD, SUNS_PER_CARD, Card, Row, layout_id)
from companion.i18n import Text


@dataclass(frozen=True)
class TappedRow:
    """One printed row as tapped: its colour ("" until tapped), how many fields it has
    (0 until its last field is tapped) and whether it carries a sun."""

    colour: str = ""
    fields: int = 0
    sun: bool = False


def blank_rows() -> tuple[TappedRow, ...]:
    return (TappedRow(),) * ROWS_PER_CARD


def with_colour(rows: tuple[TappedRow, ...], index: int, colour: str) -> tuple[TappedRow, ...]:
    """Row ``index`` gets ``colour``; a row that had it loses it (a colour is on a card once)."""
    return tuple(TappedRow(colour if i == index else ("" if r.colour == colour else r.colour),
                           r.fields, r.sun) for i, r in enumerate(rows))


def with_fields(rows: tuple[TappedRow, ...], index: int, fields: int) -> tuple[TappedRow, ...]:
    """Row ``index`` ends at field ``fields`` (the last field tapped)."""
    return tuple(TappedRow(r.colour, fields, r.sun) if i == index else r for i, r in enumerate(rows))


def with_sun(rows: tuple[TappedRow, ...], index: int) -> tuple[TappedRow, ...]:
    """The sun of row ``index`` switched on or off."""
    return tuple(TappedRow(r.colour, r.fields, not r.sun) if i == index else r
                 for i, r in enumerate(rows))


def problems(rows: tuple[TappedRow, ...]) -> tuple[Text, ...]:
    """What is still missing before the rows make a card, in the players' words
    (empty: :func:`card_of` gives the card)."""
    found: list[Text] = []
    for number, row in enumerate(rows, start=1):
        if not row.colour:
            found.append(Text("Row {n}: tap its colour.", n=number))
        if not row.fields:
            found.append(Text("Row {n}: tap its last field.", n=number))
        elif not MIN_FIELDS <= row.fields <= MAX_FIELDS:
            found.append(Text("Row {n} has {count} field: a row has {low} to {high}.",
                              "Row {n} has {count} fields: a row has {low} to {high}.",
                              n=number, count=row.fields, low=MIN_FIELDS, high=MAX_FIELDS))
    suns = sum(1 for row in rows if row.sun)
    if suns != SUNS_PER_CARD:
        found.append(Text("A card has {suns} suns; {count} row has one now.",
                          "A card has {suns} suns; {count} rows have one now.",
                          suns=SUNS_PER_CARD, count=suns))
    return tuple(found)


def card_of(rows: tuple[TappedRow, ...]) -> Card:
    """The card the rows describe (call only when :func:`problems` is empty); a printed
    row is worth its fields.  Marked checked: it was read off the real card."""
    layout = tuple(Row(r.colour, r.fields, r.fields, r.sun) for r in rows)
    return Card(layout_id(layout), layout, status="checked")


def rows_of(card: Card) -> tuple[TappedRow, ...]:
    """A card's rows as tapped (to start from a sample that is nearly right)."""
    return tuple(TappedRow(r.colour, r.fields, r.sun) for r in card.rows)


def difference(a: Card, b: Card) -> int:
    """How unlike two layouts are: rows that differ in colour, fields or sun, plus one
    when the missing colour differs."""
    rows = sum(1 for x, y in zip(a.rows, b.rows)
               if (x.colour, x.fields, x.sun) != (y.colour, y.fields, y.sun))
    return rows + (a.missing_colour != b.missing_colour)


def stand_in_for(card: Card, pile: Iterable[Card], unchecked: Iterable[str]) -> str | None:
    """The id of the pile card the real ``card`` takes the place of: a sample not yet
    checked if there is one, the one most like it (then the first in the pile)."""
    samples = set(unchecked)
    choices = list(pile)
    if not choices:
        return None
    best = min(range(len(choices)),
               key=lambda i: (choices[i].id not in samples, difference(card, choices[i]), i))
    return choices[best].id

