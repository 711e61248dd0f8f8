"""``python -m venue.hub``: the venue's hub (see :mod:`venue.hub`)."""
from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Sequence

from companion.venue.names import VenueError, check_broker, check_name
from venue.hub.listener import HubListener
from venue.hub.server import WallServer
from venue.hub.store import HubStore

log = logging.getLogger("venue.hub")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m venue.hub", description=(
        "A venue's hub: subscribes to every table, keeps its own store, serves the wall page."))
    parser.add_argument("--venue", required=True)
    parser.add_argument("--broker", default="localhost:8883", help="host:port of the venue's Mosquitto")
    parser.add_argument("--user", default="hub")
    parser.add_argument("--password-file", type=Path, required=True,
                        help="a file holding the hub's password (mode 0600; setup.sh --venue-hub writes it)")
    parser.add_argument("--ca", type=Path, help="the venue's CA certificate (ca.pem)")
    parser.add_argument("--no-tls", action="store_true", help="a broker without TLS (on this machine only)")
    parser.add_argument("--store", type=Path, default=Path("hub.sqlite3"))
    parser.add_argument("--listen", default="0.0.0.0:8080", help="address:port of the wall page")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        venue = check_name(args.venue, "venue name")
        host, port = check_broker(args.broker)
        password = args.password_file.read_text(encoding="utf-8").strip()
    except (VenueError, OSError) as exc:
        print(f"venue hub: {exc}", file=sys.stderr)
        return 2
    bind, _, http_port = args.listen.rpartition(":")
    store = HubStore(args.store)
    listener = HubListener(store, venue, host, port, args.user, password,
                           str(args.ca) if args.ca else None, tls=not args.no_tls)
    server = WallServer((bind or "0.0.0.0", int(http_port)), store, venue)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    listener.start()
    threading.Thread(target=server.serve_forever, name="wall-page", daemon=True).start()
    print(f"hub for venue {venue}: wall page on http://{args.listen}/ (pid {os.getpid()})", flush=True)
    stop.wait()
    server.stop()
    listener.close()
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
