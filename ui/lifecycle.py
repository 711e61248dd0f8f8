"""The app's life under systemd: clean stop on SIGTERM, watchdog pings, and
errors that never take the table down.

- ``systemctl stop`` sends SIGTERM (systemd.kill(5)); without a handler Python
  dies at once and ``App.on_stop`` never runs (LEDs stay lit, the journal is
  not closed, STOPPING=1 is never sent).  :func:`install_signal_handlers`
  turns SIGTERM (and SIGINT, SIGHUP) into ``App.stop()`` on the Kivy thread.
- The watchdog is pinged at half of ``WATCHDOG_USEC`` from the Kivy clock,
  so a frozen UI thread stops the pings and systemd restarts the kiosk.
- :class:`TableExceptionHandler` is registered with Kivy's
  ``ExceptionManager`` (kivy/base.py: the main loop hands every exception to
  it and carries on when a handler returns ``PASS``): the traceback goes to
  the log (stderr, the journal), a red banner tells the players the game is
  saved, and the status LED shows the error.  ``KeyboardInterrupt`` and
  ``SystemExit`` still end the app.
"""
from __future__ import annotations

import logging
import signal
import traceback
from types import FrameType
from typing import Any, Callable

from companion.messages import N_
from ui import sdnotify

log = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)

#: Shown in a red banner when something inside the running app failed.
CRASH_BANNER = N_("Something went wrong ({error}). The game is saved: carry on playing; "
                  "the details are in the log.")


def install_signal_handlers(request_stop: Callable[[str], None],
                            signals: tuple[int, ...] = STOP_SIGNALS) -> dict[int, Any]:
    """Call ``request_stop(name)`` on each of ``signals``; returns the previous handlers.

    Python runs signal handlers on the main thread between bytecodes, which is
    where Kivy's loop runs, so the handler only schedules the stop.
    """
    previous: dict[int, Any] = {}

    def handler(signum: int, _frame: FrameType | None) -> None:
        request_stop(signal.Signals(signum).name)

    for signum in signals:
        previous[signum] = signal.signal(signum, handler)
    return previous


class Lifecycle:
    """Everything the app does for systemd and for errors, started from ``on_start``."""

    def __init__(self, app: Any):
        self.app = app
        self.stop_requested: str | None = None
        self._watchdog_event: Any = None
        self._handler: TableExceptionHandler | None = None
        self._previous_signals: dict[int, Any] = {}

    def start(self) -> None:
        from kivy.base import ExceptionManager
        from kivy.clock import Clock

        self._handler = TableExceptionHandler(self.app)
        ExceptionManager.add_handler(self._handler)
        self._previous_signals = install_signal_handlers(self.request_stop)
        interval = sdnotify.watchdog_interval()
        if interval is not None:
            self._watchdog_event = Clock.schedule_interval(lambda _dt: sdnotify.watchdog(), interval)
            log.info("systemd watchdog: pinging every %.1f s", interval)
        sdnotify.ready()
        sdnotify.status("Table Companion running")

    def request_stop(self, reason: str) -> None:
        """Stop the app from its own thread (a signal handler may call this)."""
        from kivy.clock import Clock

        if self.stop_requested is not None:
            return
        self.stop_requested = reason
        log.info("%s received: stopping (saving the game, LEDs off)", reason)
        sdnotify.stopping()
        Clock.schedule_once(lambda _dt: self.app.stop(), 0)

    def stop(self) -> None:
        """From ``on_stop``: tell systemd, stop pinging, drop the handler."""
        from kivy.base import ExceptionManager

        sdnotify.stopping()
        if self._watchdog_event is not None:
            self._watchdog_event.cancel()
            self._watchdog_event = None
        if self._handler is not None:
            ExceptionManager.remove_handler(self._handler)
            self._handler = None
        for signum, previous in self._previous_signals.items():
            if previous is None:  # installed outside Python (SDL): leave ours, it only stops the app
                continue
            try:
                signal.signal(signum, previous)
            except (TypeError, ValueError, OSError):
                log.debug("could not restore the handler of signal %s", signum, exc_info=True)
        self._previous_signals = {}


class TableExceptionHandler:
    """Kivy ExceptionManager handler: log, tell the table, keep playing.

    The same failure repeating every frame is logged in full the first time
    and then counted, so the journal is not flooded.
    """

    def __init__(self, app: Any):
        self.app = app
        self.caught = 0
        self._seen: dict[tuple[str, str], int] = {}

    def handle_exception(self, exception: BaseException) -> int:
        from kivy.base import ExceptionManager

        if not isinstance(exception, Exception):  # KeyboardInterrupt, SystemExit: really stop
            return ExceptionManager.RAISE
        self.caught += 1
        where = traceback.extract_tb(exception.__traceback__)[-1:] if exception.__traceback__ else []
        key = (type(exception).__name__, f"{where[0].filename}:{where[0].lineno}" if where else "")
        repeats = self._seen.get(key, 0) + 1
        self._seen[key] = repeats
        if repeats == 1:
            log.error("error inside the app (it keeps running)", exc_info=exception)
        elif repeats in (10, 100) or repeats % 1000 == 0:
            log.error("the same error again (%d times): %s: %s", repeats, key[0], exception)
        if repeats == 1:
            self._tell_the_table(exception)
        return ExceptionManager.PASS

    def _tell_the_table(self, exception: Exception) -> None:
        error = f"{type(exception).__name__}: {exception}" if str(exception) else type(exception).__name__
        try:
            self.app.show_banner(self.app.tr(CRASH_BANNER, error=error), 15, error=True)
        except Exception:  # noqa: BLE001 - the banner itself failing must not loop
            log.exception("could not show the error banner")
        try:
            hardware = self.app.hardware   # None until build() opened the panel
            if hardware is not None:
                from companion.signals import ErrorSignal

                hardware.play(ErrorSignal())
        except Exception:  # noqa: BLE001
            log.exception("could not light the status LED")
