"""The organiser's table cards: each table's venue settings as a QR code (text in the terminal,
and an SVG file to print), read by the table's camera in Settings → Venue…  The code's text is
:func:`companion.venue.card.card_text`; it holds the table's password, so the files are made
readable by their owner only."""
from __future__ import annotations

import io
import os
from pathlib import Path

import qrcode
import qrcode.image.svg

from companion.venue.card import card_text


def _code(text: str) -> qrcode.QRCode:
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    code.add_data(text)
    code.make(fit=True)
    return code


def card_in_text(venue: str, server: str, table: str, password: str) -> str:
    """The card's QR code drawn with block characters, for a terminal (dark on light)."""
    out = io.StringIO()
    _code(card_text(venue, server, table, password)).print_ascii(out=out, invert=True)
    return out.getvalue()


def write_card_svg(path: Path, venue: str, server: str, table: str, password: str) -> Path:
    """The card's QR code as an SVG file at ``path`` (mode 0600: it holds the password)."""
    image = _code(card_text(venue, server, table, password)).make_image(image_factory=qrcode.image.svg.SvgPathImage)
    data = io.BytesIO()
    image.save(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data.getvalue())
    os.chmod(path, 0o600)
    return path
