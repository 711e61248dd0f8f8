"""Random damage to the text that describes the journal's tables (the sqlite_master records on
the file's first page), and what Repair keeps of the games.

    python -m tests.reliability.schema_damage SEED CASES [--page1]

prints, for ``CASES`` damaged copies of one journal of six finished Coloretto games, how
many kept every game (opened as it was, or after Repair), and the cases that did not.  The
rows themselves are never touched: every game's rows can be read, so every game must be kept.
``--page1`` damages anywhere on the first page instead (the file's header, the page's header
and its list of records too).
"""
from __future__ import annotations

import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion.errors import JournalError
from companion.journal import Journal, set_aside_and_salvage

GAMES = 6


@dataclass(frozen=True)
class Outcome:
    case: int
    damage: str
    opened: bool          # the journal opened as it was (the damage changed nothing that matters)
    kept: int             # games kept whole (all their moves)
    games: int

    @property
    def all_kept(self) -> bool:
        return self.kept == self.games


def journal_bytes(folder: Path) -> tuple[bytes, dict[int, int]]:
    """A checkpointed journal of six finished games, and each game's number of moves."""
    from tests.history.games import play_one

    path = folder / "source.sqlite3"
    with Journal(path) as journal:
        journal._db.execute("PRAGMA synchronous=OFF")
        played = [play_one(journal, "coloretto", random.Random(seed)) for seed in range(GAMES)]
        moves = {p.game_id: len(journal.events(p.game_id).events) for p in played}
        journal.checkpoint()
    return path.read_bytes(), moves


def schema_area(data: bytes) -> tuple[int, int]:
    """Where the sqlite_master records lie on page 1: from the cell content area to the page's end."""
    page = int.from_bytes(data[16:18], "big")
    page = 65536 if page == 1 else page
    start = int.from_bytes(data[105:107], "big") or 65536
    return start, page


def damage(data: bytes, rng: random.Random, page1: bool = False) -> tuple[bytes, str]:
    """Some bytes of the schema records (or of all page 1) changed: a few overwritten, a run
    zeroed, or a bit flipped."""
    start, end = schema_area(data)
    start = 0 if page1 else start
    out = bytearray(data)
    how = rng.choice(("bytes", "zeros", "bit"))
    if how == "bytes":
        places = [rng.randrange(start, end) for _ in range(rng.randint(1, 4))]
        for at in places:
            out[at] = rng.randrange(256)
        return bytes(out), f"bytes at {places}"
    if how == "zeros":
        at = rng.randrange(start, end)
        length = min(rng.randint(1, 64), end - at)
        out[at:at + length] = bytes(length)
        return bytes(out), f"{length} zeros at {at}"
    at = rng.randrange(start, end)
    bit = rng.randrange(8)
    out[at] ^= 1 << bit
    return bytes(out), f"bit {bit} at {at}"


def kept_games(journal: Journal, moves: dict[int, int]) -> int:
    kept = 0
    for game_id, count in moves.items():
        try:
            loaded = journal.events(game_id)
        except JournalError:
            continue
        if len(loaded.events) == count and not loaded.damage:
            kept += 1
    return kept


def run_case(folder: Path, data: bytes, moves: dict[int, int], case: int, rng: random.Random,
             page1: bool = False) -> Outcome:
    damaged, what = damage(data, rng, page1)
    where = folder / f"case-{case}"
    where.mkdir()
    path = where / "journal.sqlite3"
    path.write_bytes(damaged)
    try:
        with Journal(path) as journal:
            return Outcome(case, what, True, kept_games(journal, moves), len(moves))
    except JournalError:
        pass
    try:
        fresh, _report = set_aside_and_salvage(path)
    except JournalError as exc:
        return Outcome(case, f"{what}; Repair failed: {exc}", False, 0, len(moves))
    with fresh:
        return Outcome(case, what, False, kept_games(fresh, moves), len(moves))


def measure(seed: int, cases: int, page1: bool = False) -> list[Outcome]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="schema-damage-") as tmp:
        folder = Path(tmp)
        data, moves = journal_bytes(folder)
        return [run_case(folder, data, moves, case, rng, page1) for case in range(cases)]


def main(argv: list[str]) -> int:
    seed, cases = int(argv[0]), int(argv[1])
    outcomes = measure(seed, cases, "--page1" in argv)
    whole = sum(o.all_kept for o in outcomes)
    games = sum(o.kept for o in outcomes)
    print(f"seed {seed}: every game kept in {whole} of {cases} cases; {games} of "
          f"{sum(o.games for o in outcomes)} games kept; opened as they were: {sum(o.opened for o in outcomes)}")
    for o in outcomes:
        if not o.all_kept:
            print(f"  case {o.case}: {o.kept} of {o.games} kept ({o.damage})")
    return 0 if whole == cases else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
