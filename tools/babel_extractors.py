"""Babel extractors for this project's markers (the methods named in ``tools/babel.cfg``).

- ``.py``: every call of a marker whose first argument is a string literal, read from the
  syntax tree (so also inside f-strings and generator expressions, and never a dict key that
  happens to be the first string in the call, where Babel's token-based Python extractor
  misses or misreads messages this code base has).  ``Text(msgid, plural, count=n)`` and
  ``trn(msgid, plural, n)`` are plural messages: their second argument is a literal too.
- ``.kv``: Kivy rules call ``app.tr('…')`` or ``N_('…')`` with one literal.
"""
from __future__ import annotations

import ast
import re
from typing import IO, Any, Collection, Iterator

#: the markers (companion.messages and the app's ``tr``), each with one literal (a message) or
#: two (singular and plural): Babel's keyword specs by number of arguments
KEYWORDS = {name: {1: (1,), 2: (1, 2)} for name in ("tr", "N_", "Text", "trn")}

Extracted = tuple[int, str, tuple[str, ...], list[str]]


def extract_py(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
               options: dict[str, Any]) -> Iterator[Extracted]:
    """``(line, marker, (msgid,) or (msgid, plural), [])`` for each marker call in a module."""
    tree = ast.parse(fileobj.read(), getattr(fileobj, "name", "<source>"))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args and _is_literal(node.args[0])):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name in keywords:
            literals = [arg.value for arg in node.args[:2] if _is_literal(arg)]
            yield node.lineno, name, tuple(literals), []


def _is_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


_KV_MESSAGE = re.compile(r"""\b(tr|N_)\(\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')""")


def extract_kv(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
               options: dict[str, Any]) -> Iterator[Extracted]:
    """The string literals a .kv file passes to ``tr(…)`` or ``N_(…)``."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for match in _KV_MESSAGE.finditer(source):
        if match.group(1) not in keywords:
            continue
        quote = '"' if match.group(2) is not None else "'"
        message = ast.literal_eval(quote + (match.group(2) if quote == '"' else match.group(3)) + quote)
        yield source.count("\n", 0, match.start()) + 1, match.group(1), (message,), []
