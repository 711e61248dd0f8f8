"""Child process for the kill -9 test: plays a deterministic stream of
confirmed actions (with undos) into a journal, printing how many journal
events exist after each one is durable.  Usage: kill_child.py JOURNAL."""
from __future__ import annotations

import sys

from companion.games import register_game
from companion.engine import GameConfig
from companion.journal import Journal
from companion.session import TableSession

register_game("counter", "tests.fake_game", "Counter")
CONFIG = GameConfig.build("counter", ["Ana", "Bo", "Cy"], target=10000)


def next_step(session: TableSession, events_so_far: int):
    """The deterministic next input, a function of how many events exist."""
    import random

    rng = random.Random(events_so_far)
    if session.can_undo and rng.random() < 0.15:
        return "undo"
    if session.table_to_act:
        return session.game.sample_chance(session.state, rng)
    seat = session.to_act[0]
    return session.game.legal_actions(session.state, seat)[rng.randrange(4)]


def step(session: TableSession, events_so_far: int) -> None:
    move = next_step(session, events_so_far)
    if move == "undo":
        session.undo()
    else:
        session.submit(move)


def main(path: str) -> None:
    journal = Journal(path)
    entry = journal.unfinished()
    session = TableSession.resume(journal, entry.id) if entry else TableSession.new(journal, CONFIG)
    while not session.is_over:
        count = len(journal.events(session.game_id).events)
        step(session, count)
        print(count + 1, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
