"""Several games added together (digest §5): the rulebook scores one game; some
tables play a match of several (reviews speak of four) and add up the scores.

Each game of a match is a game of its own in the journal and the record; the
match link rides in its config: ``match_games`` (how many games) and
``match_so_far`` (the earlier games' totals, seat by seat: ``"41,30,22;35,28,40"``).
So replaying a game's record gives the same running total as playing it did.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.engine import ConfigError, GameConfig

OPTION = "match_so_far"


@dataclass(frozen=True)
class Match:
    """Where a game stands in its match: game ``number`` of ``games``, the
    earlier games' totals (``earlier[game][seat]``) and the running total."""

    games: int
    earlier: tuple[tuple[int, ...], ...]
    running: tuple[int, ...]

    @property
    def number(self) -> int:
        return len(self.earlier) + 1

    @property
    def is_last(self) -> bool:
        return self.number >= self.games


def parse_so_far(text: str, players: int, games: int) -> tuple[tuple[int, ...], ...]:
    """The earlier games' totals from ``match_so_far``; ConfigError naming the problem."""
    if not text.strip():
        return ()
    earlier = []
    for number, part in enumerate(text.split(";"), start=1):
        try:
            totals = tuple(int(value) for value in part.split(","))
        except ValueError:
            raise ConfigError(f"option {OPTION!r}: game {number} of the match is not a list of "
                              f"whole numbers: {part!r}") from None
        if len(totals) != players:
            raise ConfigError(f"option {OPTION!r}: game {number} of the match has {len(totals)} "
                              f"totals for {players} players")
        earlier.append(totals)
    if len(earlier) >= games:
        raise ConfigError(f"option {OPTION!r}: {len(earlier)} earlier games, but the match has "
                          f"only {games}")
    return tuple(earlier)


def format_so_far(earlier: Sequence[Sequence[int]]) -> str:
    return ";".join(",".join(str(total) for total in totals) for totals in earlier)


def match_of(games: int, so_far: str, totals: Sequence[int]) -> Match | None:
    """This game's place in its match (None for a single game)."""
    if games <= 1:
        return None
    earlier = parse_so_far(so_far, len(totals), games)
    running = tuple(sum(game[seat] for game in earlier) + totals[seat] for seat in range(len(totals)))
    return Match(games, earlier, running)


def next_game_config(config: GameConfig, match: Match, totals: Sequence[int]) -> GameConfig:
    """The next game of the match: the same players in the same seats, the same
    options, this game's ``totals`` added to the earlier ones."""
    if match.is_last:
        raise ConfigError(f"the match of {match.games} games is complete")
    options = dict(config.options)
    options[OPTION] = format_so_far(match.earlier + (tuple(totals),))
    return GameConfig(config.game, config.players, tuple(sorted(options.items())))
