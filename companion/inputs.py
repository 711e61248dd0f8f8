"""Reading files that come from outside (records to import, board files, players.json)
with bounds: only regular files (a FIFO would wait for ever, /dev/zero never ends),
and no more than a size fit for what they hold.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

#: the largest file taken in by default (a record of a long game is well under 1 MB)
MAX_BYTES = 16 * 1024 * 1024


class InputError(OSError):
    """A file that cannot be taken in: not a regular file, or too large; ``str()``
    names the file and the problem, ``reason`` is the problem alone."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = path, reason


def reason_of(exc: BaseException) -> str:
    """What went wrong reading a file, without the file's name (for messages that name
    it themselves)."""
    return exc.reason if isinstance(exc, InputError) else str(exc)


def read_bounded_text(path: str | Path, limit: int = MAX_BYTES) -> str:
    """The text (UTF-8) of the regular file ``path``, at most ``limit`` bytes.

    Raises InputError (an OSError) for a FIFO, a device, a folder or a file larger
    than ``limit``; OSError when it cannot be read; UnicodeDecodeError when it is
    not UTF-8.  Opening never blocks (a FIFO is opened non-blocking and refused)."""
    path = Path(path)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))   # an optional OS constant
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(path, "not a regular file")
        if info.st_size > limit:
            raise InputError(path, f"too large ({info.st_size} bytes, at most {limit})")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise InputError(path, f"too large (more than {limit} bytes)")
    finally:
        os.close(fd)
    return b"".join(chunks).decode("utf-8")
