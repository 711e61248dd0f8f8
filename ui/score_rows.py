"""A score sheet's lines as the rows of the score table (the scores screen and the
result picture lay them out the same way)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence


@dataclass
class TableRow:
    """One row of the table: the ``index``-th line of one ``kind`` (its label's msgid), by seat."""

    kind: str
    index: int
    lines: dict[int, dict[str, Any]] = field(default_factory=dict)


def _kind(label: Any) -> str:
    return str(label.get("msgid", "")) if isinstance(label, dict) else str(label)


def table_rows(lines: Sequence[dict[str, Any]], seats: int) -> list[TableRow]:
    """The sheet's lines as rows: each seat's ``n``-th line of a kind on the ``n``-th row of
    that kind; kinds in the order the seats list them (a kind only a later seat has comes
    after the kind that seat lists before it)."""
    order: list[str] = []
    rows: dict[tuple[str, int], TableRow] = {}
    for seat in range(seats):
        seen: dict[str, int] = {}
        place = -1
        for line in (l for l in lines if l.get("seat") == seat):
            kind = _kind(line.get("label", ""))
            if kind in order:
                place = order.index(kind)
            else:
                place += 1
                order.insert(place, kind)
            index = seen.get(kind, 0)
            seen[kind] = index + 1
            rows.setdefault((kind, index), TableRow(kind, index)).lines[seat] = line
    return sorted(rows.values(), key=lambda row: (order.index(row.kind), row.index))
