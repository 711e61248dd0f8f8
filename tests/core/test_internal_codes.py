"""No internal code reaches a player: Alles card codes ("O:P5-Y3s-G2-B4s-R6"), file-format
ids ("caravelas-board/1"), docs paths ("docs/caravelas.md") and the settings file's
"1280x720" are shown in players' words (the card as its panel numbers it, "1280 × 720")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import GameConfig
from companion.games import load_game
from companion.i18n import LANGUAGE_NAMES, Translator
from tools.catalogues import all_messages, catalogue
from companion.messages import with_names
from companion.settings import Settings, size_from_words, size_words
from tests.conformance.playout import play

ROOT = Path(__file__).resolve().parents[2]
#: an Alles auf 1 Karte card code: colour letter, colon, then rows such as "P5-Y3s"
CARD_CODE = re.compile(r"\b[A-Z]:[A-Z]\d+s?-")
#: a docs path, a Markdown file, a file format's versioned id, a WIDTHxHEIGHT size
CODES = re.compile(r"docs/|\.md\b|\b[a-z]+-[a-z]+/\d\b|\b\d{3,4}x\d{3,4}\b")


@pytest.mark.parametrize("lang", list(LANGUAGE_NAMES))
def test_no_message_shows_a_docs_path_a_format_id_or_a_raw_size(lang):
    messages = all_messages(ROOT)
    texts = messages if lang == "en" else [t for m, t in catalogue(lang).items() if m in messages]
    shown = [form for text in texts for form in (text if isinstance(text, tuple) else (text,))]
    assert sorted(text for text in shown if CODES.search(text)) == []


def test_alles_corrections_name_the_card_by_its_place_in_the_panel_not_its_code():
    game = load_game("alles_auf_1_karte")
    names = ["Ann", "Bea", "Cy"]
    run = play(game, GameConfig.build("alles_auf_1_karte", names), 7)
    state = next(s for s in run.states[len(run.states) // 2:] if any(seat.open for seat in s.seats))
    labels = [with_names(item.what, names) for item in game.counted(state)]
    assert labels and all(not CARD_CODE.search(str(label)) for label in labels), labels[:3]
    assert any(re.fullmatch(r"\w+: card 1, \w+ row", str(label)) for label in labels), labels[:3]
    for lang in ("el", "it", "pl"):
        assert all(not CARD_CODE.search(Translator(lang)(label)) for label in labels)


def test_camera_sizes_read_as_players_write_them():
    assert size_words(Settings().camera_size) == "1280 × 720"
    assert [size_from_words(t) for t in ("1280 × 720", " 640 x 480 ", "1920X1080", "")] == \
        ["1280x720", "640x480", "1920x1080", ""]
    assert size_from_words(size_words("800x600")) == "800x600"
