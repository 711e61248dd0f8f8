"""Settings files and translation catalogues."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.i18n import (LANGUAGE_NAMES, CatalogueError, Translator, all_messages, catalogue,
                            parse_po)
from companion.settings import Settings, SettingsError, load_settings, save_settings

ROOT = Path(__file__).resolve().parents[2]


def test_settings_round_trip(tmp_path):
    path = tmp_path / "settings.toml"
    settings = Settings(language="pl", camera="opencv", camera_device="/dev/video2", fullscreen=True,
                        sound=False, pins={"end_turn": 5, "seat_leds": [6, 13, 19]})
    save_settings(settings, path)
    assert load_settings(path) == settings


def test_missing_settings_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "none.toml") == Settings()


@pytest.mark.parametrize("text, message", [
    ('language = "fr"', "language must be one of"),
    ('colour = "red"', "unknown setting 'colour'"),
    ("sound = 3", "sound must be true or false"),
    ('camera = "kinect"', "camera must be one of"),
    ("language = ", "not valid TOML"),
])
def test_bad_settings_name_file_and_key(tmp_path, text, message):
    path = tmp_path / "settings.toml"
    path.write_text(text)
    with pytest.raises(SettingsError) as err:
        load_settings(path)
    assert message in str(err.value) and "settings.toml" in str(err.value)


def test_translator_formats_and_falls_back():
    el = Translator("el")
    assert el("New game") == "Νέο παιχνίδι"
    assert el("Player {n}", n=3) == "Παίκτης 3"
    assert el("A message nobody translated") == "A message nobody translated"
    with pytest.raises(ValueError):
        Translator("fr")


def test_po_parser_reads_multiline_and_skips_fuzzy():
    text = 'msgid ""\nmsgstr "header"\n\nmsgid "a"\n"b"\nmsgstr "c"\n"d"\n\n#, fuzzy\nmsgid "x"\nmsgstr "y"\n'
    assert parse_po(text) == {"ab": "cd"}
    with pytest.raises(CatalogueError, match="po:2"):
        parse_po('msgid "a"\nbogus line\n', "x.po")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGE_NAMES if lang != "en"])
def test_every_message_is_translated(lang):
    """Every tr()/N_() message of the app and every game option has a translation."""
    messages = all_messages(ROOT)
    assert len(messages) > 60
    translated = catalogue(lang)
    missing = sorted(m for m in messages if not translated.get(m))
    assert missing == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGE_NAMES if lang != "en"])
def test_placeholders_survive_translation(lang):
    import string

    for message, text in catalogue(lang).items():
        wanted = {f for _, f, _, _ in string.Formatter().parse(message) if f}
        got = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        assert wanted == got, (message, text)
