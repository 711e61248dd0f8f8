"""A simulated table for the venue's fault test: ``python -m tests.venue.sim_table JOURNAL PORT
DATA TABLE SEED GAMES``.  Plays seeded games of the counter test game (resuming the one a
kill -9 left), each move journaled and handed to its venue link, then waits until the broker
has acknowledged everything and exits 0."""
from __future__ import annotations

import random
import sys
import threading
from pathlib import Path

from companion.engine import GameConfig
from companion.journal import Journal
from companion.session import TableSession
from companion.settings import Settings
from companion.venue.credentials import load_credentials
from companion.venue.messages import session_state
from tests.registry import register_counter
from venue.publisher import CONNECTED, VenueLink

#: seconds between two moves (a few seconds a game: the faults land while games are played)
PACE = 0.08
NAMES = ("Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus")


def main(argv: list[str]) -> int:
    journal_path, port, data, table, seed, games = argv[0], argv[1], Path(argv[2]), argv[3], int(argv[4]), int(argv[5])
    register_counter()
    settings = Settings(venue="club", venue_broker=f"127.0.0.1:{port}", table_id=table)
    pause = threading.Event()
    with Journal(journal_path) as journal:
        link = VenueLink(journal_path, settings, load_credentials(data))
        link.start()
        done = len(journal.played())
        unfinished = journal.unfinished()       # the game a kill -9 cut short
        session = TableSession.resume(journal, unfinished.id) if unfinished is not None else None
        if session is not None:
            print(f"resumed game {session.game_id} at move {len(session.actions)}", flush=True)
        while done < games:
            rng = random.Random(seed * 1000 + done)
            if session is None:
                names = rng.sample(NAMES, rng.randint(2, 4))
                session = TableSession.new(journal, GameConfig.build("counter", names, target=20))
            while not session.is_over:
                actions = session.legal_actions()
                session.submit(actions[random.Random(seed * 7919 + len(session.actions)).randrange(len(actions))])
                link.update_state(session_state(table, session))
                link.wake()
                pause.wait(PACE)
            done += 1
            session = None
        ok = link.wait_sent(180)
        link.close()
    print("done" if ok else f"not sent: {link.status}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
