"""Every warning and traceback reaches stderr (so the system journal), under the
kiosk unit's environment (``KIVY_NO_CONSOLELOG=1`` included), and an error
inside the running app shows on screen and on the status LED while the app
keeps running.

The child (``python -m tests.ui.test_logs CASE REPORT -- ARGS``) runs
``ui.cli.main`` unchanged, with one fault injected per case.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.ui.test_lifecycle import ROOT, unit_env


def run_child(case: str, display: str, tmp_path: Path) -> tuple[subprocess.CompletedProcess, dict]:
    report = tmp_path / "report.json"
    argv = [sys.executable, "-m", "tests.ui.test_logs", case, str(report), "--",
            "--simulate", "--data-dir", str(tmp_path / "data")]
    proc = subprocess.run(argv, cwd=ROOT, env=unit_env(display, tmp_path), capture_output=True, text=True,
                          timeout=180)
    return proc, (json.loads(report.read_text()) if report.exists() else {})


def test_a_failure_before_the_app_is_built_exits_non_zero_with_the_traceback(display, tmp_path):
    proc, _ = run_child("build", display, tmp_path)
    assert proc.returncode == 1, proc.stderr[-3000:]
    assert "Traceback (most recent call last)" in proc.stderr
    assert "RuntimeError: forced failure while building the app" in proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("companion: could not start: RuntimeError: forced failure"), last


def test_a_startup_error_the_app_explains_reaches_stderr(display, tmp_path):
    proc, _ = run_child("companion-error", display, tmp_path)
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert proc.stderr.strip().splitlines()[-1] == "companion: forced journal problem: keep the file aside"


def test_warnings_and_an_error_in_the_running_app_reach_stderr_screen_and_led(display, tmp_path):
    proc, report = run_child("running", display, tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]  # the app survived and was stopped normally
    err = proc.stderr
    assert "UserWarning: forced Python warning" in err
    assert "WARNING kivy: Forced: a Kivy warning" in err
    assert "CRITICAL kivy: Forced: a Kivy critical" in err
    assert "forced print to stderr" in err
    assert "Traceback (most recent call last)" in err
    assert "RuntimeError: forced error in a Kivy callback" in err
    assert err.count("RuntimeError: forced error in a Kivy callback") == 1  # logged once, not per frame
    assert report["banner_is_error"] is True
    assert "forced error in a Kivy callback" in report["banner"] and "saved" in report["banner"]
    assert "ErrorSignal" in report["signals"]
    assert report["frames_after_error"] >= 3 and report["raised"] == 3


def test_a_camera_that_cannot_open_is_shown_logged_and_lit(display, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_text('camera = "opencv"\ncamera_device = "/dev/video99"\n')
    proc, report = run_child("camera", display, tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "camera unavailable" in report["banner"].lower() and "/dev/video99" in report["banner"]
    assert "ErrorSignal" in report["signals"]
    assert "cannot open camera '/dev/video99'" in proc.stderr  # and in the log, once
    assert proc.stderr.count("cannot open camera '/dev/video99'") == 1


# ----- the child -------------------------------------------------------------
def _child(case: str, report_path: str, argv: list[str]) -> int:
    import ui.cli

    configure = ui.cli.configure_kivy

    def configure_then_patch(*args, **kwargs) -> None:  # ui.app imports kivy: only after this
        configure(*args, **kwargs)
        _patch(case, report_path)

    ui.cli.configure_kivy = configure_then_patch
    return ui.cli.main(argv)


def _patch(case: str, report_path: str) -> None:
    import ui.app

    app_class = ui.app.CompanionApp
    if case == "build":
        def build(app):
            raise RuntimeError("forced failure while building the app")

        app_class.build = build
        return
    if case == "companion-error":
        from companion.errors import JournalError

        def build(app):
            raise JournalError("forced journal problem: keep the file aside")

        app_class.build = build
        return
    original_start = app_class.on_start
    if case == "camera":
        def on_start_camera(app) -> None:
            from kivy.clock import Clock

            from companion.engine import GameConfig

            original_start(app)
            signals: list[str] = []
            play = app.hardware.play
            app.hardware.play = lambda signal: (signals.append(type(signal).__name__), play(signal))[1]
            app.start_game(GameConfig.build("coloretto", ["Ann", "Ben", "Cat"]))
            checks = {"n": 0}

            def check(_dt) -> bool:
                checks["n"] += 1
                if "camera unavailable" in app.banner.lower() or checks["n"] > 600:
                    Path(report_path).write_text(json.dumps({"banner": app.banner, "signals": signals}))
                    app.stop()
                    return False
                return True

            Clock.schedule_interval(check, 0.05)

        app_class.on_start = on_start_camera
        return

    def on_start(app) -> None:
        import warnings

        from kivy.clock import Clock
        from kivy.logger import Logger

        original_start(app)
        signals: list[str] = []
        play = app.hardware.play
        app.hardware.play = lambda signal: (signals.append(type(signal).__name__), play(signal))[1]
        warnings.warn("forced Python warning", UserWarning)
        Logger.warning("Forced: a Kivy warning")
        Logger.critical("Forced: a Kivy critical")
        print("forced print to stderr", file=sys.stderr)
        frames = {"n": 0}
        raised = {"n": 0}

        def boom(_dt) -> None:
            raised["n"] += 1
            raise RuntimeError("forced error in a Kivy callback")

        def count(_dt) -> None:
            frames["n"] += 1
            if frames["n"] == 10:
                Path(report_path).write_text(json.dumps({
                    "banner": app.banner, "banner_is_error": app.banner_is_error,
                    "signals": signals, "frames_after_error": frames["n"], "raised": raised["n"]}))
                app.stop()

        for _ in range(3):  # the same error three times
            Clock.schedule_once(boom, 0)
        Clock.schedule_interval(count, 0)

    app_class.on_start = on_start


if __name__ == "__main__":
    sys.exit(_child(sys.argv[1], sys.argv[2], sys.argv[sys.argv.index("--") + 1:]))
