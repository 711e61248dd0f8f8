"""Translations from gettext catalogues (``companion/locale/<lang>/LC_MESSAGES/companion.po``).

The ``.po`` files are ordinary gettext catalogues (edit them with Poedit or
any text editor).  They are read directly, so there is no compile step to
forget; an untranslated or missing message falls back to English.
"""
from __future__ import annotations

import ast
import functools
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "companion"
LANGUAGE_NAMES = {"en": "English", "el": "Ελληνικά", "it": "Italiano", "pl": "Polski"}


class CatalogueError(ValueError):
    """A .po file that cannot be parsed; the message names file and line."""


def parse_po(text: str, where: str = "catalogue") -> dict[str, str]:
    """msgid → msgstr for every translated, non-fuzzy entry of a .po file."""
    entries: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    current: list[str] | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal msgid, msgstr, fuzzy
        if msgid is not None and msgstr is not None:
            source, target = "".join(msgid), "".join(msgstr)
            if source and target and not fuzzy:
                entries[source] = target
        msgid = msgstr = None
        fuzzy = False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        try:
            if line.startswith("msgid "):
                if msgstr is not None:
                    keep_fuzzy = fuzzy
                    flush()
                    fuzzy = keep_fuzzy
                msgid = [ast.literal_eval(line[6:].strip())]
                current = msgid
            elif line.startswith("msgstr "):
                if msgid is None:
                    raise CatalogueError(f"{where}:{number}: msgstr without msgid")
                msgstr = [ast.literal_eval(line[7:].strip())]
                current = msgstr
            elif line.startswith('"'):
                if current is None:
                    raise CatalogueError(f"{where}:{number}: text outside an entry")
                current.append(ast.literal_eval(line))
            else:
                raise CatalogueError(f"{where}:{number}: cannot read {line[:40]!r}")
        except (ValueError, SyntaxError) as exc:
            if isinstance(exc, CatalogueError):
                raise
            raise CatalogueError(f"{where}:{number}: bad string ({exc})") from None
    flush()
    return entries


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    if lang == "en":
        return {}
    path = catalogue_path(lang)
    return parse_po(path.read_text(encoding="utf-8"), str(path))


class Translator:
    """``tr(message)`` in one language; falls back to the English message."""

    def __init__(self, lang: str = "en"):
        if lang not in LANGUAGE_NAMES:
            raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGE_NAMES)})")
        self.lang = lang
        self._messages = catalogue(lang)

    def __call__(self, message: str, **values: object) -> str:
        text = self._messages.get(message, message)
        return text.format(**values) if values else text
