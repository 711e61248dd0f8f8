"""The test games, added to each layer's registry by the tests (the app's registries list
only the shipped games): the counter (tests/fake_game.py), an engine played on the
generic view, and Pebbles (tests/pebbles/), the proof of docs/adding-a-game.md: one
line per layer, and nothing else outside its folder."""
from __future__ import annotations

from companion.games import register_game


def register_counter() -> None:
    register_game("counter", "tests.fake_game", "Counter")


def register_pebbles() -> None:
    import ui.games
    import vision.games

    register_game("pebbles", "tests.pebbles.manifest", "Pebbles")
    ui.games.GAMES["pebbles"] = "tests.pebbles.ui"
    vision.games.GAMES["pebbles"] = "tests.pebbles.vision"
