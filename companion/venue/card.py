"""A table's venue settings as the text of a QR code (the organiser's table card).

``setup.sh --venue-hub`` (``python -m venue.broker``) prints one card per table; the table's
Settings → Venue… reads it with the camera and fills its fields.  The text::

    TCVENUE1?venue=club&server=backroom.local%3A8883&table=table-7&password=...

The prefix names the layout and its version (a foreign QR code is not taken for a card);
the fields are URL-encoded, so any password fits.  The user name is the table's id (the broker
lets a user write only the topics of the table named like it).  The venue's certificate
(ca.pem) does not fit a code a camera reads at arm's length: it is still copied by hand.
:func:`read_card` checks everything at the door: a code that is not a card, a card of a
newer layout, a field missing or a name the broker would refuse each give a :class:`VenueError`
saying which.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode

from companion.venue.names import VenueError, check_broker, check_name

#: what every card's text starts with (the layout's version after it)
PREFIX = "TCVENUE"
VERSION = 1
#: the longest card text taken in (a version-10 code at level M holds about 213 characters)
MAX_TEXT = 400
FIELDS = ("venue", "server", "table", "password")


@dataclass(frozen=True)
class VenueCard:
    """A table's venue settings; the password is hidden in the repr."""

    venue: str
    server: str
    table: str
    password: str = field(repr=False)

    def __repr__(self) -> str:
        return f"VenueCard(venue={self.venue!r}, server={self.server!r}, table={self.table!r}, password='***')"

    @property
    def username(self) -> str:
        """The user name at the broker: the table's id."""
        return self.table


def card_text(venue: str, server: str, table: str, password: str) -> str:
    """The text of the card's QR code (the fields checked first)."""
    card = _checked({"venue": venue, "server": server, "table": table, "password": password})
    return f"{PREFIX}{VERSION}?" + urlencode({"venue": card.venue, "server": card.server, "table": card.table,
                                               "password": card.password})


def is_card(text: str) -> bool:
    """The text claims to be a venue card (of any version): a bad one is said, not ignored."""
    return text.startswith(PREFIX)


def read_card(text: str) -> VenueCard:
    """The card a QR code's text holds, or VenueError saying what is wrong with it."""
    if not is_card(text):
        raise VenueError("this code is not a venue card")
    if len(text) > MAX_TEXT:
        raise VenueError(f"the venue card is too long ({len(text)} characters, at most {MAX_TEXT})")
    head, sep, query = text[len(PREFIX):].partition("?")
    if not head.isdigit() or not sep:
        raise VenueError("the venue card cannot be read")
    if int(head) != VERSION:
        raise VenueError(f"the venue card is of layout {head}; this program reads layout {VERSION}: "
                         "update Table Companion or print the card again")
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=True, errors="strict")
    except (ValueError, UnicodeDecodeError):
        raise VenueError("the venue card cannot be read") from None
    values = dict(pairs)
    if len(values) != len(pairs):
        raise VenueError("the venue card names a field twice")
    return _checked(values)


def _checked(values: dict[str, str]) -> VenueCard:
    missing = [name for name in FIELDS if not values.get(name)]
    if missing:
        raise VenueError(f"the venue card has no {', '.join(missing)}")
    unknown = sorted(set(values) - set(FIELDS))
    if unknown:
        raise VenueError(f"the venue card has fields this program does not know: {', '.join(unknown)}")
    check_name(values["venue"], "venue name")
    check_name(values["table"])
    check_broker(values["server"])
    password = values["password"]
    if any(ch in password for ch in "\0\n\r"):
        raise VenueError("the venue card's password holds a character a password cannot have")
    return VenueCard(values["venue"], values["server"], values["table"], password)
