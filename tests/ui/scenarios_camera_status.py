"""Camera status scenarios, run inside the real app by tests/ui/run.py."""
from __future__ import annotations

from companion.signals import ErrorSignal
from tests.ui.scenarios_golden_horn import start_golden_horn
from vision.errors import CameraUnavailable


async def camera_unplugged(probe) -> None:
    """A Golden Horn game whose camera is unplugged mid-game: the banner says so in the
    players' language and the status LED signals it."""
    app = probe.app
    await start_golden_horn(probe, 2)
    await probe.until(lambda: app.camera is not None and app.camera.worker.status.ok)
    signals = []
    play = app.hardware.play
    app.hardware.play = lambda signal: (signals.append(type(signal).__name__), play(signal))

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
