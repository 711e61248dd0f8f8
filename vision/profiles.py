"""Board profiles: where anchors, spaces and dice trays are, in board millimetres.

The JSON format is documented in ``docs/board-profiles.md``.  Loading checks
every field and raises :class:`ProfileError` naming the file and the problem.
Coordinates: x to the right, y towards the bottom edge of the board as printed,
origin at the top-left corner, millimetres.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from vision.errors import ProfileError

FORMAT = "table-companion/board-profile"
VERSION = 1
DICTIONARIES = ("DICT_4X4_50", "DICT_4X4_100", "DICT_5X5_50", "DICT_6X6_50", "DICT_APRILTAG_16h5", "DICT_APRILTAG_36h11")
PROFILE_DIR = Path(__file__).parent / "profiles"

Point = tuple[float, float]


@dataclass(frozen=True)
class Anchor:
    """An ArUco marker glued to the board: its id, centre, side (mm) and rotation (deg, CCW)."""

    id: int
    center: Point
    size_mm: float
    rotation_deg: float = 0.0

    def corners(self) -> tuple[Point, ...]:
        """The marker's corners in ArUco order (TL, TR, BR, BL of the marker) in board mm."""
        h = self.size_mm / 2.0
        a = math.radians(self.rotation_deg)
        ca, sa = math.cos(a), math.sin(a)
        out = []
        for dx, dy in ((-h, -h), (h, -h), (h, h), (-h, h)):
            # CCW as seen from above, with y pointing down the board
            out.append((self.center[0] + dx * ca + dy * sa, self.center[1] - dx * sa + dy * ca))
        return tuple(out)


@dataclass(frozen=True)
class Space:
    """A board space: a polygon, or a point with a catch radius (mm)."""

    name: str
    polygon: tuple[Point, ...] = ()
    point: Point | None = None
    radius: float = 0.0

    @property
    def center(self) -> Point:
        if self.point is not None:
            return self.point
        xs, ys = zip(*self.polygon)
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    def contains(self, p: Point) -> bool:
        if self.polygon:
            return _in_polygon(p, self.polygon)
        return self.point is not None and math.dist(p, self.point) <= self.radius


@dataclass(frozen=True)
class DiceSpec:
    """The dice a tray holds: ``kind`` "colour" (faces told apart by colour) or "qr" (face tags)."""

    kind: str
    count: int
    size_mm: float = 16.0
    colours: tuple[tuple[str, tuple[int, int, int]], ...] = ()  # face name -> RGB under white light
    ids: tuple[str, ...] = ()  # die ids for QR dice (tag name field)


@dataclass(frozen=True)
class Tray:
    """A region where dice are rolled."""

    name: str
    polygon: tuple[Point, ...]
    dice: DiceSpec


@dataclass(frozen=True)
class Tile:
    """A separate tile with its own anchors (e.g. a Golden Horn sea tile); mm are tile-local."""

    name: str
    size_mm: Point
    anchors: tuple[Anchor, ...]
    spaces: tuple[Space, ...]


@dataclass(frozen=True)
class BoardProfile:
    """Everything the pipeline needs to know about one board layout."""

    name: str
    title: str
    game: str
    size_mm: Point
    dictionary: str
    anchors: tuple[Anchor, ...]
    spaces: tuple[Space, ...]
    trays: tuple[Tray, ...] = ()
    tiles: tuple[Tile, ...] = ()
    source: str = "<memory>"

    def space(self, name: str) -> Space:
        for s in self.all_spaces():
            if s.name == name:
                return s
        raise KeyError(name)

    def all_spaces(self) -> tuple[Space, ...]:
        return self.spaces + tuple(s for t in self.tiles for s in t.spaces)

    def all_anchor_ids(self) -> tuple[int, ...]:
        return tuple(a.id for a in self.anchors) + tuple(a.id for t in self.tiles for a in t.anchors)


def load_profile(path: str | Path) -> BoardProfile:
    """Read and validate a profile file; a bare name loads ``vision/profiles/<name>.json``."""
    path = Path(path)
    if not path.suffix and not path.exists():
        path = PROFILE_DIR / f"{path}.json"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ProfileError(f"{path}: cannot read board profile ({exc.strerror or exc})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProfileError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from exc
    return parse_profile(data, str(path))


def parse_profile(data: Any, source: str = "<memory>") -> BoardProfile:
    """Validate a decoded profile document; errors name ``source`` and the field."""
    c = _Checker(source)
    root = c.mapping(data, "profile")
    if root.get("format") != FORMAT:
        c.fail(f"'format' must be {FORMAT!r}, got {root.get('format')!r}")
    if root.get("version") != VERSION:
        c.fail(f"unsupported 'version' {root.get('version')!r} (this program reads version {VERSION})")
    c.known(root, "profile", {"format", "version", "name", "title", "game", "size_mm", "anchors", "spaces", "trays", "tiles", "notes"})
    name = c.text(root.get("name"), "name")
    size = c.point(root.get("size_mm"), "size_mm", positive=True)
    anchors_doc = c.mapping(root.get("anchors", {"markers": []}), "anchors")
    c.known(anchors_doc, "anchors", {"dictionary", "size_mm", "markers"})
    dictionary = anchors_doc.get("dictionary", "DICT_4X4_50")
    if dictionary not in DICTIONARIES:
        c.fail(f"anchors.dictionary {dictionary!r} is not one of {', '.join(DICTIONARIES)}")
    default_size = c.number(anchors_doc.get("size_mm", 30), "anchors.size_mm", positive=True)
    anchors = c.anchors(anchors_doc.get("markers", []), "anchors.markers", default_size)
    spaces = c.spaces(root.get("spaces", []), "spaces")
    trays = tuple(c.tray(t, f"trays[{i}]") for i, t in enumerate(c.sequence(root.get("trays", []), "trays")))
    tiles = tuple(c.tile(t, f"tiles[{i}]", default_size) for i, t in enumerate(c.sequence(root.get("tiles", []), "tiles")))
    if not anchors and not tiles:
        c.fail("no anchors: a profile needs anchors.markers or tiles with anchors")
    ids = [a.id for a in anchors] + [a.id for t in tiles for a in t.anchors]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        c.fail(f"anchor id {dup[0]} is used twice")
    names = [s.name for s in spaces] + [s.name for t in tiles for s in t.spaces]
    dup_names = sorted({n for n in names if names.count(n) > 1})
    if dup_names:
        c.fail(f"space name {dup_names[0]!r} is used twice")
    for i, a in enumerate(anchors):
        if not (0 <= a.center[0] <= size[0] and 0 <= a.center[1] <= size[1]):
            c.fail(f"anchors.markers[{i}] (id {a.id}) centre {a.center} lies outside the board {size}")
    return BoardProfile(
        name=name, title=str(root.get("title", name)), game=str(root.get("game", "demo")),
        size_mm=size, dictionary=dictionary, anchors=anchors, spaces=spaces, trays=trays,
        tiles=tiles, source=source,
    )


class _Checker:
    """Small validators that raise ProfileError("<file>: <field>: <problem>")."""

    def __init__(self, source: str):
        self.source = source

    def fail(self, problem: str) -> None:
        raise ProfileError(f"{self.source}: {problem}")

    def mapping(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            self.fail(f"{where} must be an object, got {type(value).__name__}")
        return value

    def sequence(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(f"{where} must be a list, got {type(value).__name__}")
        return value

    def known(self, doc: Mapping[str, Any], where: str, allowed: set[str]) -> None:
        extra = sorted(set(doc) - allowed)
        if extra:
            self.fail(f"{where}: unknown field {extra[0]!r} (allowed: {', '.join(sorted(allowed))})")

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip() or len(value) > 64:
            self.fail(f"{where} must be a non-empty string of at most 64 characters, got {value!r}")
        return value

    def number(self, value: Any, where: str, positive: bool = False) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            self.fail(f"{where} must be a number, got {value!r}")
        if positive and value <= 0:
            self.fail(f"{where} must be positive, got {value!r}")
        return float(value)

    def point(self, value: Any, where: str, positive: bool = False) -> Point:
        if not isinstance(value, list) or len(value) != 2:
            self.fail(f"{where} must be [x, y] in mm, got {value!r}")
        return (self.number(value[0], f"{where}[0]", positive), self.number(value[1], f"{where}[1]", positive))

    def polygon(self, value: Any, where: str) -> tuple[Point, ...]:
        pts = tuple(self.point(p, f"{where}[{i}]") for i, p in enumerate(self.sequence(value, where)))
        if len(pts) < 3:
            self.fail(f"{where} needs at least 3 points, got {len(pts)}")
        if abs(_area(pts)) < 1e-6:
            self.fail(f"{where} has zero area")
        return pts

    def anchors(self, value: Any, where: str, default_size: float) -> tuple[Anchor, ...]:
        out = []
        for i, doc in enumerate(self.sequence(value, where)):
            w = f"{where}[{i}]"
            doc = self.mapping(doc, w)
            self.known(doc, w, {"id", "center", "size_mm", "rotation_deg"})
            ident = doc.get("id")
            if isinstance(ident, bool) or not isinstance(ident, int) or not 0 <= ident < 1000:
                self.fail(f"{w}.id must be an integer marker id 0-999, got {ident!r}")
            out.append(Anchor(ident, self.point(doc.get("center"), f"{w}.center"),
                              self.number(doc.get("size_mm", default_size), f"{w}.size_mm", positive=True),
                              self.number(doc.get("rotation_deg", 0), f"{w}.rotation_deg")))
        return tuple(out)

    def spaces(self, value: Any, where: str) -> tuple[Space, ...]:
        out = []
        for i, doc in enumerate(self.sequence(value, where)):
            w = f"{where}[{i}]"
            doc = self.mapping(doc, w)
            self.known(doc, w, {"name", "polygon", "point", "radius"})
            name = self.text(doc.get("name"), f"{w}.name")
            if ("polygon" in doc) == ("point" in doc):
                self.fail(f"{w} ({name!r}) needs exactly one of 'polygon' or 'point'")
            if "polygon" in doc:
                out.append(Space(name, polygon=self.polygon(doc["polygon"], f"{w}.polygon")))
            else:
                radius = self.number(doc.get("radius"), f"{w}.radius", positive=True)
                out.append(Space(name, point=self.point(doc["point"], f"{w}.point"), radius=radius))
        return tuple(out)

    def tray(self, doc: Any, where: str) -> Tray:
        doc = self.mapping(doc, where)
        self.known(doc, where, {"name", "polygon", "dice"})
        dice = self.mapping(doc.get("dice"), f"{where}.dice")
        self.known(dice, f"{where}.dice", {"kind", "count", "size_mm", "colours", "ids"})
        kind = dice.get("kind")
        if kind not in ("colour", "qr"):
            self.fail(f"{where}.dice.kind must be 'colour' or 'qr', got {kind!r}")
        colours: list[tuple[str, tuple[int, int, int]]] = []
        ids: tuple[str, ...] = ()
        if kind == "colour":
            cdoc = self.mapping(dice.get("colours"), f"{where}.dice.colours")
            if len(cdoc) < 2:
                self.fail(f"{where}.dice.colours needs at least 2 face colours")
            for face, hexcode in cdoc.items():
                colours.append((face, self.colour(hexcode, f"{where}.dice.colours.{face}")))
            count = dice.get("count")
        else:
            ids = tuple(self.text(x, f"{where}.dice.ids[{i}]").upper() for i, x in enumerate(self.sequence(dice.get("ids"), f"{where}.dice.ids")))
            if not ids:
                self.fail(f"{where}.dice.ids must name at least one die")
            count = dice.get("count", len(ids))
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 12:
            self.fail(f"{where}.dice.count must be an integer 1-12, got {count!r}")
        spec = DiceSpec(kind, count, self.number(dice.get("size_mm", 16), f"{where}.dice.size_mm", positive=True),
                        tuple(colours), ids)
        return Tray(self.text(doc.get("name"), f"{where}.name"), self.polygon(doc.get("polygon"), f"{where}.polygon"), spec)

    def colour(self, value: Any, where: str) -> tuple[int, int, int]:
        if not isinstance(value, str) or len(value) != 7 or value[0] != "#":
            self.fail(f"{where} must be a colour like '#d02020', got {value!r}")
        try:
            return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
        except ValueError:
            self.fail(f"{where} must be a colour like '#d02020', got {value!r}")
        raise AssertionError("unreachable")

    def tile(self, doc: Any, where: str, default_size: float) -> Tile:
        doc = self.mapping(doc, where)
        self.known(doc, where, {"name", "size_mm", "anchors", "spaces"})
        anchors = self.anchors(doc.get("anchors", []), f"{where}.anchors", default_size)
        if not anchors:
            self.fail(f"{where} needs at least one anchor")
        return Tile(self.text(doc.get("name"), f"{where}.name"), self.point(doc.get("size_mm"), f"{where}.size_mm", positive=True),
                    anchors, self.spaces(doc.get("spaces", []), f"{where}.spaces"))


def _area(pts: tuple[Point, ...]) -> float:
    return 0.5 * sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1] for i in range(len(pts)))


def _in_polygon(p: Point, poly: tuple[Point, ...]) -> bool:
    """Even-odd rule point-in-polygon test."""
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside
