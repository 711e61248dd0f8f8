"""The organiser's table card: a table's venue settings as a QR code's text, checked at the door,
and printed by venue.broker (the terminal and an SVG file per table)."""
from __future__ import annotations

import getpass
import stat

import pytest

from companion.venue.card import VenueCard, card_text, read_card
from companion.venue.names import VenueError
from venue.cards import card_in_text

CARD = VenueCard("club", "backroom.local:8883", "table-7", "p&ss=wörd;#")


def test_a_card_holds_a_tables_settings_and_any_password():
    text = card_text(CARD.venue, CARD.server, CARD.table, CARD.password)
    assert text.startswith("TCVENUE1?") and len(text) < 200
    card = read_card(text)
    assert card == CARD and card.username == "table-7"
    assert "p&ss" not in repr(card)       # the password is never shown


@pytest.mark.parametrize("text, problem", [
    ("WIFI:S:home;T:WPA;P:secret;;", "not a venue card"),
    ("TCVENUE2?venue=club", "layout 2"),
    ("TCVENUE1?venue=club&server=a:1&table=t1", "no password"),
    ("TCVENUE1?venue=club&server=a:1&table=t%231&password=x", "may not contain #"),
    ("TCVENUE1?venue=club&server=backroom:99999&table=t1&password=x", "65535"),
    ("TCVENUE1?venue=club&venue=bar&server=a:1&table=t1&password=x", "twice"),
    ("TCVENUE1?venue=club&server=a:1&table=t1&password=x&colour=red", "does not know: colour"),
    ("TCVENUE1?venue=club&server=a:1&table=t1&password=%FF", "cannot be read"),
    ("TCVENUE1" + "?venue=club&password=" + "x" * 500, "too long"),
])
def test_a_bad_card_is_refused_saying_why(text, problem):
    with pytest.raises(VenueError, match=problem):
        read_card(text)


def test_a_card_with_a_name_the_broker_refuses_is_not_made():
    with pytest.raises(VenueError):
        card_text("club", "backroom.local:8883", "table/7", "x")


def test_the_broker_set_up_prints_each_tables_card_and_writes_it_to_print(tmp_path, capsys):
    from venue.broker import main

    folder = tmp_path / "hub"
    assert main([str(folder), "--venue", "club", "--tables", "2", "--host", "backroom.local",
                 "--run-as", getpass.getuser()]) == 0
    out = capsys.readouterr().out
    assert out.count("Read the venue's card with the camera") == 2 and "▄" in out
    svg = folder / "cards" / "table-2.svg"
    assert svg.read_text().startswith("<?xml") and stat.S_IMODE(svg.stat().st_mode) == 0o600
    assert main([str(folder), "--card", "table-2"]) == 0
    again = capsys.readouterr().out
    password = __import__("tomllib").loads((folder / "tables.toml").read_text())["users"]["table-2"]
    assert 'venue_broker = "backroom.local:8883"' in again and password in again
    assert card_in_text("club", "backroom.local:8883", "table-2", password) in again
    assert main([str(folder), "--card", "table-9"]) == 2
    assert "table-1, table-2" in capsys.readouterr().err
