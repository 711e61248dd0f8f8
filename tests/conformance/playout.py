"""Seeded random playouts for any registered game (the OpenSpiel random-simulation
pattern), and the configs a game declares: player counts and option choices.

The per-game tests use :func:`play` with their own fast move choosers; the
conformance suite uses it with the uniform chooser and checks every step.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.actions import Action
from companion.engine import TABLE, Game, GameConfig
from companion.errors import ConfigError
from companion.games import available_games, load_game, load_manifest

NAMES = ("Ann", "Bea", "Cy", "Dov", "Eve", "Fay", "Gus", "Hal")

#: Steps after which a playout counts as never ending (the longest real games
#: take a few thousand, the counter game's 10 000 target about 12 000).
STEP_LIMIT = 40_000

Choose = Callable[[Any, random.Random], Action]
Each = Callable[[Any, Action, Any], None]


def registered_games() -> tuple[str, ...]:
    """Every game in the registry whose engine is installed (the counter test game
    included: tests/conftest.py registers it)."""
    return available_games()


def ships_a_catalogue(name: str) -> bool:
    """Games shipped in companion/ translate their texts; a test or add-on game
    brings its own catalogue (its manifest says ``translated=False``; the same rule
    as tools.catalogues.game_messages)."""
    return load_manifest(name).translated


def uniform_choice(game: Game) -> Choose:
    """A chooser picking uniformly among every legal action of every seat to act."""
    def choose(state: Any, rng: random.Random) -> Action:
        return rng.choice(game.legal_actions(state))
    return choose


@dataclass
class Playout:
    config: GameConfig
    actions: list[Action] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)

    @property
    def final(self) -> Any:
        return self.states[-1]


def play(game: Game, config: GameConfig, seed: int, choose: Choose | None = None,
         each: Each | None = None, limit: int = STEP_LIMIT, keep_states: bool = True) -> Playout:
    """Play ``config`` to the end with ``random.Random(seed)``: the table's outcomes
    come from ``sample_chance``, the seats' from ``choose`` (default: uniform over
    ``legal_actions``); ``each(before, action, after)`` sees every step.  Without
    ``keep_states`` only the final state is kept (``states == [final]``; long runs of
    games go faster when the collector has fewer live objects to walk).

    Fails (AssertionError) when nobody may act in a running game or the game does
    not end within ``limit`` steps.
    """
    rng = random.Random(seed)
    choose = choose or uniform_choice(game)
    state = game.setup(config)
    result = Playout(config, [], [state])
    while not game.is_over(state):
        acting = game.to_act(state)
        assert acting, f"nobody may act in a running game after {len(result.actions)} actions"
        assert len(result.actions) < limit, f"{game.name}: no end after {limit} actions"
        action = game.sample_chance(state, rng) if acting == (TABLE,) else choose(state, rng)
        after = game.apply(state, action)
        if each is not None:
            each(state, action, after)
        result.actions.append(action)
        if keep_states:
            result.states.append(after)
        else:
            result.states[0] = after
        state = after
    return result


def declared_options(game: Game) -> dict[str, tuple[Any, ...]]:
    """Each option with a closed list of choices (free-text options keep their default)."""
    return {o.name: tuple(o.choices) for o in game.options if o.choices}


def random_config(game: Game, rng: random.Random, tries: int = 200) -> GameConfig:
    """A config of a random declared player count and random declared option values,
    drawn again when the values do not fit the count (a start seat beyond it)."""
    for _ in range(tries):
        players = rng.randint(game.min_players, game.max_players)
        options = {name: rng.choice(choices) for name, choices in declared_options(game).items()}
        config = GameConfig.build(game.name, NAMES[:players], **options)
        try:
            game.setup(config)
        except ConfigError:
            continue
        return config
    raise AssertionError(f"{game.name}: no playable config in {tries} random draws")


def load(name: str) -> Game:
    return load_game(name)
