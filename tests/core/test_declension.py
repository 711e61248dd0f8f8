"""Names and colours need no declension: a player's name (or seat) and a colour word are
put where their dictionary form is right ("Gracz: Anna", "statek a (Anna)", "rząd
niebieski"), never after a word that would decline them ("dla Anna", "w kolorze niebieski",
"του Νίκος"), and a verb never waits for the player's gender ("wziął(ęła)", "ο/η")."""
from __future__ import annotations

import re

import pytest

from tools.catalogues import Translation, catalogue

#: placeholders that show a name (or the seat's word) or a colour word
NAMED = {"seat", "seats", "name", "names", "other", "others", "attacker", "victim", "first", "second",
         "winners", "old", "new", "colour", "colours"}
#: words after which the name or colour would have to change its ending
DECLINING = {
    # Polish: prepositions and nouns that govern the genitive, dative, instrumental or locative
    "pl": {"dla", "od", "u", "przez", "do", "bez", "z", "ze", "o", "przy", "w", "we", "po", "gracza",
           "graczowi", "graczem", "graczu", "kolorze", "kolorem", "koloru", "kolorowi"},
    # Greek: an article or article-preposition before a name or colour takes its case and gender
    "el": {"ο", "η", "το", "του", "της", "τον", "την", "τη", "στον", "στην", "στη", "στο", "ο/η",
           "του/της", "τον/την"},
}
#: a form left open for the player's gender: "wziął(ęła)", "mógł(a)", "ο/η", "του/της"
OPEN_GENDER = re.compile(r"\w\((?:a|ła|ęła|η|ης|α|o)\)|\b(?:ο/η|του/της|τον/την)\b|ł/a\b", re.IGNORECASE)


def _forms(translation: Translation) -> tuple[str, ...]:
    return translation if isinstance(translation, tuple) else (translation,)


def declined(lang: str, text: str) -> list[str]:
    """The "word {placeholder}" pairs of ``text`` that would decline a name or colour."""
    found = []
    for match in re.finditer(r"(\S+)\s+\{(\w+)\}", text):
        word = match.group(1).lower().strip("„“«(")
        if match.group(2) in NAMED and word in DECLINING.get(lang, set()):
            found.append(match.group(0))
    return found


@pytest.mark.parametrize("lang", ["el", "it", "pl"])
def test_names_and_colours_keep_their_dictionary_form(lang):
    problems = []
    for msgid, translation in catalogue(lang).items():
        for form in _forms(translation):
            problems += [f"{msgid!r} → {form!r} ({pair})" for pair in declined(lang, form)]
            if OPEN_GENDER.search(form):
                problems.append(f"{msgid!r} → {form!r} (a gender left open)")
    assert sorted(problems) == []


def test_the_check_finds_what_the_table_found():
    assert declined("pl", "Karta startowa dla {name}: dotknij jej koloru") == ["dla {name}"]
    assert declined("pl", "karta w kolorze {colour}") == ["kolorze {colour}"]
    assert declined("pl", "Gracz: {name}") == [] and declined("pl", "rząd {colour}") == []
    assert declined("el", "Το πλοίο του {seat}") == ["του {seat}"]
    assert OPEN_GENDER.search("{name} wziął(ęła) złotego jokera") and OPEN_GENDER.search("πήρε ο/η {name}")
