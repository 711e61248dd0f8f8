"""The real app driven by a scenario (``async def scenario(probe)``, see tests/ui/probe.py),
inside the test process: one Kivy window per process (per xdist worker), a fresh app with its
own data folder and Clock for every run.

:func:`make_app` is the one place the tests build the app (as ``ui/cli.py`` does), and
:func:`injected_hooks` the one place they change it for a test run (both used by tests/ui/run.py
too, the child-process runner).

What one run could leak into the next, and what stops it:

- scheduled Clock events (the app's checkpoint timer, a banner's end, a camera's status poll):
  each run gets its own ``ClockBase`` in a pushed Kivy ``Context`` (as Kivy's own ``kivy_app``
  fixture does), popped afterwards, so nothing scheduled in one run ever fires in another;
- kv rules the app loads in ``build()`` (``common.kv``, ``root.kv``): a file loaded again is
  unloaded first, so its rules apply once (as in a fresh process);
- kv bindings left waiting by a run that stopped half-way: dropped before the next run;
- keyboards, widgets on the window, the running app, the window's fullscreen: reset after a run; the
  window's size is set for each run;
- threads (camera workers, the board mapper's capture): a run fails when one is left running;
- the data folder: every test gets its own (a test that shares one between runs says so).
"""
from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import threading
import traceback
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterator

Scenario = Callable[[Any], Awaitable[None]]


def make_app(data_dir: Path, size: tuple[int, int], lang: str | None = None) -> Any:
    """The app as ``companion --simulate --data-dir DATA --size WxH [--lang L]`` builds it."""
    from ui.app import AppOptions, CompanionApp

    return CompanionApp(AppOptions(data_dir=data_dir, simulate=True, lang=lang, size=size))


class AppErrors:
    """A Kivy ``ExceptionManager`` handler that keeps every error raised inside the app's loop
    (a callback, a touch handler), so the run fails with it; ``on_error`` is called at once.
    The app's own handler still logs it and shows its banner."""

    def __init__(self, on_error: Callable[[], None] = lambda: None):
        self.tracebacks: list[str] = []
        self.on_error = on_error

    def handle_exception(self, exception: BaseException) -> int:
        from kivy.base import ExceptionManager

        self.tracebacks.append("".join(traceback.format_exception(exception)))
        self.on_error()
        return ExceptionManager.RAISE   # no opinion: the app's handler decides whether it goes on


@contextlib.contextmanager
def injected_hooks(errors: AppErrors) -> Iterator[None]:
    """While a scenario runs: the game's camera, when simulated, renders only the frames the
    scenario steps it for (``Probe.step_camera``), whatever the load; every error inside the
    app is kept in ``errors``; kv files the app loads again replace their earlier rules."""
    from kivy.base import ExceptionManager
    from kivy.lang import Builder

    from ui import camera
    from vision.sources.simulated import SimulatedSource

    feed_init = camera.CameraFeed.__init__

    def stepped_feed(feed: Any, session: Any, setup: Any, source: Any, *args: Any, **kwargs: Any) -> None:
        if isinstance(source, SimulatedSource) and not source.stepped:
            source = SimulatedSource(source.table, stepped=True)
        feed_init(feed, session, setup, source, *args, **kwargs)

    load_file = Builder.load_file

    def load_once(filename: str, **kwargs: Any) -> Any:
        if filename in Builder.files:
            Builder.unload_file(filename)
        return load_file(filename, **kwargs)

    camera.CameraFeed.__init__ = stepped_feed
    Builder.load_file = load_once
    ExceptionManager.add_handler(errors)
    try:
        yield
    finally:
        ExceptionManager.remove_handler(errors)
        del Builder.load_file        # the instance attribute: the class's method again
        camera.CameraFeed.__init__ = feed_init


async def drive(app: Any, probe: Any, scenario: Scenario, errors: AppErrors) -> None:
    """Run ``scenario`` once the app shows its first screen; record a failure (the scenario's or
    the app's), then stop the app."""
    from kivy.clock import Clock

    task = asyncio.current_task()
    errors.on_error = lambda: task is not None and task.cancel()
    try:
        await probe.until(lambda: app.root is not None and app.manager.current in ("home", "problem"))
        await probe.frames(3)
        await scenario(probe)
    except BaseException:  # report everything, then stop the app
        probe.record("failure", errors.tracebacks[0] if errors.tracebacks else traceback.format_exc())
    finally:
        probe.save()
        # the scenario is over: timers it did not wait for (a banner's or a flash's end)
        # must not fire into a stopped app
        for event in Clock.get_events():
            event.cancel()
        app.stop()


class InProcessApp:
    """The Kivy window of this process; :meth:`run` runs one scenario in a fresh app."""

    def __init__(self, display: str, home: Path):
        import os
        import sys

        # the window takes its size, input and keyboard set-up from Kivy's Config when it
        # opens: a test module that opened it on import (``from kivy.core.window import Window``
        # or tests.ui.probe / tests.ui.measure at the top) would leave it unconfigured
        if "kivy.core.window" in sys.modules:
            raise RuntimeError("the Kivy window was opened before the UI tests configured it: import "
                               "kivy.core.window, tests.ui.probe and tests.ui.measure inside the steps")
        os.environ["DISPLAY"] = display
        os.environ.pop("KIVY_HOME", None)
        from ui.cli import configure_kivy

        configure_kivy(home, (800, 480))
        from kivy.core.window import Window  # noqa: F401  (the window opens here, once)

    def run(self, scenario: Scenario, out: Path, data: Path, size: tuple[int, int],
            lang: str | None = None) -> dict[str, Any]:
        from kivy.app import App
        from kivy.clock import ClockBase
        from kivy.context import Context
        from kivy.core.window import Window
        from kivy.lang import builder

        from tests.ui.probe import Probe

        out.mkdir(parents=True, exist_ok=True)
        # kv bindings waiting for Builder.sync() form a chain that a run stopped inside sync
        # (a timeout, an error in a kv expression) leaves broken: start every run without it
        builder._delayed_start = None
        threads_before = set(threading.enumerate())
        if tuple(Window.size) != size:
            Window.size = size
        errors = AppErrors()
        context = Context(init=False)
        context["Clock"] = ClockBase(async_lib="asyncio")
        context.push()
        try:
            from kivy.clock import Clock

            Clock._max_fps = 0   # uncapped, as in Kivy's own app fixture: a run waits for frames
            with injected_hooks(errors):
                app = make_app(data, size, lang)
                probe = Probe(app, out)

                async def both() -> None:
                    await asyncio.gather(app.async_run(async_lib="asyncio"),
                                         drive(app, probe, scenario, errors))

                asyncio.run(both())
        finally:
            # the docked keyboard is made once and kept by the window: the next app makes its own
            Window.release_all_keyboards()
            for key in [k for k in Window._keyboards if k != "system"]:
                del Window._keyboards[key]
            for child in Window.children[:]:
                Window.remove_widget(child)
            Window.fullscreen = False
            App._running_app = None
            context.pop()
            gc.collect()   # the app's widgets and textures go now, not at the end of the session
        for thread in set(threading.enumerate()) - threads_before:
            thread.join(timeout=10)
        left = [t.name for t in set(threading.enumerate()) - threads_before if t.is_alive()]
        assert not left, f"the app left threads running: {left}"
        if errors.tracebacks and "failure" not in probe.results:
            probe.record("failure", errors.tracebacks[0])
        # what the steps recorded, as JSON keeps it (a tuple is a list, a key a string): the
        # assertions read the same values as from result.json
        return json.loads(json.dumps(probe.results, ensure_ascii=False))
