"""Run the real app in this process with one test's steps, by hand (the tests run them with the
``run_app`` fixture): ``python -m tests.ui.run MODULE:FUNCTION OUT_DIR DATA_DIR WxH [--lang L]``,
FUNCTION an ``async def f(probe)`` in tests/ui/MODULE.py (e.g. ``test_keyboard:bench``).
The screenshots and ``result.json`` go to OUT_DIR.

Exit 0 when the steps finished; 1 (with the traceback) when they failed."""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    name, out_dir, data_dir, size = argv[:4]
    lang = argv[argv.index("--lang") + 1] if "--lang" in argv else None
    width, height = (int(v) for v in size.split("x"))
    out, data = Path(out_dir), Path(data_dir)
    out.mkdir(parents=True, exist_ok=True)
    from ui.cli import configure_kivy

    configure_kivy(data, (width, height))
    import importlib

    from tests.registry import register_counter

    register_counter()   # as tests/conftest.py does

    from tests.ui.harness import AppErrors, drive, injected_hooks, make_app
    from tests.ui.probe import Probe

    module, _, function = name.rpartition(":")
    scenario = getattr(importlib.import_module(f"tests.ui.{module}"), function)
    errors = AppErrors()
    with injected_hooks(errors):
        app = make_app(data, (width, height), lang)
        probe = Probe(app, out)

        async def both() -> None:
            await asyncio.gather(app.async_run(async_lib="asyncio"), drive(app, probe, scenario, errors))

        asyncio.run(both())
    failure = probe.results.get("failure") or (errors.tracebacks[0] if errors.tracebacks else None)
    if failure:
        print(failure, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
