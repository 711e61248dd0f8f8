"""Run the real app with a scripted scenario:
``python -m tests.ui.run SCENARIO OUT_DIR DATA_DIR WxH [--lang L]``;
SCENARIO is ``function`` (in tests/ui/scenarios.py) or ``module:function``
(in tests/ui/<module>.py).

Exit 0 when the scenario finished; 1 (with the traceback) when it failed."""
from __future__ import annotations

import asyncio
import sys
import traceback
from pathlib import Path


def strict_errors() -> None:
    """An error the app catches (logs, shows, and plays on) fails the scenario too."""
    from kivy.base import ExceptionManager

    from ui.lifecycle import TableExceptionHandler

    handle = TableExceptionHandler.handle_exception

    def raising(self, exception: BaseException) -> int:
        handle(self, exception)
        return ExceptionManager.RAISE

    TableExceptionHandler.handle_exception = raising   # type: ignore[method-assign]


def stepped_camera() -> None:
    """The table's simulated camera renders a frame only when the scenario steps it
    (``Probe.step_camera``), so the scenario decides which scenes it sees, whatever the load.
    Other readers of a simulated camera (set-up's route tiles, the board mapper) run freely."""
    import ui.camera
    from vision.sources.simulated import SimulatedSource

    feed = ui.camera.CameraFeed.__init__

    def stepped(self, session, setup, source, *args, **options):
        if isinstance(source, SimulatedSource) and not source.stepped:
            source = SimulatedSource(setup.simulated_table, stepped=True)
        feed(self, session, setup, source, *args, **options)

    ui.camera.CameraFeed.__init__ = stepped   # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    name, out_dir, data_dir, size = argv[:4]
    lang = argv[argv.index("--lang") + 1] if "--lang" in argv else None
    width, height = (int(v) for v in size.split("x"))
    out, data = Path(out_dir), Path(data_dir)
    out.mkdir(parents=True, exist_ok=True)
    from ui.cli import configure_kivy

    configure_kivy(data, (width, height))
    strict_errors()
    stepped_camera()
    from tests.registry import register_counter

    register_counter()
    import importlib

    from tests.ui.probe import Probe

    module, _, function = name.rpartition(":")
    scenario = getattr(importlib.import_module(f"tests.ui.{module or 'scenarios'}"), function)
    from ui.app import AppOptions, CompanionApp

    app = CompanionApp(AppOptions(data_dir=data, simulate=True, lang=lang, size=(width, height)))
    probe = Probe(app, out)
    failure: list[str] = []

    async def drive() -> None:
        try:
            await probe.until(lambda: app.root is not None and app.manager.current in ("home", "problem"))
            await probe.frames(3)
            await scenario(probe)
        except BaseException:  # report everything, then stop the app
            failure.append(traceback.format_exc())
            probe.record("failure", failure[0])
        finally:
            probe.save()
            # the scenario is over: timers it did not wait for (a banner's or a flash's end)
            # must not fire into a stopped app on a loaded machine
            from kivy.clock import Clock

            for event in Clock.get_events():
                event.cancel()
            app.stop()

    async def both() -> None:
        await asyncio.gather(app.async_run(async_lib="asyncio"), drive())

    asyncio.run(both())
    if failure:
        print(failure[0], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
