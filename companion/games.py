"""The registry of games: one declared list, one line per game.

A line names the game, its title (known without importing the engine, for the
home and history screens) and the module whose ``MANIFEST``
(:class:`companion.manifest.GameManifest`) declares the rest.  Manifests are
imported lazily, on first use, so the app starts fast and a broken game cannot
stop the others: it is logged once, left out of :func:`available_games` and
listed by :func:`unavailable_games` with the reason in words (the home screen
shows it, the status LED blinks).
Adding a game = its package(s) + one line in :data:`GAMES`
(docs/adding-a-game.md).
"""
from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass

from companion.engine import AnyGame
from companion.errors import UnknownGame
from companion.messages import Text
from companion.manifest import GameManifest, ManifestError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameEntry:
    name: str       # machine name, the engine's ``name``
    title: str      # display name, the engine's ``title`` (tests/test_manifests.py checks both)
    manifest: str   # module exposing ``MANIFEST: GameManifest``


GAMES: list[GameEntry] = [
    GameEntry("golden_horn", "Golden Horn", "companion.golden_horn.manifest"),
    GameEntry("coloretto", "Coloretto", "companion.coloretto.manifest"),
    GameEntry("alles_auf_1_karte", "Alles auf 1 Karte", "companion.alles_auf_1_karte.manifest"),
    GameEntry("caravelas", "Caravelas", "companion.caravelas.manifest"),
]


@dataclass(frozen=True)
class BrokenGame:
    """A registered game whose declaration does not load."""

    name: str
    title: str
    manifest: str
    problem: str      # the cause, for the log and the curious (English, technical)
    missing: bool     # its package, or a module it needs, is not installed

    def reason(self) -> Text:
        """Why it cannot be played and what to do, for the players."""
        if self.missing:
            return Text("{game} cannot be played: it is not completely installed ({problem}). "
                        "The other games are not affected. Run ./setup.sh again to reinstall it.",
                        game=self.title, problem=self.problem)
        return Text("{game} cannot be played: its declaration does not load ({problem}). "
                    "The other games are not affected. Update Table Companion, or tell whoever "
                    "added this game.", game=self.title, problem=self.problem)


# keyed by the registry line itself, so a line replaced under the same name is loaded afresh
_loaded: dict[GameEntry, GameManifest] = {}
_broken: dict[GameEntry, BrokenGame] = {}


def registered_games() -> tuple[str, ...]:
    """Every registered name, loadable or not."""
    return tuple(e.name for e in GAMES)


def game_title(name: str) -> str:
    """The display title of a registered game (the name itself for one no longer registered)."""
    return next((e.title for e in GAMES if e.name == name), name)


def entry(name: str) -> GameEntry:
    found = next((e for e in GAMES if e.name == name), None)
    if found is None:
        raise UnknownGame(f"unknown game {name!r} (known: {', '.join(registered_games())})")
    return found


def load_manifest(name: str) -> GameManifest:
    """The declaration of game ``name``; UnknownGame when it is not registered or
    its module is missing, ManifestError when its declaration has the wrong shape."""
    line = entry(name)
    if line in _loaded:
        return _loaded[line]
    try:
        manifest = _import(line)
    except Exception as exc:   # whatever a broken package raises: recorded, then raised
        if line not in _broken:
            log.error("game %r cannot be played: its manifest %s does not load: %s",
                      name, line.manifest, exc, exc_info=exc)
        _broken[line] = BrokenGame(name, line.title, line.manifest, str(exc),
                                   isinstance(exc, (UnknownGame, ImportError)))
        raise
    _broken.pop(line, None)
    _loaded[line] = manifest
    return manifest


def _import(line: GameEntry) -> GameManifest:
    try:
        module = importlib.import_module(line.manifest)
    except ModuleNotFoundError as exc:
        raise UnknownGame(f"game {line.name!r} is not installed ({exc.name})") from exc
    manifest = getattr(module, "MANIFEST", None)   # a module attribute by name, checked below
    if not isinstance(manifest, GameManifest):
        raise ManifestError(f"{line.manifest}.MANIFEST is a {type(manifest).__name__}, not a GameManifest")
    if (manifest.name, manifest.title) != (line.name, line.title):
        raise ManifestError(f"{line.manifest} declares {manifest.name!r} ({manifest.title!r}); "
                            f"the registry line says {line.name!r} ({line.title!r})")
    return manifest


def available_games() -> tuple[str, ...]:
    """Names of the registered games whose manifest loads; a broken one is left out
    (logged once, and listed by :func:`unavailable_games`)."""
    found = []
    for line in GAMES:
        try:
            load_manifest(line.name)
        except Exception:  # a broken game must not stop the others
            continue
        found.append(line.name)
    return tuple(found)


def unavailable_games() -> tuple[BrokenGame, ...]:
    """The registered games whose manifest does not load, each with its reason."""
    available_games()
    return tuple(_broken[line] for line in GAMES if line in _broken)


def load_game(name: str) -> AnyGame:
    return load_manifest(name).engine

