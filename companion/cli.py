"""``companion replay FILE``: replay a game record and print its final state
summary and score sheet as JSON.  Exit 0 on success; on a bad file, one clear
line on stderr and exit 2."""
from __future__ import annotations

import argparse
import json
import sys

from companion.engine import CompanionError
from companion.games import load_game
from companion.record import load_record, replay


def replay_main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion replay",
                                     description="Replay a game record and print the result.")
    parser.add_argument("file", help="a game record (JSON), see docs/records.md")
    args = parser.parse_args(argv)
    try:
        record = load_record(args.file)
        game = load_game(record.config.game)
        state = replay(game, record.config, record.actions)[-1]
        out = {
            "game": record.config.game,
            "players": [p.name for p in record.config.players],
            "actions": len(record.actions),
            "over": game.is_over(state),
            "summary": game.summary(state),
            "scores": game.score_sheet(state).to_dict(),
        }
    except CompanionError as exc:
        print(f"companion replay: {exc}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(replay_main())
