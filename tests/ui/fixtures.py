"""The fixtures of the tests that run the real app (tests/conftest.py loads them for every
test): a private Xvfb display per test process (started here, so CI needs no display),
and ``run_app`` (the app in this process, a fresh one per run; tests/ui/harness.py).
Start-up, stop and lifecycle tests start the app in a child process of their own
(test_lifecycle.py, test_logs.py, test_clean_start.py, test_kiosk_input.py)."""
from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest



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


def _keep_screenshots(out: Path) -> None:
    keep = os.environ.get("UI_SCREENSHOTS")
    if keep:  # copy the screenshots somewhere a person can open them
        shutil.copytree(out, Path(keep) / out.name, dirs_exist_ok=True)


@pytest.fixture(scope="session")
def in_process_app(display, tmp_path_factory):
    """The Kivy window of this test process (one per xdist worker)."""
    from tests.ui.harness import InProcessApp

    return InProcessApp(display, tmp_path_factory.mktemp("kivy-window"))


@pytest.fixture
def shipped_games(monkeypatch):
    """The app shows the shipped games and the counter: Pebbles, registered for the engine tests,
    is taken out of every layer's registry while an app runs (test_pebbles puts it back)."""
    import companion.games
    import ui.games
    import vision.games

    monkeypatch.setattr(companion.games, "GAMES", [e for e in companion.games.GAMES if e.name != "pebbles"])
    monkeypatch.delitem(ui.games.GAMES, "pebbles", raising=False)
    monkeypatch.delitem(vision.games.GAMES, "pebbles", raising=False)


@pytest.fixture
def run_app(in_process_app, tmp_path, shipped_games):
    """``run_app(scenario)`` runs ``async def scenario(probe)`` in a fresh app inside this
    process (a fresh data folder unless ``data_dir`` is given) and returns what it recorded."""
    def run(scenario, size: str = "800x480", lang: str | None = None,
            data_dir: Path | None = None, name: str | None = None) -> UiRun:
        out = tmp_path / (name or f"{scenario.__name__}-{size}")
        data = data_dir or tmp_path / "data"
        width, height = (int(v) for v in size.split("x"))
        result = in_process_app.run(scenario, out, data, (width, height), lang)
        assert "failure" not in result, result.get("failure")
        _keep_screenshots(out)
        return UiRun(out, result)

    return run
