"""Opening a table's venue link from its settings (the app's composition root calls this)."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable

from companion.messages import Text
from companion.settings import Settings
from companion.venue.credentials import load_credentials
from companion.venue.names import VenueError, check_broker, check_name
from venue.publisher import LinkStatus, VenueLink

log = logging.getLogger("venue.link")


def open_link(settings: Settings, data_dir: Path, journal_path: Path,
              on_status: Callable[[LinkStatus], None] | None = None) -> tuple[VenueLink | None, Text | None]:
    """The started link, or None and why not in the players' words (logged too).  With no
    venue set: (None, None), and nothing opens a socket."""
    if not settings.has_venue:
        return None, None
    try:
        check_name(settings.venue, "venue name")
        check_name(settings.table_id)
        check_broker(settings.venue_broker)
    except VenueError as exc:
        log.warning("venue link not started: %s", exc)
        return None, Text("The venue is set but this table's id or the server's address is missing or "
                          "cannot be used: check them in Settings. Play goes on without the venue.")
    try:
        credentials = load_credentials(data_dir)
    except VenueError as exc:
        log.warning("venue link not started: %s", exc)
        return None, Text("The venue's user name and password for this table are missing or cannot be "
                          "read: enter them in Settings. Play goes on without the venue.")
    if credentials.username != settings.table_id:
        # the broker lets a user write only the topics of the table named like it
        log.warning("venue link not started: user %r is not table %r", credentials.username, settings.table_id)
        return None, Text("The venue's user name for this table must be its id, “{table}”: enter them "
                          "in Settings again. Play goes on without the venue.", table=settings.table_id)
    try:
        link = VenueLink(journal_path, settings, credentials, on_status=on_status)
    except (OSError, ValueError) as exc:   # a CA file that cannot be read
        log.warning("venue link not started: %s", exc)
        return None, Text("The venue's certificate cannot be read: enter the venue's details in Settings "
                          "again. Play goes on without the venue.")
    link.start()
    log.info("venue link to %s for table %s started", settings.venue, settings.table_id)
    return link, None
