"""Board files (``caravelas-board/1``, digest §12): loading, the §12.3 checks, step
costs (§4.2) and the cheapest legal path (for the camera's proposal).

A file with ``"purpose": "game"`` (the default) must pass every rule of §12.3.  The
digest's mini-board MB is a test geometry (``"purpose": "testVectors"``): rules 1, 2
and 7 only ask that what it has is consistent (at most 32 ports, each good at most
once, no Cape crossing needed) and rule 6 takes any deck size.
"""
from __future__ import annotations

import heapq
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from companion.caravelas.data import (COMPASS, EVENT_CARDS, GOODS, GOODS_VP, PORT_BY_ID, SHIP4_GOODS,
                                      WEST, EAST, card_kinds_valid)
from companion.inputs import read_bounded_text, reason_of
from companion.errors import ConfigError

SCHEMA = "caravelas-board/1"
DATA_DIR = Path(__file__).resolve().parent / "data"
SHIPPED = {"demo": DATA_DIR / "demo-board.json", "mini": DATA_DIR / "mini-board.json"}
SYMBOLS = ("pirate", "eventBlue", "eventRed")


class BoardError(ConfigError):
    """A board file that breaks the format or a §12.3 rule; names the file and the rule."""


@dataclass(frozen=True)
class Cell:
    id: str
    part: str
    symbols: tuple[str, ...] = ()
    port: str | None = None
    current_end: bool = False
    center: tuple[float, float] | None = None

    @property
    def pirate(self) -> bool:
        return "pirate" in self.symbols


@dataclass(frozen=True)
class Board:
    """A validated board: cells, water adjacency, free edges, compass steps, ports,
    goods, player-board slots, die faces and deck composition (None where unknown)."""

    name: str
    purpose: str
    cells: Mapping[str, Cell]
    neighbours: Mapping[str, tuple[str, ...]]
    free_edges: frozenset[tuple[str, str]]
    compass: Mapping[str, Mapping[str, str]]
    lisbon: str
    port_cells: Mapping[str, str]                 # port id -> cell
    port_vp: Mapping[str, int]
    goods_ports: Mapping[str, str]                # good -> port id (known ones)
    goods_vp: Mapping[str, int]
    slots: tuple[tuple[str, ...], ...] | None     # goods of ships 1-4
    die: tuple[str, ...] | None
    deck: tuple[tuple[str, int], ...] | None
    port_at: Mapping[str, str] = field(default_factory=dict)   # cell -> port id

    @cached_property
    def names(self) -> Mapping[str, Any]:
        """Every cell's name as a player finds it on the board (companion.caravelas.names)."""
        from companion.caravelas.names import cell_names
        return cell_names(self)

    @property
    def is_test_geometry(self) -> bool:
        return self.purpose == "testVectors"

    def missing_runtime(self) -> tuple[str, ...]:
        """The runtime ``[UNK]`` values still missing (§16 item 1): a mapped game refuses to start."""
        missing = []
        if not self.die:
            missing.append("the red die's faces")
        if self.deck is None:
            missing.append("the event deck's composition")
        if self.slots is None:
            missing.append("the goods of ships 1-3")
        if not self.is_test_geometry and len(self.goods_ports) != len(GOODS):
            missing.append("the goods ports")
        return tuple(missing)

    def step_cost(self, start: str, to: str, defend: bool = False) -> int:
        """§4.2: 0 along a free edge, else 1; +1 entering a pirate cell unless defended."""
        cost = 0 if (start, to) in self.free_edges else 1
        return cost + (1 if self.cells[to].pirate and not defend else 0)

    def path_cost(self, path: tuple[str, ...]) -> int:
        return sum(self.step_cost(a, b) for a, b in zip(path, path[1:]))

    def triggers(self, cell: str) -> int:
        c = self.cells[cell]
        return len(c.symbols) + (c.port is not None) + (cell == self.lisbon)

    def cheapest_path(self, start: str, goal: str) -> tuple[str, ...] | None:
        """The cheapest path from ``start`` to ``goal`` (ties: the fewest triggers, then
        the fewest steps), or None when the goal cannot be reached."""
        best: dict[str, tuple[int, int, int]] = {start: (0, 0, 0)}
        queue: list[tuple[int, int, int, tuple[str, ...]]] = [(0, 0, 0, (start,))]
        while queue:
            cost, trig, steps, path = heapq.heappop(queue)
            here = path[-1]
            if here == goal:
                return path
            if best.get(here, (cost, trig, steps)) < (cost, trig, steps):
                continue
            for nxt in self.neighbours[here]:
                key = (cost + self.step_cost(here, nxt), trig + self.triggers(nxt), steps + 1)
                if key < best.get(nxt, (1 << 30, 0, 0)):
                    best[nxt] = key
                    heapq.heappush(queue, (*key, path + (nxt,)))
        return None


def load_board(source: str | Path) -> Board:
    """A shipped board by name (``demo``, ``mini``) or a file path; raises BoardError."""
    path = SHIPPED.get(str(source), Path(source))
    try:
        data = json.loads(read_bounded_text(path, MAX_BOARD_BYTES))
    except FileNotFoundError:
        raise BoardError(f"board file {path}: not found") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:   # JSONDecodeError is a ValueError
        raise BoardError(f"board file {path}: not readable JSON ({reason_of(exc)})") from None
    except RecursionError:
        raise BoardError(f"board file {path}: not readable JSON (nested too deeply)") from None
    return parse_board(data, Path(path).name)


#: the largest board file read (the demo board is about 60 KB)
MAX_BOARD_BYTES = 4 * 1024 * 1024

#: the fields of a board file that must be lists of objects, and the text fields of each
_LISTS = {"cells": ("id",), "ports": ("id",), "goods": ("id",), "freeEdges": ("from", "to"),
          "eventDeck": ()}


def _check_shape(data: dict, where: str) -> None:
    """The types of the fields :func:`parse_board` reads, each named when wrong."""
    for name, texts in _LISTS.items():
        items = data.get(name, [])
        _need(isinstance(items, list), where, f"'{name}' must be a list")
        for index, item in enumerate(items):
            _need(isinstance(item, dict), where, f"{name}[{index}] must be an object")
            for field in texts:
                _need(isinstance(item.get(field), str), where, f"{name}[{index}].{field} must be text")
    for index, cell in enumerate(data.get("cells", [])):
        _need(isinstance(cell.get("symbols", []), list), where, f"cells[{index}].symbols must be a list")
        center = cell.get("center")
        _need(center is None or (isinstance(center, list) and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in center)),
            where, f"cells[{index}].center must be a list of numbers")
    for index, port in enumerate(data.get("ports", [])):
        _need(isinstance(port.get("cell"), str), where, f"ports[{index}].cell must be text")
        _need(port.get("good") is None or isinstance(port.get("good"), str), where,
              f"ports[{index}].good must be text")
    for index, good in enumerate(data.get("goods", [])):
        vp = good.get("vp", 0)
        _need(isinstance(vp, int) and not isinstance(vp, bool), where, f"goods[{index}].vp must be a whole number")
    adjacency = data.get("adjacency", [])
    _need(isinstance(adjacency, list) and all(
        isinstance(pair, list) and all(isinstance(c, str) for c in pair) for pair in adjacency),
        where, "'adjacency' must be a list of pairs of cell ids")
    compass = data.get("compassNeighbours", {})
    _need(isinstance(compass, dict) and all(
        isinstance(steps, dict) and all(t is None or isinstance(t, str) for t in steps.values())
        for steps in compass.values()), where, "'compassNeighbours' must map cells to {label: cell}")
    _need(isinstance(data.get("lisbonCell"), str), where, "'lisbonCell' must be a cell id")
    die = data.get("redDie", {})
    _need(isinstance(die, dict) and (die.get("faces") is None or (
        isinstance(die["faces"], list) and all(isinstance(f, dict) and "label" in f for f in die["faces"]))),
        where, "'redDie' must be {\"faces\": [{\"label\": ...}, ...]}")
    for index, entry in enumerate(data.get("eventDeck", [])):
        count = entry.get("count")
        _need(count is None or (isinstance(count, int) and not isinstance(count, bool) and 0 <= count <= 1000),
              where, f"eventDeck[{index}].count must be a whole number")


def _need(cond: bool, where: str, message: str) -> None:
    if not cond:
        raise BoardError(f"board file {where}: {message}")


def parse_board(data: Any, where: str = "board") -> Board:
    """Check ``data`` against the format and §12.3; the Board, or BoardError."""
    _need(isinstance(data, dict), where, "must be a JSON object")
    _need(data.get("schema") == SCHEMA, where, f"'schema' must be {SCHEMA!r}")
    purpose = data.get("purpose", "game")
    _need(purpose in ("game", "testVectors"), where, "'purpose' must be 'game' or 'testVectors'")
    full = purpose == "game"
    _check_shape(data, where)
    try:
        return _parse_checked(data, where, purpose, full)
    except BoardError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise BoardError(f"board file {where}: malformed ({type(exc).__name__}: {exc})") from None


def _parse_checked(data: dict, where: str, purpose: str, full: bool) -> Board:
    try:
        cells = {c["id"]: Cell(c["id"], c.get("part"), tuple(c.get("symbols", ())), c.get("port"),
                               bool(c.get("currentEnd", False)),
                               tuple(c["center"]) if c.get("center") else None)
                 for c in data["cells"]}
        pairs = [tuple(p) for p in data["adjacency"]]
        free = [(e["from"], e["to"]) for e in data.get("freeEdges", ())]
        compass = {k: dict(v) for k, v in data.get("compassNeighbours", {}).items()}
        ports = {p["id"]: p for p in data["ports"]}
        goods = {g["id"]: g for g in data.get("goods", ())}
        lisbon = data["lisbonCell"]
    except (KeyError, TypeError, ValueError) as exc:
        raise BoardError(f"board file {where}: malformed ({type(exc).__name__}: {exc})") from None
    _need(len(cells) == len(data["cells"]), where, "two cells share an id")
    for cell in cells.values():
        _need(all(s in SYMBOLS for s in cell.symbols), where,
              f"cell {cell.id}: symbols must be among {', '.join(SYMBOLS)}")
    # rule 1: 32 ports on distinct cells, Lisbon not one of them
    _need(lisbon in cells, where, f"rule 1: lisbonCell {lisbon!r} is not a cell")
    _need(len(ports) == len(data["ports"]), where, "rule 1: a port is listed twice")
    _need(len(ports) == 32 if full else len(ports) <= 32, where,
          f"rule 1: {len(ports)} ports, a game board needs exactly 32")
    for pid, port in ports.items():
        _need(pid in PORT_BY_ID, where, f"rule 1: {pid!r} is not one of the 32 ports")
        _need(port.get("cell") in cells, where, f"rule 1: port {pid} is on no cell")
        vp = port.get("vp")
        _need(isinstance(vp, int) and not isinstance(vp, bool) and vp >= 0, where,
              f"rule 1: port {pid} needs its shield value (vp)")
    port_cells = {pid: p["cell"] for pid, p in ports.items()}
    _need(len(set(port_cells.values())) == len(port_cells), where, "rule 1: two ports share a cell")
    _need(lisbon not in port_cells.values(), where, "rule 1: Lisbon's cell cannot be a port")
    # rule 2: 8 goods ports, each good once
    goods_ports = {p["good"]: pid for pid, p in ports.items() if p.get("good")}
    with_goods = [p["good"] for p in ports.values() if p.get("good")]
    _need(all(g in GOODS for g in with_goods), where, f"rule 2: goods must be among {', '.join(GOODS)}")
    _need(len(with_goods) == len(set(with_goods)), where, "rule 2: a good is on two ports")
    _need(len(with_goods) == 8 or not full, where, f"rule 2: {len(with_goods)} goods ports, not 8")
    # rule 3: parts; free edges and compass steps are water connections
    adjacency = set()
    for pair in pairs:
        _need(len(pair) == 2 and all(c in cells for c in pair) and pair[0] != pair[1], where,
              f"adjacency {list(pair)}: needs two different known cells")
        adjacency |= {pair, pair[::-1]}
    for cell in cells.values():
        _need(cell.part in (WEST, EAST), where, f"rule 3: cell {cell.id} has no part (WEST or EAST)")
    for edge in free:
        _need(edge in adjacency, where, f"rule 3: free edge {edge[0]}->{edge[1]} is not in adjacency")
    for origin, steps in compass.items():
        for label, target in steps.items():
            _need(label in COMPASS, where, f"rule 3: compass label {label!r} unknown")
            _need(target is None or (origin, target) in adjacency, where,
                  f"rule 3: compass step {origin} {label} -> {target} is not in adjacency")
    # rule 4: every cell reachable from Lisbon
    neighbours: dict[str, list[str]] = {c: [] for c in cells}
    for a, b in sorted(adjacency):
        neighbours[a].append(b)
    seen, todo = {lisbon}, [lisbon]
    while todo:
        for nxt in neighbours[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    unreachable = sorted(set(cells) - seen)
    _need(not unreachable, where, f"rule 4: cells {', '.join(unreachable[:5])} cannot be reached from Lisbon")
    # rule 5: ships 1-4 carry 2 goods each, ship 4 nutmeg and silver
    slots = None
    ships = {g: goods[g].get("ship") for g in goods}
    if any(s is not None for s in ships.values()):
        by_ship = tuple(tuple(sorted(g for g, s in ships.items() if s == n)) for n in (1, 2, 3, 4))
        _need(set(ships) == set(GOODS) and all(len(s) == 2 for s in by_ship), where,
              "rule 5: goods[*].ship must give ships 1-4 two goods each")
        _need(set(by_ship[3]) == set(SHIP4_GOODS), where, "rule 5: ship 4 holds nutmeg and silver")
        slots = by_ship
    # rule 6: deck of 86, die faces
    die = data.get("redDie", {}).get("faces")
    die_labels = tuple(str(f["label"]) for f in die) if die else None
    _need(die is None or bool(die), where, "rule 6: the red die has no faces")
    deck_entries = data.get("eventDeck", [])
    deck = None
    if deck_entries and all(e.get("count") is not None for e in deck_entries):
        deck = tuple(sorted((_card_id(e, where), int(e["count"])) for e in deck_entries))
        total = sum(n for _, n in deck)
        _need(total == EVENT_CARDS or not full, where, f"rule 6: the event deck has {total} cards, not 86")
    # rule 7: the Cape crossing
    crossing = any(cells[a].part != cells[b].part for a, b in adjacency)
    _need(crossing or not full, where, "rule 7: no WEST cell is adjacent to an EAST cell")
    return Board(
        name=str(data.get("name", where)), purpose=purpose, cells=cells,
        neighbours={c: tuple(n) for c, n in neighbours.items()}, free_edges=frozenset(free),
        compass=compass, lisbon=lisbon, port_cells=port_cells,
        port_vp={pid: int(p["vp"]) for pid, p in ports.items()}, goods_ports=goods_ports,
        goods_vp={g: int(goods.get(g, {}).get("vp", GOODS_VP[g])) for g in GOODS},
        slots=slots, die=die_labels, deck=deck,
        port_at={cell: pid for pid, cell in port_cells.items()})


def _card_id(entry: Mapping[str, Any], where: str) -> str:
    kind = entry.get("type")
    card = {"stormN": f"storm{entry.get('n')}", "compass": f"compass-{entry.get('dir')}",
            "favourableWind": "wind", "deadCalm": "calm"}.get(kind if isinstance(kind, str) else "", "")
    _need(card_kinds_valid(card), where, f"rule 6: event deck entry {dict(entry)} is not a card")
    return card
