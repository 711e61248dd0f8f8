"""Translations from gettext catalogues (``companion/locale/<lang>/LC_MESSAGES/companion.po``).

The ``.po`` files are ordinary gettext catalogues (edit them with Poedit or
any text editor).  They are read directly, so there is no compile step to
forget; an untranslated or missing message falls back to English.
"""
from __future__ import annotations

import ast
import functools
import gettext
import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "companion"
LANGUAGE_NAMES = {"en": "English", "el": "Ελληνικά", "it": "Italiano", "pl": "Polski"}


class CatalogueError(ValueError):
    """A .po file that cannot be parsed; the message names file and line."""


Translation = str | tuple[str, ...]


def parse_po(text: str, where: str = "catalogue") -> dict[str, Translation]:
    """msgid → msgstr for every translated, non-fuzzy entry of a .po file.

    A plural entry (``msgid_plural`` with ``msgstr[0]``, ``msgstr[1]`` …) maps its
    singular msgid to the tuple of its forms, in the order of the catalogue's
    ``Plural-Forms`` (see :func:`plural_rule`); it counts only with every form filled.
    """
    entries: dict[str, Translation] = {}
    msgid: list[str] | None = None
    plural: list[str] | None = None
    forms: dict[int, list[str]] = {}
    current: list[str] | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal msgid, plural, fuzzy
        if msgid is not None and forms:
            source = "".join(msgid)
            texts = tuple("".join(forms[i]) for i in sorted(forms))
            if source and all(texts) and not fuzzy:
                entries[source] = texts if plural is not None else texts[0]
        msgid = plural = None
        forms.clear()
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
            if line.startswith("msgid_plural "):
                if msgid is None:
                    raise CatalogueError(f"{where}:{number}: msgid_plural without msgid")
                plural = [ast.literal_eval(line[13:].strip())]
                current = plural
            elif line.startswith("msgid "):
                if forms:
                    keep_fuzzy = fuzzy
                    flush()
                    fuzzy = keep_fuzzy
                msgid = [ast.literal_eval(line[6:].strip())]
                current = msgid
            elif line.startswith("msgstr"):
                match = _MSGSTR.match(line)
                if match is None:
                    raise CatalogueError(f"{where}:{number}: cannot read {line[:40]!r}")
                if msgid is None:
                    raise CatalogueError(f"{where}:{number}: msgstr without msgid")
                index = int(match.group(1) or 0)
                current = forms[index] = [ast.literal_eval(match.group(2))]
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


_MSGSTR = re.compile(r"msgstr(?:\[(\d+)\])?\s+(.*)$")

#: Plural-Forms headers of the shipped languages (the GNU gettext manual's).
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "el": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}


def header_plural_forms(text: str) -> str | None:
    """The ``Plural-Forms`` value of a .po file's header, if it has one."""
    match = re.search(r'"Plural-Forms:\s*([^"\\]*)', text)
    return match.group(1).strip() if match else None


def plural_rule(forms: str) -> tuple[int, Callable[[int], int]]:
    """``(nplurals, n → form index)`` from a Plural-Forms value (gettext's own C-expression reader)."""
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*", forms)
    if match is None:
        raise CatalogueError(f"cannot read Plural-Forms {forms!r}")
    return int(match.group(1)), gettext.c2py(match.group(2))


def catalogue_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@functools.lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, Translation]:
    """Every ``.po`` of a language merged: ``companion.po`` (the app) and one per game."""
    if lang == "en":
        return {}
    merged: dict[str, Translation] = {}
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        merged.update(parse_po(path.read_text(encoding="utf-8"), str(path)))
    return merged


@functools.lru_cache(maxsize=None)
def plural_index(lang: str) -> Callable[[int], int]:
    """Which plural form ``n`` takes in ``lang`` (from its ``companion.po`` header)."""
    path = catalogue_path(lang)
    declared = header_plural_forms(path.read_text(encoding="utf-8")) if path.exists() else None
    return plural_rule(declared or PLURAL_FORMS.get(lang, PLURAL_FORMS["en"]))[1]


Lookup = Callable[[str], str]
#: (singular msgid, plural msgid, n) → the translated form for n
PluralLookup = Callable[[str, str, int], str]


def english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


@dataclass(frozen=True, init=False)
class Text:
    """A message and its parameters, translated only when shown.

    ``Text(msgid, ship="a")`` with a msgid such as "Ship {ship} is full":
    ``str()`` gives the English
    sentence, a :class:`Translator` the player's language.  A parameter may
    itself be a Text (a colour name), a :class:`Seat` (shown as the player's
    name), a tuple (a list, shown joined by ", ") or any plain value.

    ``Text(singular, plural, count=n, ...)`` is a message with plural forms
    (gettext's ngettext): the parameter ``count`` picks the form, by each
    language's own Plural-Forms rule (Polish has three).
    """

    msgid: str
    params: tuple[tuple[str, Any], ...]
    plural: str | None

    def __init__(self, msgid: str, plural: str | None = None, /, **params: Any):
        if plural is not None and not isinstance(params.get("count"), int):
            raise TypeError(f"a plural Text needs an int count: {msgid!r}")
        object.__setattr__(self, "msgid", msgid)
        object.__setattr__(self, "plural", plural)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def __str__(self) -> str:
        return self.render(lambda message: message)

    def render(self, translate: Lookup, translate_plural: PluralLookup = english_plural) -> str:
        """The text with ``translate`` applied to this msgid and every nested one
        (``translate_plural`` to those with plural forms)."""
        if self.plural is None:
            pattern = translate(self.msgid)
        else:
            pattern = translate_plural(self.msgid, self.plural, dict(self.params)["count"])
        if not self.params:
            return pattern
        return pattern.format(**{name: _render(value, translate, translate_plural)
                                 for name, value in self.params})

    def map_params(self, change: Callable[[Any], Any]) -> "Text":
        """A copy with ``change`` applied to every parameter, nested Texts and lists included."""
        def walk(value: Any) -> Any:
            if isinstance(value, Text):
                return value.map_params(change)
            if isinstance(value, tuple):
                return tuple(walk(v) for v in value)
            return change(value)
        changed = {name: walk(value) for name, value in self.params}
        if self.plural is None:
            return Text(self.msgid, **changed)
        return Text(self.msgid, self.plural, **changed)

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

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (a score sheet in the journal); seats become their words."""
        def plain(value: Any) -> Any:
            if isinstance(value, Seat):
                value = value.text()
            if isinstance(value, Text):
                return value.to_dict()
            if isinstance(value, tuple):
                return [plain(v) for v in value]
            return value
        data: dict[str, Any] = {"msgid": self.msgid, "params": {n: plain(v) for n, v in self.params}}
        if self.plural is not None:
            data["plural"] = self.plural
        return data

    @classmethod
    def from_dict(cls, data: Any) -> "Text":
        """The Text of :meth:`to_dict` (a plain string is an untranslated message)."""
        if isinstance(data, str):
            return untranslated(data)
        def value(item: Any) -> Any:
            if isinstance(item, dict) and "msgid" in item:
                return cls.from_dict(item)
            if isinstance(item, list):
                return tuple(value(v) for v in item)
            return item
        params = {name: value(v) for name, v in dict(data.get("params", {})).items()}
        plural = data.get("plural")
        if plural is None:
            return cls(str(data["msgid"]), **params)
        return cls(str(data["msgid"]), str(plural), **params)


def trn(singular: str, plural: str, n: int, **params: Any) -> Text:
    """gettext's ngettext as a :class:`Text`: ``trn("{count} card", "{count} cards", n)``."""
    return Text(singular, plural, count=n, **params)


@dataclass(frozen=True)
class Seat:
    """A seat as a message parameter: the UI shows the player's name (see
    :func:`with_names`); otherwise it reads "seat N" ("Seat N" when
    ``capitalised``, at the start of a sentence), N counted from 1 as players
    count the seats round the table (``index`` is the engine's, from 0)."""

    index: int
    capitalised: bool = False

    def text(self) -> Text:
        if self.index < 0:
            return Text("Seat ?") if self.capitalised else Text("seat ?")
        number = self.index + 1
        if self.capitalised:
            return Text("Seat {number}", number=number)
        return Text("seat {number}", number=number)

    def __str__(self) -> str:
        return str(self.text())


def _render(value: Any, translate: Lookup, translate_plural: PluralLookup) -> Any:
    if isinstance(value, Seat):
        value = value.text()
    if isinstance(value, Text):
        return value.render(translate, translate_plural)
    if isinstance(value, tuple):
        return ", ".join(str(_render(v, translate, translate_plural)) for v in value)
    return value


def no_such_seat(players: int) -> Text:
    """The refusal for a seat number outside the game (seats counted from 1, as at the table)."""
    return Text("there is no such seat: the seats are numbered 1 to {count}", count=players)


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

    ``message`` is a msgid (formatted with ``values``), a :class:`Text`, or a
    Text's :meth:`~Text.to_dict` form (a score sheet read back from the journal)."""

    def __init__(self, lang: str = "en"):
        if lang not in LANGUAGE_NAMES:
            raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGE_NAMES)})")
        self.lang = lang
        self._messages = catalogue(lang)
        self._plural_index = plural_index(lang) if lang != "en" else None

    def __call__(self, message: str | Text | dict[str, Any], **values: object) -> str:
        if isinstance(message, dict):
            message = Text.from_dict(message)
        if isinstance(message, Text):
            return message.render(self._lookup, self.ngettext)
        text = self._lookup(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of a plural message for ``n`` (English's when untranslated)."""
        forms = self._messages.get(singular)
        if not isinstance(forms, tuple) or self._plural_index is None:
            return english_plural(singular, plural, n)
        index = self._plural_index(n)
        return forms[index] if 0 <= index < len(forms) else forms[-1]

    def _lookup(self, message: str) -> str:
        found = self._messages.get(message, message)
        return found if isinstance(found, str) else found[0]


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it here."""
    return message


_MARKERS = ("tr", "N_", "Text", "trn")
_KV_MESSAGE = re.compile(r"""\b(?:tr|N_)\(\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')""")


def extract_messages(root: Path) -> set[str]:
    """Every literal passed to ``tr(...)``/``N_(...)``/``Text(...)``/``trn(...)`` in the .py
    and .kv files under ``root`` (a plural message by its singular msgid)."""
    found: set[str] = set()
    for path in _sources(root):
        source = path.read_text(encoding="utf-8")
        found |= py_messages(source, str(path)) if path.suffix == ".py" else kv_messages(source)
    return found


def extract_plurals(root: Path) -> dict[str, str]:
    """singular → plural msgid of every plural message under ``root``
    (``Text(a, b, count=n)``, ``trn(a, b, n)``)."""
    found: dict[str, str] = {}
    for path in _sources(root):
        if path.suffix == ".py":
            found.update(py_plurals(path.read_text(encoding="utf-8"), str(path)))
    return found


def _sources(root: Path) -> list[Path]:
    return [path for path in sorted(root.rglob("*"))
            if path.suffix in (".py", ".kv") and ".venv" not in path.parts and "tests" not in path.parts]


def _marked_calls(source: str, where: str):
    for node in ast.walk(ast.parse(source, where)):
        if isinstance(node, ast.Call) and node.args and _called_name(node.func) in _MARKERS:
            literals = [arg.value for arg in node.args[:2]
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
            if literals and isinstance(node.args[0], ast.Constant):
                yield literals


def py_messages(source: str, where: str = "<source>") -> set[str]:
    """The string literals a Python module passes first to ``tr``, ``N_``, ``Text`` or ``trn``."""
    return {literals[0] for literals in _marked_calls(source, where)}


def py_plurals(source: str, where: str = "<source>") -> dict[str, str]:
    """singular → plural of the calls that pass two literals (``Text(a, b, count=n)``, ``trn(a, b, n)``)."""
    return {literals[0]: literals[1] for literals in _marked_calls(source, where) if len(literals) == 2}


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


def write_po(path: Path, messages: set[str], existing: dict[str, Translation], lang: str,
             plurals: dict[str, str] | None = None, comment: str = "") -> int:
    """Write a catalogue with every message (translations kept); returns how many lack one.

    A message in ``plurals`` is written as a plural entry with the language's
    number of forms (the header carries its Plural-Forms)."""
    plurals = plurals or {}
    nplurals = plural_rule(PLURAL_FORMS[lang])[0]
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [comment] if comment else []
    lines += ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
              f'"Language: {lang}\\n"', f'"Plural-Forms: {PLURAL_FORMS[lang]}\\n"', ""]
    missing = 0
    for message in sorted(messages):
        translated = existing.get(message, "")
        if message in plurals:
            forms = translated if isinstance(translated, tuple) else (translated,) * bool(translated)
            forms = tuple(forms[i] if i < len(forms) else "" for i in range(nplurals))
            missing += not all(forms)
            lines += [f"msgid {_po_quote(message)}", f"msgid_plural {_po_quote(plurals[message])}"]
            lines += [f"msgstr[{i}] {_po_quote(form)}" for i, form in enumerate(forms)] + [""]
        else:
            text = translated if isinstance(translated, str) else translated[0]
            missing += not text
            lines += [f"msgid {_po_quote(message)}", f"msgstr {_po_quote(text)}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return missing


def _po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _leading_comment(text: str) -> str:
    return "\n".join(line for line in text.splitlines()[:3] if line.startswith("# "))


def main(argv: list[str] | None = None) -> int:
    """``python -m companion.i18n update``: bring every catalogue up to date.

    A game's messages (extracted from ``companion/<game>/``) go to that game's
    ``<game>.po`` when the language has one; a message a catalogue already holds
    stays there; the rest goes to ``companion.po``.  Messages no longer used are
    dropped."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if args != ["update"]:
        print("usage: python -m companion.i18n update", file=sys.stderr)
        return 2
    root = Path(__file__).resolve().parents[1]
    messages = all_messages(root)
    plurals = extract_plurals(root)
    for lang in LANGUAGE_NAMES:
        if lang == "en":
            continue
        placed: set[str] = set()
        missing = 0
        for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
            if path.stem == DOMAIN:
                continue
            text = path.read_text(encoding="utf-8")
            existing = parse_po(text, str(path))
            package = root / "companion" / path.stem
            own = extract_messages(package) if package.is_dir() else set()
            wanted = own | (set(existing) & messages)
            placed |= wanted
            missing += write_po(path, wanted, existing, lang, plurals, _leading_comment(text))
        path = catalogue_path(lang)
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        existing = parse_po(text, str(path))
        missing += write_po(path, (messages - placed) | (set(existing) & messages), existing, lang,
                            plurals, _leading_comment(text))
        print(f"{lang}: {len(messages)} messages, {missing} without translation")
    catalogue.cache_clear()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
