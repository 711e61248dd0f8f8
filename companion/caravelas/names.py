"""Cells named as a player finds them on the board.

A board file's cell ids (``D30``) are printed nowhere on the board, so every text a
player reads names a cell by what is printed: a port by its name, Lisbon by its name,
and a sea cell by the nearest of those and the way to go from it, read from the
board file's centres (north is up, as on the board): "the sea east of Luanda",
"2 cells south of Lisbon".  When the nearest landmark would give two cells the same
words, the later cell (in id order) takes the next nearest landmark (two cells share
a name only when every landmark's words are taken).  A cell with no centre is named by its distance only ("2 cells from
Ceuta").  Standard library only.
"""
from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING

from companion.caravelas.data import PORT_BY_ID
from companion.messages import Text

if TYPE_CHECKING:
    from companion.caravelas.board import Board

LISBON = Text("Lisbon")

#: the eight ways from a landmark, by the angle of (dx, -dy) in 45° sectors from east
WAYS = (Text("east of"), Text("north-east of"), Text("north of"), Text("north-west of"),
        Text("west of"), Text("south-west of"), Text("south of"), Text("south-east of"))
BESIDE = Text("by")
FROM = Text("from")


def _landmarks(board: "Board") -> dict[str, Text | str]:
    """cell id → the name printed on it (ports and Lisbon)."""
    marks: dict[str, Text | str] = {cell: PORT_BY_ID[port].name for cell, port in board.port_at.items()}
    marks[board.lisbon] = LISBON
    return marks


def _hops(board: "Board", start: str) -> dict[str, int]:
    seen, todo = {start: 0}, deque([start])
    while todo:
        here = todo.popleft()
        for nxt in board.neighbours[here]:
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return seen


def _way(board: "Board", landmark: str, cell: str) -> int | None:
    a, b = board.cells[landmark].center, board.cells[cell].center
    if a is None or b is None:
        return None
    angle = math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0])) % 360
    return int(((angle + 22.5) % 360) // 45)


def _words(place: Text | str, hops: int, way: int | None) -> Text:
    where = WAYS[way] if way is not None else (BESIDE if hops == 1 else FROM)
    if hops == 1:
        return Text("the sea {way} {place}", way=where, place=place)
    return Text("{count} cell {way} {place}", "{count} cells {way} {place}", count=hops, way=where, place=place)


def cell_names(board: "Board") -> dict[str, Text | str]:
    """Every cell's name on ``board``: a port's or Lisbon's printed name, else its way
    from the nearest landmark (the board's own ``names`` keeps this, computed once)."""
    marks = _landmarks(board)
    names: dict[str, Text | str] = dict(marks)
    hops = {mark: _hops(board, mark) for mark in marks}
    taken: set[tuple[str, int, int | None]] = set()
    for cell in sorted(c for c in board.cells if c not in marks):
        def distance(mark: str) -> tuple[int, float, str]:
            a, b = board.cells[mark].center, board.cells[cell].center
            return (hops[mark].get(cell, 1 << 30), math.dist(a, b) if a and b else 0.0, mark)
        choices = [(mark, hops[mark][cell], _way(board, mark, cell))
                   for mark in sorted((m for m in marks if cell in hops[m]), key=distance)]
        if not choices:                         # no landmark on the board: nothing better than the id
            names[cell] = cell
            continue
        key = next((c for c in choices if c not in taken), choices[0])
        taken.add(key)
        names[cell] = _words(marks[key[0]], key[1], key[2])
    return names


def cell_name(board: "Board | None", cell: str) -> Text | str:
    """``cell``'s name on ``board`` (the id itself off the board or without one)."""
    if board is None or cell not in board.cells:
        return cell
    return board.names[cell]
