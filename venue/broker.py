"""A venue's Mosquitto configuration: the listener with TLS, the password file, the ACL.

``setup.sh --venue-hub`` and the tests write it with the same code (:func:`write_broker`):

- one user per table (its user name is its table id) and one for the hub, each with a
  random password, hashed into Mosquitto's password file by ``mosquitto_passwd``;
- an ACL: a table writes only ``tc/<venue>/table/<its id>/#`` and reads the round
  assignments ``tc/<venue>/round/#``; the hub reads ``tc/<venue>/#`` and writes only
  the round assignments; anonymous clients are refused;
- TLS on the listener: a certificate authority of the venue's own and the broker's
  certificate, made by ``openssl`` (the tables check the broker against ``ca.pem``).

The per-table passwords are returned (and written, 0600, to ``tables.toml`` beside the
configuration for the organiser), never logged.
"""
from __future__ import annotations

import argparse
import os
import secrets
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import tomli_w

from companion.venue.names import check_name, table_prefix, venue_prefix
from venue.cards import card_in_text, write_card_svg

HUB_USER = "hub"


@dataclass(frozen=True)
class BrokerFiles:
    """What :func:`write_broker` wrote: the configuration to start Mosquitto with (``-c``),
    the CA the tables check against, and each user's password."""

    config: Path
    ca: Path | None
    passwords: dict[str, str] = field(repr=False)


def acl_text(venue: str, tables: Sequence[str], hub_user: str = HUB_USER) -> str:
    """The ACL: each table writes its own topics only, the hub reads everything."""
    prefix = venue_prefix(venue)
    lines = ["# Table Companion venue " + venue + ": written by venue.broker, do not edit by hand", "",
             f"user {hub_user}", f"topic read {prefix}/#", f"topic write {prefix}/round/#", ""]
    for table in tables:
        lines += [f"user {check_name(table)}", f"topic write {table_prefix(venue, table)}/#",
                  f"topic read {prefix}/round/#", ""]
    return "\n".join(lines)


def write_password_file(path: Path, passwords: dict[str, str]) -> None:
    """Mosquitto's password file: ``user:password`` lines written readable by this user only,
    then hashed in place by ``mosquitto_passwd -U`` (a password on a command line would show
    in every user's process list)."""
    tool = shutil.which("mosquitto_passwd")
    if tool is None:
        raise FileNotFoundError("mosquitto_passwd not found: install mosquitto (sudo apt install mosquitto)")
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as plain:
        plain.writelines(f"{user}:{password}\n" for user, password in passwords.items())
    try:
        subprocess.run([tool, "-U", str(path)], check=True, capture_output=True, timeout=30)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
        path.unlink(missing_ok=True)      # never leave the plain passwords behind
        raise
    os.chmod(path, 0o600)


def make_tls(folder: Path, host_names: Sequence[str], days: int = 3650) -> tuple[Path, Path, Path]:
    """A CA of the venue's own (kept when ``folder`` has one) and the broker's key and
    certificate (for ``host_names``, also IP addresses) signed by it, made by ``openssl``:
    (ca.pem, server.crt, server.key)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        raise FileNotFoundError("openssl not found: install it (sudo apt install openssl)")
    folder.mkdir(parents=True, exist_ok=True)
    ca_key, ca, key, csr, cert = (folder / n for n in ("ca.key", "ca.pem", "server.key", "server.csr", "server.crt"))
    names = ",".join(f"IP:{h}" if _is_ip(h) else f"DNS:{h}" for h in host_names)
    ext = folder / "server.ext"
    ext.write_text(f"subjectAltName={names}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\n"
                   "extendedKeyUsage=serverAuth\n", encoding="utf-8")

    def run(*args: str) -> None:
        subprocess.run([openssl, *args], check=True, capture_output=True, timeout=120)

    if not (ca_key.is_file() and ca.is_file()):
        # the venue's CA is made once: the tables hold a copy of ca.pem, so set-up run again
        # (more tables, a new host name) signs a new server certificate with the same CA
        run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(ca_key), "-out", str(ca),
            "-days", str(days), "-subj", "/CN=Table Companion venue CA")
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(csr),
        "-subj", f"/CN={host_names[0]}")
    run("x509", "-req", "-in", str(csr), "-CA", str(ca), "-CAkey", str(ca_key), "-CAcreateserial",
        "-out", str(cert), "-days", str(days), "-extfile", str(ext))
    for secret in (ca_key, key):
        os.chmod(secret, 0o600)
    csr.unlink()
    return ca, cert, key


def _is_ip(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def write_broker(folder: Path, venue: str, tables: Sequence[str], *, port: int = 8883, bind: str = "",
                 tls: bool = True, host_names: Sequence[str] = ("localhost", "127.0.0.1"),
                 passwords: dict[str, str] | None = None, run_as: str = "mosquitto",
                 persistence: bool = True, log_file: bool = True, server: str = "") -> BrokerFiles:
    """Everything Mosquitto needs for ``venue`` in ``folder``; start it with
    ``mosquitto -c <folder>/mosquitto.conf``.  ``passwords`` (user → password) are made at
    random for the users not given; ``run_as``: the user Mosquitto drops to when started as root;
    ``log_file``: its log in ``folder`` (else on stderr, which systemd keeps in the journal);
    ``server``: the address the tables are given, kept in tables.toml for their cards."""
    venue_prefix(venue)
    tables = [check_name(t) for t in tables]
    if HUB_USER in tables:
        raise ValueError(f"{HUB_USER!r} is the hub's user name: give the table another id")
    folder.mkdir(parents=True, exist_ok=True)
    given = dict(passwords or {})
    users = {user: given.get(user) or secrets.token_urlsafe(18) for user in (HUB_USER, *tables)}
    write_password_file(folder / "passwd", users)
    (folder / "acl").write_text(acl_text(venue, tables), encoding="utf-8")
    lines = [f"# Table Companion venue {venue}: written by venue.broker", f"user {run_as}",
             "per_listener_settings false", "allow_anonymous false",
             f"password_file {folder / 'passwd'}", f"acl_file {folder / 'acl'}",
             f"listener {port}{' ' + bind if bind else ''}", "max_queued_messages 10000"]
    ca = None
    if tls:
        ca, cert, key = make_tls(folder / "tls", host_names)
        lines += [f"certfile {cert}", f"keyfile {key}", "tls_version tlsv1.2"]
    if persistence:
        (folder / "data").mkdir(exist_ok=True)
        lines += ["persistence true", f"persistence_location {folder / 'data'}/"]
    lines += [f"log_dest file {folder / 'mosquitto.log'}" if log_file else "log_dest stderr", "log_type error", "log_type warning",
              "log_type notice", "connection_messages true"]
    config = folder / "mosquitto.conf"
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    sheet = folder / "tables.toml"
    fd = os.open(sheet, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(tomli_w.dumps({"venue": venue, **({"server": server} if server else {}), "users": users}))
    return BrokerFiles(config, ca, users)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m venue.broker",
                                     description="Write a venue's Mosquitto configuration (TLS, ACL, passwords) "
                                                 "and print what to enter in each table's Settings.")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--venue", help="the venue's name (needed unless --card)")
    parser.add_argument("--tables", type=int, default=10, help="how many tables (ids table-1 … table-N)")
    parser.add_argument("--host", action="append", default=[], help="the broker's host name or address (again for more)")
    parser.add_argument("--port", type=int, default=8883)
    parser.add_argument("--run-as", default="mosquitto", help="the user Mosquitto runs as")
    parser.add_argument("--card", metavar="TABLE", help="print one table's settings and its QR code again "
                        "(from FOLDER/tables.toml), changing nothing")
    parser.add_argument("--no-codes", action="store_true", help="print the settings without QR codes")
    args = parser.parse_args(argv)
    hosts = args.host or ["localhost"]
    if args.card:
        return print_card(args.folder, args.card, f"{hosts[0]}:{args.port}" if args.host else None)
    if not args.venue:
        parser.error("--venue is needed to write the configuration")
    tables = [f"table-{n}" for n in range(1, args.tables + 1)]
    keep = _known_passwords(args.folder / "tables.toml")    # run again: the tables keep theirs
    files = write_broker(args.folder, args.venue, tables, port=args.port, host_names=hosts, passwords=keep,
                         run_as=args.run_as, log_file=False, server=f"{hosts[0]}:{args.port}")
    hub_password = args.folder / "hub.password"
    fd = os.open(hub_password, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(files.passwords[HUB_USER] + "\n")
    print(f"Mosquitto configuration: {files.config}; the tables' CA certificate: {files.ca}")
    print("At each table, in its settings: venue, broker, table id; its credentials file "
          "(<data dir>/venue/credentials.toml, mode 0600) holds the user name and password:")
    for table in tables:
        print(f"  {table}: venue = \"{args.venue}\", venue_broker = \"{hosts[0]}:{args.port}\", "
              f"table_id = \"{table}\"; username = \"{table}\", password = \"{files.passwords[table]}\"")
    server = f"{hosts[0]}:{args.port}"
    for table in tables:
        write_card_svg(args.folder / "cards" / f"{table}.svg", args.venue, server, table, files.passwords[table])
        if not args.no_codes:
            print(f"\n{table}: Settings → Venue… → Read the venue's card with the camera")
            print(card_in_text(args.venue, server, table, files.passwords[table]), end="")
    print(f"\nThe same codes to print, one per table: {args.folder / 'cards'}/<table>.svg (mode 0600: they hold "
          f"the passwords); again for one table: python -m venue.broker {args.folder} --card TABLE")
    return 0


def print_card(folder: Path, table: str, server: str | None = None) -> int:
    """One table's settings and card again, from ``folder``'s tables.toml (``server``: another
    address than the one kept there)."""
    import tomllib

    try:
        document = tomllib.loads((folder / "tables.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"{folder / 'tables.toml'} cannot be read ({exc}): run python -m venue.broker {folder} --venue NAME "
              "first", file=sys.stderr)
        return 2
    users, venue = document.get("users", {}), document.get("venue")
    server = server or str(document.get("server") or "localhost:8883")
    password = users.get(table) if isinstance(users, dict) else None
    if not isinstance(venue, str) or not isinstance(password, str) or table == HUB_USER:
        known = ", ".join(sorted(u for u in users if u != HUB_USER)) if isinstance(users, dict) else ""
        print(f"no table {table!r} in {folder / 'tables.toml'} (the tables: {known or 'none'})", file=sys.stderr)
        return 2
    print(f"{table}: venue = \"{venue}\", venue_broker = \"{server}\", table_id = \"{table}\"; "
          f"username = \"{table}\", password = \"{password}\"")
    print(card_in_text(venue, server, table, password), end="")
    return 0


def _known_passwords(path: Path) -> dict[str, str]:
    """The passwords of an earlier run (tables.toml), so running set-up again changes none."""
    import tomllib

    try:
        users = tomllib.loads(path.read_text(encoding="utf-8")).get("users", {})
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in users.items() if isinstance(v, str)} if isinstance(users, dict) else {}


if __name__ == "__main__":
    sys.exit(main())
