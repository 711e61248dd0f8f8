"""systemd notifications (READY, WATCHDOG, STOPPING) over $NOTIFY_SOCKET.

Does nothing when not started by systemd.  Standard library only: the
protocol is one datagram per message (sd_notify(3)); the maintained Python
bindings (python3-systemd, cysystemd) need libsystemd and a C build, which
is more than these few lines.
"""
from __future__ import annotations

import os
import socket
from typing import Mapping


def notify(message: str) -> bool:
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.connect(address)
            sock.sendall(message.encode("utf-8"))
    except OSError:
        return False
    return True


def ready() -> bool:
    return notify("READY=1")


def watchdog() -> bool:
    return notify("WATCHDOG=1")


def stopping() -> bool:
    return notify("STOPPING=1")


def status(text: str) -> bool:
    """A one-line status shown by ``systemctl status``."""
    return notify("STATUS=" + " ".join(text.split()))


def watchdog_interval(environ: Mapping[str, str] | None = None, pid: int | None = None) -> float | None:
    """Seconds between watchdog pings: half of ``WATCHDOG_USEC`` (sd_watchdog_enabled(3));
    None when systemd does not watch this process (unset, invalid, or meant for another PID)."""
    environ = os.environ if environ is None else environ
    try:
        usec = int(environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0:
        return None
    owner = environ.get("WATCHDOG_PID")
    if owner:
        try:
            if int(owner) != (os.getpid() if pid is None else pid):
                return None
        except ValueError:
            return None
    return usec / 2_000_000.0
