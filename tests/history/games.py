"""Journals filled with seeded random games of every registered game, played through
the real session (undo and redo included), for the history and export tests."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from companion.engine import TABLE, GameConfig
from companion.games import load_game
from companion.journal import Journal
from companion.session import TableSession
from tests.conformance.playout import random_config, registered_games

#: names drawn for the seats: few enough that the same people meet again
PEOPLE = ("Ann", "Bea", "Cy", "Dov", "Eve")


@dataclass
class Played:
    game_id: int
    config: GameConfig
    actions: list[Any]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool


def fast(journal: Journal) -> Journal:
    """No fsync per move: these journals are thrown away (the real one keeps FULL)."""
    journal._db.execute("PRAGMA synchronous=OFF")
    return journal


def play_one(journal: Journal, name: str, rng: random.Random, finish: bool = True,
             colours: Sequence[str] = ()) -> Played:
    game = load_game(name)
    drawn = random_config(game, rng)
    names = rng.sample(PEOPLE, drawn.player_count) if drawn.player_count <= len(PEOPLE) \
        else [p.name for p in drawn.players]
    config = GameConfig.build(name, names, colours[:len(names)], **dict(drawn.options))
    session = TableSession.new(journal, config)
    limit = rng.randint(3, 12)
    while not session.is_over and (finish or len(session.actions) < limit):
        state = session.state
        if session.to_act == (TABLE,):
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(list(game.legal_actions(state)))
        session.submit(action)
        if rng.random() < 0.02 and not session.is_over:  # a move taken back and put again
            session.undo()
            session.redo()
    sheet = session.score_sheet()
    return Played(session.game_id, config, list(session.actions), tuple(sheet.totals),
                  tuple(sheet.winners), session.is_over)


def fill(journal: Journal, per_game: int, seed: int,
         games: tuple[str, ...] | None = None) -> list[Played]:
    """``per_game`` finished games of every registered game (or of ``games``), in a
    seeded random order."""
    rng = random.Random(seed)
    names = [n for n in (games or registered_games()) for _ in range(per_game)]
    rng.shuffle(names)
    return [play_one(journal, n, rng) for n in names]
