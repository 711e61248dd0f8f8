"""A clean start and stop, read as journald keeps it (tools/clean_start.py): the app under its own
Xvfb with the kiosk unit's logging environment, READY=1, SIGTERM, exit 0, and no CRITICAL line
and no traceback on stderr (Kivy's cut-buffer probe put one CRITICAL and two
tracebacks in the journal at every boot)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_clean_start_and_stop_leaves_nothing_to_act_on_in_the_journal():
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}  # the tool starts its own Xvfb
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "clean_start.py"), "--timeout", "240"],
                          capture_output=True, text=True, timeout=400, env=env)
    print(proc.stdout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 CRITICAL/traceback lines" in proc.stdout and "status 0" in proc.stdout
