"""Settings → Venue…: the organiser's table card read with the table's camera.

The camera the settings name is opened on a thread of its own (never the Kivy thread), its
frames read by :func:`vision.venue_card.watch_for_card` for a few seconds; what was found,
or why nothing was, comes back in the players' words.  The card's password goes only into
the popup's password field (saved, like a typed one, to the private credentials file); the
log names the venue and the table, never the password."""
from __future__ import annotations

import logging
import threading
from typing import Any

from companion.messages import Text
from companion.venue.card import VenueCard
from companion.venue.names import VenueError

log = logging.getLogger(__name__)

#: how long the camera looks for a card (s)
LOOK_SECONDS = 15.0


def card_source(settings: Any) -> tuple[Any, Text | None]:
    """The frame source to read a card with (not started), or None and why not."""
    choice, device = settings.camera, settings.camera_device
    if choice == "auto":
        from vision.sources.choice import choose_camera

        found = choose_camera()
        choice = found.kind
        device = found.device if found.device is not None else device
    if choice == "none":
        return None, Text("No camera is chosen in Settings: type the venue's details instead.")
    if choice == "simulated":
        return None, Text("The simulated table shows no venue card: type the venue's details, "
                          "or choose a camera in Settings.")
    if choice == "picamera2":
        from vision.sources.picamera2 import Picamera2Source

        return Picamera2Source(lens_position=settings.lens_position), None
    from vision.sources.opencv import OpenCVSource

    return OpenCVSource(int(device) if device.isdigit() else device), None


def read_card(settings: Any, seconds: float = LOOK_SECONDS,
              stop: threading.Event | None = None) -> tuple[VenueCard | None, Text | None]:
    """The card the camera sees, or None and what to do (blocks: call it off the Kivy thread)."""
    try:
        source, problem = card_source(settings)
        if source is None:
            return None, problem
        from vision.venue_card import watch_for_card

        card = watch_for_card(source, seconds, stop)
    except VenueError as exc:
        log.warning("a venue card was seen but cannot be used: %s", exc)
        return None, Text("The code under the camera is not a venue card this table can use: ask the "
                          "organiser for the table's card again, or type the details.")
    except Exception as exc:   # a camera that fails must never stop the app
        log.warning("the venue card could not be read: camera failed: %s", exc)
        return None, Text("The camera cannot be used ({problem}): check it in Settings, or type the "
                          "venue's details.", problem=type(exc).__name__)
    if card is None:
        return None, Text("No venue card was seen: hold the table's card flat under the camera, in good "
                          "light, and try again.")
    log.info("venue card read: venue %s, server %s, table %s", card.venue, card.server, card.table)
    return card, None
