"""Reading a venue card (the organiser's QR code of a table's venue settings) from a frame.

A pure function over a grey image, with the project's QR decoders: the card's text is checked
at the door by :func:`companion.venue.card.read_card`.  Other QR codes in view (the game's
tags) are ignored; a code that claims to be a card but is not a good one is said.
"""
from __future__ import annotations

import threading
import time
from typing import Sequence

import cv2
import numpy as np

from companion.venue.card import VenueCard, is_card, read_card
from vision.decoders import Decoder, decoders_for
from vision.sources.base import EndOfStream, FrameSource


def find_venue_card(gray: np.ndarray, decoders: Sequence[Decoder] | None = None) -> VenueCard | None:
    """The venue card in ``gray`` (H×W uint8), None when no card is seen; VenueError when a
    code that claims to be a card cannot be used (the first such code's problem)."""
    for decoder in decoders if decoders is not None else decoders_for():
        for code in decoder(gray):
            try:
                text = code.data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if is_card(text):
                return read_card(text)
    return None


def watch_for_card(source: FrameSource, seconds: float, stop: threading.Event | None = None,
                   decoders: Sequence[Decoder] | None = None) -> VenueCard | None:
    """Read frames from ``source`` (started here, stopped after) until a venue card is seen:
    the card; None when none was seen within ``seconds`` (or ``stop`` was set); VenueError for
    a bad card; CameraUnavailable when the camera cannot be used.  A video or picture file
    that ends is read once."""
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end and not (stop is not None and stop.is_set()):
            try:
                frame = source.read()
            except EndOfStream:
                return None
            image = frame.image
            gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
            card = find_venue_card(gray, decoders)
            if card is not None:
                return card
        return None
    finally:
        source.stop()
