"""The tag payload scheme: round trips, strict parsing, foreign codes."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from vision import tags
from vision.errors import TagError
from vision.qr import qr_modules
from vision.tag_sets import tag_sets, tags_for
from vision.registry import GAMES as VISION_GAMES, game_codes
from vision.tags import MAX_PAYLOAD, ForeignCode, Tag, parse_payload


def test_ship_payload_round_trip_and_identity():
    t = tags.ship("golden_horn", 1, "b")
    assert t.payload() == "TC1:GH:S:1:B"
    assert parse_payload(t.payload().encode()) == t
    assert t.identity == "gh:ship:1:b"
    assert t.label() == "P2 ship B"


def test_every_kind_round_trips():
    for t in (tags.piece("caravelas", "MON", seat=2), tags.piece("demo", "X"), tags.die_face("caravelas", "R", "6"),
              tags.die_face("alles_auf_1_karte", "3", "purple"), tags.card("coloretto", "J12")):
        assert parse_payload(t.payload()) == t


@pytest.mark.parametrize("game", sorted(tag_sets()))
def test_every_printed_tag_fits_version_1_at_level_m(game):
    for t in tags_for(game):
        text = t.payload()
        assert len(text) <= MAX_PAYLOAD
        assert qr_modules(text).shape == (21, 21)


@pytest.mark.parametrize("data, reason", [
    (b"WIFI:S:home;T:WPA;P:secret;;", "no TC prefix"),
    (b"https://example.com/TC1", "no TC prefix"),
    (b"TC2:GH:S:1:B", "unsupported scheme"),
    (b"TC1:GH:S:1:b", "malformed"),
    (b"TC1:ZZ:S:1:B", "unknown game"),
    (b"TC1:GH:Q:1:B", "unknown kind"),
    (b"TC1:GH:S:12:B", "malformed ship"),
    (b"TC1:GH:S:1:BBBBBBBBBBB", "longer than 20"),
    ("TC1:GH:S:1:Bé".encode(), "not ASCII"),
    (b"TC1:GH:S:1:B\n", "malformed"),
    (b"\xff" * 500, "too long"),
])
def test_foreign_and_malformed_codes_are_never_trusted(data, reason):
    parsed = parse_payload(data)
    assert isinstance(parsed, ForeignCode)
    assert reason in parsed.reason


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=120) | st.text(max_size=60).map(str.encode))
def test_parse_never_raises_and_only_accepts_canonical_text(data):
    parsed = parse_payload(data)
    if isinstance(parsed, Tag):
        assert parsed.payload().encode() == data


@settings(max_examples=100, deadline=None)
@given(seat=st.integers(0, 9), name=st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=1, max_size=2),
       game=st.sampled_from(sorted(game_codes().values())))
def test_ship_tags_round_trip(seat, name, game):
    t = tags.ship(game, seat, name)
    assert parse_payload(t.payload()) == t


def test_bad_tag_requests_raise_tag_error():
    with pytest.raises(TagError, match="unknown game"):
        tags.ship("chess", 0, "A")
    with pytest.raises(TagError):
        tags.ship("golden_horn", 0, "TOOLONG")
    with pytest.raises(TagError, match="1-4 seats"):
        tags_for("golden_horn", 7)


def test_every_tag_code_is_two_capitals_and_names_one_game():
    """A code is printed on every tag of its game: two letters, never shared by two games."""
    codes = [entry.tag_code for entry in VISION_GAMES.values() if entry.tag_code is not None]
    assert all(len(code) == 2 and code.isalpha() and code.isupper() for code in codes)
    assert len(set(codes)) == len(codes) == len(game_codes()) - 1   # the demo sheet's code is the one more


def test_printed_codes_never_change():
    """Tags already printed must keep reading as their game."""
    assert game_codes() == {"GH": "golden_horn", "CO": "coloretto", "AA": "alles_auf_1_karte",
                            "CV": "caravelas", "XX": "demo"}
