"""Engine texts are translatable: refusal reasons and action descriptions are
msgids with named placeholders, and Greek, Italian and Polish translate them all."""
from __future__ import annotations

import ast
import dataclasses
import random
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from companion.engine import TABLE, CompanionError, ConfigError, GameConfig, IllegalAction
from companion.games import available_games, load_game, load_manifest
from companion.i18n import (LANGUAGE_NAMES, Seat, Text, Translator, catalogue, catalogue_path, parse_po,
                            placeholders, py_messages, with_names)

ROOT = Path(__file__).resolve().parents[2]
#: every game shipped with its catalogue (the registry's, less test and add-on games)
GAMES = tuple(g for g in available_games() if load_manifest(g).translated)
LANGS = tuple(lang for lang in LANGUAGE_NAMES if lang != "en")
NAMES = ("Ann", "Bea", "Cy", "Dov", "Eve")


# -- the Text value ------------------------------------------------------------------------

def test_text_is_english_when_printed_and_translated_when_shown():
    text = Text("{seat} sends pirates ({cards}) at ship {ship}", seat=Seat(1), cards="R+R", ship="0a")
    assert str(text) == "seat 1 sends pirates (R+R) at ship 0a"
    assert Translator("el")(text) == "θέση 1: στέλνει πειρατές (R+R) στο πλοίο 0a"
    named = with_names(text, ["Ann", "Bea"])
    assert str(named) == "Bea sends pirates (R+R) at ship 0a"
    assert Translator("it")(named) == "Bea manda i pirati (R+R) contro la nave 0a"


def test_nested_texts_lists_and_seats_counted_from_one():
    text = Text("{seat} marks {colours} on {card}", seat=Seat(0, counted_from=1),
                colours=(Text("red"), Text("purple")), card="X12")
    assert str(text) == "seat 1 marks red, purple on X12"
    assert Translator("pl")(text) == "miejsce 1 zaznacza czerwony, fioletowy na karcie X12"
    assert str(with_names(text, ["Ann"])) == "Ann marks red, purple on X12"
    assert text.msgids() == {"{seat} marks {colours} on {card}", "red", "purple", "seat {number}"}
    assert Text("a", x=1) == Text("a", x=1) and hash(Text("a", x=1)) == hash(Text("a", x=1))


def test_illegal_action_keeps_the_english_sentence_and_the_translatable_reason():
    exc = IllegalAction(Text("row {row} has no cards to take", row=2), "§4.3 B")
    assert str(exc) == "row 2 has no cards to take (§4.3 B)"
    assert Translator("el")(exc.explanation) == "η σειρά 2 δεν έχει κάρτες για να την πάρετε (§4.3 B)"
    assert IllegalAction("plain").reason == Text("plain")      # add-on games may stay English


# -- static: no English-only reasons left --------------------------------------------------

def _package(game: str) -> Path:
    """The folder of a game's engine package (companion/<game>/)."""
    return Path(sys.modules[type(load_game(game)).__module__].__file__).parent


def test_the_shipped_games_are_the_registry_s():
    assert len(GAMES) >= 3 and all(_package(g).parent == ROOT / "companion" for g in GAMES)


def _engine_sources() -> list[Path]:
    files = [ROOT / "companion" / "session.py"]
    for game in GAMES:
        files += sorted(_package(game).glob("*.py"))
    return files


def _calls(path: Path, name: str):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
            yield node


@pytest.mark.parametrize("path", _engine_sources(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_reasons_are_texts_and_msgids_are_literals(path):
    """IllegalAction never gets an English string; every Text's msgid is one literal
    (so the extractor finds it and a translation can exist)."""
    for call in _calls(path, "IllegalAction"):
        reason = call.args[0]
        assert not isinstance(reason, (ast.Constant, ast.JoinedStr, ast.BinOp)), \
            f"{path.name}:{call.lineno}: IllegalAction needs a Text reason"
    for call in _calls(path, "Text"):
        msgid = call.args[0]
        assert isinstance(msgid, ast.Constant) and isinstance(msgid.value, str), \
            f"{path.name}:{call.lineno}: a Text's msgid must be a string literal"


def _domain_catalogue(lang: str, domain: str) -> dict[str, str]:
    path = catalogue_path(lang, domain)
    return parse_po(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_each_game_translates_its_own_texts_in_its_own_catalogue(game, lang):
    used: set[str] = set()
    for path in sorted(_package(game).glob("*.py")):
        used |= py_messages(path.read_text(encoding="utf-8"), str(path))
    own = _domain_catalogue(lang, game)
    assert len(used) > 30
    assert sorted(m for m in used if not own.get(m)) == []
    assert [m for m in used if placeholders(m) != placeholders(own[m])] == []


# -- dynamic: random games with illegal attempts at every step -----------------------------

def _random_setup(game, rng: random.Random):
    """The initial state of a random player count and random options (retried
    when the options do not fit the count, e.g. a start seat beyond it)."""
    while True:
        players = rng.randint(game.min_players, game.max_players)
        options = {o.name: rng.choice(o.choices) for o in game.options if o.choices}
        try:
            return game.setup(GameConfig.build(game.name, NAMES[:players], **options))
        except ConfigError:
            continue


def _mutations(action, seen: dict[tuple[type, str], list], rng: random.Random, count: int):
    """Copies of ``action`` with a field taken from another action of its type."""
    fields = [f.name for f in dataclasses.fields(action)]
    for _ in range(count):
        name = rng.choice(fields)
        values = seen.get((type(action), name))
        if not values:
            continue
        try:
            yield dataclasses.replace(action, **{name: rng.choice(values)})
        except (CompanionError, ValueError, TypeError):
            continue


def _play_with_illegal_attempts(game_name: str, seed: int) -> tuple[set[str], set[str]]:
    """Msgids of the refusals met and of the actions described in one random game."""
    game = load_game(game_name)
    rng = random.Random(seed)
    state = _random_setup(game, rng)
    seen: dict[tuple[type, str], list] = defaultdict(list)
    pool: list = []
    refusals: set[str] = set()
    described: set[str] = set()
    for _ in range(400):
        if game.is_over(state):
            break
        actors = game.to_act(state)
        legal = list(game.legal_actions(state)) if actors != (TABLE,) else []
        action = game.sample_chance(state, rng) if actors == (TABLE,) else rng.choice(legal)
        for known in [action] + rng.sample(legal, min(3, len(legal))):
            pool.append(known)
            for f in dataclasses.fields(known):
                seen[(type(known), f.name)].append(getattr(known, f.name))
        attempts = rng.sample(pool, min(4, len(pool))) + list(_mutations(action, seen, rng, 6))
        for attempt in attempts:
            described |= attempt.text().msgids()
            try:
                game.apply(state, attempt)
            except IllegalAction as exc:
                assert isinstance(exc.reason, Text) and str(exc).startswith(str(exc.reason))
                refusals |= exc.explanation.msgids()
                for lang in LANGS:
                    Translator(lang)(exc.explanation)      # every placeholder can be filled
            except CompanionError:
                pass                                       # malformed, not against the rules
        state = game.apply(state, action)
    return refusals, described


@pytest.mark.parametrize("game_name", GAMES)
def test_refusals_and_actions_met_in_random_games_are_translated(game_name):
    refusals: set[str] = set()
    described: set[str] = set()
    for seed in range(8):
        met, texts = _play_with_illegal_attempts(game_name, seed)
        refusals |= met
        described |= texts
    assert len(refusals) >= 10, sorted(refusals)           # the games really refused things
    for lang in LANGS:
        translated = catalogue(lang)
        assert sorted(m for m in refusals | described if not translated.get(m)) == [], lang
