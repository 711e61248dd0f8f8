"""Caravelas's vision declaration: the tags to print (one ship pawn per player and the
red die's faces: the digest does not describe the faces, so 1-6 until a copy's are
entered).  The camera does not follow the pawns yet (issue #16)."""
from __future__ import annotations

from vision import tags
from vision.games import GameVision
from vision.tags import Tag


def caravelas_tags(seats: int) -> list[Tag]:
    return ([tags.ship("caravelas", s, "A") for s in range(seats)]
            + [tags.die_face("caravelas", "R", str(f)) for f in range(1, 7)])


VISION = GameVision(tags=caravelas_tags, max_seats=4)
