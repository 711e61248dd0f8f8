"""What the camera tells the session: plain values, no OpenCV types.

``vision/`` produces these; ``companion/`` (the session) turns them into
proposals.  Kept here so the session never imports ``vision``.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PieceReading:
    """One of our tagged pieces seen on the table.

    ``tag`` is the parsed payload's identity (e.g. ``"gh:ship:1:b"``); ``space``
    the board space it stands on (None when off the mapped board);
    ``heading_deg`` the direction the piece faces in board coordinates
    (0 = board +x, counter-clockwise), ``position_mm`` its centre on the board.
    """

    tag: str
    kind: str
    seat: int | None = None
    piece: str = ""
    space: str | None = None
    heading_deg: float | None = None
    position_mm: tuple[float, float] | None = None
    confidence: float = 1.0


@dataclass(frozen=True)
class DieReading:
    """The up face of one die; ``face`` is None when it could not be read."""

    die: str
    face: str | None
    confidence: float = 1.0


@dataclass(frozen=True)
class TableReading:
    """One settled view of the table, published once the scene is still."""

    timestamp: float
    pieces: tuple[PieceReading, ...] = ()
    dice: tuple[DieReading, ...] = ()
    dice_still: bool = True
    board_found: bool = False
    foreign_codes: int = 0
    notes: tuple[str, ...] = ()

    @property
    def unread_dice(self) -> tuple[str, ...]:
        return tuple(d.die for d in self.dice if d.face is None)

    def piece(self, tag: str) -> PieceReading | None:
        for p in self.pieces:
            if p.tag == tag:
                return p
        return None


def game_code(tag: str) -> str:
    """The game code of a tag identity (``"gh:ship:1:b"`` → ``"gh"``; docs/tags.md)."""
    return tag.partition(":")[0]


def pieces_of_game(reading: TableReading, code: str, kind: str | None = None) -> tuple[PieceReading, ...]:
    """The pieces whose tag carries game ``code`` (another game's tags on the table
    are never this game's pieces), optionally only those of ``kind``."""
    return tuple(p for p in reading.pieces
                 if game_code(p.tag) == code and (kind is None or p.kind == kind))
