"""The translation catalogues (``companion/locale/<lang>/LC_MESSAGES/*.po``), with Babel.

    .venv/bin/python -m tools.catalogues update    # every message into the .po files, unused ones out
    .venv/bin/python -m tools.catalogues compile   # the .po files to the .mo files the app reads

``update`` extracts the messages (``tools/babel.cfg``: the markers of ``companion.messages``
in the .py files, ``tr``/``N_`` in the .kv files) and every shipped game's title, option labels
and choices, then brings each language's catalogues up to date: a message extracted from
``companion/<game>/`` goes to that game's ``<game>.po`` when the language has one, a message a
catalogue already holds stays there, the rest goes to ``companion.po``; messages no longer used
are dropped.  Translations are kept; a message that becomes plural (or singular) is marked
fuzzy until a translator has looked at it.  ``compile`` runs in ``./setup.sh``; run it after
editing a .po file (the app reads only the .mo files).  Run both from the project folder.

The same extraction with Babel's command line, as a template (without the games' option texts,
which ``update`` reads from the game definitions)::

    PYTHONPATH=. .venv/bin/pybabel extract -F tools/babel.cfg --no-default-keywords \
        -k tr:1,1t -k N_:1,1t -k Text:1,1t -k Text:1,2,2t -k trn:1,2,2t -o companion.pot .
"""
from __future__ import annotations

import contextlib
import functools
import gettext
import os
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import IO, Iterator

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po, write_po

from companion.i18n import DOMAIN, LANGUAGE_NAMES, LOCALE_DIR
from tools.babel_extractors import KEYWORDS, extract_py

ROOT = Path(__file__).resolve().parents[1]
MAPPING = ROOT / "tools" / "babel.cfg"
LANGUAGES = tuple(lang for lang in LANGUAGE_NAMES if lang != "en")
PROJECT = "Table Companion"

#: a catalogue's translation of a message: its text, or a plural's forms
Translation = str | tuple[str, ...]


class CatalogueError(ValueError):
    """A .po file that cannot be read; the message names the file and the line."""


# -- messages -------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def extracted(root: Path = ROOT) -> tuple[tuple[str, str, str | None], ...]:
    """``(file, msgid, plural or None)`` for every marked message under ``root``."""
    with MAPPING.open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    found = []
    for filename, _, message, _, _ in extract_from_dir(str(root), method_map, options_map, keywords=KEYWORDS):
        msgid, plural = (message, None) if isinstance(message, str) else (message[0], message[1])
        found.append((Path(filename).as_posix(), msgid, plural))
    return tuple(found)


def plurals(root: Path = ROOT) -> dict[str, str]:
    """singular → plural msgid of every plural message (``Text(a, b, count=n)``, ``trn(a, b, n)``)."""
    return {msgid: plural for _, msgid, plural in extracted(root) if plural is not None}


def py_messages(path: Path) -> set[str]:
    """The msgids one Python module passes to ``tr``, ``N_``, ``Text`` or ``trn``."""
    return {message if isinstance(message, str) else message[0]
            for _, message, _, _ in extract_from_file(extract_py, str(path), keywords=KEYWORDS)}


def game_messages() -> set[str]:
    """Titles, option labels, help texts and choice labels of every game shipped in companion/."""
    from companion.games import available_games, load_manifest

    found: set[str] = set()
    for name in available_games():
        manifest = load_manifest(name)
        if not manifest.translated:
            continue  # a test or add-on game brings its own catalogue
        game = manifest.engine
        found.add(game.title)
        for option in game.options:
            found.add(option.label)
            if option.help:
                found.add(option.help)
            if option.group:
                found.add(option.group)
            for value in option.choices:
                found.add(option.label_for(value))
    return {m for m in found if m and not m.isdigit()}


def all_messages(root: Path = ROOT) -> set[str]:
    """Every msgid the app can show: the marked ones and the games' option texts."""
    return {msgid for _, msgid, _ in extracted(root)} | game_messages()


# -- reading the catalogues -----------------------------------------------------------------

def catalogue_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalogue(path: Path) -> Catalog:
    """A .po file as Babel's Catalog; :class:`CatalogueError` names the file and line."""
    try:
        with path.open("rb") as file:
            return read_po(file, abort_invalid=True)
    except PoFileError as exc:
        raise CatalogueError(f"{path}: {exc}") from None


def translations(path: Path) -> dict[str, Translation]:
    """msgid → translation of every translated, non-fuzzy message of a .po file (a plural by
    its singular msgid, with every form filled)."""
    found: dict[str, Translation] = {}
    for message in read_catalogue(path):
        if not message.id or message.fuzzy:
            continue
        if message.pluralizable:
            if all(message.string):
                found[message.id[0]] = tuple(message.string)
        elif message.string:
            found[message.id] = message.string
    return found


@functools.lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, Translation]:
    """Every ``.po`` of a language merged as the app chains them (the later in name order wins)."""
    merged: dict[str, Translation] = {}
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        merged.update(translations(path))
    return merged


def plural_index(lang: str):
    """n → which plural form ``lang`` uses (its ``companion.po``'s Plural-Forms)."""
    return gettext.c2py(read_catalogue(catalogue_path(lang)).plural_expr)


# -- update ----------------------------------------------------------------------------------

def _msgid(message: Message) -> str:
    return message.id[0] if message.pluralizable else message.id


def _untranslated(message: Message) -> bool:
    forms = message.string if message.pluralizable else (message.string,)
    return message.fuzzy or not all(forms)


def write_catalogue(path: Path, catalogue: Catalog, wanted: set[str], plural_of: dict[str, str]) -> int:
    """``catalogue`` with exactly the ``wanted`` messages written to ``path`` (translations
    kept, unused messages dropped, sorted by msgid); returns how many lack a translation."""
    template = Catalog(locale=catalogue.locale, domain=catalogue.domain)
    for msgid in wanted:
        template.add((msgid, plural_of[msgid]) if msgid in plural_of else msgid)
    template.creation_date = catalogue.creation_date
    catalogue.update(template, no_fuzzy_matching=True)
    catalogue.project, catalogue.version = PROJECT, metadata.version("table-companion")
    catalogue.msgid_bugs_address = ""
    catalogue.language_team = LANGUAGE_NAMES.get(str(catalogue.locale), "")
    catalogue.fuzzy = False
    if not catalogue.header_comment.strip("# \n"):
        catalogue.header_comment = f"# {PROJECT}: the app's messages (each game's own are in <game>.po)."
    with _replacing(path) as file:
        write_po(file, catalogue, width=0, no_location=True, sort_output=True, ignore_obsolete=True)
    return sum(_untranslated(message) for message in catalogue if message.id)


def update(root: Path = ROOT) -> None:
    """Every language's catalogues brought up to date (see the module's docstring)."""
    messages = all_messages(root)
    plural_of = plurals(root)
    for lang in LANGUAGES:
        folder = LOCALE_DIR / lang / "LC_MESSAGES"
        placed: set[str] = set()
        missing = 0
        for path in sorted(folder.glob("*.po")):
            if path.stem == DOMAIN:
                continue
            held = read_catalogue(path)
            own = {msgid for file, msgid, _ in extracted(root) if file.startswith(f"companion/{path.stem}/")}
            wanted = own | ({_msgid(m) for m in held if m.id} & messages)
            placed |= wanted
            missing += write_catalogue(path, held, wanted, plural_of)
        path = folder / f"{DOMAIN}.po"
        held = read_catalogue(path) if path.exists() else Catalog(locale=lang, domain=DOMAIN)
        wanted = (messages - placed) | ({_msgid(m) for m in held if m.id} & messages)
        missing += write_catalogue(path, held, wanted, plural_of)
        print(f"{lang}: {len(messages)} messages, {missing} without translation")
    catalogue.cache_clear()


# -- compile ---------------------------------------------------------------------------------

def compile_catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Every ``.po`` under ``locale_dir`` compiled to the ``.mo`` beside it (fuzzy messages
    left out); returns the .mo files written."""
    written = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        with _replacing(mo) as file:
            write_mo(file, read_catalogue(po))
        written.append(mo)
    return written


@contextlib.contextmanager
def _replacing(path: Path) -> Iterator[IO[bytes]]:
    """A file written beside ``path`` and put in its place when complete (so an app running
    meanwhile never reads half a catalogue)."""
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}.", delete=False) as file:
        try:
            yield file
        except BaseException:
            os.unlink(file.name)
            raise
    os.chmod(file.name, 0o644)
    os.replace(file.name, path)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        if args == ["update"]:
            update()
            print(f"compiled {len(compile_catalogues())} catalogues")
            return 0
        if args == ["compile"]:
            print(f"compiled {len(compile_catalogues())} catalogues in {LOCALE_DIR}")
            return 0
    except CatalogueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print("usage: python -m tools.catalogues update|compile", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
