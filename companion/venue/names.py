"""Venue and table names, and the MQTT topics built from them."""
from __future__ import annotations

from companion.errors import CompanionError

#: the first level of every topic the companion writes
ROOT = "tc"
#: the longest venue name or table id (topics stay short on a wall of fifty tables)
MAX_NAME = 64
#: characters MQTT gives a meaning in topics (wildcards and the level separator)
FORBIDDEN = ("+", "#", "/")


class VenueError(CompanionError, ValueError):
    """A venue setting that cannot be used (a table id with a wildcard, a broker address
    that is not ``host:port``, credentials that cannot be read)."""


def check_name(value: object, what: str = "table id") -> str:
    """``value`` as a venue name or table id, or VenueError saying what is wrong with it.

    Letters, digits, ``-`` and ``_`` and other printable characters are taken; ``+``, ``#``
    and ``/`` are refused (MQTT's wildcards and level separator would let a table write or
    read other tables' topics), so are spaces at either end, control characters, a leading
    ``$`` (the broker's own topics) and more than :data:`MAX_NAME` characters."""
    if not isinstance(value, str) or not value.strip():
        raise VenueError(f"the {what} must be a name (like \"table-7\"), not {value!r}")
    bad = sorted({ch for ch in value if ch in FORBIDDEN})
    if bad:
        raise VenueError(f"the {what} {value!r} may not contain {', '.join(bad)} "
                         f"(+, # and / have a meaning in MQTT topics); use letters, digits, - or _")
    if value != value.strip() or any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in value):
        raise VenueError(f"the {what} {value!r} may not have spaces at either end or control characters")
    if value.startswith("$"):
        raise VenueError(f"the {what} {value!r} may not start with $ (the broker's own topics)")
    if len(value) > MAX_NAME:
        raise VenueError(f"the {what} is {len(value)} characters long; at most {MAX_NAME}")
    return value


def venue_prefix(venue: str) -> str:
    """``tc/<venue>``: the prefix every topic of the venue starts with."""
    return f"{ROOT}/{check_name(venue, 'venue name')}"


def table_prefix(venue: str, table_id: str) -> str:
    """``tc/<venue>/table/<id>``: the topics one table writes (and only those)."""
    return f"{venue_prefix(venue)}/table/{check_name(table_id)}"


def state_topic(venue: str, table_id: str) -> str:
    return f"{table_prefix(venue, table_id)}/state"


def event_topic(venue: str, table_id: str) -> str:
    return f"{table_prefix(venue, table_id)}/event"


def availability_topic(venue: str, table_id: str) -> str:
    return f"{table_prefix(venue, table_id)}/availability"


def round_topic(venue: str, table_id: str) -> str:
    """``tc/<venue>/round/<id>``: the seating the hub assigns a table for a tournament round
    (retained; the hub writes it, the table reads it)."""
    return f"{venue_prefix(venue)}/round/{check_name(table_id)}"


def check_broker(value: object) -> tuple[str, int]:
    """``host:port`` (or ``host``, port 8883, MQTT over TLS) as (host, port); VenueError
    when it is not one."""
    if not isinstance(value, str) or not value.strip():
        raise VenueError(f"the venue's broker must be an address like \"backroom.local:8883\", not {value!r}")
    text = value.strip()
    host, sep, port_text = text.rpartition(":")
    if not sep:
        host, port_text = text, "8883"
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host or any(ch.isspace() or ch in "/?#@" for ch in host):
        raise VenueError(f"the venue's broker {value!r} is not host:port (like \"backroom.local:8883\")")
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise VenueError(f"the venue's broker {value!r} has no port number between 1 and 65535 after the colon")
    return host, int(port_text)
