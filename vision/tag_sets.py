"""Which tags each game needs printed (``companion tags GAME``).

Game packages may later own this list; until then it lives here, keyed by
the game's machine name, built only from the payload helpers in ``tags``.
"""
from __future__ import annotations

from typing import Callable

from vision import tags
from vision.errors import TagError
from vision.tags import Tag

DICE_COLOURS = ("RED", "ORANGE", "YELLOW", "GREEN", "BLUE", "PURPLE")


def _golden_horn(seats: int) -> list[Tag]:
    return [tags.ship("golden_horn", s, n) for s in range(seats) for n in "ABC"]


def _caravelas(seats: int) -> list[Tag]:
    # one ship pawn per player; the red die's faces are not described in the digest, so faces 1-6
    return [tags.ship("caravelas", s, "A") for s in range(seats)] + [tags.die_face("caravelas", "R", str(f)) for f in range(1, 7)]


def _alles_auf_1_karte(seats: int) -> list[Tag]:
    # colour dice need no stickers; these face tags are for lighting where colours fail
    return [tags.die_face("alles_auf_1_karte", str(d), c) for d in range(1, 6) for c in DICE_COLOURS]


def _coloretto(seats: int) -> list[Tag]:
    return []


def _demo(seats: int) -> list[Tag]:
    return [tags.ship("demo", s, n) for s in range(seats) for n in "ABC"] + [tags.die_face("demo", "R", str(f)) for f in range(1, 7)]


TAG_SETS: dict[str, tuple[Callable[[int], list[Tag]], int]] = {
    "golden_horn": (_golden_horn, 4),
    "caravelas": (_caravelas, 4),
    "alles_auf_1_karte": (_alles_auf_1_karte, 4),
    "coloretto": (_coloretto, 5),
    "demo": (_demo, 4),
}


#: games whose boards or tiles carry ArUco markers: the profile ``companion tags`` prints them from
ANCHOR_PROFILES = {"golden_horn": "golden_horn"}


def tags_for(game: str, seats: int | None = None) -> list[Tag]:
    """The tags to print for ``game`` with ``seats`` players (default: the most the game allows)."""
    entry = TAG_SETS.get(game)
    if entry is None:
        raise TagError(f"unknown game {game!r} (known: {', '.join(sorted(TAG_SETS))})")
    build, max_seats = entry
    count = max_seats if seats is None else seats
    if not 1 <= count <= max_seats:
        raise TagError(f"{game} has 1-{max_seats} seats, not {count}")
    return build(count)
