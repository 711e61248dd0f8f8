"""Every character of every player-facing text has a glyph in the app's font.

Kivy draws labels in Roboto (its default font, shipped with it) and has no font
fallback: a character Roboto lacks is drawn as an empty box ("Bo: πλέει 2 κελιά ▯
Cape Verde" was on the Greek camera proposal).  The English texts and the el/it/pl
catalogues are checked against the font's own character map (its ``cmap`` table).
"""
from __future__ import annotations

import importlib.util
import struct
from functools import lru_cache
from pathlib import Path

import pytest

from tools.catalogues import all_messages, catalogue

ROOT = Path(__file__).resolve().parents[2]
FONTS = Path(importlib.util.find_spec("kivy").submodule_search_locations[0]) / "data" / "fonts"


def font_characters(path: Path) -> frozenset[int]:
    """The code points a TrueType font maps to glyphs (cmap formats 4 and 12)."""
    data = path.read_bytes()
    tables = {data[12 + 16 * i:16 + 16 * i]: struct.unpack(">II", data[20 + 16 * i:28 + 16 * i])
              for i in range(struct.unpack(">H", data[4:6])[0])}
    offset, _length = tables[b"cmap"]
    cmap = data[offset:]
    points: set[int] = set()
    for k in range(struct.unpack(">H", cmap[2:4])[0]):
        _platform, _encoding, start = struct.unpack(">HHI", cmap[4 + 8 * k:12 + 8 * k])
        sub = cmap[start:]
        kind = struct.unpack(">H", sub[:2])[0]
        if kind == 4:
            segments = struct.unpack(">H", sub[6:8])[0] // 2
            ends = struct.unpack(f">{segments}H", sub[14:14 + 2 * segments])
            starts = struct.unpack(f">{segments}H", sub[16 + 2 * segments:16 + 4 * segments])
            for first, last in zip(starts, ends):
                points.update(range(first, last + 1))
        elif kind == 12:
            for g in range(struct.unpack(">I", sub[12:16])[0]):
                first, last, _glyph = struct.unpack(">III", sub[16 + 12 * g:28 + 12 * g])
                points.update(range(first, last + 1))
    points.discard(0xFFFF)
    return frozenset(points)


@lru_cache(maxsize=None)
def roboto() -> frozenset[int]:
    return font_characters(FONTS / "Roboto-Regular.ttf") & font_characters(FONTS / "Roboto-Bold.ttf")


def missing(text: str) -> set[str]:
    return {c for c in text if ord(c) not in roboto() and c not in "\n\t"}


def test_the_font_reader_knows_what_roboto_has_and_lacks():
    assert missing("Αγγίξτε · Dotknij pól · Città – “ok” …") == set()
    assert missing("a → b") == {"→"}                      # the arrow Roboto lacks


def test_every_english_text_has_its_glyphs():
    found = {m: missing(m) for m in all_messages(ROOT) if missing(m)}
    assert found == {}


@pytest.mark.parametrize("lang", ["el", "it", "pl"])
def test_every_translation_has_its_glyphs(lang):
    found = {}
    for msgid, translation in catalogue(lang).items():
        for text in translation if isinstance(translation, tuple) else (translation,):
            if missing(text):
                found[msgid] = sorted(missing(text))
    assert found == {}
