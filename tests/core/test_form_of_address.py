"""One form of address per language.

The device talks to whoever touches the screen at a table of players.  Each
language keeps the convention its board-game apps use, and the forms ruled out
are listed here by a few patterns so they cannot creep back into a catalogue:

- Italian: 2nd person singular ("Tocca", "Conferma", "la tua copia"); ruled out
  the plural "voi" ("toccate", "vostra") and the polite "Lei" ("prema").
- Polish: 2nd person singular ("Dotknij", "Potwierdź", "twój egzemplarz"); ruled
  out the plural ("dotknijcie", "wasz") and the polite "Proszę nacisnąć"/"Państwo".
- Greek: the polite plural, as Greek software addresses its user ("Πατήστε",
  "Επιλέξτε", "τα πλοία σας"); ruled out the singular ("πάτησε", "σου").
  Greek 2nd-singular imperatives of long verbs look like the 3rd-singular past
  ("πλήρωσε": "pay!" or "paid"), so those are flagged only where a command stands:
  at the start of a message or after ":", ";" or "·".
"""
from __future__ import annotations

import re

import pytest

from tools.catalogues import catalogue

_EL_ALWAYS = ("πάτα", "άγγιξε", "διάλεξε", "επίλεξε", "γράψε", "έλεγξε", "δώσε", "πες", "δες", "κράτα",
              "ρίξε", "ξαναρίξε", "μάρκαρε", "βάλε", "πάρε", "παίξε", "κάνε", "περίμενε", "δείξε", "σου",
              "συνεχίσεις", "μπορείς", "θέλεις", "πατήσεις", "επιλέξεις")
_EL_COMMAND = ("πάτησε", "κράτησε", "διόρθωσε", "δοκίμασε", "συνέχισε", "πρόσθεσε", "χρησιμοποίησε",
               "επιβεβαίωσε", "πλήρωσε", "άφησε", "σημείωσε", "καταχώρισε", "πληκτρολόγησε", "άνοιξε",
               "κλείσε", "γύρισε", "ξεκίνα", "ολοκλήρωσε", "τοποθέτησε", "μετακίνησε")

RULED_OUT: dict[str, tuple[str, ...]] = {
    "it": (
        # voi: imperatives (with their clitics) and the plural possessive / verbs
        r"\b(?:toccate(?:ne|l[aoie])?|premete|scegliete(?:l[aoie])?|confermate|correggete(?:l[aoie])?"
        r"|controllate(?:l[aoie])?|decidete|continuate|provate|riprovate|mettete|rimettete|aggiungete"
        r"|togliete|guardate|segnate\s+(?:le|i|la|il)|date\s+a|dite\s+quale|sommate\s+i)\b",
        r"\b\w+(?:ate|ete|ite)(?:l[aoie]|ne|li)\b",          # inseritela, confrontatele, lasciatelo
        r"\b(?:vostr[aoie]|voi|avete|potete|dovete|volete|siete)\b",
        # Lei
        r"\b(?:prema|scelga|inserisca|attenda|riprovi|verifichi|La preghiamo|per cortesia)\b",
    ),
    "pl": (
        # wy: the 2nd person plural imperative ("-jcie", "-źcie", "-czcie" ...) and "wasz"
        r"\b\w+(?:jcie|źcie|dźcie|szcie|rzcie|czcie|żcie|wcie|mcie|ńcie|łcie|pcie)\b",
        r"\b(?:wybierzcie|wpiszcie|powiedzcie|wasz\w*|możecie|macie|jesteście)\b",
        # Pan/Pani/Państwo
        r"\b(?:[Pp]roszę|[Pp]aństw\w*)\b",
    ),
    "el": (
        r"(?<!\w)(?:" + "|".join(_EL_ALWAYS) + r")(?!\w)",
        r"(?:^|[:;·]\s*)(?:" + "|".join(_EL_COMMAND) + r")(?!\w)",
    ),
}


def _strings(translation) -> tuple[str, ...]:
    return translation if isinstance(translation, tuple) else (translation,)


def offending(lang: str) -> list[str]:
    """Every msgstr of ``lang`` using a form of address its convention rules out."""
    patterns = [re.compile(p, re.IGNORECASE) for p in RULED_OUT[lang]]
    found = []
    for msgid, translation in catalogue(lang).items():
        for text in _strings(translation):
            hits = [m.group(0) for p in patterns for m in p.finditer(text)]
            if hits:
                found.append(f"{msgid!r} → {text!r} ({', '.join(hits)})")
    return found


@pytest.mark.parametrize("lang", sorted(RULED_OUT))
def test_one_form_of_address_per_language(lang):
    assert not offending(lang), "\n".join(offending(lang))


@pytest.mark.parametrize("lang, sample", [
    ("it", "Toccate la carta pescata"), ("it", "Confrontatele con le vostre carte"),
    ("it", "Prema «Conferma»"),
    ("pl", "Naciśnijcie «Potwierdź»"), ("pl", "Proszę nacisnąć przycisk"), ("pl", "z waszego pudełka"),
    ("el", "Πάτησε «Επιβεβαίωση»"), ("el", "τα πλοία σου"), ("el", "{name}: άγγιξε την κάρτα"),
])
def test_the_patterns_catch_the_forms_ruled_out(lang, sample):
    assert any(re.search(p, sample, re.IGNORECASE) for p in RULED_OUT[lang])


@pytest.mark.parametrize("lang, sample", [
    ("it", "Tocca la carta pescata"), ("it", "Carte evento pescate, non in mano"),
    ("it", "Le vele erano state inserite per 2 giocatori"), ("it", "Esportate 3 partite"),
    ("pl", "Dotknij karty na karcie w porcie"), ("pl", "Przepłynięcie przez przejście"),
    ("el", "Πατήστε «Επιβεβαίωση»"), ("el", "Βαθμολόγησε μια κάρτα: 3 πόντοι"),
    ("el", "Ο Bo πλήρωσε 1 δείκτη"), ("el", "Πέρασε το Ακρωτήριο"),
])
def test_the_patterns_leave_the_chosen_forms_alone(lang, sample):
    assert not any(re.search(p, sample, re.IGNORECASE) for p in RULED_OUT[lang])
