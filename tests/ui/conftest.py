"""UI tests run the real app under Xvfb (started here, so CI needs no display)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: How much slower than a 2-core laptop this machine runs the app: tools/arm64_check.py sets it
#: under qemu-user, where a game played by taps takes about ten times as long.
SLOWDOWN = max(1.0, float(os.environ.get("TABLE_COMPANION_TEST_SLOWDOWN") or 1))


@pytest.fixture(scope="session")
def display():
    """A private Xvfb server; yields its DISPLAY string."""
    if shutil.which("Xvfb") is None:
        pytest.fail("Xvfb is missing: run ./setup.sh --dev")
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()  # Xvfb writes it once it accepts clients
    if not number:
        server.kill()
        pytest.fail("Xvfb did not start")
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


@dataclass
class UiRun:
    out: Path
    result: dict

    def image(self, name: str):
        import cv2

        image = cv2.imread(self.result["screenshots"][name])
        assert image is not None, f"screenshot {name} was not written"
        return image


@pytest.fixture
def run_ui(display, tmp_path):
    def run(scenario: str, size: str = "800x480", lang: str | None = None,
            data_dir: Path | None = None, name: str | None = None) -> UiRun:
        out = tmp_path / (name or f"{scenario}-{size}")
        data = data_dir or tmp_path / "data"
        argv = [sys.executable, "-m", "tests.ui.run", scenario, str(out), str(data), size]
        if lang:
            argv += ["--lang", lang]
        env = {**os.environ, "DISPLAY": display, "PYTHONPATH": str(ROOT)}
        env.pop("KIVY_HOME", None)
        proc = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240 * SLOWDOWN)
        result_file = out / "result.json"
        result = json.loads(result_file.read_text()) if result_file.exists() else {}
        assert proc.returncode == 0 and "failure" not in result, (
            result.get("failure") or proc.stderr[-4000:])
        keep = os.environ.get("UI_SCREENSHOTS")
        if keep:  # copy the screenshots somewhere a person can open them
            dest = Path(keep) / out.name
            shutil.copytree(out, dest, dirs_exist_ok=True)
        return UiRun(out, result)

    return run
