"""Counts read right in every language: every message is shown with n = 1, 2, 5 and 22 in
English, Greek, Italian and Polish, and a number is never followed by the wrong form of a
noun ("1 cards", "5 karty") nor by a form left open ("wreck(s)")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.i18n import LANGUAGE_NAMES, Translator

from tools.catalogues import all_messages, plural_index, plurals as extract_plurals

from companion.messages import placeholders

ROOT = Path(__file__).resolve().parents[2]
COUNTS = (1, 2, 5, 22)

#: placeholders that hold words (a name, a colour, a place), never a number
WORDS = {"seat", "seats", "name", "names", "other", "others", "attacker", "victim", "first", "second",
         "winners", "old", "new", "colour", "colours", "ship", "port", "ports", "place", "places", "to",
         "where", "here", "node", "card", "good", "goods", "option", "choice", "letter", "reason",
         "error", "file", "folder", "stick", "problem", "problems", "game", "side", "task", "rule",
         "title", "hint", "heading", "question", "phase", "action", "actions", "move", "role", "way",
         "direction", "details", "camera", "button", "date", "route", "seen", "sample", "sails",
         "sailed", "next", "rest", "what", "row", "hand", "value", "id", "shown", "face",
         "totals", "tile", "numbers"}

#: the count nouns the texts use: each one's forms by plural index (the others: 1, more;
#: Greek with its accusative), Polish's: 1, 2–4, 5+ and the genitive singular (after "do",
#: "z", "dla"…: 1 karty, 2 kart, 5 kart)
NOUNS: dict[str, list[tuple[set[str], ...]]] = {
    "en": [({s}, {p}) for s, p in (
        ("card", "cards"), ("game", "games"), ("time", "times"), ("wreck", "wrecks"),
        ("marker", "markers"), ("cube", "cubes"), ("field", "fields"), ("die", "dice"),
        ("point", "points"), ("move", "moves"), ("entry", "entries"), ("player", "players"),
        ("row", "rows"), ("cell", "cells"), ("ship", "ships"), ("tile", "tiles"), ("joker", "jokers"),
        ("berth", "berths"), ("change", "changes"), ("part", "parts"), ("set", "sets"),
        ("port", "ports"), ("monument", "monuments"), ("space", "spaces"),
        ("mark", "marks"), ("win", "wins"), ("seat", "seats"), ("minute", "minutes"))],
    "el": [(set(s.split()), set(p.split())) for s, p in (
        ("κάρτα", "κάρτες"), ("παιχνίδι", "παιχνίδια"), ("παρτίδα", "παρτίδες"), ("φορά", "φορές"),
        ("ναυάγιο", "ναυάγια"), ("δείκτης δείκτη", "δείκτες"), ("κύβος κύβο", "κύβοι κύβους"),
        ("πεδίο", "πεδία"), ("κουτάκι", "κουτάκια"), ("πόντος πόντο", "πόντοι πόντους"),
        ("κίνηση", "κινήσεις"), ("εγγραφή", "εγγραφές"), ("παίκτης παίκτη", "παίκτες"),
        ("γραμμή", "γραμμές"), ("κελί", "κελιά"), ("πλοίο", "πλοία"), ("πλακίδιο", "πλακίδια"),
        ("θέση", "θέσεις"), ("αλλαγή", "αλλαγές"), ("μέρος", "μέρη"), ("ήλιος ήλιο", "ήλιοι ήλιους"),
        ("λιμάνι", "λιμάνια"), ("μνημείο", "μνημεία"), ("σημάδι", "σημάδια"), ("ζάρι", "ζάρια"),
        ("νίκη", "νίκες"), ("λεπτό", "λεπτά"), ("εξάρτημα", "εξαρτήματα"))],
    "it": [({s}, {p}) for s, p in (
        ("carta", "carte"), ("partita", "partite"), ("volta", "volte"), ("naufragio", "naufragi"),
        ("segnalino", "segnalini"), ("cubetto", "cubetti"), ("casella", "caselle"), ("punto", "punti"),
        ("mossa", "mosse"), ("voce", "voci"), ("giocatore", "giocatori"), ("riga", "righe"),
        ("nave", "navi"), ("tessera", "tessere"), ("posto", "posti"), ("modifica", "modifiche"),
        ("sole", "soli"), ("porto", "porti"), ("monumento", "monumenti"),
        ("segno", "segni"), ("dado", "dadi"), ("vittoria", "vittorie"), ("campo", "campi"),
        ("componente", "componenti"), ("minuto", "minuti"))],
    "pl": [({a}, {b}, {c}, {d}) for a, b, c, d in (
        ("karta", "karty", "kart", "karty"), ("gra", "gry", "gier", "gry"),
        ("partia", "partie", "partii", "partii"), ("raz", "razy", "razy", "razu"),
        ("wrak", "wraki", "wraków", "wraku"), ("znacznik", "znaczniki", "znaczników", "znacznika"),
        ("kostka", "kostki", "kostek", "kostki"), ("pole", "pola", "pól", "pola"),
        ("punkt", "punkty", "punktów", "punktu"), ("ruch", "ruchy", "ruchów", "ruchu"),
        ("wpis", "wpisy", "wpisów", "wpisu"), ("gracz", "gracze", "graczy", "gracza"),
        ("rząd", "rzędy", "rzędów", "rzędu"), ("statek", "statki", "statków", "statku"),
        ("kafelek", "kafelki", "kafelków", "kafelka"), ("joker", "jokery", "jokerów", "jokera"),
        ("zmiana", "zmiany", "zmian", "zmiany"), ("zestaw", "zestawy", "zestawów", "zestawu"),
        ("słońce", "słońca", "słońc", "słońca"), ("port", "porty", "portów", "portu"),
        ("pomnik", "pomniki", "pomników", "pomnika"), ("miejsce", "miejsca", "miejsc", "miejsca"),
        ("zaznaczenie", "zaznaczenia", "zaznaczeń", "zaznaczenia"),
        ("minuta", "minuty", "minut", "minuty"), ("element", "elementy", "elementów", "elementu"))],
}

#: a plural left open instead of chosen: "wreck(s)", "carta(e)", "karta(y)"
OPEN_FORM = re.compile(r"\w\((?:s|es|e|i|a|y|ów|ες|α)\)")


def _index(lang: str):
    return (lambda n: int(n != 1)) if lang == "en" else plural_index(lang)


#: where a placeholder's number stands in the shown text (so fixed numbers, "+2 card", are left alone)
MARK = "\x00"
#: Polish words after which a number takes the genitive ("do 1 pola", "wymaga 2 znaczników")
GENITIVE = {"do", "dla", "od", "z", "ze", "bez", "spośród", "około", "ponad", "zamiast", "wymaga", "brakuje"}


def _shown(lang: str, n: int) -> dict[str, str]:
    """msgid → the text ``lang`` shows with every count placeholder = n (names and colours as
    words), each such number between two MARKs."""
    plurals = extract_plurals(ROOT)
    tr = Translator(lang)
    shown = {}
    for message in all_messages(ROOT):
        fields = placeholders(message)
        if not fields:
            continue
        values = {field: (f"<{field}>" if field in WORDS else f"{MARK}{n}{MARK}") for field in fields}
        if message in plurals:
            values["count"] = f"{MARK}{n}{MARK}"
            pattern = tr.ngettext(message, plurals[message], n)
        else:
            pattern = tr(message)
        shown[message] = pattern.format(**values)
    return shown


def _right_form(lang: str, n: int, before: str) -> int:
    """Which of a noun's forms follows the number ``n`` after the word ``before``."""
    if lang == "pl" and before in GENITIVE:
        return 3 if n == 1 else 2
    return _index(lang)(n)


def _wrong_forms(lang: str, n: int, text: str) -> list[str]:
    """The "number noun" pairs of ``text`` whose noun form does not fit ``n`` (a word may stand
    between: "1 later entries", "22 sea tiles"; a punctuation mark ends the phrase)."""
    wrong = []
    for match in re.finditer(rf"(\S*)\s*{MARK}{n}{MARK}([^,;:.()·!?\[\]{MARK}]*)", text):
        before = match.group(1).lower()
        right = _right_form(lang, n, before)
        for word in match.group(2).split()[:2]:
            word = word.strip("“”«»\"'").lower()
            noun = next((forms for forms in NOUNS[lang] if any(word in f for f in forms)), None)
            if noun is not None:
                if word not in noun[right]:
                    wrong.append(f"{n} … {word}")
                break
    return wrong


@pytest.mark.parametrize("lang", list(LANGUAGE_NAMES))
def test_every_message_reads_right_with_1_2_5_and_22(lang):
    problems = []
    for n in COUNTS:
        for message, text in _shown(lang, n).items():
            for wrong in _wrong_forms(lang, n, text):
                problems.append(f"{message!r} → {text.replace(MARK, '')!r} ({wrong})")
            if OPEN_FORM.search(text):
                problems.append(f"{message!r} → {text.replace(MARK, '')!r} (a form left open)")
    assert sorted(set(problems)) == []


def test_the_checker_finds_what_the_table_found():
    def _wrong_forms(lang, n, text):                      # the number as a placeholder shows it
        return globals()["_wrong_forms"](lang, n, text.replace(str(n), f"{MARK}{n}{MARK}"))
    assert _wrong_forms("en", 1, "1 games together") == ["1 … games"]
    assert _wrong_forms("en", 1, "ahead 1 times") == ["1 … times"]
    assert _wrong_forms("pl", 5, "5 karty") == ["5 … karty"] and _wrong_forms("pl", 22, "22 karty") == []
    assert _wrong_forms("pl", 1, "do 1 pól") == ["1 … pól"] and _wrong_forms("pl", 5, "do 5 pól") == []
    assert _wrong_forms("el", 2, "2 κάρτα") and not _wrong_forms("it", 22, "22 carte")
    assert OPEN_FORM.search("1 wreck(s)")
