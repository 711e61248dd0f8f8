"""``companion replay FILE``: replay a game record and print its final state
summary and score sheet as JSON.  Exit 0 on success; on a bad file, one clear
line on stderr and exit 2."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.errors import CompanionError, RecordError
from companion.games import load_game
from companion.record import GameRecord, load_record, replay


def replay_main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion replay",
                                     description="Replay a game record and print the result.")
    parser.add_argument("file", help="a game record (JSON), see docs/records.md")
    args = parser.parse_args(argv)
    try:
        record = load_record(args.file)
        try:
            out = _replayed(record)
        except CompanionError as exc:
            raise RecordError(f"{args.file}: {exc}") from exc
    except CompanionError as exc:
        return _fail(str(exc))
    except (RecursionError, MemoryError, OverflowError, ValueError, TypeError, KeyError,
            IndexError, AttributeError) as exc:
        # a record the checks let through but a game could not replay: still one line
        return _fail(f"{args.file}: cannot be replayed ({type(exc).__name__}: {exc})")
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


def _replayed(record: GameRecord) -> dict[str, Any]:
    game = load_game(record.config.game)
    state = replay(game, record.config, record.actions)[-1]
    return {
        "game": record.config.game,
        "players": [p.name for p in record.config.players],
        "actions": len(record.actions),
        "over": game.is_over(state),
        "summary": game.summary(state),
        "scores": game.score_sheet(state).to_dict(),
    }


def _fail(message: str) -> int:
    """Exactly one line on stderr (a message from a bad file may hold line breaks), exit 2."""
    line = " ".join(message.split())
    if len(line) > 400:
        line = line[:399] + "…"
    print(f"companion replay: {line}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(replay_main())
