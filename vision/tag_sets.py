"""Which tags each game needs printed (``companion tags GAME``).

A registered game's tags come from its vision declaration
(:class:`vision.games.GameVision`, named by its manifest); the sheets below
belong to no registered game (a demo sheet).
"""
from __future__ import annotations

from vision import tags
from vision.errors import TagError
from vision.games import GameVision, game_vision
from vision.tags import Tag


def _demo(seats: int) -> list[Tag]:
    return [tags.ship("demo", s, n) for s in range(seats) for n in "ABC"] + [tags.die_face("demo", "R", str(f)) for f in range(1, 7)]


#: tag sheets of no registered game
UNREGISTERED_SHEETS: dict[str, GameVision] = {
    "demo": GameVision(tags=_demo, max_seats=4),
}


def tag_sets() -> dict[str, GameVision]:
    """Every game (or sheet) with tags to print, by name."""
    from companion.games import available_games

    found = dict(UNREGISTERED_SHEETS)
    for name in available_games():
        vision = game_vision(name)
        if vision is not None:
            found[name] = vision
    return found


def _vision(game: str) -> GameVision:
    known = tag_sets()
    if game not in known:
        raise TagError(f"unknown game {game!r} (known: {', '.join(sorted(known))})")
    return known[game]


def anchor_profile(game: str) -> str | None:
    """The board profile whose markers are printed with ``game``'s tags (None: none)."""
    return _vision(game).anchor_profile


def tags_for(game: str, seats: int | None = None) -> list[Tag]:
    """The tags to print for ``game`` with ``seats`` players (default: the most the game allows)."""
    vision = _vision(game)
    count = vision.max_seats if seats is None else seats
    if not 1 <= count <= vision.max_seats:
        raise TagError(f"{game} has 1-{vision.max_seats} seats, not {count}")
    return vision.tags(count)
