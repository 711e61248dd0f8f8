"""The board mapper's model (issue #16): a map of a physical Caravelas board in
progress, built by edits on a photo, scan or rectified camera frame of the board.

Edits are small frozen dataclasses (:data:`EDITS`); a :class:`BoardMap` is the tuple
of edits made so far plus the map they build (:class:`MapState`), so undo drops the
last edit and replays the rest.  Adjacency is *proposed* from the cells' spacing
(cells about one cell pitch apart are neighbours) and corrected by the user: an
edge tool removes what land separates and links the far cells a sea lane joins.
Compass neighbours are derived at export from the directions on the image (up is
north).  Centres are image pixels.

:func:`findings` lists what keeps the map from being a valid ``caravelas-board/1``
file, each with the cells to highlight; :func:`export_board` gives the file only
when there is none left (and checks it with :func:`board.parse_board`).  Progress
is saved as JSON (:func:`save_map`, atomic); a damaged progress file is kept aside,
never deleted (:func:`load_map`).
"""
from __future__ import annotations

import copy
import datetime
import json
import math
import os
import re
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from companion.caravelas.board import SCHEMA, SYMBOLS, BoardError, parse_board
from companion.caravelas.data import (COMPASS, DEFAULT_DECK, DEFAULT_DIE, DEFAULT_SLOTS, EAST, GOODS,
                                      GOODS_VP, PORT_BY_ID, TILES, WEST, parse_deck, parse_die, parse_slots)
from companion.engine import CompanionError
from companion.i18n import Text

MAP_SCHEMA = "caravelas-map/1"
#: neighbours are proposed between cells at most this many cell pitches apart
NEIGHBOUR_TOLERANCE = 1.25
DAMAGED_SUFFIX = ".damaged-"


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
        if pair in m.adjacency():
            if pair in m.added:
                return replace(m, added=m.added - {pair})
            return replace(m, removed=m.removed | {pair})
        if pair in m.removed:
            return replace(m, removed=m.removed - {pair})
        return replace(m, added=m.added | {pair})


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
            near = _neighbours(m)
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
        value = getattr(e, f.name)
        data[f.name] = [list(kv) for kv in value] if f.name == "values" else value
    return data


def edit_from_dict(data: Any) -> Any:
    try:
        cls = EDITS[data["kind"]]
        args = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        if cls is SetExtras:
            args["values"] = tuple(sorted((str(k), v) for k, v in args["values"]))
        return cls(**args)
    except (KeyError, TypeError, ValueError) as exc:
        raise MapError(f"not a mapper edit: {data!r} ({type(exc).__name__}: {exc})") from None


def _neighbours(m: MapState) -> dict[str, list[str]]:
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
        edits = data.get("edits")
        if not isinstance(edits, list):
            raise MapError("a board map needs a list of edits")
        return replay(tuple(edit_from_dict(e) for e in edits), str(data.get("image", "")))


def replay(edits: tuple[Any, ...], image: str = "") -> BoardMap:
    m = BoardMap(image=image)
    for e in edits:
        m = m.apply(e)
    return m


def cell_at(m: MapState, x: float, y: float, radius: float | None = None) -> str | None:
    """The cell whose centre is nearest (x, y) within ``radius`` (default: half a pitch)."""
    if not m.cells:
        return None
    radius = radius if radius is not None else (m.pitch() or 60.0) / 2
    best = min(m.cells, key=lambda c: math.dist((c.x, c.y), (x, y)))
    return best.id if math.dist((best.x, best.y), (x, y)) <= radius else None


# ---------------------------------------------------------------- findings and export

@dataclass(frozen=True)
class Finding:
    """One problem keeping the map from a valid board file; ``cells`` to highlight."""

    code: str
    text: Text
    cells: tuple[str, ...] = ()


def findings(m: MapState) -> tuple[Finding, ...]:
    """Everything §12.3 would refuse, cell by cell where it has cells, then (when the
    map itself is sound) what :func:`parse_board` still refuses in the whole file."""
    found: list[Finding] = []
    ids = {c.id for c in m.cells}
    if not m.cells:
        return (Finding("empty", Text("Tap the centre of each cell to add it.")),)
    no_part = tuple(c.id for c in m.cells if c.part is None)
    if no_part:
        found.append(Finding("part", Text("{count} cell without an ocean part", "{count} cells without an ocean part",
                                          count=len(no_part)), no_part))
    adjacency = m.adjacency()
    for a, b, _ in m.free_edges:
        if edge(a, b) not in adjacency:
            found.append(Finding("current", Text("A current's arrow joins cells that are not neighbours."), (a, b)))
    ports = m.port_at
    if m.lisbon is None:
        found.append(Finding("lisbon", Text("Place Lisbon on its cell.")))
    else:
        if m.lisbon in ports:
            found.append(Finding("lisbonPort", Text("Lisbon's cell cannot hold a port."), (m.lisbon,)))
        near = _neighbours(m)
        seen, todo = {m.lisbon}, [m.lisbon]
        while todo:
            for nxt in near[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        cut_off = tuple(sorted(ids - seen))
        if cut_off:
            found.append(Finding("unreachable", Text("{count} cell cannot be reached from Lisbon",
                                                     "{count} cells cannot be reached from Lisbon",
                                                     count=len(cut_off)), cut_off))
    placed = {mark.port for mark in ports.values()}
    missing = [p for p in PORT_BY_ID if p not in placed]
    if missing:
        found.append(Finding("ports", Text("{count} port still to place, next: {port}",
                                           "{count} ports still to place, next: {port}",
                                           count=len(missing), port=PORT_BY_ID[missing[0]].name)))
    goods: dict[str, list[str]] = {}
    for cell, mark in m.ports:
        if mark.good:
            goods.setdefault(mark.good, []).append(cell)
    for good, cells in goods.items():
        if len(cells) > 1:
            found.append(Finding("goodTwice", Text("One good is on two ports."), tuple(cells)))
    if not missing and len(goods) != len(GOODS):
        found.append(Finding("goods", Text("Goods ports marked: {count} of 8", count=len(goods))))
    parts = {c.id: c.part for c in m.cells}
    if not no_part and not any(parts[a] != parts[b] for a, b in adjacency):
        found.append(Finding("cape", Text("No western cell is next to an eastern one (the Cape crossing).")))
    if not found:
        try:
            parse_board(board_dict(m), "map")
        except BoardError as exc:
            reason = re.sub(r"^board file map: (rule \d+: )?", "", str(exc))
            found.append(Finding("file", Text("The board file is refused: {reason}", reason=reason)))
    return tuple(found)


def compass_neighbours(m: MapState, labels: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """Per cell, the neighbour (about one pitch away) in each compass direction, up
    the image being north; a direction with none is left out (AMB-17)."""
    angles = {label: 90.0 - 45.0 * COMPASS.index(label) for label in labels}   # N 90°, E 0°, S -90°…
    spread = 360.0 / (8 if any(len(label) == 2 for label in labels) else 4) / 2
    limit = (m.pitch() or 0) * NEIGHBOUR_TOLERANCE
    cells = {c.id: c for c in m.cells}
    result: dict[str, dict[str, str]] = {}
    for cid, near in _neighbours(m).items():
        here = cells[cid]
        steps: dict[str, str] = {}
        for label, want in angles.items():
            best: tuple[float, str] | None = None
            for other in near:
                there = cells[other]
                if math.dist((here.x, here.y), (there.x, there.y)) > limit:
                    continue
                angle = math.degrees(math.atan2(here.y - there.y, there.x - here.x))
                off = abs((angle - want + 180.0) % 360.0 - 180.0)
                if off < spread and (best is None or off < best[0]):
                    best = (off, other)
            if best:
                steps[label] = best[1]
        result[cid] = steps
    return result


def _number(v: float) -> int | float:
    return int(v) if float(v).is_integer() else round(v, 1)


def board_dict(m: MapState) -> dict[str, Any]:
    """The ``caravelas-board/1`` document this map describes (valid or not)."""
    extras = dict(m.extras)
    labels = tuple(extras.get("compassLabels") or COMPASS)
    ports = m.port_at
    doc: dict[str, Any] = {"schema": SCHEMA, "purpose": "game"}
    doc.update({k: copy.deepcopy(v) for k, v in extras.items()
                if k in ("name", "edition", "provenance", "compassLabels", "oceanParts")})
    doc["cells"] = [{"id": c.id, "part": c.part, "symbols": list(c.symbols),
                     "center": [_number(c.x), _number(c.y)], "currentEnd": c.dot}
                    for c in sorted(m.cells, key=lambda c: c.id)]
    doc["adjacency"] = [list(p) for p in sorted(m.adjacency())]
    doc["freeEdges"] = [{"from": a, "to": b, "current": name} for a, b, name in m.free_edges]
    doc["compassNeighbours"] = compass_neighbours(m, labels)
    doc["lisbonCell"] = m.lisbon
    doc["ports"] = [{"id": mark.port, "cell": cell, "vp": mark.vp, "good": mark.good}
                    for cell, mark in sorted(ports.items(), key=lambda p: list(PORT_BY_ID).index(p[1].port))]
    doc.update({k: copy.deepcopy(v) for k, v in extras.items() if k not in doc})
    return doc


def export_board(m: MapState) -> dict[str, Any]:
    """The board file, checked by the loader; MapError naming the first finding when
    the map is not finished."""
    problems = findings(m)
    if problems:
        raise MapError(f"the map is not a valid board yet: {problems[0].text}")
    return board_dict(m)


def import_board(data: Any, where: str = "board", image: str = "") -> BoardMap:
    """A board file as a map to go on editing (every cell needs its centre)."""
    board = parse_board(data, where)
    m = BoardMap(image=image)
    for raw in data["cells"]:
        if not raw.get("center"):
            raise MapError(f"{where}: cell {raw['id']} has no centre: it cannot be shown on a map")
        m = m.apply(AddCell(raw["center"][0], raw["center"][1], raw["id"]))
    want = {edge(*p) for p in data["adjacency"]}
    have = m.state.adjacency()
    for pair in sorted(want ^ have):
        m = m.apply(ToggleEdge(*pair))
    for raw in data.get("freeEdges", ()):
        m = m.apply(ToggleCurrent(raw["from"], raw["to"], raw.get("current", "current")))
    for cid, cell in board.cells.items():
        for symbol in cell.symbols:
            m = m.apply(ToggleSymbol(cid, symbol))
        if cell.current_end:
            m = m.apply(ToggleDot(cid))
        m = m.apply(PaintPart(cid, cell.part))
    m = m.apply(SetLisbon(board.lisbon))
    for raw in data["ports"]:
        m = m.apply(PlacePort(raw["cell"], raw["id"], int(raw["vp"]), raw.get("good")))
    return m.apply(SetExtras.of({k: v for k, v in data.items() if k not in MAPPED_KEYS}))


# ---------------------------------------------------------------- files

def write_json(path: Path, document: Any) -> None:
    """Write ``document`` atomically (temporary file, fsync, rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(document, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def save_map(path: Path, m: BoardMap) -> None:
    write_json(path, m.to_dict())


@dataclass(frozen=True)
class LoadedMap:
    map: BoardMap
    kept_aside: Path | None = None     # a damaged progress file, renamed (never deleted)
    problem: str = ""


def load_map(path: Path) -> LoadedMap:
    """The map saved at ``path`` (a new one when there is none); a file that cannot be
    read is renamed ``<name>.damaged-<UTC time>`` and a new map started."""
    path = Path(path)
    if not path.exists():
        return LoadedMap(BoardMap())
    try:
        return LoadedMap(BoardMap.from_dict(json.loads(path.read_text(encoding="utf-8"))))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, MapError, BoardError) as exc:
        problem = f"{path}: {exc}"
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}{DAMAGED_SUFFIX}{stamp}")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}{DAMAGED_SUFFIX}{stamp}-{n}")
        n += 1
    os.replace(path, target)
    return LoadedMap(BoardMap(), target, problem)


__all__ = ["AddCell", "BoardMap", "ClearPort", "EDITS", "Finding", "LoadedMap", "MapError", "MapState",
           "PaintPart", "PlacePort", "RemoveCell", "SetExtras", "SetLisbon", "ToggleCurrent", "ToggleDot",
           "ToggleEdge", "ToggleSymbol", "board_dict", "cell_at", "compass_neighbours", "default_extras",
           "export_board", "findings", "import_board", "load_map", "save_map", "write_json"]
