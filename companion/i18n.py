"""Translations at run time: the standard library's gettext over compiled catalogues.

A language's messages are in ``companion/locale/<lang>/LC_MESSAGES/``: ``companion.po`` (the
app) and one ``<game>.po`` per game, edited as text (Poedit or any editor) and compiled to the
``.mo`` files read here by ``./setup.sh`` (or ``python -m tools.catalogues compile``).  A
message no catalogue translates shows in English, and so does a language whose ``.mo`` files
are missing (the log says what to run).  The messages themselves are :mod:`companion.messages`.
"""
from __future__ import annotations

import functools
import gettext
import logging
import struct
from pathlib import Path
from typing import Any

from companion.messages import Text

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "companion"
LANGUAGE_NAMES = {"en": "English", "el": "Ελληνικά", "it": "Italiano", "pl": "Polski"}
#: what compiles the .po files to .mo (from the project folder)
COMPILE_COMMAND = "./setup.sh (or .venv/bin/python -m tools.catalogues compile)"

log = logging.getLogger(__name__)


@functools.lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """Every compiled catalogue of ``lang`` in one chain (English's is empty).

    Where two catalogues hold a message, the one later in name order is asked first
    (``golden_horn`` before ``companion`` before ``coloretto``)."""
    chain = gettext.NullTranslations()
    if lang == "en":
        return chain
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    missing = []
    for domain in sorted({path.stem for path in folder.glob("*.[mp]o")}):
        mo = folder / f"{domain}.mo"
        try:
            with mo.open("rb") as file:
                catalogue = gettext.GNUTranslations(file)
        except FileNotFoundError:
            missing.append(mo.name)
            continue
        except (OSError, ValueError, struct.error) as exc:       # not a .mo file, or cut short
            log.error("%s cannot be read (%s): its messages show in English; compile the catalogues: %s",
                      mo, exc, COMPILE_COMMAND)
            continue
        catalogue.add_fallback(chain)
        chain = catalogue
    if not isinstance(chain, gettext.GNUTranslations):
        log.warning("no compiled catalogue in %s: %s shows in English; compile the catalogues: %s",
                    folder, LANGUAGE_NAMES[lang], COMPILE_COMMAND)
    elif missing:
        log.warning("%s missing in %s: their messages show in English; compile the catalogues: %s",
                    ", ".join(missing), folder, COMPILE_COMMAND)
    return chain


class Translator:
    """``tr(message)`` in one language; falls back to the English message.

    ``message`` is a msgid (formatted with ``values``), a :class:`~companion.messages.Text`, or a
    Text's :meth:`~companion.messages.Text.to_dict` form (a score sheet read back from the journal)."""

    def __init__(self, lang: str = "en"):
        if lang not in LANGUAGE_NAMES:
            raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGE_NAMES)})")
        self.lang = lang
        self._translations = translations(lang)

    def __call__(self, message: str | Text | dict[str, Any], **values: object) -> str:
        if isinstance(message, dict):
            message = Text.from_dict(message)
        if isinstance(message, Text):
            return message.render(self._translations.gettext, self.ngettext)
        text = self._translations.gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of a plural message for ``n`` (English's when untranslated)."""
        return self._translations.ngettext(singular, plural, n)
