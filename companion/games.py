"""The registry of games.  Game modules are imported lazily, on first use,
so the app starts fast and a broken game cannot stop the others."""
from __future__ import annotations

import importlib
import importlib.util

from companion.engine import CompanionError, Game

#: machine name -> module that exposes ``GAME``
GAME_MODULES: dict[str, str] = {
    "golden_horn": "companion.golden_horn",
    "coloretto": "companion.coloretto",
    "alles_auf_1_karte": "companion.alles_auf_1_karte",
    "caravelas": "companion.caravelas",
}

#: display titles, known without importing the engines
GAME_TITLES: dict[str, str] = {
    "golden_horn": "Golden Horn",
    "coloretto": "Coloretto",
    "alles_auf_1_karte": "Alles auf 1 Karte",
    "caravelas": "Caravelas",
}


class UnknownGame(CompanionError, ValueError):
    """A game name that is not in the registry (or whose module is missing)."""


def available_games() -> tuple[str, ...]:
    """Names of the games whose engine module is installed."""
    found = []
    for name, module in GAME_MODULES.items():
        if importlib.util.find_spec(module) is not None:
            found.append(name)
    return tuple(found)


def load_game(name: str) -> Game:
    module = GAME_MODULES.get(name)
    if module is None:
        raise UnknownGame(f"unknown game {name!r} (known: {', '.join(GAME_MODULES)})")
    try:
        return importlib.import_module(module).GAME
    except ModuleNotFoundError as exc:
        raise UnknownGame(f"game {name!r} is not installed ({exc.name})") from exc


def register_game(name: str, module: str, title: str | None = None) -> None:
    """Add a game module to the registry (used by tests and add-on games)."""
    GAME_MODULES[name] = module
    GAME_TITLES[name] = title or name
