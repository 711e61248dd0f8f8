"""Several games added together: a match of N games with the same seats, the
scores added up (Coloretto's digest §5: some tables play four).

Each game of a match is a game of its own in the journal and the record; the
match link rides in its config, as two options a game declares:
``match_games`` (how many games) and ``match_so_far`` (the earlier games'
totals, seat by seat: ``"41,30,22;35,28,40"``).  So replaying a game's record
gives the same running total as playing it did, and the history reads it from
the config without importing any engine.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from companion.engine import GameConfig
from companion.errors import ConfigError

GAMES_OPTION = "match_games"
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


def match_in_options(options: Mapping[str, Any], totals: Sequence[int]) -> Match | None:
    """The match of a game with these config ``options`` and ``totals`` (None: a single
    game, or options of the wrong shape, as a damaged journal row may hold)."""
    games, so_far = options.get(GAMES_OPTION, 1), options.get(OPTION, "")
    if not isinstance(games, int) or isinstance(games, bool) or not isinstance(so_far, str):
        return None
    try:
        return match_of(games, so_far, totals)
    except ConfigError:
        return None


def next_game_config(config: GameConfig, totals: Sequence[int]) -> GameConfig:
    """The next game of the match: the same players in the same seats, the same
    options, this game's ``totals`` added to the earlier ones."""
    match = match_in_options(dict(config.options), totals)
    if match is None or match.is_last:
        raise ConfigError("this game is the last of its match")
    options = dict(config.options)
    options[OPTION] = format_so_far(match.earlier + (tuple(totals),))
    return GameConfig(config.game, config.players, tuple(sorted(options.items())))


def match_to_continue(journal: Any) -> tuple[GameConfig, Match] | None:
    """The next game of a match whose last game was finished and no game was started
    since (the app was closed between two games): its config and the match so far
    (``running``: the totals after the finished game).  None when the newest game is
    not such a game; never raises for what a journal row holds."""
    from companion.errors import JournalError

    try:
        newest = journal.history(limit=1)
        later = [e for e in journal.abandoned() if newest and e.id > newest[0].id]
    except JournalError:
        return None
    if not newest or later or newest[0].damage:
        return None
    entry = newest[0]
    scores = (entry.result or {}).get("scores")
    totals = scores.get("totals") if isinstance(scores, dict) else None
    if not isinstance(totals, list) or not all(isinstance(t, int) and not isinstance(t, bool)
                                               for t in totals):
        return None
    try:
        config = GameConfig.from_dict(entry.config)
        match = match_in_options(dict(config.options), totals)
        if match is None or match.is_last or len(totals) != config.player_count:
            return None
        return next_game_config(config, totals), match
    except (ConfigError, ValueError, TypeError):
        return None
