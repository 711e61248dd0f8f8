"""Pebbles' vision side (docs/adding-a-game.md, step 7): no tags to print, no camera reading."""
from __future__ import annotations

from vision.games import GameVision
from vision.tags import Tag


def no_tags(seats: int) -> list[Tag]:
    return []


VISION = GameVision(tags=no_tags, max_seats=4)
