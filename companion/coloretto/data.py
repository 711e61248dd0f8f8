"""The Coloretto card catalogue: colours, special cards, row cards, scoring tables.

The numbers live in ``data/catalogue.json`` (digest §2, §6.1, §8) so that
image-only facts (green row capacities, table values, colour names) stay data,
not code (AMB-C7, AMB-C12).  :func:`load_catalogue` checks the file and raises
ConfigError naming the file and the problem.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from companion.errors import ConfigError

CATALOGUE_PATH = Path(__file__).with_name("data") / "catalogue.json"

JOKER = "joker"
PLUS2 = "plus2"
LAST_ROUND = "last_round"
SPECIALS = (JOKER, PLUS2, LAST_ROUND)
#: Some editions make one of the three jokers golden (AMB-C13): not in the catalogue's
#: box, so not a card kind the camera reads; the pile counts it after the box's kinds.
GOLDEN_JOKER = "golden_joker"
SIDES = ("brown", "grey")


@dataclass(frozen=True)
class Catalogue:
    """Everything in the box, as plain values.

    ``colours`` are the colour ids in catalogue order (the order used for
    per-colour tuples); ``tables`` map a scoring side to its values for
    1, 2, ... cards (more cards than listed score the last value).
    """

    colours: tuple[str, ...]
    colour_names: tuple[str, ...]
    copies_per_colour: int
    special_copies: tuple[tuple[str, int], ...]
    plus2_points: int
    row_capacities: tuple[tuple[str, tuple[int, ...]], ...]
    tables: tuple[tuple[str, tuple[int, ...]], ...]
    removed_colours: tuple[tuple[int, int], ...]
    start_cards: tuple[tuple[int, int], ...]
    row_sets: tuple[tuple[int, str], ...]
    cards_under_last_round: int

    @property
    def card_kinds(self) -> tuple[str, ...]:
        """Every kind of drawable card: the colours, then joker, +2, last round."""
        return self.colours + SPECIALS

    def copies(self, kind: str) -> int:
        if kind in self.colours:
            return self.copies_per_colour
        return dict(self.special_copies)[kind]

    def colour_name(self, colour: str) -> str:
        return self.colour_names[self.colours.index(colour)]

    def table(self, side: str) -> tuple[int, ...]:
        return dict(self.tables)[side]

    def rows_for(self, players: int) -> tuple[int, ...]:
        """Row capacities in play for ``players`` (brown 3,3,..; green 1,2,3)."""
        row_set = dict(self.row_sets)[players]
        capacities = dict(self.row_capacities)[row_set]
        return capacities[:players] if row_set == "brown" else capacities

    def removed_for(self, players: int) -> int:
        return dict(self.removed_colours)[players]

    def start_cards_for(self, players: int) -> int:
        return dict(self.start_cards)[players]

    @property
    def total_cards(self) -> int:
        """Drawable cards in the box (colours + specials), row and summary cards excluded."""
        return sum(self.copies(kind) for kind in self.card_kinds)


def _need(data: Mapping[str, Any], key: str, kind: type, path: Path) -> Any:
    value = data.get(key) if isinstance(data, Mapping) else None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ConfigError(f"{path}: '{key}' must be a {kind.__name__}")
    return value


def _positive_int(value: Any, what: str, path: Path, minimum: int = 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ConfigError(f"{path}: {what} must be a whole number ≥ {minimum}, not {value!r}")
    return value


def _per_count(data: Mapping[str, Any], key: str, path: Path) -> dict[int, Any]:
    table = _need(data, key, dict, path)
    try:
        result = {int(k): v for k, v in table.items()}
    except ValueError:
        raise ConfigError(f"{path}: setup.{key} keys must be player counts") from None
    if sorted(result) != [2, 3, 4, 5]:
        raise ConfigError(f"{path}: setup.{key} must cover 2, 3, 4 and 5 players")
    return result


def load_catalogue(path: str | Path = CATALOGUE_PATH) -> Catalogue:
    """Read and check a catalogue file; ConfigError names the file and the problem."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such catalogue file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read ({exc})") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict) or data.get("game") != "coloretto":
        raise ConfigError(f"{path}: not a Coloretto catalogue ('game' must be 'coloretto')")

    colours = _need(data, "colours", list, path)
    if len(colours) != 7:
        raise ConfigError(f"{path}: Coloretto has 7 colours, the catalogue lists {len(colours)}")
    ids, names = [], []
    for entry in colours:
        cid = _need(entry, "id", str, path)
        if cid in SPECIALS or not cid.isidentifier():
            raise ConfigError(f"{path}: bad colour id {cid!r}")
        ids.append(cid)
        names.append(entry.get("name", cid) if isinstance(entry.get("name"), str) else cid)
    if len(set(ids)) != len(ids):
        raise ConfigError(f"{path}: colour ids must be distinct")

    copies = _positive_int(data.get("copies_per_colour"), "copies_per_colour", path)
    specials = _need(data, "specials", dict, path)
    special_copies = []
    for kind in SPECIALS:
        special_copies.append((kind, _positive_int(specials.get(kind), f"specials.{kind}", path,
                                                   minimum=0)))
    if dict(special_copies)[LAST_ROUND] != 1:
        raise ConfigError(f"{path}: there must be exactly one last-round card")

    rows: dict[str, list[int]] = {"brown": [], "green": []}
    for entry in _need(data, "row_cards", list, path):
        row_set = _need(entry, "set", str, path)
        if row_set not in rows:
            raise ConfigError(f"{path}: row card set must be 'brown' or 'green', not {row_set!r}")
        rows[row_set].append(_positive_int(entry.get("capacity"), "row capacity", path))
    if len(rows["brown"]) < 5 or len(rows["green"]) != 3:
        raise ConfigError(f"{path}: need 5 brown row cards and 3 green ones")

    tables = _need(data, "scoring_tables", dict, path)
    table_pairs = []
    for side in SIDES:
        values = tables.get(side)
        if not isinstance(values, list) or not values or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
            raise ConfigError(f"{path}: scoring_tables.{side} must be a list of points")
        table_pairs.append((side, tuple(values)))

    setup = _need(data, "setup", dict, path)
    removed = _per_count(setup, "removed_colours", path)
    starts = _per_count(setup, "start_cards_per_player", path)
    row_sets = _per_count(setup, "row_set", path)
    for n in removed:
        if not isinstance(removed[n], int) or not 0 <= removed[n] <= 6:
            raise ConfigError(f"{path}: removed_colours for {n} players is out of range")
        if not isinstance(starts[n], int) or starts[n] * n > 7 - removed[n]:
            raise ConfigError(f"{path}: {n} players cannot each get {starts[n]} distinct start colours")
        if row_sets[n] not in rows:
            raise ConfigError(f"{path}: row_set for {n} players must be 'brown' or 'green'")
    under = _positive_int(setup.get("cards_under_last_round"), "cards_under_last_round", path, 0)

    return Catalogue(
        colours=tuple(ids), colour_names=tuple(names), copies_per_colour=copies,
        special_copies=tuple(special_copies),
        plus2_points=_positive_int(data.get("plus2_points"), "plus2_points", path, 0),
        row_capacities=tuple((k, tuple(v)) for k, v in rows.items()),
        tables=tuple(table_pairs),
        removed_colours=tuple(sorted(removed.items())),
        start_cards=tuple(sorted(starts.items())),
        row_sets=tuple(sorted(row_sets.items())),
        cards_under_last_round=under,
    )


#: The catalogue shipped with the app.
CATALOGUE = load_catalogue()

#: What the pile holds, in order: the box's card kinds, then the golden joker.
PILE_KINDS = CATALOGUE.card_kinds + (GOLDEN_JOKER,)
