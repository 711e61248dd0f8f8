"""The score table's rows (no window needed): each seat's n-th line of a kind on the n-th
row of that kind, kinds in the order the seats list them."""
from __future__ import annotations

import os

os.environ.setdefault("KIVY_NO_ARGS", "1")

from ui.screens.scores import table_rows  # noqa: E402


def _line(seat: int, msgid: str, points: int, **params) -> dict:
    return {"seat": seat, "label": {"msgid": msgid, "params": params}, "points": points, "detail": ""}


def test_a_kind_only_a_later_seat_has_comes_where_that_seat_lists_it():
    # Golden Horn: only Bea has a set of 6 colours; it goes between the cubes and the sets of 5
    lines = [_line(0, "Cubes", 21), _line(0, "Sets of 5", 2), _line(0, "Cargo", 0),
             _line(1, "Cubes", 21), _line(1, "Sets of 6", 4), _line(1, "Sets of 5", 2)]
    rows = table_rows(lines, 2)
    assert [r.kind for r in rows] == ["Cubes", "Sets of 6", "Sets of 5", "Cargo"]
    assert sorted(rows[1].lines) == [1] and sorted(rows[3].lines) == [0]


def test_lines_of_one_kind_fill_rows_in_turn():
    # Coloretto: a line per colour, as many as each seat holds, then the +2 cards
    colour = "{colour}: {count} card"
    lines = [_line(0, colour, 6, colour="red"), _line(0, colour, 3, colour="blue"), _line(0, "{count} +2 card", 4),
             _line(1, colour, 10, colour="green"), _line(1, colour, 6, colour="pink"),
             _line(1, colour, -1, colour="grey")]
    rows = table_rows(lines, 2)
    assert [(r.kind, r.index) for r in rows] == [(colour, 0), (colour, 1), (colour, 2), ("{count} +2 card", 0)]
    assert [r.lines[1]["points"] for r in rows[:3]] == [10, 6, -1]
    assert 0 not in rows[2].lines and rows[3].lines[0]["points"] == 4


def test_plain_string_labels_are_their_own_kind():
    rows = table_rows([{"seat": 0, "label": "added", "points": 3}, {"seat": 1, "label": "added", "points": 5}], 2)
    assert len(rows) == 1 and rows[0].kind == "added" and sorted(rows[0].lines) == [0, 1]
