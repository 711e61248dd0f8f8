"""The wall page's web server (the standard library's ThreadingHTTPServer): ``/`` the page,
``/snapshot.json`` everything shown, ``/events`` the same as server-sent events, sent again
at every change of the store."""
from __future__ import annotations

import json
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

from venue.hub.page import language_of, render, snapshot
from venue.hub.store import HubStore

log = logging.getLogger("venue.hub")

#: seconds between keep-alive comments on an idle event stream (a dropped reader is noticed)
KEEPALIVE = 15.0


class WallServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], store: HubStore, venue: str):
        self.store = store
        self.venue = venue
        self.stopping = threading.Event()
        super().__init__(address, WallHandler)

    def snapshot(self, lang: str) -> dict[str, Any]:
        version = self.store.version
        return snapshot(self.store.tables(), self.store.standings(), lang, version)

    def stop(self) -> None:
        self.stopping.set()
        with self.store.changed:
            self.store.changed.notify_all()
        self.shutdown()
        self.server_close()


class WallHandler(BaseHTTPRequestHandler):
    server: WallServer

    def log_message(self, format: str, *args: Any) -> None:   # noqa: A002 (the base class's name)
        log.debug("%s " + format, self.address_string(), *args)

    def do_GET(self) -> None:  # noqa: N802 (the base class's name)
        url = urlparse(self.path)
        query = parse_qs(url.query)
        lang = language_of((query.get("lang") or [None])[0], self.headers.get("Accept-Language"))
        if url.path in ("/", "/index.html"):
            self._send(200, "text/html; charset=utf-8", render(lang, self.server.venue).encode("utf-8"))
        elif url.path == "/snapshot.json":
            self._send(200, "application/json", json.dumps(self.server.snapshot(lang), ensure_ascii=False).encode())
        elif url.path == "/events":
            self._events(lang)
        else:
            self._send(404, "text/plain; charset=utf-8", b"not found")

    def _send(self, code: int, kind: str, body: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _events(self, lang: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        store, sent = self.server.store, -1
        try:
            while not self.server.stopping.is_set():
                with store.changed:
                    if store.version == sent:
                        store.changed.wait(KEEPALIVE)
                if self.server.stopping.is_set():
                    return
                if store.version == sent:
                    self.wfile.write(b": still here\n\n")
                else:
                    sent = store.version
                    data = json.dumps(self.server.snapshot(lang), ensure_ascii=False)
                    self.wfile.write(f"data: {data}\n\n".encode("utf-8"))
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return
