"""The game record: a saved game is its config plus its actions.

JSON form (documented in docs/records.md)::

    {"format": "table-companion-record", "version": 1,
     "config": {"game": "coloretto", "players": [...], "options": {...}},
     "actions": [{"type": "...", ...}, ...]}

Loading replays the actions through the engine, so a record that the rules
do not accept is refused with the index of the first bad action.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from companion.actions import Action
from companion.inputs import read_bounded_text, reason_of
from companion.engine import AnyGame, GameConfig
from companion.errors import CompanionError, RecordError
from companion.games import load_game

FORMAT = "table-companion-record"
VERSION = 1


@dataclass(frozen=True)
class GameRecord:
    config: GameConfig
    actions: tuple[Action, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "config": self.config.to_dict(),
            "actions": [a.to_dict() for a in self.actions],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)


def record_from_dict(data: Any) -> GameRecord:
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a game record (format must be {FORMAT!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"unsupported record version {data.get('version')!r} (this app reads {VERSION})")
    try:
        config = GameConfig.from_dict(data.get("config"))
        game = load_game(config.game)
    except CompanionError as exc:
        raise RecordError(f"bad config: {exc}") from exc
    raw = data.get("actions", [])
    if not isinstance(raw, list):
        raise RecordError("'actions' must be a list")
    actions = []
    for index, item in enumerate(raw):
        try:
            actions.append(game.parse_action(item))
        except CompanionError as exc:
            raise RecordError(f"action {index}: {exc}") from exc
    return GameRecord(config, tuple(actions))


def load_record(path: str | Path) -> GameRecord:
    path = Path(path)
    try:
        text = read_bounded_text(path)
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:   # InputError: a FIFO, a device, too large
        raise RecordError(f"{path}: cannot read ({reason_of(exc)})") from None
    data = parse_json(text, path)
    try:
        return record_from_dict(data)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def parse_json(text: str, path: str | Path) -> Any:
    """JSON ``text`` from ``path``; RecordError naming the file for anything json refuses,
    also what it raises past JSONDecodeError (nesting too deep, a number of 5,000 digits)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise RecordError(f"{path}: not a usable record (nested too deeply)") from None
    except ValueError as exc:   # e.g. "Exceeds the limit (4300 digits) for integer string conversion"
        raise RecordError(f"{path}: not a usable record ({_first_line(str(exc))})") from None


def _first_line(text: str, limit: int = 120) -> str:
    line = text.splitlines()[0] if text else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"


def replay(game: AnyGame, config: GameConfig, actions: Sequence[Action]) -> list[Any]:
    """All states of a game: ``states[i]`` is the state after ``i`` actions.

    Raises RecordError naming the first action the rules refuse.
    """
    try:
        states = [game.setup(config)]
    except CompanionError as exc:
        raise RecordError(f"bad config: {exc}") from exc
    for index, action in enumerate(actions):
        try:
            states.append(game.apply(states[-1], action))
        except CompanionError as exc:
            raise RecordError(f"action {index} ({action}): {exc}") from exc
    return states


def replay_record(record: GameRecord) -> list[Any]:
    return replay(load_game(record.config.game), record.config, record.actions)


def remembered_options(last: Any, names: Sequence[str]) -> tuple[dict[str, str], tuple[str, ...]]:
    """The text options (``names``: a copy's tiles, fleets) of the last game's config
    ``last`` as the journal keeps it, for the setup screen to offer again.

    Never raises: a config or value of the wrong shape is left out and described in
    the second item (for a visible notice), so a damaged journal row cannot take
    the setup screen down.
    """
    if last is None:
        return {}, ()
    if not isinstance(last, Mapping):
        return {}, (f"the remembered game is {_kind(last)}, not an object",)
    options = last.get("options", {})
    if not isinstance(options, Mapping):
        return {}, (f"its options are {_kind(options)}, not an object",)
    found: dict[str, str] = {}
    problems = []
    for name in names:
        value = options.get(name)
        if value is None or value == "":
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or len(value) > 500:
            problems.append(f"option {name!r} is {_kind(value)}, not text")
            continue
        found[name] = value
    return found, tuple(problems)


def _kind(value: Any) -> str:
    kinds = {list: "a list", dict: "an object", str: "text", bool: "true/false", float: "a number",
             int: "a number"}
    return "empty" if value is None else kinds.get(type(value), type(value).__name__)
