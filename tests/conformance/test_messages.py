"""Messages in the players' words: every refusal the engines raise (met by the
conformance suite's random play, plus a list of known illegal cases per game),
every action text and every score-sheet line, rendered in en, el, it and pl.

A message fails when it shows a digest code (``§``, ``AMB-``, ``DIFF-``, ``TV``),
an engine id (a ship "1a", a node "V"/"s5", a card "O:P5-…", an option's
internal name), a seat counted from 0, a wrong English plural ("1 cards",
"card(s)"), or a msgid that one of the three catalogues does not translate.
docs/messages.md has the conventions these checks enforce.
"""
from __future__ import annotations

import dataclasses
import random
import re
from typing import Any, Callable, Iterator

import pytest

from companion.coloretto.actions import Place, RemoveColour, Reveal, StartPlayer
from companion.coloretto.data import LAST_ROUND
from companion.engine import TABLE, GameConfig
from companion.errors import CompanionError, IllegalAction
from companion.golden_horn.actions import Attack, Move
from companion.i18n import LANGUAGE_NAMES, Translator
from tools.catalogues import catalogue
from companion.messages import Text, with_names
from tests.conformance.checks import Findings, check_playout
from tests.conformance.playout import NAMES, load, play, random_config, registered_games, ships_a_catalogue

GAMES = tuple(name for name in registered_games() if ships_a_catalogue(name))
LANGS = tuple(LANGUAGE_NAMES)
SEEDS = 6

#: What players must never read, with why.
FORBIDDEN: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a digest section", re.compile(r"§")),
    ("a digest code", re.compile(r"\b(AMB|DIFF|TV|E-MARK)-?[A-Z]?\d")),
    ("a ship's engine id", re.compile(r"\b\d[abc]\b")),
    ("a route node's engine id", re.compile(r"(?<![\w'’])([VCM]|s\d{1,2})(?![\w'’])")),
    ("a card's catalogue id", re.compile(r"\b[ROYGBP\?]:[ROYGBP]\d")),
    ("an option's internal name", re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+[A-Z][A-Za-z]+\b|\b\w+\.\w+[A-Z]\w*")),
    ("a seat counted from 0", re.compile(r"\b(seat|Seat|θέση|Θέση|posto|Posto|miejsce|Miejsce) 0\b")),
    ("a wrong plural", re.compile(r"\(s\)|(?<![Ss]eat )\b1 (cards|ships|fields|cubes|rows|dice|marks|jokers|sets)\b")),
)


def problems(text: Text) -> list[str]:
    """Why ``text`` cannot be shown to players (empty when it can)."""
    found = []
    for lang in LANGS:
        missing = sorted(m for m in text.msgids() if lang != "en" and not catalogue(lang).get(m))
        if missing:
            found.append(f"{lang}: no translation of {missing}")
        translate = Translator(lang)
        for shown in (translate(text), translate(with_names(text, NAMES))):
            found += [f"{lang}: {what} in {shown!r}" for what, pattern in FORBIDDEN if pattern.search(shown)]
    return found


# -- the known illegal cases: refusals players meet at real tables ----------------------

Case = Callable[[Any, Any], Iterator[Any]]


def _coloretto_cases(game: Any, state: Any) -> Iterator[Any]:
    if state.phase == "start_cards":
        yield RemoveColour(state.colours_in_play[0])     # 4–5 players remove nothing
    if state.phase == "draw":
        yield Reveal(LAST_ROUND)                           # too early, or already drawn
        yield Reveal(next(iter(state.colours_in_play)))
    if state.phase == "place":
        for row, cards in enumerate(state.rows):
            if not cards.can_place:
                yield Place(state.current, row)            # a full or taken row
    yield StartPlayer(len(state.names) + 1)


def _golden_horn_cases(game: Any, state: Any) -> Iterator[Any]:
    for ship in state.ships:
        yield Attack(state.current, ship.label, "RR")      # during setup, after the move, own ship
        for node in state.route:
            yield Move(ship.owner, ship.label, node.id)    # occupied, blocked, backwards, others' ships
            yield Move((ship.owner + 1) % state.players, ship.label, node.id)


def _alles_cases(game: Any, state: Any) -> Iterator[Any]:
    for action in game.legal_actions(state) if game.to_act(state) != (TABLE,) else ():
        if hasattr(action, "seat"):
            for seat in (-1, len(state.seats), len(state.seats) + 2):
                yield dataclasses.replace(action, seat=seat)


def _no_cases(game: Any, state: Any) -> Iterator[Any]:
    """A game with no known illegal cases listed yet: its random playouts only."""
    return iter(())


CASES: dict[str, Case] = {"coloretto": _coloretto_cases, "golden_horn": _golden_horn_cases,
                          "alles_auf_1_karte": _alles_cases}

#: Configs whose readings have refusals of their own (option -> value), played besides random ones.
OPTION_CONFIGS: dict[str, tuple[dict[str, Any], ...]] = {
    "golden_horn": ({"movement.skipOccupiedOnContinuation": False, "setup.shipPlacement": "choice"},
                    {"pirates.cardRule": "bothSameSailColour", "end.declareTiming": "startOfTurnOnly"}),
    "coloretto": ({},),
    "alles_auf_1_karte": ({"must_use_all_fitting_colours": True, "variant": "advanced"},),
}


#: What the known cases must say: the right words for the situation.
SITUATIONS: dict[str, tuple[str, ...]] = {
    "golden_horn": ("the game has not begun: pirates sail once every fleet is in port",
                    "{ship} cannot go on past an occupied square (setup option “{option}”: no); "
                    "it can stop at {where}",
                    "Modone is full: it has room for {count} ship"),
    "coloretto": ("with {count} player every colour stays in the game: first give {name} a start card",
                  "{row} is full: it holds only {count} card",
                  "there is no such seat: the seats are numbered 1 to {count}"),
    "alles_auf_1_karte": ("there is no such seat: the seats are numbered 1 to {count}",),
}


def _known_refusals(name: str) -> set[Text]:
    game = load(name)
    found: set[Text] = set()
    configs = [GameConfig.build(name, NAMES[:players], **options)
               for options in OPTION_CONFIGS.get(name, ({},)) for players in range(game.min_players, game.max_players + 1)]
    for seed, config in enumerate(configs):
        for state in play(game, config, seed).states[::3]:
            for action in CASES.get(name, _no_cases)(game, state):
                try:
                    game.apply(state, action)
                except IllegalAction as exc:
                    found.add(exc.explanation)
                except CompanionError:
                    pass
    return found


def _met(name: str) -> Findings:
    game = load(name)
    met = Findings()
    for seed in range(SEEDS):
        found = check_playout(game, play(game, random_config(game, random.Random(seed)), seed), seed,
                              unlisted=True)
        met.described |= found.described
        met.refusals |= found.refusals
        met.sheets += found.sheets
    return met


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_action_and_score_line_is_in_the_players_words(name):
    met = _met(name)
    known = _known_refusals(name)
    said = set().union(*(text.msgids() for text in known))
    assert [m for m in SITUATIONS.get(name, ()) if m not in said] == []
    refusals = met.refusals | known
    assert len(refusals) >= 15, "the playouts and the known cases must really refuse things"
    lines = {text for sheet in met.sheets for line in sheet.lines for text in (line.label, line.detail)
             if isinstance(text, Text)}
    assert lines, "score sheets are Texts"
    shown = {str(text): problems(text) for text in refusals | met.described | lines}
    assert {text: found for text, found in shown.items() if found} == {}


def test_the_check_sees_each_forbidden_pattern():
    """Each pattern fires on the kind of text it stands for (the checks can fail)."""
    bad = [Text("row {row} is full ({count} cards) (§4.3 A)", row=1, count=1),
           Text("{cards} cannot raid ship {ship}: {rule} (AMB-A2)", cards="R+R", ship="1a", rule="x"),
           Text("reaching {to} takes wind", to="V"),
           Text("seat {number}", number=0),
           Text("option must_use_all_fitting_colours"),
           Text("card {card}", card="O:P5-Y3s-G2-B4s-R6")]
    for text in bad:
        assert problems(text), str(text)
    assert problems(Text("the game is over")) == []


@pytest.mark.parametrize("name", GAMES)
def test_setup_options_speak_without_jargon_and_mark_the_recommended_reading(name):
    """Labels, help and choice labels as the setup screen shows them: no digest codes, no
    "assumption A3", no internal value names; every option with a help text and choices
    says which reading is recommended; all translated."""
    game = load(name)
    for option in game.options:
        shown = [option.label, option.help] + [option.label_for(value) for value in option.choices]
        for text in filter(None, shown):
            assert problems(Text(text)) == [], (option.name, text)
            assert "assumption" not in text.lower(), (option.name, text)
        if option.help and len(option.choices) > 1:
            assert "recommended" in option.help.lower(), option.name
