"""The journal's writer: one thread that does the table's journal writes, in the order they
were handed to it, so a slow disk (an fsync of 300 ms on a worn SD card) never holds up the
thread that draws the screen and answers touches.

Whoever hands a job over gets its outcome back on its own thread: the writer calls ``post``
(the UI's "run this on my thread soon", Kivy's ``Clock.schedule_once``) and the owner's
:meth:`deliver` then runs the ``done`` callbacks of finished jobs, in order.  The job itself
only touches the journal (whose connection serialises its users); everything the players see
stays on the owner's thread.  ``close()`` is safe twice; usable as a context manager.
"""
from __future__ import annotations

import logging
import queue
import threading
from typing import Any, Callable

log = logging.getLogger(__name__)

Job = Callable[[], Any]
Done = Callable[[Any], None]


class JournalWriter:
    """Runs journal writes on its own thread, one at a time, in order."""

    def __init__(self, post: Callable[[Callable[[], None]], None]):
        #: called on the writer's thread after each job: must bring :meth:`deliver` to the owner's thread
        self.post = post
        self._jobs: queue.Queue[tuple[Job, Done] | None] = queue.Queue()
        self._finished: list[tuple[Done, Any]] = []
        self._finished_lock = threading.Lock()
        #: jobs handed over whose ``done`` has not run yet (read and written on the owner's thread)
        self._outstanding = 0
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="journal-writer", daemon=True)
        self._thread.start()

    @property
    def idle(self) -> bool:
        """True when every job handed over has been written and its ``done`` has run."""
        return self._outstanding == 0

    def write(self, job: Job, done: Done) -> None:
        """Run ``job`` on the writer's thread after the jobs before it; ``done(its result)``
        then runs on the owner's thread (the result is what ``job`` returned; a job that raises
        is a bug: its exception is logged and passed as the result)."""
        if self._closed:
            raise RuntimeError("the journal writer is closed")
        self._outstanding += 1
        self._jobs.put((job, done))

    def _run(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                self._jobs.task_done()
                return
            job, done = item
            try:
                result: Any = job()
            except BaseException as exc:   # a job reports failures as its result; this is a bug
                log.exception("journal write failed unexpectedly")
                result = exc
            with self._finished_lock:
                self._finished.append((done, result))
            self._jobs.task_done()
            try:
                self.post(self.deliver)
            except BaseException:   # the owner's loop is gone (the app stops): drain() delivers
                log.warning("the journal writer could not hand a result back", exc_info=True)

    def deliver(self) -> None:
        """On the owner's thread: run the ``done`` of every finished job, in order."""
        while True:
            with self._finished_lock:
                if not self._finished:
                    return
                done, result = self._finished.pop(0)
            self._outstanding -= 1
            done(result)

    def drain(self) -> None:
        """On the owner's thread: wait for every job (and those their ``done`` hands over) to be
        written and delivered (the app stops; nothing is left half done)."""
        while self._outstanding:
            self._jobs.join()
            self.deliver()

    def close(self) -> None:
        """Write what is queued, deliver it, stop the thread."""
        if self._closed:
            return
        self.drain()
        self._closed = True
        self._jobs.put(None)
        self._thread.join()

    def __enter__(self) -> "JournalWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
