"""Caravelas's tagged pieces: one ship pawn per player, the red die's faces (``red`` and
``1`` as the inferred die has them, 2-6 for copies whose die differs) and each player's
monuments."""
from __future__ import annotations

from vision import tags
from vision.tags import Tag

DIE_FACES = ("RED", "1", "2", "3", "4", "5", "6")
#: monuments tagged per player for the camera's cross-check of discoveries (M1…M20: a
#: tag is unique on the table; the camera counts any ``M…`` piece of a seat as its monument)
MONUMENT_TAGS = 20


def monument_tag(seat: int, number: int) -> Tag:
    return tags.piece("caravelas", f"M{number}", seat)


def caravelas_tags(seats: int) -> list[Tag]:
    return ([tags.ship("caravelas", s, "A") for s in range(seats)]
            + [tags.die_face("caravelas", "R", f) for f in DIE_FACES]
            + [monument_tag(s, n) for s in range(seats) for n in range(1, MONUMENT_TAGS + 1)])
