"""The camera's status reaches the players in their language (issue #17)."""
from __future__ import annotations

from companion.signals import ErrorSignal
from vision.errors import CameraUnavailable

from tests.ui.test_golden_horn import start_golden_horn


def test_an_unplugged_camera_is_shown_in_greek_and_on_the_status_led(run_app):
    r = run_app(camera_unplugged, lang="el").result
    assert "failure" not in r, r.get("failure")
    assert r["status"].startswith("Camera unavailable (camera 0 stopped delivering frames (unplugged?))")
    assert r["banner"].startswith("Η κάμερα δεν είναι διαθέσιμη (camera 0 stopped delivering frames (unplugged?)): "
                                  "ελέγξτε ότι είναι συνδεδεμένη")
    assert r["banner"].endswith("Στο μεταξύ παίξτε με αφή.")
    assert r["error_signalled"]


# -- the steps, run in the app --------------------------------------------------------------


async def camera_unplugged(probe) -> None:
    """A Golden Horn game whose camera is unplugged mid-game: the banner says so in the
    players' language and the status LED signals it."""
    app = probe.app
    await start_golden_horn(probe, 2)
    await probe.until(lambda: app.camera is not None and app.camera.worker.status.ok)
    signals = []
    play = app.hardware.play
    app.hardware.play = lambda signal, *cue: (signals.append(type(signal).__name__), play(signal, *cue))

    def unplugged():
        raise CameraUnavailable("camera 0 stopped delivering frames (unplugged?)")

    before = app.banner
    source = app.camera.source
    source._grab = unplugged          # every read from now on: the camera is gone
    source.step(1)                    # wake a read waiting for its step
    await probe.until(lambda: app.banner not in ("", before))   # not the sample-sails notice shown at start
    probe.record("banner", app.banner)
    probe.record("status", app.camera.worker.status.message)
    probe.record("error_signalled", ErrorSignal.__name__ in signals)
