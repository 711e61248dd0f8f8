"""The Golden Horn route read from the tiles on the table.

Every route tile carries a marker (:mod:`vision.games.golden_horn.camera`), so one
frame tells which tiles lie where.  From that:

1. the tiles are ordered Venice → Constantinople by the shortest path through
   all of them (so the layout on the table may bend any way);
2. each sea tile's squares are ordered along the route (a tile may lie turned);
3. each free square's colour is measured (white-balanced on the markers' paper)
   and every tile is matched to the colour set and order that fits best
   (a tile has 3 different colours from one set, RYB or OPG: digest §1);
4. the result is checked like the setup screen's ``route.tiles`` (§2.1):
   tile count, Modone's side and place, alternating sets.

:class:`GoldenHornReader` is the game's :class:`vision.reader.TableReader`:
it also names the spaces ships stand on with the engine's node ids (``s5``,
``M``, ``V``) and notes when the tiles differ from the game's route.
No Kivy here.
"""
from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np

from companion.errors import ConfigError
from companion.golden_horn.data import TILE_SETS, parse_tiles
from companion.messages import N_, Text
from companion.readings import TableReading
from vision.board import BoardLocation, shortest_route, tile_centres
from vision.config import VisionConfig
from vision.errors import BoardNotFound
from vision.profiles import BoardProfile
from vision.reader import TableReader
from vision.games.golden_horn.camera import (COLOUR_BGR, MODONE_TILES, PORT_TILES, SQUARE_MM, modone_space,
                                         square_space)

#: what the squares' colours look like under white light (BGR); the simulated
#: tiles' colours.  Only the nearest fit within a tile's set matters, so
#: printed tiles with somewhat different hues are still told apart.
REFERENCE_BGR = dict(COLOUR_BGR)
PAPER_WHITE = 235.0


@dataclass(frozen=True)
class RouteReading:
    """What the camera made of the route.

    ``order`` is the tile names V→C; ``tiles`` each sea tile's colours V→C
    ("?" for a square not seen yet); ``spaces`` maps the profile's space names
    to the engine's node ids; ``problems`` what is wrong on the table, to translate.
    """

    players: int
    order: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    spaces: dict[str, str] = field(default_factory=dict)
    problems: tuple[Text, ...] = ()

    @property
    def text(self) -> str:
        """The route as the setup screen's ``route.tiles`` takes it, e.g. "OPG RBY"."""
        return " ".join(self.tiles)

    @property
    def complete(self) -> bool:
        return bool(self.tiles) and not self.problems and "?" not in self.text

    def problem_text(self, say: Any = str) -> str:
        """The problems as one line (``say`` translates a Text; English by default)."""
        return "; ".join(say(problem) for problem in self.problems)


def _lab(bgr: tuple[float, float, float]) -> np.ndarray:
    pixel = np.clip(np.array([[bgr]], dtype=np.float32) / 255.0, 0.0, 1.0)
    return cv2.cvtColor(pixel, cv2.COLOR_BGR2Lab)[0, 0].astype(np.float64)


_REFERENCE_LAB = {c: _lab(bgr) for c, bgr in REFERENCE_BGR.items()}


def colour_cost(lab: np.ndarray, colour: str) -> float:
    """How far a measured colour (Lab) is from a square colour; lightness counts half."""
    d = lab - _REFERENCE_LAB[colour]
    return math.sqrt((0.5 * d[0]) ** 2 + d[1] ** 2 + d[2] ** 2)


def match_tile(samples: list[np.ndarray | None]) -> tuple[str, float] | None:
    """The colours (in sample order) of a tile from its squares' Lab samples (None = unseen):
    the 3 different colours of one set that fit best, and the cost.  None with < 2 samples."""
    if sum(s is not None for s in samples) < 2:
        return None
    best: tuple[str, float] | None = None
    for colour_set in TILE_SETS:
        for order in itertools.permutations(sorted(colour_set)):
            cost = sum(colour_cost(s, c) for s, c in zip(samples, order) if s is not None)
            if best is None or cost < best[1]:
                best = ("".join(order), cost)
    return best


def square_lab(image: np.ndarray, location: BoardLocation, tile: str, polygon: tuple, inset: float = 0.25) -> np.ndarray:
    """The mean colour (Lab, white-balanced on the markers' paper) of the middle of a square."""
    placement = next(p for p in location.tiles if p.name == tile)
    xs, ys = zip(*polygon)
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    dx, dy = (x1 - x0) * inset, (y1 - y0) * inset
    corners = [(x0 + dx, y0 + dy), (x1 - dx, y0 + dy), (x1 - dx, y1 - dy), (x0 + dx, y1 - dy)]
    pts = np.array([placement.to_px(c) for c in corners], dtype=np.float32).round().astype(np.int32)
    h, w = image.shape[:2]
    x0, y0 = np.clip(pts.min(axis=0), 0, (w, h))
    x1, y1 = np.clip(pts.max(axis=0) + 1, 0, (w, h))
    if x1 - x0 < 2 or y1 - y0 < 2:
        raise BoardNotFound(f"{tile}: square outside the picture")
    mask = np.zeros((y1 - y0, x1 - x0), dtype=np.uint8)       # only the square's neighbourhood
    cv2.fillConvexPoly(mask, pts - (x0, y0), 255)
    mean = np.array(cv2.mean(image[y0:y1, x0:x1], mask=mask)[:3], dtype=np.float64)
    white = np.array(location.white_bgr or (PAPER_WHITE,) * 3, dtype=np.float64)
    return _lab(tuple(mean * PAPER_WHITE / np.maximum(white, 1.0)))


def _sea_tiles(names: list[str]) -> list[str]:
    return [n for n in names if n.startswith("sea-")]


def read_route(location: BoardLocation, profile: BoardProfile, image: np.ndarray, players: int,
               occupied: set[str] = frozenset(), known: dict[str, str] | None = None) -> RouteReading:
    """The route from one located frame.

    ``occupied`` are profile spaces with a ship on them (their colour is not
    measured); ``known`` maps tile sides to colours read earlier (printed
    order), used for squares that are covered now.  When tiles are missing
    from view but nothing is on the table that should not be (a ship or a hand
    on a marker), the reading has problems yet still maps the spaces of every
    tile whose place on the route is certain, so the ships on them are placed.
    """
    known = known or {}
    centres = tile_centres(location, profile)
    wanted = 2 if players == 2 else 4
    expected_modone = {2: MODONE_TILES[2], 3: None, 4: MODONE_TILES[3]}[players]
    hidden, wrong = _tile_problems(centres, profile, players, wanted, expected_modone)
    problems = hidden + wrong
    order = _route_order(centres)
    if wrong or order is None:
        return RouteReading(players, problems=tuple(problems))
    if not hidden and expected_modone is not None:
        middle = order[1:-1]
        if middle.index(expected_modone) != wanted // 2:
            problems.append(Text(N_("Modone belongs in the middle of the route, between sea tiles {left} and {right}."),
                                 left=wanted // 2, right=wanted // 2 + 1))
            return RouteReading(players, order, problems=tuple(problems))

    spaces = {node: node for node, tile in PORT_TILES.items() if tile in centres}
    if expected_modone in centres:
        spaces[modone_space(expected_modone)] = "M"
    slots_of: dict[str, list[int]] = {}
    for number, side in _numbered_sides(order, wanted, expected_modone):
        i = order.index(side)
        before = centres[order[i - 1]] if i > 0 else centres[side]
        after = centres[order[i + 1]] if i + 1 < len(order) else centres[side]
        slots_of[side] = _slots_along(location, profile, side, (after[0] - before[0], after[1] - before[1]))
        for k, s in enumerate(slots_of[side]):
            spaces[square_space(side, s)] = f"s{3 * number + k + 1}"
    if problems:
        return RouteReading(players, order, spaces=spaces, problems=tuple(problems))

    tiles: list[str] = []
    for side in _sea_tiles(list(order)):
        printed = known.get(side)
        if printed is None:    # colours are printed: measured until read once
            samples = [None if square_space(side, s) in occupied else _sample(image, location, profile, side, s)
                       for s in (1, 2, 3)]
            match = match_tile(samples)
            printed = match[0] if match else "???"
        tiles.append("".join(printed[s - 1] for s in slots_of[side]))
    reading = RouteReading(players, order, tuple(tiles), spaces)
    if "?" not in reading.text:
        try:
            parse_tiles(reading.text, players)
        except ConfigError:
            problems.append(Text(N_("The camera reads the tiles as {tiles}, which breaks the setup rules "
                                    "(each tile one colour set, the sets alternating): check the light."),
                                 tiles=reading.text))
            return replace(reading, problems=tuple(problems))
    return reading


def _tile_problems(centres: dict[str, Any], profile: BoardProfile, players: int, wanted: int,
                   expected_modone: str | None) -> tuple[list[Text], list[Text]]:
    """What is wrong with the tiles in view: (tiles missing, which a ship or a hand on
    their marker explains; setup mistakes, which make the route unreadable)."""
    hidden: list[Text] = []
    wrong: list[Text] = []
    for node, tile in PORT_TILES.items():
        if tile not in centres:
            hidden.append(Text(N_("The {tile} tile is not in view (marker {marker})."),
                               tile=_port_word(node), marker=_marker(profile, tile)))
    sea = _sea_tiles(sorted(centres))
    numbers = [n[:-1] for n in sea]
    for number in sorted({n for n in numbers if numbers.count(n) > 1}):
        wrong.append(Text(N_("Both sides of sea tile {number} are in view: is a second copy on the table?"),
                          number=number[len("sea-"):]))
    if len(sea) != wanted:
        (hidden if len(sea) < wanted else wrong).append(
            Text("With {count} player the route has {wanted}; the camera sees {seen}.",
                 "With {count} players the route has {wanted}; the camera sees {seen}.",
                 count=players, wanted=Text("{count} sea tile", "{count} sea tiles", count=wanted),
                 seen=len(sea)))
    modones = [n for n in centres if n.startswith("modone-")]
    if expected_modone is None and modones:
        wrong.append(Text(N_("3 players play without Modone: take its tile off the table.")))
    elif expected_modone is not None and expected_modone not in modones:
        if modones:
            wrong.append(Text("Turn Modone over: with {count} player, the side with {berths} is up.",
                              "Turn Modone over: with {count} players, the side with {berths} is up.",
                              count=players,
                              berths=Text("{count} berth", "{count} berths", count=2 if players == 2 else 3)))
        else:
            hidden.append(Text(N_("The Modone tile is not in view.")))
    return hidden, wrong


def _route_order(centres: dict[str, Any]) -> tuple[str, ...] | None:
    """The tiles in view in route order V→C (the shortest path through them; from the one
    port in view when the other is hidden), or None when neither port is in view."""
    venice, constantinople = PORT_TILES["V"], PORT_TILES["C"]
    if venice in centres:
        return shortest_route(centres, venice, constantinople if constantinople in centres else None)
    if constantinople in centres:
        return tuple(reversed(shortest_route(centres, constantinople, None)))
    return None


def _numbered_sides(order: tuple[str, ...], wanted: int, modone: str | None) -> list[tuple[int, str]]:
    """(number from 0, side) of each sea tile in ``order`` whose place on the route is certain:
    every one when all are in view, else those on a side of Modone that has all of its own."""
    sea = _sea_tiles(list(order))
    if len(sea) == wanted:
        return list(enumerate(sea))
    if modone is None or modone not in order:
        return []
    half, at = wanted // 2, order.index(modone)
    before, after = _sea_tiles(list(order[:at])), _sea_tiles(list(order[at + 1:]))
    return ([*enumerate(before)] if len(before) == half else []) + \
        ([(half + k, side) for k, side in enumerate(after)] if len(after) == half else [])


def _sample(image: np.ndarray, location: BoardLocation, profile: BoardProfile, side: str, slot: int) -> np.ndarray | None:
    try:
        return square_lab(image, location, side, profile.space(square_space(side, slot)).polygon)
    except BoardNotFound:
        return None


def printed_colours(reading: RouteReading, location: BoardLocation, profile: BoardProfile) -> dict[str, str]:
    """Each sea tile side's colours in printed order (left to right), from a complete reading."""
    out = {}
    for number, side in enumerate(n for n in reading.order if n.startswith("sea-")):
        by_space = {reading.spaces[square_space(side, s)]: s for s in (1, 2, 3)}
        colours = reading.tiles[number]
        printed = [""] * 3
        for k in range(3):
            printed[by_space[f"s{3 * number + k + 1}"] - 1] = colours[k]
        out[side] = "".join(printed)
    return out


def _slots_along(location: BoardLocation, profile: BoardProfile, side: str, along: tuple[float, float]) -> list[int]:
    """The tile's squares 1-3 in route order: sorted along the direction from the
    previous tile to the next one."""
    placement = next(p for p in location.tiles if p.name == side)
    frame = location.frame
    w, h = SQUARE_MM
    position = {}
    for slot in (1, 2, 3):
        mm = frame.to_mm(placement.to_px(((slot - 0.5) * w, h / 2)))
        position[slot] = mm[0] * along[0] + mm[1] * along[1]
    return sorted(position, key=position.get)


def _port_word(node: str) -> Text:
    return Text({"V": N_("Venice"), "C": N_("Constantinople")}[node])


def _marker(profile: BoardProfile, tile: str) -> int:
    return next(t.anchors[0].id for t in profile.tiles if t.name == tile)


class GoldenHornReader(TableReader):
    """Reads ships *and* the route: ship spaces come out as the engine's node ids.

    A ship whose space cannot be told (its tile's marker hidden, or the tile's
    place on the route uncertain) is read with no space, and the reading's
    notes name it: the session never takes it as moved.

    ``expected`` is the game's route (``"OPG RBY …"``); when the tiles on the
    table read differently, the reading says so in its notes.  Tile colours
    read once are remembered, so squares ships cover later keep their colours.
    """

    def __init__(self, profile: BoardProfile, players: int, expected: str | None = None,
                 config: VisionConfig = VisionConfig()):
        super().__init__(profile, config)
        self.players = players
        self.expected = expected
        self.route: RouteReading = RouteReading(players)
        self._good: RouteReading | None = None
        self._known: dict[str, str] = {}

    @property
    def mismatch(self) -> str | None:
        """The route the tiles read when it differs from the game's (None when they agree or are unread)."""
        if self._good is None or not self.expected or self._good.text == " ".join(self.expected.split()):
            return None
        return self._good.text

    def read(self, frame: np.ndarray, small: np.ndarray | None = None, regions: Any = None,
             timestamp: float | None = None, hidden: tuple = ()) -> TableReading:
        reading = super().read(frame, small, regions, timestamp, hidden)
        location = self.location
        notes = list(reading.notes)
        if location is not None:
            occupied = {p.space for p in reading.pieces if p.space}
            self.route = read_route(location, self.profile, _bgr(frame), self.players, occupied, self._known)
            if self.route.complete:
                self._good = self.route
                for side, colours in printed_colours(self.route, location, self.profile).items():
                    if side not in self._known and not any(square_space(side, s) in occupied for s in (1, 2, 3)):
                        self._known[side] = colours
            else:
                notes.append(self.route.problem_text())
        mapping = (self._good or self.route).spaces
        if self.mismatch:
            notes.append(f"the tiles on the table read {self.mismatch}, this game's route is {self.expected}")
        pieces = tuple(replace(p, space=mapping.get(p.space)) if p.space else p for p in reading.pieces)
        unplaced = [p.tag for p in pieces if p.space is None]
        if unplaced:
            notes.append(f"not placed (on no route space in view): {', '.join(unplaced)}")
        return replace(reading, pieces=pieces, notes=tuple(notes))


def _bgr(frame: np.ndarray) -> np.ndarray:
    return frame if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)


def read_route_from(source: Any, profile: BoardProfile, players: int, frames: int = 12,
                    timeout_s: float = 8.0) -> RouteReading:
    """Read frames from a started frame source until two readings agree on a complete
    route (or ``frames``/``timeout_s`` run out): the last reading either way."""
    last = RouteReading(players, problems=(Text(N_("The camera gave no picture.")),))
    previous = ""
    deadline = time.monotonic() + timeout_s
    for _ in range(frames):
        frame = source.read()
        reader = GoldenHornReader(profile, players)   # a fresh one: each frame measures the colours anew
        reader.read(frame.image, frame.small)
        last = reader.route if reader.location is not None else RouteReading(
            players, problems=(Text(N_("No route tile is in view.")),))
        if last.complete and last.text == previous:
            return last
        previous = last.text if last.complete else ""
        if time.monotonic() > deadline:
            break
    return last
