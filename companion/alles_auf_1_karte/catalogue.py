"""The card catalogue: the 30 printed layouts as a documented JSON file.

Format: docs/alles-auf-1-karte-catalogue.md.  The shipped file
(``data/catalogue.json``) holds **sample layouts** until each card is checked
against the physical card; a player corrects cards with the in-app editor,
which calls :func:`validate_card` and :func:`replace_card`.  Corrections go
to a user catalogue in the app's data directory that overrides the shipped one
(:func:`load_effective_catalogue`).  Pure standard library.

A real card that matches no layout of the set is entered fast by tapping its rows
into a grid (:class:`TappedRow`, :func:`problems` in the players' words,
:func:`card_of`); it takes the place of the sample most like it still in the pile
(:func:`stand_in_for`), in the game (``actions.EnterCard``) and, through
:func:`replace_card`, in the copy's catalogue.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from companion.errors import ConfigError
from companion.alles_auf_1_karte.cards import (
    COLOURS, MAX_FIELDS, MIN_FIELDS, ROWS_PER_CARD, SUNS_PER_CARD, Card, CardIdError, Row,
    card_from_id, layout_id, layout_problems, layout_warnings)
from companion.messages import Text
from companion.inputs import read_bounded_text, reason_of

FORMAT = "alles-auf-1-karte-catalogue"
VERSION = 1
CARD_COUNT = 30
STATUSES = ("sample", "checked")
SHIPPED_PATH = Path(__file__).with_name("data") / "catalogue.json"
USER_FILE_NAME = "alles_auf_1_karte-catalogue.json"


class CatalogueError(ConfigError):
    """A catalogue file or card entry that cannot be used; the message names
    the file, the card and the problem."""


@dataclass(frozen=True)
class CardCheck:
    """The result of checking one card entry: ``card`` is None when it has errors."""

    card: Card | None
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass(frozen=True)
class Catalogue:
    """The effective set of 30 card layouts, where it came from, and its warnings."""

    cards: tuple[Card, ...]
    source: str = ""
    warnings: tuple[str, ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(card.id for card in self.cards)

    @property
    def unchecked(self) -> tuple[str, ...]:
        """Ids of cards still marked as sample layouts."""
        return tuple(card.id for card in self.cards if card.status != "checked")

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise CatalogueError(f"{self.source or 'catalogue'}: no card {card_id!r}")

    def card_by_tag(self, tag: str) -> Card | None:
        """The card whose sleeve carries ``tag``, if any."""
        for card in self.cards:
            if card.tag is not None and card.tag == tag:
                return card
        return None


def _card_label(index: int | None, data: Any) -> str:
    card_id = data.get("id") if isinstance(data, Mapping) else None
    where = f"card {index + 1}" if index is not None else "card"
    return f"{where} ({card_id})" if isinstance(card_id, str) and card_id else where


def validate_card(data: Mapping[str, Any], index: int | None = None) -> CardCheck:
    """Check one card entry (a JSON object as in the file, or from the editor).

    Every error and warning starts with the card's name ("card 7 (O:P5-…)")
    and says what is wrong.  ``id`` may be left out or empty: it is then
    written from the rows.
    """
    label = _card_label(index, data)
    if not isinstance(data, Mapping):
        return CardCheck(None, (f"{label}: must be a JSON object",))
    errors: list[str] = []
    unknown = set(data) - {"id", "rows", "status", "printed_number", "tag"}
    if unknown:
        errors.append(f"{label}: unknown field(s) {sorted(unknown)}")
    raw_rows = data.get("rows")
    rows: list[Row] = []
    if not isinstance(raw_rows, list):
        errors.append(f"{label}: 'rows' must be a list of 5 rows")
        raw_rows = []
    for pos, raw in enumerate(raw_rows, start=1):
        row, row_errors = _parse_row(raw, pos)
        errors.extend(f"{label}: {e}" for e in row_errors)
        if row is not None:
            rows.append(row)
    if raw_rows and len(rows) == len(raw_rows):
        errors.extend(f"{label}: {p}" for p in layout_problems(tuple(rows)))
    status = data.get("status", "sample")
    if status not in STATUSES:
        errors.append(f"{label}: status must be one of {list(STATUSES)}, not {status!r}")
    number = data.get("printed_number")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int) or number < 1):
        errors.append(f"{label}: printed_number must be a positive whole number or null")
    tag = data.get("tag")
    if tag is not None and (not isinstance(tag, str) or not tag.strip()):
        errors.append(f"{label}: tag must be non-empty text or null")
    card_id = data.get("id") or None
    if errors:
        return CardCheck(None, tuple(errors))
    expected = layout_id(tuple(rows))
    if card_id is None:
        card_id = expected
    elif not isinstance(card_id, str):
        return CardCheck(None, (f"{label}: id must be text",))
    else:
        try:
            parsed = card_from_id(card_id)
        except CardIdError as exc:
            return CardCheck(None, (f"{label}: id does not match its rows ({exc}); "
                                    f"expected {expected!r}",))
        if parsed.layout != expected:
            return CardCheck(None, (f"{label}: id does not match its rows; expected {expected!r}",))
    card = Card(card_id, tuple(rows), status, number, tag)
    warnings = tuple(f"{label}: {w}" for w in layout_warnings(card.rows))
    return CardCheck(card, (), warnings)


def _parse_row(raw: Any, pos: int) -> tuple[Row | None, list[str]]:
    where = f"row {pos}"
    if not isinstance(raw, Mapping):
        return None, [f"{where} must be an object with colour, fields, points, sun"]
    errors = []
    unknown = set(raw) - {"pos", "colour", "fields", "points", "sun"}
    if unknown:
        errors.append(f"{where} has unknown field(s) {sorted(unknown)}")
    if "pos" in raw and raw["pos"] != pos:
        errors.append(f"{where} says pos {raw['pos']!r}; rows are listed top to bottom")
    colour = raw.get("colour")
    if colour not in COLOURS:
        errors.append(f"{where} has colour {colour!r} (one of {', '.join(COLOURS)})")
    fields = raw.get("fields")
    if isinstance(fields, bool) or not isinstance(fields, int):
        errors.append(f"{where} needs 'fields' as a whole number")
    points = raw.get("points", fields)
    if isinstance(points, bool) or not isinstance(points, int):
        errors.append(f"{where} needs 'points' as a whole number")
    sun = raw.get("sun", False)
    if not isinstance(sun, bool):
        errors.append(f"{where} needs 'sun' as true or false")
    if errors:
        return None, errors
    assert isinstance(colour, str) and isinstance(fields, int) and isinstance(points, int)   # checked above
    return Row(colour, fields, points, sun), []


def card_to_dict(card: Card) -> dict[str, Any]:
    return {
        "id": card.id,
        "status": card.status,
        "printed_number": card.printed_number,
        "tag": card.tag,
        "rows": [{"pos": pos, "colour": r.colour, "fields": r.fields, "points": r.points,
                  "sun": r.sun} for pos, r in enumerate(card.rows, start=1)],
    }


def catalogue_from_dict(data: Any, source: str = "catalogue") -> Catalogue:
    """Check a whole catalogue document; raises CatalogueError listing every error."""
    errors: list[str] = []
    warnings: list[str] = []
    if not isinstance(data, Mapping):
        raise CatalogueError(f"{source}: must be a JSON object")
    if data.get("format") != FORMAT:
        errors.append(f"'format' must be {FORMAT!r}")
    if data.get("version") != VERSION:
        errors.append(f"unsupported version {_preview(data.get('version'))} (this app reads {VERSION})")
    if "colours" in data and data["colours"] != list(COLOURS):
        errors.append(f"'colours' must be {list(COLOURS)}, not {_preview(data['colours'])}")
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list):
        errors.append("'cards' must be a list")
        raw_cards = []
    elif len(raw_cards) != CARD_COUNT:
        errors.append(f"has {len(raw_cards)} cards, the game has {CARD_COUNT}")
    cards: list[Card] = []
    seen_ids: dict[str, int] = {}
    seen_tags: dict[str, int] = {}
    for index, raw in enumerate(raw_cards):
        check = validate_card(raw, index)
        errors.extend(check.errors)
        warnings.extend(check.warnings)
        if check.card is None:
            continue
        card = check.card
        if card.id in seen_ids:
            errors.append(f"card {index + 1} ({card.id}): same id as card {seen_ids[card.id] + 1}; "
                          f"add '#2' for a second card with the same layout")
        seen_ids.setdefault(card.id, index)
        if card.tag is not None:
            if card.tag in seen_tags:
                errors.append(f"card {index + 1} ({card.id}): tag {card.tag!r} is also on "
                              f"card {seen_tags[card.tag] + 1}")
            seen_tags.setdefault(card.tag, index)
        cards.append(card)
    if errors:
        raise CatalogueError(f"{source}: " + "; ".join(errors))
    return Catalogue(tuple(cards), source, tuple(warnings))


def catalogue_to_dict(catalogue: Catalogue) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": "alles-auf-1-karte",
        "note": ("Cards with status 'sample' are stand-in layouts, not transcribed from the "
                 "printed cards; check each against the card in hand with the card editor."),
        "colours": list(COLOURS),
        "cards": [card_to_dict(card) for card in catalogue.cards],
    }


#: the largest catalogue file read (the shipped one is about 20 KB)
MAX_CATALOGUE_BYTES = 4 * 1024 * 1024


def load_catalogue(path: str | Path) -> Catalogue:
    """Read and check a catalogue file; errors name the file, the card and the problem."""
    path = Path(path)
    try:
        text = read_bounded_text(path, MAX_CATALOGUE_BYTES)
    except FileNotFoundError:
        raise CatalogueError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:   # InputError: a FIFO, a device, too large
        raise CatalogueError(f"{path}: cannot read ({reason_of(exc)})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogueError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise CatalogueError(f"{path}: not a usable catalogue (nested too deeply)") from None
    except ValueError as exc:   # a number of 5,000 digits
        raise CatalogueError(f"{path}: not a usable catalogue ({_preview(str(exc), 120)})") from None
    return catalogue_from_dict(data, str(path))


def _preview(value: Any, limit: int = 60) -> str:
    """A short repr for an error message."""
    text = value if isinstance(value, str) and limit > 60 else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def save_catalogue(catalogue: Catalogue, path: str | Path) -> None:
    """Write ``catalogue`` to ``path`` atomically (a crash leaves the old file)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = format_catalogue(catalogue)
    fd, tmp = tempfile.mkstemp(prefix=".catalogue-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def format_catalogue(catalogue: Catalogue) -> str:
    """The catalogue as JSON text, one line per row so a card reads like the card."""
    document = catalogue_to_dict(catalogue)
    cards = document.pop("cards")
    head = json.dumps(document, ensure_ascii=False, indent=1)[:-2]
    blocks = []
    for card in cards:
        rows = card.pop("rows")
        fields = ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
                           for k, v in card.items())
        row_lines = ",\n".join("    " + json.dumps(row) for row in rows)
        blocks.append(f"  {{{fields}, \"rows\": [\n{row_lines}\n  ]}}")
    return head + ',\n "cards": [\n' + ",\n".join(blocks) + "\n ]\n}\n"


_shipped: Catalogue | None = None


def shipped_catalogue() -> Catalogue:
    """The catalogue that ships with the app (loaded once)."""
    global _shipped
    if _shipped is None:
        _shipped = load_catalogue(SHIPPED_PATH)
    return _shipped


def user_catalogue_path(user_dir: str | Path) -> Path:
    return Path(user_dir) / USER_FILE_NAME


def load_effective_catalogue(user_dir: str | Path | None = None) -> Catalogue:
    """The user's catalogue in ``user_dir`` if there is one, else the shipped one.

    A broken user catalogue raises CatalogueError (naming that file) rather than
    silently falling back, so the player learns that a correction was lost.
    """
    if user_dir is not None and user_catalogue_path(user_dir).exists():
        return load_catalogue(user_catalogue_path(user_dir))
    return shipped_catalogue()


def replace_card(user_dir: str | Path, old_id: str, entry: Mapping[str, Any] | Card) -> Catalogue:
    """Put a corrected card in place of ``old_id`` and save the user catalogue.

    ``entry`` is the edited card (a dict as in the file, or a Card).  Raises
    CatalogueError with every problem when the card or the result is not valid;
    nothing is written then.  Returns the new effective catalogue.
    """
    current = load_effective_catalogue(user_dir)
    position = next((i for i, c in enumerate(current.cards) if c.id == old_id), None)
    if position is None:
        raise CatalogueError(f"{current.source}: no card {old_id!r} to replace")
    data = card_to_dict(entry) if isinstance(entry, Card) else dict(entry)
    check = validate_card(data, position)
    if check.card is None:
        raise CatalogueError("; ".join(check.errors))
    cards = list(current.cards)
    cards[position] = check.card
    path = user_catalogue_path(user_dir)
    document = catalogue_to_dict(Catalogue(tuple(cards)))
    result = catalogue_from_dict(document, str(path))   # checks ids and tags across cards
    save_catalogue(result, path)
    return result


def free_id_for(catalogue: Catalogue, rows: tuple[Row, ...], replacing: str | None = None) -> str:
    """The id a card with ``rows`` should get in ``catalogue`` (adds ``#n`` when the
    same layout is already used by another card)."""
    base = layout_id(rows)
    taken = {c.id for c in catalogue.cards if c.id != replacing}
    if base not in taken:
        return base
    n = 2
    while f"{base}#{n}" in taken:
        n += 1
    return f"{base}#{n}"


def reset_user_catalogue(user_dir: str | Path) -> bool:
    """Drop the user's corrections (the shipped catalogue applies again)."""
    path = user_catalogue_path(user_dir)
    if path.exists():
        path.unlink()
        return True
    return False


# -- a real card tapped into a grid ---------------------------------------------------
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
        found.append(Text("A card has {suns}; {count} row has one now.",
                          "A card has {suns}; {count} rows have one now.",
                          suns=Text("{count} sun", "{count} suns", count=SUNS_PER_CARD), count=suns))
    return tuple(found)


def card_of(rows: tuple[TappedRow, ...]) -> Card:
    """The card the rows describe (call only when :func:`problems` is empty); a printed
    row is worth its fields.  Marked checked: it was read off the real card."""
    layout = tuple(Row(r.colour, r.fields, r.fields, r.sun) for r in rows)
    return Card(layout_id(layout), layout, status="checked")


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

