"""The engine protocol every game implements (its errors are in :mod:`companion.errors`).

A game is a module-level object implementing :class:`Game`: it describes the
rules (options, player counts, data) and works on immutable states.  The state
is a frozen dataclass; ``apply(state, action)`` checks legality and returns a
new state, never mutating the old one.

Chance is an actor: when the table must tell the engine something random (a
card drawn, dice rolled, cubes drawn from a bag) ``to_act`` returns
``(TABLE,)`` and the outcome arrives as an ordinary action through ``apply``.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

from companion.actions import Action, ActionCodec
from companion.errors import ConfigError
from companion.messages import Text
from companion.signals import Signal

#: The seat number used for the table (chance) actor.
TABLE = -1


@dataclass(frozen=True)
class Player:
    """A seat at the table: seat number (0-based), display name and colour."""

    seat: int
    name: str
    colour: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "colour": self.colour}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Player":
        try:
            seat, name = data["seat"], data["name"]
        except (KeyError, TypeError) as exc:
            raise ConfigError(f"player entry needs 'seat' and 'name': {data!r}") from exc
        colour = data.get("colour", "")
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(name, str):
            raise ConfigError(f"player entry has a bad seat or name: {data!r}")
        if not isinstance(colour, str):
            raise ConfigError(f"player colour must be text: {data!r}")
        return cls(seat, name, colour)


@dataclass(frozen=True)
class Option:
    """A rule option a game offers in its setup screen.

    ``choices`` lists the allowed values (bool options use ``(False, True)``;
    an empty tuple means free text); ``default`` is the digest's recommended
    reading; ``labels``, when given, are the players' words for each choice;
    ``on_setup`` False: the companion fills it in, the setup screen does not show it;
    ``group``, when given, is the title (players' words) of the options that stand
    together behind one tap on the setup screen (what a table rarely changes).
    """

    name: str
    label: str
    default: Any
    choices: tuple[Any, ...]
    help: str = ""
    labels: tuple[str, ...] = ()
    on_setup: bool = True
    group: str = ""

    def label_for(self, value: Any) -> str:
        """The players' words for ``value`` (camelCase names become words)."""
        if self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        if value is True:
            return "yes"
        if value is False:
            return "no"
        if value is None:
            return "—"
        text = str(value)
        words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text).replace("_", " ")
        return words[:1].upper() + words[1:].lower() if words != text else text


@dataclass(frozen=True)
class GameConfig:
    """Everything needed to set up a game: which game, who plays, which options.

    ``options`` is stored as sorted ``(name, value)`` pairs so the config stays
    hashable and immutable; use :meth:`option` to read one.
    """

    game: str
    players: tuple[Player, ...]
    options: tuple[tuple[str, Any], ...] = ()

    def option(self, name: str, default: Any = None) -> Any:
        for key, value in self.options:
            if key == name:
                return value
        return default

    @property
    def player_count(self) -> int:
        return len(self.players)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": [p.to_dict() for p in self.players],
            "options": {k: _jsonable(v) for k, v in self.options},
        }

    @classmethod
    def from_dict(cls, data: Any) -> "GameConfig":
        """The config in ``data`` (checked: ConfigError when it is not one)."""
        if not isinstance(data, Mapping):
            raise ConfigError("game config must be a JSON object")
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise ConfigError("game config needs a 'game' name")
        players = data.get("players")
        if not isinstance(players, list) or not players:
            raise ConfigError("game config needs a non-empty 'players' list")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise ConfigError("'options' must be a JSON object")
        return cls(
            game=game,
            players=tuple(Player.from_dict(p) for p in players),
            options=tuple(sorted((str(k), _frozen(v)) for k, v in options.items())),
        )

    @classmethod
    def build(cls, game: str, names: Sequence[str], colours: Sequence[str] = (),
              **options: Any) -> "GameConfig":
        """Convenience constructor: seats are numbered in the order of ``names``."""
        colours = list(colours) + [""] * (len(names) - len(colours))
        players = tuple(Player(i, n, c) for i, (n, c) in enumerate(zip(names, colours)))
        return cls(game, players, tuple(sorted((k, _frozen(v)) for k, v in options.items())))


def _frozen(value: Any) -> Any:
    """Turn JSON lists/dicts into tuples so configs stay hashable."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _frozen(v)) for k, v in value.items()))
    return value


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class ScoreLine:
    """One labelled line of a score sheet: what ``points`` were given for."""

    seat: int
    label: str | Text
    points: int
    detail: str | Text = ""


@dataclass(frozen=True)
class ScoreSheet:
    """Scores as data: labelled lines per seat, totals, and the winning seats.

    ``winners`` holds every seat that shares first place (ties are shared
    unless the game's tie-breaker separates them).
    """

    lines: tuple[ScoreLine, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...] = ()
    final: bool = False

    def lines_for(self, seat: int) -> tuple[ScoreLine, ...]:
        return tuple(line for line in self.lines if line.seat == seat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "final": self.final,
            "totals": list(self.totals),
            "winners": list(self.winners),
            "lines": [
                {"seat": l.seat, "label": json_text(l.label), "points": l.points,
                 "detail": json_text(l.detail)}
                for l in self.lines
            ],
        }


def json_text(text: str | Text) -> str | dict[str, Any]:
    """A score line's label or detail for JSON: a Text as its dict (the UI translates either)."""
    return text.to_dict() if isinstance(text, Text) else text


def winners_by_total(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the highest total (a shared win on ties)."""
    if not totals:
        return ()
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


#: a game's state type (a frozen dataclass) and the actions it takes
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=Action)


@runtime_checkable
class Game(Protocol[StateT, ActionT]):
    """What every game module offers (see STYLE.md, "Rules engines"): ``Game[State, Action]``
    works on states of type ``State`` and takes actions of type ``Action`` (most games take
    any :class:`~companion.actions.Action` and refuse the ones that are not theirs).
    Code that serves every game (the session, replay, the history) holds an :data:`AnyGame`."""

    @property
    def name(self) -> str:
        """Machine name, e.g. "coloretto"."""

    @property
    def title(self) -> str:
        """Display name, e.g. "Coloretto"."""

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def options(self) -> tuple[Option, ...]: ...

    def setup(self, config: GameConfig) -> StateT:
        """The initial state for ``config``; raises ConfigError when unplayable."""

    def to_act(self, state: StateT) -> tuple[int, ...]:
        """Seats that may act now; ``(TABLE,)`` when chance must answer; ``()`` when over."""

    def legal_actions(self, state: StateT, seat: int | None = None) -> Sequence[ActionT]:
        """Legal actions for ``seat`` (default: everyone in ``to_act``)."""

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action``; raises InvalidAction / IllegalAction."""

    def is_over(self, state: StateT) -> bool: ...

    def score_sheet(self, state: StateT) -> ScoreSheet: ...

    def signals(self, before: StateT, action: ActionT, after: StateT) -> tuple[Signal, ...]:
        """Signals the table should see because ``action`` led from before to after."""

    def parse_action(self, data: Mapping[str, Any]) -> ActionT:
        """Rebuild an action from its JSON dict; raises InvalidAction."""

    def summary(self, state: StateT) -> dict[str, Any]:
        """A JSON-able summary of ``state`` (for ``companion replay`` and history)."""

    def sample_chance(self, state: StateT, rng: random.Random) -> ActionT:
        """A chance outcome drawn as the physical table would draw it (weighted by
        what is really in the bag/deck), for simulated play and random playouts.
        Only called when ``to_act(state) == (TABLE,)``."""

    def end_turn_action(self, state: StateT) -> ActionT | None:
        """What the END TURN button means now (e.g. "pass"/"done"), or None when
        the button has nothing to do in this state."""


#: a game of any kind, as code that serves every game holds one
AnyGame = Game[Any, Any]


class Engine(Game[StateT, Action]):
    """What every game's engine shares: a subclass sets ``name``, ``title``, the player counts,
    ``options`` and ``codec`` (its action classes), and begins ``setup`` with
    :meth:`checked_options` (or :meth:`check_config` when it resolves options itself)."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    codec: ActionCodec

    def check_config(self, config: GameConfig) -> None:
        """ConfigError unless ``config`` is for this game, with a player count it allows."""
        if config.game != self.name:
            raise ConfigError(f"this config is for {config.game!r}, not {self.name!r}")
        check_player_count(self, config)

    def checked_options(self, config: GameConfig) -> dict[str, Any]:
        """The checked config's options over the game's defaults (:func:`resolve_options`)."""
        self.check_config(config)
        return resolve_options(self, config)

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return self.codec.parse(data)


def option_defaults(options: Iterable[Option]) -> dict[str, Any]:
    return {o.name: o.default for o in options}


def resolve_options(game: AnyGame, config: GameConfig) -> dict[str, Any]:
    """The config's options merged over the game's defaults, each checked.

    Unknown option names and values outside an option's choices raise
    ConfigError naming the option.
    """
    known = {o.name: o for o in game.options}
    values = option_defaults(game.options)
    for name, value in config.options:
        if name not in known:
            raise ConfigError(f"{game.title}: unknown option {name!r}")
        opt = known[name]
        if opt.choices and value not in opt.choices:
            raise ConfigError(
                f"{game.title}: option {name!r} must be one of {list(opt.choices)}, not {value!r}")
        values[name] = value
    return values


def check_player_count(game: AnyGame, config: GameConfig) -> None:
    n = config.player_count
    if not game.min_players <= n <= game.max_players:
        raise ConfigError(
            f"{game.title} is for {game.min_players}–{game.max_players} players, not {n}")
    seats = [p.seat for p in config.players]
    if seats != list(range(n)):
        raise ConfigError(f"seats must be numbered 0..{n - 1} in order, got {seats}")
    names = [p.name.strip() for p in config.players]
    if any(not name for name in names):
        raise ConfigError("every player needs a name")
    if len(set(names)) != len(names):
        raise ConfigError("two players have the same name")

