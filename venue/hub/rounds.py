"""``python -m venue.hub.rounds``: set up a tournament round on the venue's broker.

    python -m venue.hub.rounds --venue club --password-file hub.password --ca ca.pem \\
        --round 2 --game coloretto table-1=Ann,Bo,Cy table-2=Dee,Ed

Each table's seating is published retained (as the hub's user, which the ACL lets write the
round topics), so a table finds it when it connects; ``--clear`` ends the round."""
from __future__ import annotations

import argparse
import ssl
import sys
from pathlib import Path
from typing import Sequence

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.venue.messages import encode, round_message
from companion.venue.names import VenueError, check_broker, check_name, round_topic


def parse_seating(items: Sequence[str]) -> dict[str, list[str]]:
    """``table=Name,Name`` items as table id → players in seat order."""
    seating: dict[str, list[str]] = {}
    for item in items:
        table, sep, names = item.partition("=")
        if not sep:
            raise ValueError(f"{item!r}: write table=Name,Name (like table-1=Ann,Bo,Cy)")
        seating[check_name(table.strip())] = [n.strip() for n in names.split(",") if n.strip()]
    return seating


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m venue.hub.rounds", description=__doc__.split("\n\n")[0])
    parser.add_argument("--venue", required=True)
    parser.add_argument("--broker", default="localhost:8883")
    parser.add_argument("--user", default="hub")
    parser.add_argument("--password-file", type=Path, required=True)
    parser.add_argument("--ca", type=Path)
    parser.add_argument("--no-tls", action="store_true")
    parser.add_argument("--round", type=int, default=1)
    parser.add_argument("--game", default="")
    parser.add_argument("--clear", action="store_true", help="end the round: the tables' seatings are removed")
    parser.add_argument("seating", nargs="*", help="table=Name,Name …")
    args = parser.parse_args(argv)
    try:
        venue = check_name(args.venue, "venue name")
        host, port = check_broker(args.broker)
        seating = parse_seating(args.seating)
        messages = {table: b"" if args.clear else encode(round_message(table, args.round, names, args.game))
                    for table, names in seating.items()}
        password = args.password_file.read_text(encoding="utf-8").strip()
    except (VenueError, ValueError, OSError) as exc:
        print(f"rounds: {exc}", file=sys.stderr)
        return 2
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"tc-hub-{venue}-rounds")
    client.username_pw_set(args.user, password)
    if not args.no_tls:
        client.tls_set(ca_certs=str(args.ca) if args.ca else None, cert_reqs=ssl.CERT_REQUIRED)
    try:
        client.connect(host, port, 15)
    except OSError as exc:
        print(f"rounds: the broker {host}:{port} cannot be reached ({exc})", file=sys.stderr)
        return 1
    client.loop_start()
    try:
        infos = [client.publish(round_topic(venue, table), payload, qos=1, retain=True)
                 for table, payload in messages.items()]
        for info in infos:
            info.wait_for_publish(10)
        if not all(info.is_published() for info in infos):
            print("rounds: the broker did not take every seating (check the hub's user name and password)",
                  file=sys.stderr)
            return 1
    finally:
        client.disconnect()
        client.loop_stop()
    for table, names in seating.items():
        print(f"{table}: {'cleared' if args.clear else ', '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
