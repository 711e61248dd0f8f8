"""Translations from gettext catalogues (``companion/locale/<lang>/LC_MESSAGES/companion.po``).

The ``.po`` files are ordinary gettext catalogues (edit them with Poedit or
any text editor).  They are read directly, so there is no compile step to
forget; an untranslated or missing message falls back to English.
"""
from __future__ import annotations

import ast
import re
import functools
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

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


def catalogue_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@functools.lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """Every ``.po`` of a language merged: ``companion.po`` (the app) and one per game."""
    if lang == "en":
        return {}
    merged: dict[str, str] = {}
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        merged.update(parse_po(path.read_text(encoding="utf-8"), str(path)))
    return merged


@dataclass(frozen=True, init=False)
class Text:
    """A message and its parameters, translated only when shown.

    ``Text(msgid, ship="0a")`` with a msgid such as "Ship {ship} is full":
    ``str()`` gives the English
    sentence, a :class:`Translator` the player's language.  A parameter may
    itself be a Text (a colour name), a :class:`Seat` (shown as the player's
    name), a tuple (a list, shown joined by ", ") or any plain value.
    """

    msgid: str
    params: tuple[tuple[str, Any], ...]

    def __init__(self, msgid: str, **params: Any):
        object.__setattr__(self, "msgid", msgid)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def __str__(self) -> str:
        return self.render(lambda message: message)

    def render(self, translate: Callable[[str], str]) -> str:
        """The text with ``translate`` applied to this msgid and every nested one."""
        pattern = translate(self.msgid)
        if not self.params:
            return pattern
        return pattern.format(**{name: _render(value, translate) for name, value in self.params})

    def map_params(self, change: Callable[[Any], Any]) -> "Text":
        """A copy with ``change`` applied to every parameter, nested Texts and lists included."""
        def walk(value: Any) -> Any:
            if isinstance(value, Text):
                return value.map_params(change)
            if isinstance(value, tuple):
                return tuple(walk(v) for v in value)
            return change(value)
        return Text(self.msgid, **{name: walk(value) for name, value in self.params})

    def msgids(self) -> set[str]:
        """This msgid and every nested one (Seat words included)."""
        found = {self.msgid}
        for _, value in self.params:
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, Seat):
                    item = item.text()
                if isinstance(item, Text):
                    found |= item.msgids()
        return found


@dataclass(frozen=True)
class Seat:
    """A seat as a message parameter: the UI shows the player's name (see
    :func:`with_names`); otherwise it reads "seat N" ("Seat N" when
    ``capitalised``, at the start of a sentence), where N counts from
    ``counted_from`` (some games' texts count seats from 1)."""

    index: int
    counted_from: int = 0
    capitalised: bool = False

    def text(self) -> Text:
        number = self.index + self.counted_from
        return Text("Seat {number}", number=number) if self.capitalised else Text("seat {number}", number=number)

    def __str__(self) -> str:
        return str(self.text())


def _render(value: Any, translate: Callable[[str], str]) -> Any:
    if isinstance(value, Seat):
        value = value.text()
    if isinstance(value, Text):
        return value.render(translate)
    if isinstance(value, tuple):
        return ", ".join(str(_render(v, translate)) for v in value)
    return value


def untranslated(message: str) -> Text:
    """A message no catalogue holds (an add-on game's or a malformed input's English)."""
    return Text(message)


def with_names(text: Text, names: Sequence[str]) -> Text:
    """``text`` with every :class:`Seat` parameter replaced by that player's name."""
    def name(value: Any) -> Any:
        if isinstance(value, Seat) and 0 <= value.index < len(names):
            return names[value.index]
        return value
    return text.map_params(name)


def placeholders(message: str) -> set[str]:
    """The ``{name}`` fields of a message (what a translation must keep)."""
    return {field for _, field, _, _ in string.Formatter().parse(message) if field}


class Translator:
    """``tr(message)`` in one language; falls back to the English message.

    ``message`` is a msgid (formatted with ``values``) or a :class:`Text`."""

    def __init__(self, lang: str = "en"):
        if lang not in LANGUAGE_NAMES:
            raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGE_NAMES)})")
        self.lang = lang
        self._messages = catalogue(lang)

    def __call__(self, message: str | Text, **values: object) -> str:
        if isinstance(message, Text):
            return message.render(self._lookup)
        text = self._lookup(message)
        return text.format(**values) if values else text

    def _lookup(self, message: str) -> str:
        return self._messages.get(message, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it here."""
    return message


_MARKERS = ("tr", "N_", "Text")
_KV_MESSAGE = re.compile(r"""\b(?:tr|N_)\(\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')""")


def extract_messages(root: Path) -> set[str]:
    """Every literal passed to ``tr(...)``/``N_(...)``/``Text(...)`` in the .py and .kv files under ``root``."""
    found: set[str] = set()
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".py", ".kv") or ".venv" in path.parts or "tests" in path.parts:
            continue
        source = path.read_text(encoding="utf-8")
        found |= py_messages(source, str(path)) if path.suffix == ".py" else kv_messages(source)
    return found


def py_messages(source: str, where: str = "<source>") -> set[str]:
    """The string literals a Python module passes first to ``tr``, ``N_`` or ``Text``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source, where)):
        if isinstance(node, ast.Call) and node.args and _called_name(node.func) in _MARKERS:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
    return found


def _called_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def kv_messages(source: str) -> set[str]:
    """The string literals a .kv file passes to ``app.tr(...)``."""
    found: set[str] = set()
    for match in _KV_MESSAGE.finditer(source):
        raw = match.group(1) if match.group(1) is not None else match.group(2)
        found.add(ast.literal_eval('"' + raw.replace('"', '\\"') + '"') if match.group(2) is not None
                  else ast.literal_eval(f'"{raw}"'))
    return found


def game_messages() -> set[str]:
    """Option labels, help texts and choice labels of every game shipped in companion/."""
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
            for value in option.choices:
                found.add(option.label_for(value))
    return {m for m in found if m and not m.isdigit()}


def all_messages(project_root: Path) -> set[str]:
    return extract_messages(project_root) | game_messages()


def write_po(path: Path, messages: set[str], existing: dict[str, str], lang: str) -> int:
    """Write a catalogue with every message (translations kept); returns how many lack one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
             f'"Language: {lang}\\n"', ""]
    missing = 0
    for message in sorted(messages):
        translated = existing.get(message, "")
        missing += not translated
        lines += [f"msgid {_po_quote(message)}", f"msgstr {_po_quote(translated)}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return missing


def _po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main(argv: list[str] | None = None) -> int:
    """``python -m companion.i18n update``: add new messages to ``companion.po``.

    Messages already translated in another catalogue of the language (a
    game's own ``<game>.po``) are left there."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if args != ["update"]:
        print("usage: python -m companion.i18n update", file=sys.stderr)
        return 2
    root = Path(__file__).resolve().parents[1]
    messages = all_messages(root)
    for lang in LANGUAGE_NAMES:
        if lang == "en":
            continue
        path = catalogue_path(lang)
        existing = parse_po(path.read_text(encoding="utf-8"), str(path)) if path.exists() else {}
        others = {m for m, t in catalogue(lang).items() if t and m not in existing}
        missing = write_po(path, messages - others, existing, lang)
        print(f"{lang}: {len(messages)} messages, {missing} without translation")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
