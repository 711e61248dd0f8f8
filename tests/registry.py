"""The test games, added to each layer's registry by the tests (the app's registries list
only the shipped games): the counter (tests/fake_game.py), an engine played on the
generic view, and Pebbles (tests/pebbles/), the proof of docs/adding-a-game.md: one
line per layer, and nothing else outside its folder."""
from __future__ import annotations

from companion import games
from companion.games import GameEntry


def register_game(name: str, manifest: str, title: str) -> None:
    """Put a registry line for ``name`` in companion's list, replacing one of that name in
    its place (registering again changes no order; the games module caches by line, so the
    new line is loaded afresh)."""
    entry = GameEntry(name, title, manifest)
    names = [e.name for e in games.GAMES]
    if name in names:
        games.GAMES[names.index(name)] = entry
    else:
        games.GAMES.append(entry)


def register_counter() -> None:
    register_game("counter", "tests.fake_game", "Counter")


def register_pebbles() -> None:
    import ui.games
    import vision.registry

    register_game("pebbles", "tests.pebbles.manifest", "Pebbles")
    ui.games.GAMES["pebbles"] = "tests.pebbles.ui"
    vision.registry.GAMES["pebbles"] = vision.registry.VisionEntry("tests.pebbles.vision")
