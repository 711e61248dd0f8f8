"""Settings files and translation catalogues."""
from __future__ import annotations

import gettext
import io
import logging
from pathlib import Path

import pytest

from companion import i18n
from companion.i18n import LANGUAGE_NAMES, Translator
from companion.settings import Settings, SettingsError, load_settings, save_settings
from tools.babel_extractors import KEYWORDS, extract_kv, extract_py
from tools.catalogues import (CatalogueError, all_messages, catalogue, catalogue_path, compile_catalogues,
                              read_catalogue, translations, write_catalogue)

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


PL_PLURAL_FORMS = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"


def test_po_reader_reads_plural_entries_and_the_header_rule(tmp_path):
    text = ('msgid ""\nmsgstr ""\n"Language: pl\\n"\n"Plural-Forms: ' + PL_PLURAL_FORMS + '\\n"\n\n'
            'msgid "{count} cube"\nmsgid_plural "{count} cubes"\nmsgstr[0] "{count} kostka"\n'
            'msgstr[1] "{count} kostki"\nmsgstr[2] "{count} kostek"\n\n'
            'msgid "half"\nmsgid_plural "halves"\nmsgstr[0] "x"\nmsgstr[1] ""\nmsgstr[2] ""\n')
    locale = tmp_path / "pl" / "LC_MESSAGES"
    locale.mkdir(parents=True)
    path = locale / "x.po"
    path.write_text(text, encoding="utf-8")
    assert translations(path) == {"{count} cube": ("{count} kostka", "{count} kostki", "{count} kostek")}
    assert compile_catalogues(tmp_path) == [locale / "x.mo"]
    with (locale / "x.mo").open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    assert [compiled.ngettext("{count} cube", "{count} cubes", n) for n in (1, 3, 5, 21, 24)] == [
        "{count} kostka", "{count} kostki", "{count} kostek", "{count} kostek", "{count} kostki"]
    written = tmp_path / "y.po"
    assert write_catalogue(written, read_catalogue(path), {"{count} cube", "plain"},
                           {"{count} cube": "{count} cubes"}) == 1
    assert translations(written) == translations(path)
    assert read_catalogue(written).plural_forms == PL_PLURAL_FORMS


def test_the_extractor_finds_plural_messages():
    source = ('Text("{count} card", "{count} cards", count=n)\ntrn("{count} row", "{count} rows", 2)\n'
              'Text("one")\nText(name, x=1)\nf"{tr(\'inside\')}"\nText({"V": N_("Venice")}[node])\n')
    found = {message for _, _, message, _ in extract_py(io.BytesIO(source.encode()), KEYWORDS, (), {})}
    assert found == {("{count} card", "{count} cards"), ("{count} row", "{count} rows"), ("one",),
                     ("inside",), ("Venice",)}
    kv = b"Label:\n    text: app.tr('Back') + app.tr(\"Say \\\"hi\\\"\")\n    hint: N_('x')\n"
    assert [(line, message) for line, _, message, _ in extract_kv(io.BytesIO(kv), KEYWORDS, (), {})] == [
        (2, ("Back",)), (2, ('Say "hi"',)), (3, ("x",))]


def test_po_reader_reads_multiline_and_skips_fuzzy(tmp_path):
    path = tmp_path / "x.po"
    path.write_text('msgid ""\nmsgstr "header"\n\nmsgid "a"\n"b"\nmsgstr "c"\n"d"\n\n#, fuzzy\nmsgid "x"\nmsgstr "y"\n')
    assert translations(path) == {"ab": "cd"}
    path.write_text('msgid "a"\nbogus line\n')
    with pytest.raises(CatalogueError, match="x.po"):
        read_catalogue(path)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGE_NAMES if lang != "en"])
def test_the_compiled_catalogues_are_the_po_files(lang):
    """What the app reads (.mo, through gettext) is what the .po files say: compile them again
    (``python -m tools.catalogues compile``, or ./setup.sh) after editing one."""
    for path in sorted(catalogue_path(lang).parent.glob("*.po")):
        with path.with_suffix(".mo").open("rb") as file:
            compiled = gettext.GNUTranslations(file)
        index = gettext.c2py(read_catalogue(path).plural_expr)
        stale = []
        for message, text in translations(path).items():
            if isinstance(text, tuple):
                shown = [compiled.ngettext(message, "", n) for n in range(30)]
                wanted = [text[index(n)] for n in range(30)]
            else:
                shown, wanted = compiled.gettext(message), text
            if shown != wanted:
                stale.append(message)
        assert stale == [], f"{path} is newer than its .mo: run python -m tools.catalogues compile"


def test_a_language_not_compiled_shows_in_english_and_says_what_to_run(tmp_path, monkeypatch, caplog):
    def shown(message: str) -> str:
        i18n.translations.cache_clear()
        return Translator("el")(message)

    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    try:
        with caplog.at_level(logging.WARNING, logger="companion.i18n"):
            assert shown("New game") == "New game"            # an app installed without its .mo files
        assert "no compiled catalogue in" in caplog.text and "tools.catalogues compile" in caplog.text
        caplog.clear()
        folder = tmp_path / "el" / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "companion.po").write_text('msgid "New game"\nmsgstr "Νέο παιχνίδι"\n', encoding="utf-8")
        (folder / "pebbles.po").write_text('msgid "Pile"\nmsgstr "Σωρός"\n', encoding="utf-8")
        compile_catalogues(tmp_path)
        assert (shown("New game"), shown("Pile")) == ("Νέο παιχνίδι", "Σωρός")
        (folder / "pebbles.mo").unlink()
        with caplog.at_level(logging.WARNING, logger="companion.i18n"):
            assert (shown("New game"), shown("Pile")) == ("Νέο παιχνίδι", "Pile")
        assert "pebbles.mo missing in" in caplog.text and "tools.catalogues compile" in caplog.text
        for damaged in (b"\x00\x01", b"not a catalogue at all"):
            (folder / "pebbles.mo").write_bytes(damaged)
            with caplog.at_level(logging.WARNING, logger="companion.i18n"):
                assert (shown("New game"), shown("Pile")) == ("Νέο παιχνίδι", "Pile")
            assert "pebbles.mo cannot be read" in caplog.text
    finally:
        i18n.translations.cache_clear()


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
