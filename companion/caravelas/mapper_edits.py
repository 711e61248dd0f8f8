"""The board mapper's map and its edits (see :mod:`companion.caravelas.mapper`):
a :class:`BoardMap` is the edits made so far and the :class:`MapState` they build;
adjacency is proposed from the cells' spacing and corrected by edits."""
from __future__ import annotations

import copy
import math
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, Callable, Mapping

from companion.caravelas.board import SYMBOLS
from companion.caravelas.data import (COMPASS, DEFAULT_DECK, DEFAULT_DIE, DEFAULT_SLOTS, EAST, GOODS,
                                      GOODS_VP, PORT_BY_ID, TILES, WEST, parse_deck, parse_die, parse_slots)
from companion.errors import CompanionError

MAP_SCHEMA = "caravelas-map/1"
#: neighbours are proposed between cells at most this many cell pitches apart
NEIGHBOUR_TOLERANCE = 1.25


class MapError(CompanionError, ValueError):
    """An edit that cannot apply to this map, or a map file that cannot be used."""


# ---------------------------------------------------------------- the map

@dataclass(frozen=True)
class MapCell:
    id: str
    x: float
    y: float
    part: str | None = None
    symbols: tuple[str, ...] = ()
    dot: bool = False          # the small dot where a current ends (``currentEnd``)


@dataclass(frozen=True)
class PortMark:
    port: str
    vp: int
    good: str | None = None


@dataclass(frozen=True)
class MapState:
    """What the edits built.  Edges are unordered pairs (sorted tuples); free edges
    are directed ``(from, to, current)``."""

    cells: tuple[MapCell, ...] = ()
    added: frozenset[tuple[str, str]] = frozenset()      # links beyond the proposal
    removed: frozenset[tuple[str, str]] = frozenset()    # proposed links land separates
    free_edges: tuple[tuple[str, str, str], ...] = ()
    lisbon: str | None = None
    ports: tuple[tuple[str, PortMark], ...] = ()         # (cell, mark)
    extras: tuple[tuple[str, Any], ...] = ()             # the file's non-map parts (JSON values)

    def cell(self, cid: str) -> MapCell:
        for c in self.cells:
            if c.id == cid:
                return c
        raise MapError(f"no cell {cid!r} on this map")

    def has_cell(self, cid: str) -> bool:
        return any(c.id == cid for c in self.cells)

    @property
    def port_at(self) -> dict[str, PortMark]:
        return dict(self.ports)

    def pitch(self) -> float | None:
        """The cell pitch in pixels: the median distance from a cell to its nearest one."""
        if len(self.cells) < 2:
            return None
        nearest = sorted(min(math.dist((a.x, a.y), (b.x, b.y)) for b in self.cells if b is not a)
                         for a in self.cells)
        return nearest[len(nearest) // 2]

    def proposed(self) -> frozenset[tuple[str, str]]:
        """Pairs of cells about one pitch apart."""
        pitch = self.pitch()
        if not pitch:
            return frozenset()
        limit = pitch * NEIGHBOUR_TOLERANCE
        cells = sorted(self.cells, key=lambda c: c.x)
        pairs = set()
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                if b.x - a.x > limit:
                    break
                if math.dist((a.x, a.y), (b.x, b.y)) <= limit:
                    pairs.add(edge(a.id, b.id))
        return frozenset(pairs)

    def adjacency(self) -> frozenset[tuple[str, str]]:
        return (self.proposed() | self.added) - self.removed

    def extra(self, key: str) -> Any:
        return copy.deepcopy(dict(self.extras).get(key))


def edge(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def default_extras() -> dict[str, Any]:
    """The parts of a board file the map does not show: the copy's player boards, die
    and deck, from the digest's inferred defaults until the copy's are entered."""
    slots = parse_slots(DEFAULT_SLOTS)
    goods = [{"id": g, "ship": n, "vp": GOODS_VP[g]} for n, ship in enumerate(slots, 1) for g in ship]
    deck = []
    for card, count in parse_deck(DEFAULT_DECK):
        if card.startswith("storm"):
            deck.append({"type": "stormN", "n": int(card[5:]), "count": count})
        elif card.startswith("compass-"):
            deck.append({"type": "compass", "dir": card[8:], "count": count})
        elif card == "wind":
            deck.append({"type": "favourableWind", "recover": 2, "bonusRange": 2, "count": count})
        else:
            deck.append({"type": "deadCalm", "count": count})
    return {
        "name": "My board", "edition": "MESAboardgames 2011 (first edition)",
        "provenance": {"cells": "user", "ports.vp": "user", "goods.values": "inferred"},
        "compassLabels": list(COMPASS), "oceanParts": [WEST, EAST], "goods": goods,
        "redDie": {"faces": [{"label": f, "wreck": int(f) if f.isdigit() else 0}
                             for f in parse_die(DEFAULT_DIE)]},
        "eventDeck": deck, "tracks": {"scoreSpaces": 100, "turnOrderSpaces": 4},
        "monasteryTiles": {"byPlayers": {str(n): list(t) for n, t in TILES.items()}},
    }


# ---------------------------------------------------------------- edits

@dataclass(frozen=True)
class AddCell:
    """A cell centred at a tapped point; ``id`` empty: the next free ``C001``…"""
    kind = "addCell"
    x: float
    y: float
    id: str = ""

    def apply(self, m: MapState) -> MapState:
        cid = self.id or next(f"C{n:03d}" for n in range(1, len(m.cells) + 2) if not m.has_cell(f"C{n:03d}"))
        if m.has_cell(cid):
            raise MapError(f"a cell {cid!r} is already on the map")
        return replace(m, cells=m.cells + (MapCell(cid, float(self.x), float(self.y)),))


@dataclass(frozen=True)
class RemoveCell:
    kind = "removeCell"
    cell: str

    def apply(self, m: MapState) -> MapState:
        m.cell(self.cell)
        gone = self.cell
        return replace(
            m, cells=tuple(c for c in m.cells if c.id != gone),
            added=frozenset(e for e in m.added if gone not in e),
            removed=frozenset(e for e in m.removed if gone not in e),
            free_edges=tuple(f for f in m.free_edges if gone not in f[:2]),
            lisbon=None if m.lisbon == gone else m.lisbon,
            ports=tuple(p for p in m.ports if p[0] != gone))


@dataclass(frozen=True)
class ToggleEdge:
    """Unlink two neighbours land separates, or link two cells a sea lane joins."""
    kind = "toggleEdge"
    a: str
    b: str

    def apply(self, m: MapState) -> MapState:
        m.cell(self.a), m.cell(self.b)
        if self.a == self.b:
            raise MapError("an edge needs two different cells")
        pair = edge(self.a, self.b)
        proposed = pair in m.proposed()      # (the proposal moves as cells come and go)
        if pair in m.adjacency():
            return replace(m, added=m.added - {pair}, removed=m.removed | ({pair} if proposed else set()))
        return replace(m, removed=m.removed - {pair}, added=m.added | (set() if proposed else {pair}))


@dataclass(frozen=True)
class ToggleCurrent:
    """A current's arrow from ``a`` into ``b`` (a free edge), or its removal."""
    kind = "toggleCurrent"
    a: str
    b: str
    current: str = "current"

    def apply(self, m: MapState) -> MapState:
        m.cell(self.a), m.cell(self.b)
        if self.a == self.b:
            raise MapError("an arrow needs two different cells")
        kept = tuple(f for f in m.free_edges if f[:2] != (self.a, self.b))
        if len(kept) != len(m.free_edges):
            return replace(m, free_edges=kept)
        return replace(m, free_edges=m.free_edges + ((self.a, self.b, self.current),))


def _change_cell(m: MapState, cid: str, change: Callable[[MapCell], MapCell]) -> MapState:
    m.cell(cid)
    return replace(m, cells=tuple(change(c) if c.id == cid else c for c in m.cells))


@dataclass(frozen=True)
class ToggleDot:
    kind = "toggleDot"
    cell: str

    def apply(self, m: MapState) -> MapState:
        return _change_cell(m, self.cell, lambda c: replace(c, dot=not c.dot))


@dataclass(frozen=True)
class ToggleSymbol:
    """``pirate``, ``eventBlue`` or ``eventRed`` on a cell, or off again."""
    kind = "toggleSymbol"
    cell: str
    symbol: str

    def apply(self, m: MapState) -> MapState:
        if self.symbol not in SYMBOLS:
            raise MapError(f"symbol {self.symbol!r} is not one of {', '.join(SYMBOLS)}")

        def toggle(c: MapCell) -> MapCell:
            have = set(c.symbols) ^ {self.symbol}
            return replace(c, symbols=tuple(s for s in SYMBOLS if s in have))
        return _change_cell(m, self.cell, toggle)


@dataclass(frozen=True)
class SetLisbon:
    kind = "setLisbon"
    cell: str

    def apply(self, m: MapState) -> MapState:
        m.cell(self.cell)
        return replace(m, lisbon=self.cell)


@dataclass(frozen=True)
class PlacePort:
    """A port's shield on a cell with its value (and its good on a goods port); a
    port placed again moves, a cell holds one port."""
    kind = "placePort"
    cell: str
    port: str
    vp: int
    good: str | None = None

    def apply(self, m: MapState) -> MapState:
        m.cell(self.cell)
        if self.port not in PORT_BY_ID:
            raise MapError(f"{self.port!r} is not one of the 32 ports")
        if not isinstance(self.vp, int) or self.vp < 0:
            raise MapError(f"a shield value is a whole number, not {self.vp!r}")
        if self.good is not None and self.good not in GOODS:
            raise MapError(f"{self.good!r} is not one of the goods")
        kept = tuple(p for p in m.ports if p[0] != self.cell and p[1].port != self.port)
        return replace(m, ports=kept + ((self.cell, PortMark(self.port, self.vp, self.good)),))


@dataclass(frozen=True)
class ClearPort:
    kind = "clearPort"
    cell: str

    def apply(self, m: MapState) -> MapState:
        m.cell(self.cell)
        return replace(m, ports=tuple(p for p in m.ports if p[0] != self.cell))


@dataclass(frozen=True)
class PaintPart:
    """One cell into an ocean part (``WEST``/``EAST``); ``fill``: every cell reached
    from it over water without crossing a cell painted the other part."""
    kind = "paintPart"
    cell: str
    part: str
    fill: bool = False

    def apply(self, m: MapState) -> MapState:
        m.cell(self.cell)
        if self.part not in (WEST, EAST):
            raise MapError(f"an ocean part is {WEST} or {EAST}, not {self.part!r}")
        painted = {self.cell}
        if self.fill:
            near = neighbours_of(m)
            parts = {c.id: c.part for c in m.cells}
            todo = [self.cell]
            while todo:
                for nxt in near[todo.pop()]:
                    if nxt not in painted and parts[nxt] in (None, self.part):
                        painted.add(nxt)
                        todo.append(nxt)
        return replace(m, cells=tuple(replace(c, part=self.part) if c.id in painted else c
                                      for c in m.cells))


@dataclass(frozen=True)
class SetExtras:
    """The copy's values the map does not show (goods of ships, die, deck, name…):
    top-level board-file keys, as JSON values."""
    kind = "setExtras"
    values: tuple[tuple[str, Any], ...]

    def apply(self, m: MapState) -> MapState:
        if any(k in MAPPED_KEYS or not isinstance(k, str) for k, _ in self.values):
            raise MapError("extras cannot replace what the map holds (cells, adjacency, ports…)")
        merged = dict(m.extras)
        merged.update(self.values)
        return replace(m, extras=tuple(sorted(merged.items())))

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> "SetExtras":
        return cls(tuple(sorted((k, copy.deepcopy(v)) for k, v in values.items())))


MAPPED_KEYS = frozenset({"schema", "purpose", "cells", "adjacency", "freeEdges", "compassNeighbours",
                         "lisbonCell", "ports"})
EDITS: dict[str, type] = {e.kind: e for e in (AddCell, RemoveCell, ToggleEdge, ToggleCurrent, ToggleDot,
                                               ToggleSymbol, SetLisbon, PlacePort, ClearPort, PaintPart,
                                               SetExtras)}


def edit_to_dict(e: Any) -> dict[str, Any]:
    data = {"kind": e.kind}
    for f in fields(e):
        value = getattr(e, f.name)   # every field of the edit, by name
        data[f.name] = [list(kv) for kv in value] if f.name == "values" else value
    return data


def _field_problem(kind: str, value: Any) -> str:
    """What is wrong with ``value`` for a field declared ``kind`` ("" when nothing)."""
    if kind == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return f"must be a number, not {value!r:.40}"
    elif kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"must be a whole number, not {value!r:.40}"
    elif kind == "bool":
        if not isinstance(value, bool):
            return f"must be true or false, not {value!r:.40}"
    elif kind == "str":
        if not isinstance(value, str):
            return f"must be text, not {value!r:.40}"
    elif kind == "str | None":
        if value is not None and not isinstance(value, str):
            return f"must be text or null, not {value!r:.40}"
    elif kind.startswith("tuple[tuple[str, Any]"):   # setExtras: [[key, JSON value], ...]
        if not isinstance(value, list) or not all(
                isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) for pair in value):
            return "must be a list of [name, value] pairs"
    return ""


def edit_from_dict(data: Any, number: int | None = None) -> Any:
    """The edit saved as ``data`` (the ``number``-th of its file), checked field by field:
    MapError naming the edit and the field."""
    where = f"edit {number}" if number is not None else "an edit"
    if not isinstance(data, dict):
        raise MapError(f"{where} is not an object with a 'kind': {data!r:.60}")
    kind = data.get("kind")
    cls = EDITS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MapError(f"{where}: field 'kind' is not a mapper edit ({kind!r:.40}; one of "
                       f"{', '.join(EDITS)})")
    where = f"{where} ({kind})"
    known = {f.name: f for f in fields(cls)}
    for key in data:
        if key != "kind" and key not in known:
            raise MapError(f"{where}: unknown field {str(key)!r:.40}")
    args = {}
    for name, f in known.items():
        if name not in data:
            if f.default is MISSING:
                raise MapError(f"{where}: field {name!r} is missing")
            continue
        problem = _field_problem(str(f.type), data[name])
        if problem:
            raise MapError(f"{where}: field {name!r} {problem}")
        args[name] = data[name]
    if cls is SetExtras:
        args["values"] = tuple(sorted((k, v) for k, v in args["values"]))
    return cls(**args)


def neighbours_of(m: MapState) -> dict[str, list[str]]:
    near: dict[str, list[str]] = {c.id: [] for c in m.cells}
    for a, b in sorted(m.adjacency()):
        near[a].append(b)
        near[b].append(a)
    return near


@dataclass(frozen=True)
class BoardMap:
    """A map in progress: the edits so far and what they built; ``image`` is the
    board picture the centres refer to (a path, or empty)."""

    edits: tuple[Any, ...] = ()
    state: MapState = field(default_factory=lambda: MapState(extras=tuple(sorted(default_extras().items()))))
    image: str = ""

    def apply(self, e: Any) -> "BoardMap":
        return replace(self, edits=self.edits + (e,), state=e.apply(self.state))

    def undo(self) -> "BoardMap":
        return replay(self.edits[:-1], self.image)

    @property
    def can_undo(self) -> bool:
        return bool(self.edits)

    def to_dict(self) -> dict[str, Any]:
        return {"schema": MAP_SCHEMA, "image": self.image, "edits": [edit_to_dict(e) for e in self.edits]}

    @classmethod
    def from_dict(cls, data: Any) -> "BoardMap":
        if not isinstance(data, dict) or data.get("schema") != MAP_SCHEMA:
            raise MapError(f"not a board map ('schema' must be {MAP_SCHEMA!r})")
        for key in data:
            if key not in ("schema", "image", "edits"):
                raise MapError(f"unknown field {str(key)!r:.40}")
        edits = data.get("edits")
        if not isinstance(edits, list):
            raise MapError("field 'edits' must be a list of edits")
        image = data.get("image", "")
        if not isinstance(image, str):
            raise MapError(f"field 'image' must be the path of the board's picture, not {image!r:.40}")
        return replay(tuple(edit_from_dict(e, n) for n, e in enumerate(edits, start=1)), image, numbered=True)


def replay(edits: tuple[Any, ...], image: str = "", numbered: bool = False) -> BoardMap:
    """The map the ``edits`` build; ``numbered``: an edit that cannot apply is named by
    its place in the file (edit 1 is the first)."""
    m = BoardMap(image=image)
    for number, e in enumerate(edits, start=1):
        try:
            m = m.apply(e)
        except MapError as exc:
            if not numbered:
                raise
            raise MapError(f"edit {number} ({e.kind}): {exc}") from None
    return m


def cell_at(m: MapState, x: float, y: float, radius: float | None = None) -> str | None:
    """The cell whose centre is nearest (x, y) within ``radius`` (default: half a pitch)."""
    if not m.cells:
        return None
    radius = radius if radius is not None else (m.pitch() or 60.0) / 2
    best = min(m.cells, key=lambda c: math.dist((c.x, c.y), (x, y)))
    return best.id if math.dist((best.x, best.y), (x, y)) <= radius else None
