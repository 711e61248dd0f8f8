"""Fuzzed QR payloads: parse_payload never raises; what it accepts is exactly what our
printed tags say, and a tag's identity carries its game code (what D7's check reads)."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from companion.readings import game_code
from vision.registry import code_of, game_codes
from vision.tags import KINDS, MAX_PAYLOAD, ForeignCode, Tag, parse_payload

FUZZ = settings(max_examples=400, deadline=None)
ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"

near_payloads = st.builds(
    lambda code, kind, rest: f"TC1:{code}:{kind}:{rest}",
    st.one_of(st.sampled_from(sorted(game_codes())), st.text("ABCGHOVX", min_size=0, max_size=3)),
    st.one_of(st.sampled_from(sorted(KINDS)), st.text("ABCDPSZ", max_size=2)),
    st.text(ALPHANUMERIC + "abc", max_size=14))


def check(result, text: str) -> None:
    assert isinstance(result, (Tag, ForeignCode))
    if isinstance(result, Tag):
        assert result.payload() == text and len(text) <= MAX_PAYLOAD
        assert game_code(result.identity) == code_of(result.game).lower()


@FUZZ
@given(st.one_of(near_payloads, st.text(max_size=40), st.text(ALPHANUMERIC, max_size=24)))
def test_any_text_parses_to_a_tag_or_a_foreign_code(text):
    check(parse_payload(text), text)


@FUZZ
@given(st.one_of(st.binary(max_size=100), near_payloads.map(str.encode)))
def test_any_bytes_parse_to_a_tag_or_a_foreign_code(data):
    result = parse_payload(data)
    if isinstance(result, Tag):
        check(result, data.decode("ascii"))
    else:
        assert isinstance(result, ForeignCode) and result.reason
