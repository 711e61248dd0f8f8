"""The ``companion`` command.

    companion [--simulate] [--fullscreen] [--data-dir DIR] [--lang LANG] [--size WxH]
    companion replay FILE        print a recorded game's final state and scores (JSON)
    companion tags GAME [...]    write printable QR tag sheets (PDF and PNG)
    companion journal check|backup FILE|quarantine|repair   look after the game journal
    companion export records|csv|bgstats|all DEST   the history leaves the Pi
    companion import FILE|DIR ...                   add recorded games (duplicates skipped)
    companion backup FILE / restore FILE            a consistent copy of the journal / put one back
    companion stats [--game NAME] [--period P]      players' and games' figures as JSON
    companion hub --venue NAME --password-file FILE [...]   a venue's hub and wall page (venue.hub)

Subcommands import only what they need, so ``replay`` never loads Kivy.
"""
from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

log = logging.getLogger("companion.app")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "replay":
        from companion.cli import replay_main

        return replay_main(argv[1:])
    if argv and argv[0] == "tags":
        from vision.sheets import main as tags_main

        return tags_main(argv[1:])
    if argv and argv[0] == "journal":
        from companion.journal_cli import journal_main

        return journal_main(argv[1:])
    if argv and argv[0] == "hub":
        from venue.hub.__main__ import main as hub_main

        return hub_main(argv[1:])
    if argv and argv[0] in ("export", "import", "backup", "restore", "stats"):
        from companion.history_cli import history_main

        return history_main(argv[0], argv[1:])
    return run_app(argv)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 800x480, not {text!r}") from None
    if w < 800 or h < 480:
        raise argparse.ArgumentTypeError("the screen must be at least 800x480")
    return w, h


def parse_app_args(argv: list[str]) -> argparse.Namespace:
    from companion.settings import LANGUAGES, default_data_dir

    parser = argparse.ArgumentParser(prog="companion", description=(
        "Table Companion: keeps the game state beside a physical board game. "
        "Subcommands: 'companion replay FILE', 'companion tags GAME', 'companion journal ...', "
        "'companion export|import|backup|restore|stats ...'."))
    parser.add_argument("--simulate", action="store_true", default=None,
                        help="on-screen hardware panel even on a Raspberry Pi")
    parser.add_argument("--fullscreen", action="store_true", default=None,
                        help="fill the screen (kiosk)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help=f"journal and settings folder (default {default_data_dir()})")
    parser.add_argument("--lang", choices=LANGUAGES, help="language for this run")
    parser.add_argument("--size", type=_size, default=(800, 480), help="window size, e.g. 1280x800")
    args = parser.parse_args(argv)
    args.data_dir = args.data_dir or default_data_dir()
    return args


def run_app(argv: list[str]) -> int:
    args = parse_app_args(argv)
    from ui.logs import setup_logging

    setup_logging()  # before kivy is imported: Kivy must not swallow stderr
    data_dir = Path(args.data_dir).absolute()  # lgpio may chdir into LG_WD
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"companion: cannot use data dir {data_dir}: {exc}", file=sys.stderr)
        return 2
    from hardware.factory import default_lgpio_workdir

    default_lgpio_workdir(data_dir)
    configure_kivy(data_dir, args.size, fullscreen=_fullscreen(args.fullscreen, data_dir))
    from companion.errors import CompanionError
    from ui.app import AppOptions, CompanionApp

    options = AppOptions(data_dir=data_dir, simulate=args.simulate, fullscreen=args.fullscreen,
                         lang=args.lang, size=args.size)
    try:
        CompanionApp(options).run()
    except CompanionError as exc:
        print(f"companion: {exc}", file=sys.stderr, flush=True)
        return 2
    except Exception as exc:  # noqa: BLE001 - before the app was built: say it, exit non-zero
        log.critical("the app could not start", exc_info=exc)
        print(f"companion: could not start: {type(exc).__name__}: {exc} "
              "(the traceback is above; saved games are untouched)", file=sys.stderr, flush=True)
        return 1
    return 0


def _fullscreen(asked: bool | None, data_dir: Path) -> bool:
    """``--fullscreen``, else the settings' choice (read again, with its notices, by the app)."""
    if asked is not None:
        return asked
    from companion.settings import SETTINGS_FILE, read_settings

    return read_settings(data_dir / SETTINGS_FILE).settings.fullscreen


def configure_kivy(data_dir: Path, size: tuple[int, int], fullscreen: bool = False) -> None:
    """Kivy reads its configuration at import time: see :func:`ui.kiosk.configure_kivy`."""
    from ui.kiosk import configure_kivy as configure

    configure(data_dir, size, fullscreen=fullscreen)


if __name__ == "__main__":
    sys.exit(main())
