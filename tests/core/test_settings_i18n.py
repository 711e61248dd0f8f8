"""Settings files and translation catalogues."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.i18n import (LANGUAGE_NAMES, PLURAL_FORMS, CatalogueError, Translator, all_messages,
                            catalogue, header_plural_forms, parse_po, plural_rule, py_messages, py_plurals,
                            write_po)
from companion.settings import Settings, load_settings, save_settings
from companion.errors import SettingsError

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


def test_po_parser_reads_plural_entries_and_the_header_rule(tmp_path):
    text = ('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && '
            '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
            'msgid "{count} cube"\nmsgid_plural "{count} cubes"\nmsgstr[0] "{count} kostka"\n'
            'msgstr[1] "{count} kostki"\nmsgstr[2] "{count} kostek"\n\n'
            'msgid "half"\nmsgid_plural "halves"\nmsgstr[0] "x"\nmsgstr[1] ""\nmsgstr[2] ""\n')
    assert parse_po(text) == {"{count} cube": ("{count} kostka", "{count} kostki", "{count} kostek")}
    nplurals, index = plural_rule(header_plural_forms(text))
    assert nplurals == 3 and [index(n) for n in (1, 3, 5, 21, 24)] == [0, 1, 2, 2, 1]
    path = tmp_path / "x.po"
    assert write_po(path, {"{count} cube", "plain"}, parse_po(text), "pl", {"{count} cube": "{count} cubes"}) == 1
    assert parse_po(path.read_text(encoding="utf-8")) == parse_po(text)
    assert header_plural_forms(path.read_text(encoding="utf-8")) == PLURAL_FORMS["pl"]


def test_the_extractor_finds_plural_messages():
    source = 'Text("{count} card", "{count} cards", count=n)\ntrn("{count} row", "{count} rows", 2)\nText("one")\n'
    assert py_messages(source) == {"{count} card", "{count} row", "one"}
    assert py_plurals(source) == {"{count} card": "{count} cards", "{count} row": "{count} rows"}


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
        for form in text if isinstance(text, tuple) else (text,):     # every plural form
            got = {f for _, f, _, _ in string.Formatter().parse(form) if f}
            assert wanted == got, (message, form)
