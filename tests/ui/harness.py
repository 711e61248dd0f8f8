"""The real app, run inside the test process: one Kivy window per process (per xdist worker),
a fresh app with a fresh data folder, Clock and camera for every test.

:func:`make_app` is the one place the tests build the app (through its public entry, as
``ui/cli.py`` does). :class:`InProcessApp` runs a scenario (``async def scenario(probe)``, the
same :class:`tests.ui.probe.Probe` the subprocess runner uses) in it and returns what the
scenario recorded.

What a test could leak into the next one, and what stops it:

- scheduled Clock events (the app's checkpoint timer, a banner's end, a camera's status poll):
  each run gets its own ``ClockBase`` in a pushed Kivy ``Context`` (as Kivy's own ``kivy_app``
  fixture does), popped afterwards, so nothing scheduled in one run ever fires in another;
- kv rules the app loads in ``build()`` (``common.kv``, ``root.kv``): loading a file again
  unloads it first, so its rules apply once (a fresh process loads each once too);
- widgets on the window, the running app, the window's size and fullscreen: reset after a run;
- threads (camera workers): a run fails when it leaves a thread running;
- the data folder: every run gets its own unless the test passes one on purpose.
"""
from __future__ import annotations

import asyncio
import os
import threading
import traceback
from pathlib import Path
from typing import Any, Awaitable, Callable

#: a stepped simulated camera: the scenario decides which scenes it sees (Probe.step_camera)
Scenario = Callable[[Any], Awaitable[None]]


def make_app(data_dir: Path, size: tuple[int, int], lang: str | None = None) -> Any:
    """The app as ``companion --simulate --data-dir DATA --size WxH [--lang L]`` builds it."""
    from ui.app import AppOptions, CompanionApp

    return CompanionApp(AppOptions(data_dir=data_dir, simulate=True, lang=lang, size=size))


def step_the_simulated_camera() -> None:
    """Every simulated camera the app opens from now on in this process renders only the
    frames a scenario steps it for (``SimulatedSource(stepped=True)``), whatever the load."""
    from vision.sources import simulated

    if getattr(simulated.SimulatedSource, "always_stepped", False):
        return

    class SteppedSource(simulated.SimulatedSource):
        always_stepped = True

        def __init__(self, table: Any, fps: float | None = None, stepped: bool = True):
            super().__init__(table, stepped=True)

    simulated.SimulatedSource = SteppedSource   # type: ignore[misc]


def reload_kv_files_once() -> None:
    """``Builder.load_file`` of a file already loaded unloads it first: the app's ``build()``
    loads its kv files on every start, and a second set of the same rules would apply twice."""
    from kivy.lang import Builder

    if getattr(Builder, "_tests_reload", False):
        return
    load_file = Builder.load_file

    def load_once(filename: str, **kwargs: Any) -> Any:
        if filename in Builder.files:
            Builder.unload_file(filename)
        return load_file(filename, **kwargs)

    Builder.load_file = load_once
    Builder._tests_reload = True


class InProcessApp:
    """The Kivy window of this process; :meth:`run` runs one scenario in a fresh app."""

    def __init__(self, display: str, home: Path):
        os.environ["DISPLAY"] = display
        os.environ.pop("KIVY_HOME", None)
        from ui.cli import configure_kivy

        configure_kivy(home, (800, 480))
        step_the_simulated_camera()
        from kivy.core.window import Window  # noqa: F401  (the window opens here, once)

        reload_kv_files_once()

    def run(self, scenario: Scenario, out: Path, data: Path, size: tuple[int, int],
            lang: str | None = None) -> dict[str, Any]:
        from kivy.app import App
        from kivy.clock import ClockBase
        from kivy.context import Context
        from kivy.core.window import Window

        from tests.ui.probe import Probe

        out.mkdir(parents=True, exist_ok=True)
        threads_before = set(threading.enumerate())
        if tuple(Window.size) != size:
            Window.size = size
        strict = os.environ.get("TABLE_COMPANION_STRICT")
        os.environ["TABLE_COMPANION_STRICT"] = "1"  # an error in the app fails the scenario
        context = Context(init=False)
        context["Clock"] = ClockBase(async_lib="asyncio")
        context.push()
        try:
            from kivy.clock import Clock

            Clock._max_fps = 0   # uncapped: a test waits for frames, never for the frame rate
            app = make_app(data, size, lang)
            probe = Probe(app, out)
            failure: list[str] = []

            async def drive() -> None:
                try:
                    await probe.until(lambda: app.root is not None
                                      and app.manager.current in ("home", "problem"))
                    await probe.frames(3)
                    await scenario(probe)
                except BaseException:  # report everything, then stop the app
                    failure.append(traceback.format_exc())
                    probe.record("failure", failure[0])
                finally:
                    probe.save()
                    for event in Clock.get_events():
                        event.cancel()
                    app.stop()

            async def both() -> None:
                await asyncio.gather(app.async_run(async_lib="asyncio"), drive())

            try:
                asyncio.run(both())
            except BaseException:  # the app's own loop failed (a strict-mode error)
                failure.append(traceback.format_exc())
                probe.record("failure", failure[-1])
                probe.save()
                if app.root is not None and App.get_running_app() is app:
                    app.stop()
        finally:
            for child in Window.children[:]:
                Window.remove_widget(child)
            Window.fullscreen = False
            App._running_app = None
            context.pop()
            if strict is None:
                os.environ.pop("TABLE_COMPANION_STRICT")
            else:
                os.environ["TABLE_COMPANION_STRICT"] = strict
        left = [t for t in threading.enumerate() if t not in threads_before and t.is_alive()]
        for thread in left:
            thread.join(timeout=10)
        left = [t.name for t in left if t.is_alive()]
        assert not left, f"the app left threads running: {left}"
        return probe.results
