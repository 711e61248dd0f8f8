"""Start the app as the kiosk unit does, stop it as systemd does, and read its stderr as journald would.

    .venv/bin/python tools/clean_start.py [--timeout SECONDS] [-- COMPANION-ARGS...]

Starts ``companion`` (this Python's ``ui.cli``) with the unit's logging environment (Kivy's console
log on, so every line reaches stderr, which is the journal under systemd), a ``$NOTIFY_SOCKET``
standing in for systemd's, and its own Xvfb when there is no ``$DISPLAY``.  Waits for READY=1 (the
home screen is up), sends SIGTERM, waits for the exit, then checks what a person reading
``journalctl -u table-companion`` would see: exit status 0, STOPPING=1 sent, and no CRITICAL line
and no traceback on stderr.  Prints the times and the lines it found; exit status 0 when clean,
1 otherwise (the offending lines printed), 2 when it could not run.

Default arguments: ``--simulate`` and a fresh data folder.  On an arm64 root under qemu give a
longer ``--timeout`` (tools/arm64_check.py does).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: What journald would show a person as something to act on.
NOISE = re.compile(r"\bCRITICAL\b|Traceback \(most recent call last\)")
#: The unit's logging environment (systemd/table-companion.service), the display aside.
UNIT_ENV = {"KIVY_WINDOW": "sdl2", "KIVY_GL_BACKEND": "sdl2", "PYTHONUNBUFFERED": "1",
            "PYTHONFAULTHANDLER": "1"}


def start_xvfb() -> tuple[str, subprocess.Popen]:
    if shutil.which("Xvfb") is None:
        raise SystemExit("clean_start: no DISPLAY and no Xvfb (./setup.sh --dev installs it)")
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "800x480x24", "-nolisten", "tcp"],
                              pass_fds=(write_fd,), stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        raise SystemExit("clean_start: Xvfb did not start")
    return ":" + number, server


def wait_for(sock: socket.socket, message: str, received: list[str], deadline: float) -> bool:
    while message not in received:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        sock.settimeout(left)
        try:
            received.append(sock.recv(512).decode(errors="replace"))
        except socket.timeout:
            return False
    return True


def run(args: list[str], timeout: float) -> int:
    work = Path(tempfile.mkdtemp(prefix="clean-start-"))
    server = None
    try:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("KIVY_", "NOTIFY_SOCKET", "WATCHDOG_", "TABLE_COMPANION_BENCH"))}
        if not env.get("DISPLAY"):
            env["DISPLAY"], server = start_xvfb()
        notify_path = work / "notify.sock"
        env.update(UNIT_ENV, NOTIFY_SOCKET=str(notify_path), HOME=str(work / "home"))
        argv = args or ["--simulate", "--data-dir", str(work / "data")]
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.bind(str(notify_path))
            started = time.monotonic()
            with open(work / "stderr", "w+") as stderr:
                child = subprocess.Popen([sys.executable, "-m", "ui.cli", *argv], cwd=work, env=env,
                                         stdout=stderr, stderr=subprocess.STDOUT)
                received: list[str] = []
                try:
                    ready = wait_for(sock, "READY=1", received, started + timeout)
                    ready_s = time.monotonic() - started
                    if ready:
                        child.send_signal(signal.SIGTERM)
                    else:
                        child.kill()
                    stop_started = time.monotonic()
                    code = child.wait(timeout=max(30.0, timeout / 4))
                    stop_s = time.monotonic() - stop_started
                    stopping = wait_for(sock, "STOPPING=1", received, time.monotonic() + 1)
                finally:
                    if child.poll() is None:
                        child.kill()
                        child.wait()
                stderr.seek(0)
                output = stderr.read()
    finally:
        if server is not None:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)
    lines = output.splitlines()
    noisy = [line for line in lines if NOISE.search(line)]
    print(f"clean_start: READY=1 after {ready_s:.1f} s; SIGTERM to exit {stop_s:.2f} s, status {code}; "
          f"{len(lines)} lines on stderr, {sum('[WARNING' in l for l in lines)} warnings, "
          f"{len(noisy)} CRITICAL/traceback lines")
    problems = []
    if not ready:
        problems.append(f"no READY=1 within {timeout:.0f} s (received {received})")
    if code != 0:
        problems.append(f"exit status {code} after SIGTERM")
    if ready and not stopping:
        problems.append("no STOPPING=1")
    if noisy:
        problems.append("CRITICAL or traceback on stderr (what journald would keep):")
    for problem in problems:
        print(f"clean_start: error: {problem}", file=sys.stderr)
    if problems:
        print("\n".join("    " + line for line in (lines if not ready or code != 0 else noisy)[-80:]), file=sys.stderr)
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    own, _, rest = (argv[:argv.index("--")], None, argv[argv.index("--") + 1:]) if "--" in argv else (argv, None, [])
    parser = argparse.ArgumentParser(prog="python tools/clean_start.py")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for READY=1 (default 180)")
    args = parser.parse_args(own)
    sys.path.insert(0, str(ROOT))
    return run(rest, args.timeout)


if __name__ == "__main__":
    sys.exit(main())
