"""SIGTERM → clean stop: the real ``companion`` command under Xvfb, with the unit's
environment, a notify socket standing in for systemd, and the watchdog on.

The child (``python -m tests.ui.test_lifecycle REPORT -- ARGS``) runs
``ui.cli.main`` unchanged; it only lights a seat LED and the status LED
before the app announces READY, and records what happens to every pin and
to the journal when the app stops.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The kiosk unit's Environment= lines that matter here (the display is Xvfb, not KMS).
UNIT_ENV = {"KIVY_WINDOW": "sdl2", "KIVY_GL_BACKEND": "sdl2", "PYTHONUNBUFFERED": "1",
            "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1"}


def unit_env(display: str, tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("KIVY_", "NOTIFY_SOCKET", "WATCHDOG_", "TABLE_COMPANION"))}
    env.update(UNIT_ENV, DISPLAY=display, PYTHONPATH=str(ROOT), HOME=str(tmp_path / "home"))
    env.update(extra)
    return env


class NotifySocket:
    """A datagram socket like systemd's $NOTIFY_SOCKET; ``expect`` waits for one message."""

    def __init__(self, path: Path):
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.received: list[str] = []

    def expect(self, message: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while message not in self.received:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.sock.settimeout(left)
            try:
                self.received.append(self.sock.recv(256).decode())
            except socket.timeout:
                return False
        return True

    def close(self) -> None:
        self.sock.close()


def test_sigterm_stops_cleanly_with_leds_off_and_journal_closed(display, tmp_path):
    notify = NotifySocket(tmp_path / "notify.sock")
    report = tmp_path / "report.json"
    env = unit_env(display, tmp_path, NOTIFY_SOCKET=str(notify.path), WATCHDOG_USEC="400000")
    argv = [sys.executable, "-m", "tests.ui.test_lifecycle", str(report), "--",
            "--simulate", "--data-dir", str(tmp_path / "data")]
    child = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        if not notify.expect("READY=1", 120):
            child.kill()
            raise AssertionError(f"no READY=1 (exit {child.wait()}): {child.stderr.read()[-3000:]} {child.stdout.read()[-3000:]}")
        assert notify.expect("WATCHDOG=1", 30), notify.received  # pinged at WATCHDOG_USEC / 2
        started = time.monotonic()
        child.send_signal(signal.SIGTERM)
        code = child.wait(timeout=5)  # systemd's stop timeout for the kiosk
        took = time.monotonic() - started
        stopping = notify.expect("STOPPING=1", 5)  # already queued: the child has exited
    finally:
        if child.poll() is None:
            child.kill()
        notify.close()
    stderr = child.stderr.read()
    print(f"SIGTERM to exit: {took:.2f} s")
    assert code == 0, stderr[-3000:]
    assert stopping, notify.received
    assert "SIGTERM received" in stderr
    result = json.loads(report.read_text())
    assert result["lit_before_stop"] == {"status": 1.0, "seat0": 1.0}
    released = result["released_pins"]
    assert released, "no pin was released: on_stop did not run"
    assert all(state == 0 for state in released.values()), released
    assert result["journal_closed"] is True


# ----- the child -------------------------------------------------------------
def _child(report_path: str, argv: list[str]) -> int:
    from gpiozero.pins.mock import MockPin

    import ui.cli

    report: dict = {"released_pins": {}, "journal_closed": False}
    original_close = MockPin.close

    def close(pin: MockPin) -> None:  # the state each pin had when the app let go of it
        if pin.function == "output":
            report["released_pins"][str(pin.info.name)] = float(pin.state)
        original_close(pin)

    MockPin.close = close
    configure = ui.cli.configure_kivy

    def configure_then_patch(*args, **kwargs) -> None:  # ui.app imports kivy: only after this
        configure(*args, **kwargs)
        patch_app(report, report_path)

    ui.cli.configure_kivy = configure_then_patch
    return ui.cli.main(argv)


def patch_app(report: dict, report_path: str) -> None:
    import ui.app

    app_class = ui.app.CompanionApp
    original_start, original_stop = app_class.on_start, app_class.on_stop

    def on_start(app) -> None:
        app.hardware.set_seats(2)
        app.hardware.panel.set_status(True)
        app.hardware.panel.light_seats([0])
        pins = app.hardware.panel.pin_map
        report["lit_before_stop"] = {
            "status": float(app.hardware.factory.pin(pins.status_led).state),
            "seat0": float(app.hardware.factory.pin(pins.seat_leds[0][0] if isinstance(pins.seat_leds[0], tuple)
                                                   else pins.seat_leds[0]).state),
        }
        original_start(app)

    def on_stop(app) -> None:
        original_stop(app)
        report["journal_closed"] = bool(app.journal is not None and app.journal._closed)
        Path(report_path).write_text(json.dumps(report))

    app_class.on_start, app_class.on_stop = on_start, on_stop


if __name__ == "__main__":
    sys.exit(_child(sys.argv[1], sys.argv[sys.argv.index("--") + 1:]))
