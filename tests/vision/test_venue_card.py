"""A venue card read by the table's camera: the organiser's QR code beside the board in the
simulated table's frame, read by the project's decoders and checked at the door."""
from __future__ import annotations

import pytest

from companion.venue.card import card_text
from companion.venue.names import VenueError
from tests.vision.scenes import ship_table
from vision.venue_card import find_venue_card


def test_the_card_in_the_cameras_frame_fills_the_venue_settings(demo_profile):
    table = ship_table(demo_profile)            # the game's own tags are in view too
    table.add_foreign_code("card", card_text("club", "backroom.local:8883", "table-7", "Zq3_secret-pass"),
                           (540, 110), 70)
    card = find_venue_card(table.render())
    assert card is not None
    assert (card.venue, card.server, card.table, card.username, card.password) == (
        "club", "backroom.local:8883", "table-7", "table-7", "Zq3_secret-pass")


def test_no_card_in_view_is_none_and_a_bad_card_is_said(demo_profile):
    table = ship_table(demo_profile)
    table.add_foreign_code("wifi", "WIFI:S:home;T:WPA;P:secret;;", (540, 110), 60)
    assert find_venue_card(table.render()) is None
    table.add_foreign_code("bad", "TCVENUE1?venue=club&server=backroom:99999&table=t1&password=x", (540, 260), 60)
    with pytest.raises(VenueError, match="65535"):
        find_venue_card(table.render())
