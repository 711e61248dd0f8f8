"""Logging set-up for the app: every warning and traceback reaches stderr.

Kivy's default log mode ("KIVY") attaches its own handlers to the root logger
and replaces ``sys.stderr`` with a stream that feeds its logger; with
``KIVY_NO_CONSOLELOG`` set (as the first kiosk unit did) that logger has no
console handler, so warnings, CRITICALs and even uncaught tracebacks vanished
.  Kivy 2.2+ reads ``KIVY_LOG_MODE`` when ``kivy.logger`` is
imported (kivy/logger.py): in "PYTHON" mode it adds no handler and leaves
``sys.stderr`` alone, so the app owns logging.  :func:`setup_logging` must
therefore run before the first ``import kivy``.

Under systemd, stderr is the journal: ``JOURNAL_STREAM`` names the stream
(systemd.exec(5)), and a ``<N>`` prefix gives each line its priority
(sd-daemon(3)), so ``journalctl -p warning -u table-companion`` works.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import warnings
from types import TracebackType
from typing import IO, Mapping

#: sd-daemon(3) priorities for the ``<N>`` prefix.
_PRIORITIES = ((logging.CRITICAL, 2), (logging.ERROR, 3), (logging.WARNING, 4), (logging.INFO, 6))

_HANDLER_NAME = "table-companion-stderr"

#: Kivy's provider probes that fail by design where the app runs, logged by Kivy as CRITICAL with
#: tracebacks in the message (kivy/core/__init__.py ``core_select_lib``). The X11 cut buffer
#: (middle-click paste: kivy/core/clipboard/__init__.py tries xclip, then xsel, both absent from
#: Raspberry Pi OS Lite and unused on a touch table or under KMS; the clipboard itself is SDL2's).
#: Under systemd each start put that CRITICAL and two tracebacks in the journal.
EXPECTED_PROBE_FAILURES = ("Cutbuffer: Unable to find any valuable Cutbuffer provider",)

log = logging.getLogger("companion.app")


class JournalFormatter(logging.Formatter):
    """``<3>ERROR ui.app: text`` — the prefix sets the journal priority."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        priority = next((p for level, p in _PRIORITIES if record.levelno >= level), 7)
        return "\n".join(f"<{priority}>{line}" for line in text.splitlines() or [""])


class ExpectedProbeFailures(logging.Filter):
    """Demotes Kivy's expected probe failures to DEBUG: kept for ``-d``, not in the journal."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.DEBUG and str(record.msg).startswith(EXPECTED_PROBE_FAILURES):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


def stderr_is_journal(environ: Mapping[str, str] = os.environ, stream: IO[str] | None = None) -> bool:
    """True when stderr is connected to the systemd journal (``JOURNAL_STREAM`` = "dev:inode")."""
    value = environ.get("JOURNAL_STREAM", "")
    stream = stream if stream is not None else sys.__stderr__
    if not value or stream is None:
        return False
    try:
        device, inode = (int(part) for part in value.split(":"))
        status = os.fstat(stream.fileno())
    except (ValueError, OSError, AttributeError):
        return False
    return (status.st_dev, status.st_ino) == (device, inode)


def setup_logging(level: int = logging.INFO, environ: dict[str, str] | None = None,
                  stream: IO[str] | None = None) -> logging.Handler:
    """Log to stderr (once), let Kivy use Python logging, and route warnings and
    uncaught exceptions (any thread) through it.  Call before importing kivy."""
    environ = os.environ if environ is None else environ
    mode = environ.get("KIVY_LOG_MODE")
    environ["KIVY_LOG_MODE"] = "PYTHON"  # kivy/logger.py: no handlers of its own, stderr untouched
    stream = stream if stream is not None else sys.__stderr__ or sys.stderr
    root = logging.getLogger()
    handler = next((h for h in root.handlers if h.get_name() == _HANDLER_NAME), None)
    first = handler is None
    if handler is None:
        handler = logging.StreamHandler(stream)
        handler.set_name(_HANDLER_NAME)
        if stderr_is_journal(environ, stream):
            handler.setFormatter(JournalFormatter("%(levelname)s %(name)s: %(message)s"))
        else:
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
    root.setLevel(level)
    kivy_logger = logging.getLogger("kivy")
    if not any(isinstance(f, ExpectedProbeFailures) for f in kivy_logger.filters):
        kivy_logger.addFilter(ExpectedProbeFailures())
    logging.captureWarnings(True)
    warnings.simplefilter("default")  # each distinct warning once per place, never silenced
    sys.excepthook = _log_uncaught
    threading.excepthook = _log_thread_exception
    if first and mode and mode != "PYTHON":
        log.warning("KIVY_LOG_MODE=%s ignored: the app logs through Python logging to stderr", mode)
    for name in ("KIVY_NO_CONSOLELOG", "KIVY_NO_FILELOG"):
        if first and name in environ:
            log.info("%s is set; it no longer hides anything (logs go to stderr)", name)
    return handler


def _log_uncaught(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, value, tb)
        return
    log.critical("uncaught exception", exc_info=(kind, value, tb))


def _log_thread_exception(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "?"
    log.error("uncaught exception in thread %s", name,
              exc_info=(args.exc_type, args.exc_value, args.exc_traceback))  # type: ignore[arg-type]
