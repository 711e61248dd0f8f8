"""The durability harness: a child that plays real games into a journal, and
the parent-side checks run after every kill (kill -9 or a simulated power cut).

The child (``python -m tests.core.kill_child DATA_DIR --seed S``) plays games
in turn (game id k is Coloretto, Alles auf 1 Karte or Golden Horn) through a
:class:`TableSession` on a :class:`Journal`, with seeded random legal moves,
undos and redos, each game to its end and on to a new one.  Every input is a
pure function of (seed, game id, events so far), so a restarted child carries
on the same stream and the parent can derive the expected stream on its own,
with the engines alone (:func:`expected_game`).

It prints one line per step, each only *after* the call returned (so a printed
``do``/``undo``/``redo`` line is a confirmed, durable action)::

    start                       imports done, about to open the journal
    opened                      Journal(path) returned
    resumed ID EVENTS           TableSession.resume returned
    new ID                      TableSession.new returned
    do ID SEQ JSON | undo ID SEQ | redo ID SEQ
    finished ID                 the game is over
    stopped                     --max-moves reached, clean exit

``--kill-at PHASE:N[:M]`` makes the child SIGKILL itself at a precise point:
at the start of the N-th SQL statement of the phase (``open``: Journal(path);
``resume``; ``new``; ``move``: the M-th move of this run that does not end
its game; ``end``: the M-th game-ending move), or, when the phase runs fewer
than N statements, right after the phase returned and before its line is
printed (durable but unconfirmed).  ``--synchronous OFF`` (or NORMAL) opens
the journal with that ``PRAGMA synchronous`` instead of FULL (the harness
must catch the loss under a power cut); ``--confirm-early`` prints a move's line *before* it is made durable
(the harness must catch that under kill -9).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from companion.engine import TABLE, GameConfig
from companion.games import available_games, load_game, load_manifest

ROOT = Path(__file__).resolve().parents[2]
JOURNAL_NAME = "journal.sqlite3"
#: the shipped games of the registry (not the counter test game, which only the parent registers)
GAMES = tuple(g for g in available_games() if load_manifest(g).translated)
NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli")
P_UNDO = 0.08
P_REDO = 0.3    # when something can be redone


# -- the deterministic stream (shared by child and parent) -------------------
def config_for(seed: int, game_id: int) -> GameConfig:
    """The config of the game with journal id ``game_id`` (ids count from 1)."""
    name = GAMES[(game_id - 1) % len(GAMES)]
    game = load_game(name)
    rng = random.Random(f"config:{seed}:{game_id}")
    players = rng.randint(game.min_players, min(game.max_players, 4))
    return GameConfig.build(name, NAMES[:players])


def decide(game: Any, state: Any, can_undo: bool, can_redo: bool,
           rng: random.Random) -> tuple[str, Any]:
    """The next input: ("undo", None), ("redo", None) or ("do", action)."""
    if can_redo and rng.random() < P_REDO:
        return "redo", None
    if can_undo and rng.random() < P_UNDO:
        return "undo", None
    acting = game.to_act(state)
    if acting == (TABLE,):
        return "do", game.sample_chance(state, rng)
    seat = rng.choice(acting)
    return "do", rng.choice(list(game.legal_actions(state, seat)))


def step_rng(seed: int, game_id: int, events: int) -> random.Random:
    return random.Random(f"step:{seed}:{game_id}:{events}")


def normal(payload: Any) -> Any:
    """A payload as it reads back from the journal's JSON."""
    return json.loads(json.dumps(payload, sort_keys=True))


@dataclass
class ExpectedGame:
    """The stream of one game derived with the engine alone."""

    events: list[tuple[str, Any]]   # (kind, normalised payload or None)
    states: list[Any]               # the state after events[:i], i = 0..len
    over_after: int | None          # events count at which the game is over


def expected_game(seed: int, game_id: int, upto: int | None = None,
                  limit: int = 20000) -> ExpectedGame:
    """Replay the seeded decisions for ``game_id`` with its engine, no journal:
    ``upto`` events, or until the game is over."""
    config = config_for(seed, game_id)
    game = load_game(config.game)
    timeline = [game.setup(config)]
    actions: list[Any] = []
    redo: list[Any] = []
    events: list[tuple[str, Any]] = []
    states = [timeline[-1]]
    while (upto is None or len(events) < upto) and not game.is_over(timeline[-1]):
        assert len(events) < limit, f"game {game_id} does not end"
        kind, action = decide(game, timeline[-1], bool(actions), bool(redo),
                              step_rng(seed, game_id, len(events)))
        if kind == "undo":
            redo.append(actions.pop())
            timeline.pop()
            events.append(("undo", None))
        elif kind == "redo":
            action = redo.pop()
            timeline.append(game.apply(timeline[-1], action))
            actions.append(action)
            events.append(("redo", None))
        else:
            timeline.append(game.apply(timeline[-1], action))
            actions.append(action)
            redo.clear()
            events.append(("do", normal(action.to_dict())))
        states.append(timeline[-1])
    over = len(events) if game.is_over(timeline[-1]) else None
    return ExpectedGame(events, states, over)


# -- the child ----------------------------------------------------------------
class _Killer:
    """Counts SQL statements per phase and SIGKILLs this process at the chosen one."""

    def __init__(self, spec: str | None):
        self.phase, self.nth, self.occurrence = "", 0, 1
        if spec:
            parts = spec.split(":")
            self.phase, self.nth = parts[0], int(parts[1])
            self.occurrence = int(parts[2]) if len(parts) > 2 else 1
        self.current: str | None = None
        self.seen: dict[str, int] = {}
        self.statements = 0

    def enter(self, phase: str) -> None:
        self.current = phase
        self.seen[phase] = self.seen.get(phase, 0) + 1
        self.statements = 0

    def armed(self) -> bool:
        return self.current == self.phase and self.seen.get(self.phase) == self.occurrence

    def on_statement(self, sql: str) -> None:
        if self.current is None:
            return
        self.statements += 1
        if self.armed() and self.statements == self.nth:
            os.kill(os.getpid(), signal.SIGKILL)

    def leave(self) -> None:
        """The phase returned: killed here when it ran fewer statements than asked."""
        if self.armed() and self.statements < self.nth:
            os.kill(os.getpid(), signal.SIGKILL)
        self.current = None


def _patch_sqlite(killer: _Killer, synchronous: str | None) -> None:
    real_connect = sqlite3.connect

    class ChildConnection(sqlite3.Connection):
        def __init__(self, *args: Any, **kwargs: Any):
            super().__init__(*args, **kwargs)
            self.set_trace_callback(killer.on_statement)

        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
            if synchronous and sql.replace(" ", "").upper().startswith("PRAGMASYNCHRONOUS="):
                sql = f"PRAGMA synchronous={synchronous}"
            return super().execute(sql, *args)

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        kwargs.setdefault("factory", ChildConnection)
        return real_connect(*args, **kwargs)

    sqlite3.connect = connect  # type: ignore[assignment]


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def child_main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.core.kill_child")
    parser.add_argument("data_dir")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kill-at", default=None)
    parser.add_argument("--max-moves", type=int, default=1000)
    parser.add_argument("--synchronous", choices=("OFF", "NORMAL"), default=None)
    parser.add_argument("--confirm-early", action="store_true")
    args = parser.parse_args(argv)
    killer = _Killer(args.kill_at)
    _patch_sqlite(killer, args.synchronous)
    from companion.journal import Journal
    from companion.session import TableSession

    _say("start")
    killer.enter("open")
    journal = Journal(Path(args.data_dir) / JOURNAL_NAME)
    killer.leave()
    _say("opened")
    session = None
    entry = journal.unfinished()
    if entry is not None:
        killer.enter("resume")
        session = TableSession.resume(journal, entry.id)
        killer.leave()
        _say(f"resumed {entry.id} {len(journal.events(entry.id).events)}")
    moves = 0
    while moves < args.max_moves:
        if session is None or session.is_over:
            known = [g.id for g in journal.history(limit=1_000_000)]
            if entry is not None:
                known.append(entry.id)
            game_id = max(known, default=0) + 1
            killer.enter("new")
            session = TableSession.new(journal, config_for(args.seed, game_id))
            killer.leave()
            assert session.game_id == game_id, f"new game got id {session.game_id}, not {game_id}"
            entry = journal.game(game_id)
            _say(f"new {game_id}")
        gid = session.game_id
        seq = len(journal.events(gid).events)
        kind, action = decide(session.game, session.state, session.can_undo, session.can_redo,
                              step_rng(args.seed, gid, seq))
        ends = kind != "undo" and session.game.is_over(
            session.game.apply(session.state, action if kind == "do" else _next_redo(session)))
        line = f"{kind} {gid} {seq}" + (f" {json.dumps(normal(action.to_dict()))}" if kind == "do" else "")
        if args.confirm_early:
            _say(line)
        killer.enter("end" if ends else "move")
        {"do": lambda: session.submit(action), "undo": session.undo, "redo": session.redo}[kind]()
        killer.leave()
        if not args.confirm_early:
            _say(line)
        if session.is_over:
            _say(f"finished {gid}")
        moves += 1
    _say("stopped")
    journal.close()
    return 0


def _next_redo(session: Any) -> Any:
    return session._timeline.redo[-1]   # the action redo would re-apply (test-only peek)


# -- the parent -----------------------------------------------------------------
class DurabilityFailure(AssertionError):
    """The journal after a kill does not hold what the child confirmed."""


@dataclass
class Round:
    """One child run: how it was stopped and what it printed."""

    how: str
    lines: list[str] = field(default_factory=list)
    returncode: int | None = None


def spawn(data_dir: Path, seed: int, *extra: str, env: dict[str, str] | None = None,
          stderr: IO[str] | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.core.kill_child", str(data_dir), "--seed", str(seed), *extra],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=stderr, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


def run_child(data_dir: Path, seed: int, how: str, rng: random.Random, *extra: str,
              env: dict[str, str] | None = None, timeout: float = 120.0) -> Round:
    """Run the child once and stop it ``how``:

    ``precise:PHASE:N[:M]`` the child kills itself there (see the module doc);
    ``after:K`` the parent SIGKILLs it as soon as it has read K lines;
    anything else: ``extra`` decides (e.g. the shim's kill at the N-th fsync).
    Everything the child printed is read, also after the kill: through the
    same buffered reader, which may already hold lines read ahead of the K-th.
    """
    args = list(extra)
    if how.startswith("precise:"):
        args += ["--kill-at", how.split(":", 1)[1]]
    result = Round(how)
    with tempfile.TemporaryFile("w+") as errors:
        child = spawn(data_dir, seed, *args, env=env, stderr=errors)
        hung = threading.Event()
        watchdog = threading.Timer(timeout, lambda: (hung.set(), child.kill()))
        watchdog.start()
        try:
            if how.startswith("after:"):
                wanted = int(how.split(":")[1])
                while len(result.lines) < wanted:
                    line = child.stdout.readline()
                    if not line:
                        break
                    result.lines.append(line.rstrip("\n"))
                child.send_signal(signal.SIGKILL)
            result.lines += child.stdout.read().splitlines()   # drain what was printed before the kill
            child.wait()
        finally:
            watchdog.cancel()
            child.stdout.close()
            if child.poll() is None:
                child.kill()
                child.wait()
        errors.seek(0)
        err = errors.read()
    result.returncode = child.returncode
    if hung.is_set():
        raise DurabilityFailure(f"child still running after {timeout} s in round {how}:\n{err[-3000:]}")
    if child.returncode not in (0, -signal.SIGKILL):
        raise DurabilityFailure(f"child failed ({child.returncode}) in round {how}:\n{err[-3000:]}")
    return result


class Ledger:
    """What the child confirmed, across every run; checked against the journal."""

    def __init__(self, seed: int):
        self.seed = seed
        self.confirmed: dict[int, list[tuple[str, Any]]] = {}
        self.expected: dict[int, ExpectedGame] = {}
        self.checks = 0
        self.finished_games = 0
        self.events_checked = 0
        self.has_unfinished = False
        self.rounds: list[Round] = []

    def read(self, lines: list[str]) -> None:
        """Take in a run's printed lines (each a confirmation)."""
        for line in lines:
            word, *rest = line.split(" ", 3)
            if word in ("do", "undo", "redo"):
                gid, seq = int(rest[0]), int(rest[1])
                events = self.confirmed.setdefault(gid, [])
                if seq != len(events):
                    raise DurabilityFailure(
                        f"the child confirmed game {gid} event {seq} but {len(events)} events were "
                        f"confirmed before it: it resumed from a journal missing confirmed events")
                events.append((word, json.loads(rest[2]) if word == "do" else None))
            elif word == "new":
                self.confirmed.setdefault(int(rest[0]), [])

    def expected_for(self, gid: int, count: int) -> ExpectedGame:
        known = self.expected.get(gid)
        if known is None or (len(known.events) < count and known.over_after is None):
            known = self.expected[gid] = expected_game(self.seed, gid, upto=max(count, 64) * 2)
        return known

    def check(self, path: Path, context: str) -> None:
        """Open (a copy of) the journal after a kill: every confirmed event is
        there in order with the same content, at most one unconfirmed extra,
        everything is what the seeded stream says, and the game resumes."""
        from companion.journal import Journal
        from companion.errors import JournalError
        from companion.session import TableSession

        self.checks += 1
        extras: list[str] = []
        with Journal(path) as journal:
            gid = 0
            while True:
                gid += 1
                try:
                    entry = journal.game(gid)
                except JournalError:
                    break
                loaded = journal.events(gid)
                if loaded.damaged_from is not None:
                    raise DurabilityFailure(f"{context}: game {gid} is damaged: {loaded.damage}")
                found = [(e.kind, e.payload) for e in loaded.events]
                if gid not in self.confirmed:
                    extras.append(f"game {gid} (started, never confirmed)")
                mine = self.confirmed.get(gid, [])
                for index, want in enumerate(mine):
                    if index >= len(found):
                        raise DurabilityFailure(
                            f"{context}: game {gid} lost confirmed events {index}..{len(mine) - 1} "
                            f"(journal holds {len(found)}, the child confirmed {len(mine)})")
                    if found[index] != want:
                        raise DurabilityFailure(
                            f"{context}: game {gid} event {index} is {found[index]}, confirmed {want}")
                extras += [f"game {gid} event {i}" for i in range(len(mine), len(found))]
                if entry.config != normal(config_for(self.seed, gid).to_dict()):
                    raise DurabilityFailure(f"{context}: game {gid} config differs: {entry.config}")
                expected = self.expected_for(gid, len(found))
                if found != expected.events[:len(found)]:
                    first = next((i for i, (a, b) in enumerate(zip(found, expected.events)) if a != b),
                                 len(expected.events))
                    said = expected.events[first] if first < len(expected.events) else "the game is over"
                    raise DurabilityFailure(
                        f"{context}: game {gid} event {first} is {found[first]}, the seeded stream says {said}")
                over = expected.over_after == len(found)
                if over != (entry.status == "finished"):
                    raise DurabilityFailure(
                        f"{context}: game {gid} is {'over' if over else 'not over'} after its "
                        f"{len(found)} events but the journal says {entry.status!r}"
                        + (" (Home would offer a finished game for resume)" if over else ""))
                self.events_checked += len(found)
                self.confirmed[gid] = found   # an unconfirmed extra is now part of the past
            lost = sorted(g for g in self.confirmed if g >= gid)
            if lost:
                raise DurabilityFailure(
                    f"{context}: confirmed game(s) {lost} are not in the journal at all "
                    f"(it holds games 1..{gid - 1})")
            if len(extras) > 1:
                raise DurabilityFailure(f"{context}: more than one unconfirmed entry: {extras}")
            self.finished_games = len(journal.history(limit=1_000_000))
            entry = journal.unfinished()
            self.has_unfinished = entry is not None
            if entry is not None:
                session = TableSession.resume(journal, entry.id)
                if session.notices:
                    raise DurabilityFailure(f"{context}: resume of game {entry.id} noticed {session.notices}")
                want = self.expected_for(entry.id, len(self.confirmed[entry.id]))
                if session.state != want.states[len(self.confirmed[entry.id])]:
                    raise DurabilityFailure(f"{context}: game {entry.id} resumes in another state")


def copy_journal(data_dir: Path, into: Path) -> Path:
    """Copy the journal files (db, -wal, -shm: what a restart would find) to ``into``."""
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    for item in data_dir.iterdir():
        if item.name.startswith(JOURNAL_NAME):
            shutil.copy2(item, into / item.name)
    return into / JOURNAL_NAME


def random_round(rng: random.Random, has_unfinished: bool) -> str:
    """A kill point: precise (start-up, resume, new game, mid-move, the game-ending
    move, which also marks the game finished in its transaction) or timed."""
    kind = rng.choice(("open", "resume", "new", "move", "move", "end", "after", "after"))
    if kind == "resume" and not has_unfinished:
        kind = "move"
    if kind == "after":
        return f"after:{rng.randint(1, 40)}"
    if kind in ("move", "end"):
        return f"precise:{kind}:{rng.randint(1, 9 if kind == 'end' else 6)}:{rng.randint(1, 40)}"
    return f"precise:{kind}:{rng.randint(1, 9)}"


if __name__ == "__main__":
    raise SystemExit(child_main())
