"""``python -m ui.bench``: cold start of the app to its drawn home screen.

Starts ``companion`` N times (fresh process, empty data dir, simulated
panel) and times process start → first frame of the home screen, next to a
bare Kivy app with one Label.  Starts its own Xvfb when there is no DISPLAY.
Prints a table, then one JSON line."""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BARE_APP = """
import os
os.environ.setdefault("KIVY_NO_ARGS", "1"); os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
from kivy.app import App
from kivy.clock import Clock
from kivy.uix.label import Label
class Bare(App):
    def build(self):
        return Label(text="hello")
    def on_start(self):
        Clock.schedule_once(lambda dt: (print("home-ready", flush=True), self.stop()), 0)
Bare().run()
"""


def time_start(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    for line in proc.stdout:
        if line.strip() == "home-ready":
            elapsed = time.perf_counter() - start
            break
    else:
        raise SystemExit(f"ui.bench: {' '.join(argv)} exited without drawing its first screen")
    proc.wait(timeout=30)
    return elapsed


def with_display() -> tuple[dict[str, str], subprocess.Popen | None]:
    env = dict(os.environ)
    if env.get("DISPLAY"):
        return env, None
    if shutil.which("Xvfb") is None:
        raise SystemExit("ui.bench: no DISPLAY and no Xvfb (run ./setup.sh --dev)")
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x800x24"],
                              pass_fds=(write_fd,), stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        env["DISPLAY"] = ":" + pipe.readline().strip()
    return env, server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ui.bench")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    env, server = with_display()
    env["TABLE_COMPANION_BENCH_START"] = "1"
    try:
        app_times, bare_times = [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as data:
                app_times.append(time_start(
                    [sys.executable, "-m", "ui.cli", "--simulate", "--data-dir", data], env))
            with tempfile.TemporaryDirectory() as scratch:
                script = os.path.join(scratch, "bare_app.py")  # Kivy wants a source file
                with open(script, "w") as fh:
                    fh.write(BARE_APP)
                bare_times.append(time_start([sys.executable, script], env))
    finally:
        if server is not None:
            server.terminate()
    print(f"{'cold start to first frame (s)':32} {'median':>7} {'min':>7} {'max':>7}")
    for name, values in (("companion home screen", app_times), ("bare Kivy label app", bare_times)):
        print(f"{name:32} {statistics.median(values):7.3f} {min(values):7.3f} {max(values):7.3f}")
    print(json.dumps({"runs": args.runs, "home_median_s": round(statistics.median(app_times), 3),
                      "home_max_s": round(max(app_times), 3),
                      "bare_median_s": round(statistics.median(bare_times), 3)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
