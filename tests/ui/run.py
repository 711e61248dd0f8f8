"""Run the real app with a scripted scenario:
``python -m tests.ui.run SCENARIO OUT_DIR DATA_DIR WxH [--lang L]``;
SCENARIO is ``function`` (in tests/ui/scenarios.py) or ``module:function``
(in tests/ui/<module>.py).

Exit 0 when the scenario finished; 1 (with the traceback) when it failed."""
from __future__ import annotations

import asyncio
import os
import sys
import traceback
from pathlib import Path


def main(argv: list[str]) -> int:
    name, out_dir, data_dir, size = argv[:4]
    lang = argv[argv.index("--lang") + 1] if "--lang" in argv else None
    width, height = (int(v) for v in size.split("x"))
    out, data = Path(out_dir), Path(data_dir)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("TABLE_COMPANION_STRICT", "1")  # an error in the app fails the scenario
    from ui.cli import configure_kivy

    configure_kivy(data, (width, height))
    import ui.camera

    ui.camera.STEPPED_SIMULATION = True   # the scenario steps the simulated camera (Probe.step_camera)
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
