"""Logs under systemd: journal priorities on stderr, the watchdog interval from
WATCHDOG_USEC, and the notify messages (no Kivy needed: pure functions)."""
from __future__ import annotations

import logging
import os
import socket

from ui import sdnotify
from ui.logs import JournalFormatter, stderr_is_journal


def record(level: int, message: str) -> logging.LogRecord:
    return logging.LogRecord("ui.app", level, __file__, 1, message, None, None)


def test_journal_lines_carry_their_priority():
    formatter = JournalFormatter("%(levelname)s %(name)s: %(message)s")
    assert formatter.format(record(logging.ERROR, "boom")) == "<3>ERROR ui.app: boom"
    assert formatter.format(record(logging.WARNING, "hm")) == "<4>WARNING ui.app: hm"
    assert formatter.format(record(logging.INFO, "ok")) == "<6>INFO ui.app: ok"
    assert formatter.format(record(logging.DEBUG, "x")) == "<7>DEBUG ui.app: x"
    # a traceback's every line keeps the priority, so journalctl -p err shows all of it
    assert formatter.format(record(logging.CRITICAL, "a\nb")) == "<2>CRITICAL ui.app: a\n<2>b"


def test_stderr_is_the_journal_only_when_journal_stream_names_it(tmp_path):
    path = tmp_path / "stream"
    with open(path, "w") as stream:
        status = os.fstat(stream.fileno())
        assert stderr_is_journal({"JOURNAL_STREAM": f"{status.st_dev}:{status.st_ino}"}, stream)
        assert not stderr_is_journal({"JOURNAL_STREAM": f"{status.st_dev}:{status.st_ino + 1}"}, stream)
        assert not stderr_is_journal({}, stream)
        assert not stderr_is_journal({"JOURNAL_STREAM": "garbage"}, stream)


def test_watchdog_interval_is_half_of_watchdog_usec_for_this_process():
    assert sdnotify.watchdog_interval({"WATCHDOG_USEC": "30000000"}) == 15.0
    assert sdnotify.watchdog_interval({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}) == 15.0
    assert sdnotify.watchdog_interval({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}, pid=2) is None
    assert sdnotify.watchdog_interval({}) is None  # not watched: no pings
    assert sdnotify.watchdog_interval({"WATCHDOG_USEC": "0"}) is None
    assert sdnotify.watchdog_interval({"WATCHDOG_USEC": "soon"}) is None


def test_stopping_and_status_reach_the_notify_socket(tmp_path, monkeypatch):
    address = str(tmp_path / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(address)
        monkeypatch.setenv("NOTIFY_SOCKET", address)
        assert sdnotify.stopping() and sdnotify.status("Table\nCompanion  running")
        assert server.recv(64) == b"STOPPING=1"
        assert server.recv(64) == b"STATUS=Table Companion running"


def test_kivys_expected_cut_buffer_probe_stays_out_of_the_journal():
    """Kivy 2.3 logs CRITICAL (with xclip's and xsel's tracebacks) when neither is installed: on
    the kiosk that was in journald at every boot. It is demoted to DEBUG; other CRITICALs stay."""
    import io

    from ui.logs import setup_logging

    stream = io.StringIO()
    handler = setup_logging(environ={}, stream=stream)
    handler.setStream(stream)
    kivy = logging.getLogger("kivy")
    kivy.critical("Cutbuffer: Unable to find any valuable Cutbuffer provider. Please enable debug logging\n"
                  "xclip - FileNotFoundError: [Errno 2] No such file or directory: 'xclip'")
    kivy.critical("Window: Unable to find any valuable Window provider.")
    assert "Cutbuffer" not in stream.getvalue() and "xclip" not in stream.getvalue()
    assert "Unable to find any valuable Window provider" in stream.getvalue()
