"""The tag payload scheme (version 1), documented in ``docs/tags.md``.

A payload is QR *alphanumeric* text so that it fits a version-1 code at error
correction M (at most 20 characters)::

    TC1:<GAME>:<KIND>:<FIELD>[:<FIELD>]

``TC1`` is the fixed prefix and scheme version.  Anything else is a *foreign*
code (a phone's Wi-Fi code, a product label): counted, never trusted.  Text
that starts with ``TC`` but breaks the grammar is foreign too, with a reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from vision.errors import TagError
from vision.registry import code_of, game_codes, game_of

PREFIX = "TC1"
MAX_PAYLOAD = 20  # alphanumeric capacity of a version-1 QR code at level M

#: kind letter -> (kind name, regex of the fields after the kind)
KINDS: dict[str, tuple[str, str]] = {
    "S": ("ship", r"(?P<seat>[0-9]):(?P<name>[A-Z0-9]{1,2})"),
    "P": ("piece", r"(?P<seat>[0-9T]):(?P<name>[A-Z0-9]{1,4})"),
    "D": ("die", r"(?P<name>[A-Z0-9]{1,3}):(?P<face>[A-Z0-9]{1,6})"),
    "C": ("card", r"(?P<name>[A-Z0-9]{1,8})"),
}
KIND_LETTER: dict[str, str] = {name: letter for letter, (name, _) in KINDS.items()}

_PAYLOAD = re.compile(r"TC1:(?P<game>[A-Z]{2}):(?P<kind>[A-Z]):(?P<rest>[A-Z0-9:]+)")


@dataclass(frozen=True)
class Tag:
    """A parsed tag of ours.

    ``seat`` is the engine's 0-based seat (None for table pieces, dice, cards);
    ``name`` the piece, die or card id; ``face`` the die face the tag sits on.
    """

    game: str
    kind: str
    name: str
    seat: int | None = None
    face: str | None = None

    @property
    def identity(self) -> str:
        """Stable id of the physical thing, e.g. ``gh:ship:1:b`` (a die's id has no face)."""
        code = (code_of(self.game) or '??').lower()
        if self.kind in ("ship", "piece"):
            seat = "t" if self.seat is None else str(self.seat)
            return f"{code}:{self.kind}:{seat}:{self.name.lower()}"
        return f"{code}:{self.kind}:{self.name.lower()}"

    def payload(self) -> str:
        """The QR text for this tag (validated by a round trip through :func:`parse_payload`)."""
        head = f"{PREFIX}:{code_of(self.game) or '??'}:{KIND_LETTER.get(self.kind, '?')}"
        if self.kind in ("ship", "piece"):
            seat = "T" if self.seat is None else str(self.seat)
            text = f"{head}:{seat}:{self.name}"
        elif self.kind == "die":
            text = f"{head}:{self.name}:{self.face}"
        else:
            text = f"{head}:{self.name}"
        parsed = parse_payload(text)
        if not isinstance(parsed, Tag) or parsed != self:
            reason = parsed.reason if isinstance(parsed, ForeignCode) else "does not round-trip"
            raise TagError(f"tag {self!r} has no valid payload: {reason}")
        return text

    def label(self) -> str:
        """Short human label printed under the tag on a sheet."""
        if self.kind == "ship":
            return f"P{self.seat + 1} ship {self.name}" if self.seat is not None else f"ship {self.name}"
        if self.kind == "piece":
            who = "table" if self.seat is None else f"P{self.seat + 1}"
            return f"{who} {self.name}"
        if self.kind == "die":
            return f"die {self.name} face {self.face}"
        return f"card {self.name}"


@dataclass(frozen=True)
class ForeignCode:
    """A QR code that is not ours (or claims to be and is malformed)."""

    text: str
    reason: str


def parse_payload(data: bytes | str) -> Tag | ForeignCode:
    """Parse decoded QR data strictly; never raises on any input."""
    if isinstance(data, bytes):
        if len(data) > 4 * MAX_PAYLOAD:
            return ForeignCode(_preview(data.decode("latin-1")), "too long to be ours")
        try:
            text = data.decode("ascii")
        except UnicodeDecodeError:
            return ForeignCode(_preview(data.decode("latin-1")), "not ASCII")
    else:
        text = data
    if not text.startswith("TC"):
        return ForeignCode(_preview(text), "no TC prefix")
    if not text.startswith(PREFIX + ":"):
        return ForeignCode(_preview(text), f"unsupported scheme {text[:3]!r}")
    if len(text) > MAX_PAYLOAD:
        return ForeignCode(_preview(text), f"longer than {MAX_PAYLOAD} characters")
    match = _PAYLOAD.fullmatch(text)
    if match is None:
        return ForeignCode(text, "malformed TC1 payload")
    game = game_of(match["game"])
    if game is None:
        return ForeignCode(text, f"unknown game code {match['game']!r}")
    kind = KINDS.get(match["kind"])
    if kind is None:
        return ForeignCode(text, f"unknown kind {match['kind']!r}")
    fields = re.fullmatch(kind[1], match["rest"])
    if fields is None:
        return ForeignCode(text, f"malformed {kind[0]} fields")
    parts = fields.groupdict()
    seat_text = parts.get("seat")
    seat = None if seat_text in (None, "T") else int(seat_text)
    return Tag(game=game, kind=kind[0], name=parts["name"], seat=seat, face=parts.get("face"))


def ship(game: str, seat: int, name: str) -> Tag:
    """The tag of a player's ship (``seat`` 0-based)."""
    return _checked(Tag(game=game, kind="ship", name=name.upper(), seat=seat))


def piece(game: str, name: str, seat: int | None = None) -> Tag:
    """The tag of any other piece; ``seat`` None for a table piece."""
    return _checked(Tag(game=game, kind="piece", name=name.upper(), seat=seat))


def die_face(game: str, die: str, face: str) -> Tag:
    """The tag stuck on one face of a die."""
    return _checked(Tag(game=game, kind="die", name=die.upper(), face=face.upper()))


def card(game: str, name: str) -> Tag:
    """The tag of a card."""
    return _checked(Tag(game=game, kind="card", name=name.upper()))


def _checked(tag: Tag) -> Tag:
    if code_of(tag.game) is None:
        known = sorted(game_codes().values())
        raise TagError(f"unknown game {tag.game!r} (known: {', '.join(known)})")
    tag.payload()
    return tag


def _preview(text: str, limit: int = 40) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"
