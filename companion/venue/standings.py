"""The evening's standings across a venue's tables: points by rank, ties explained.

The rule (:data:`RULE`, shown on the wall page): at a finished game of N players the first
place gets N points, the second N-1, and so on down to 1 for the last; players with the same
total share the best of their places (two first places both get N, the next player is third).
The standings add the points of every finished game a person played, at any table; the same
name (spaces around it ignored) is the same person, as in History.  Equal points are ordered
by more wins, then by fewer games; what is still equal after that is a shared place, and the
page says why each tie stands.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from companion.messages import N_, Text

RULE = N_("Points by place at each finished game: with N players the first gets N points, the next "
          "N − 1, down to 1 for the last; equal scores share the better place. Equal points: more wins "
          "first, then fewer games.")


@dataclass(frozen=True)
class FinishedGame:
    """One finished game as the hub keeps it: the seats' names and final totals."""

    table: str
    game: int
    title: str
    names: tuple[str, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class Standing:
    place: int
    name: str
    points: int
    wins: int
    games: int
    tables: tuple[str, ...] = ()
    #: why this player shares a place ('' when the place is theirs alone)
    tie: Text | None = field(default=None, compare=False)


def places(totals: Sequence[int]) -> list[int]:
    """Each seat's place (1 = best) by total, equal totals sharing the better place: 10, 7, 7, 3
    → 1, 2, 2, 4."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


def game_points(totals: Sequence[int]) -> list[int]:
    """Each seat's points by :data:`RULE`."""
    count = len(totals)
    return [count + 1 - place for place in places(totals)]


def person(name: str) -> str:
    return " ".join(name.split())


def standings(games: Iterable[FinishedGame]) -> list[Standing]:
    """Every person of ``games``, best first, with their place (shared places repeat)."""
    points: dict[str, int] = {}
    wins: dict[str, int] = {}
    played: dict[str, int] = {}
    tables: dict[str, set[str]] = {}
    for game in games:
        if len(game.names) != len(game.totals) or not game.totals:
            continue
        for name, got, place in zip(game.names, game_points(game.totals), places(game.totals)):
            who = person(name)
            points[who] = points.get(who, 0) + got
            wins[who] = wins.get(who, 0) + (place == 1)
            played[who] = played.get(who, 0) + 1
            tables.setdefault(who, set()).add(game.table)

    def key(who: str) -> tuple[int, int, int]:
        return (-points[who], -wins[who], played[who])

    order = sorted(points, key=lambda who: (key(who), who.casefold()))
    result = []
    for who in order:
        place = 1 + sum(1 for other in order if key(other) < key(who))
        level = [other for other in order if key(other) == key(who) and other != who]
        tie = None
        if level:
            tie = Text("level with {names} on points, wins and games", names=tuple(level))
        result.append(Standing(place, who, points[who], wins[who], played[who], tuple(sorted(tables[who])), tie))
    return result


def finished_game(table: str, game: int, title: str, seats: Sequence[Mapping[str, object]],
                  totals: Sequence[int]) -> FinishedGame:
    """A finished game from the hub's store (seats as the start event named them)."""
    names = tuple(str(s.get("name", "?")) for s in sorted(seats, key=lambda s: int(str(s.get("seat", 0)))))
    return FinishedGame(table, game, title, names, tuple(int(t) for t in totals))
