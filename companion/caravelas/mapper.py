"""The board mapper's model: a map of a physical Caravelas board in
progress, built by edits on a photo, scan or rectified camera frame of the board.

Edits are small frozen dataclasses (:data:`EDITS`, in ``mapper_edits.py`` with the
map itself, imported here so the mapper is used as one module); a :class:`BoardMap` is the tuple
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
import json
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.caravelas.board import SCHEMA, BoardError, parse_board
from companion.inputs import read_bounded_text, reason_of
from companion.caravelas.data import COMPASS, GOODS, PORT_BY_ID
from companion.caravelas.mapper_edits import (  # noqa: F401  (the mapper's API in one place)
    EDITS, MAP_SCHEMA, MAPPED_KEYS, NEIGHBOUR_TOLERANCE, AddCell, BoardMap, ClearPort, MapCell, MapError,
    MapState, PaintPart, PlacePort, PortMark, RemoveCell, SetExtras, SetLisbon, ToggleCurrent, ToggleDot,
    ToggleEdge, ToggleSymbol, cell_at, default_extras, edge, edit_from_dict, edit_to_dict, neighbours_of,
    replay)
from companion.caravelas.mapper_steps import CORNERS, step_text  # noqa: F401  (the instruction line)
from companion.messages import Text
from companion.settings import DAMAGED_SUFFIX, damaged_name  # noqa: F401  (DAMAGED_SUFFIX: the mapper's API)



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
        near = neighbours_of(m)
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
    for cid, near in neighbours_of(m).items():
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

#: the largest progress file read (a fully mapped board with every edit is about 100 KB)
MAX_MAP_BYTES = 4 * 1024 * 1024


def write_json(path: Path, document: Any) -> None:
    """Write ``document`` atomically: a temporary file beside ``path``, fsynced, renamed
    over it, and the folder fsynced (a power cut leaves the old file or the new, whole)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(document, fh, indent=1, ensure_ascii=False)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)   # our own half-written copy; the saved file is untouched
        raise
    try:
        folder = os.open(path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(folder)
    except OSError:
        pass   # some filesystems cannot sync a folder; the file itself is on disk
    finally:
        os.close(folder)


def save_map(path: Path, m: BoardMap) -> None:
    write_json(path, m.to_dict())


@dataclass(frozen=True)
class LoadedMap:
    map: BoardMap
    kept_aside: Path | None = None     # a damaged progress file, renamed (never deleted)
    problem: str = ""


def load_map(path: Path) -> LoadedMap:
    """The map saved at ``path`` (a new one when there is none).  Read bounded (a regular
    file of at most :data:`MAX_MAP_BYTES`) and checked field by field; a file that cannot
    be used is renamed ``<name>.damaged-<UTC time>`` (never deleted) and a new map started,
    with ``problem`` naming the file and what is wrong."""
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        return LoadedMap(BoardMap())
    try:
        return LoadedMap(BoardMap.from_dict(json.loads(read_bounded_text(path, MAX_MAP_BYTES))))
    except (OSError, ValueError, MapError, BoardError) as exc:   # ValueError: not UTF-8, not JSON
        problem = f"{path}: {reason_of(exc)}"
    except RecursionError:
        problem = f"{path}: nested too deeply"
    target = damaged_name(path)
    try:
        os.replace(path, target)
    except OSError as exc:   # a read-only folder: said, and the file stays as it is
        return LoadedMap(BoardMap(), None, f"{problem} (it could not be set aside: {exc.strerror or exc})")
    return LoadedMap(BoardMap(), target, problem)
