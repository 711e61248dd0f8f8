"""kill -9 in the middle of a stream of confirmed actions, 50 times: every
restart resumes with exactly the actions confirmed before the kill."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from companion.journal import Journal
from companion.session import TableSession
from tests.core.kill_child import CONFIG, step

ROOT = Path(__file__).resolve().parents[2]


def expected_session(tmp_path: Path, events: int) -> TableSession:
    """Replays the child's deterministic stream in a scratch journal."""
    scratch = Journal(tmp_path / "expected.sqlite3")
    session = TableSession.new(scratch, CONFIG)
    for count in range(events):
        step(session, count)
    return session


def test_kill9_fifty_times_loses_nothing_confirmed(tmp_path):
    rng = random.Random(2026)
    path = tmp_path / "journal.sqlite3"
    confirmed = 0
    for _ in range(50):
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.core.kill_child", str(path)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        wanted = rng.randint(1, 12)
        for _ in range(wanted):
            line = child.stdout.readline()
            assert line, "child stopped early"
            confirmed = int(line)
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        child.stdout.close()
        with Journal(path) as journal:
            entry = journal.unfinished()
            events = len(journal.events(entry.id).events)
            # the kill may land after a commit but before its line was printed
            assert events in (confirmed, confirmed + 1)
            confirmed = events
            resumed = TableSession.resume(journal, entry.id)
            assert resumed.notices == []
    expected = expected_session(tmp_path, confirmed)
    assert resumed.actions == expected.actions
    assert resumed.state == expected.state
    assert confirmed >= 50
