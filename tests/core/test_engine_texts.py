"""Engine texts are translatable: refusal reasons and action descriptions are
msgids with named placeholders, and Greek, Italian and Polish translate them all."""
from __future__ import annotations

import ast
import dataclasses
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from companion.engine import TABLE, GameConfig
from companion.errors import CompanionError, ConfigError, IllegalAction
from companion.games import available_games, load_game, load_manifest
from companion.i18n import LANGUAGE_NAMES, Translator
from companion.messages import Seat, Text, placeholders, with_names
from tools.catalogues import catalogue, catalogue_path, py_messages, translations

ROOT = Path(__file__).resolve().parents[2]
#: every game shipped with its catalogue (the registry's, less test and add-on games)
GAMES = tuple(g for g in available_games() if load_manifest(g).translated)
LANGS = tuple(lang for lang in LANGUAGE_NAMES if lang != "en")
NAMES = ("Ann", "Bea", "Cy", "Dov", "Eve")


# -- the Text value ------------------------------------------------------------------------

def test_text_is_english_when_printed_and_translated_when_shown():
    ship = Text("{seat}'s ship {letter}", seat=Seat(1), letter="a")
    text = Text("{seat} sends pirates ({cards}) at {ship}", seat=Seat(0), cards="R+R", ship=ship)
    assert str(text) == "seat 1 sends pirates (R+R) at seat 2's ship a"
    assert Translator("el")(text) == "θέση 1: στέλνει πειρατές (R+R) στο πλοίο a (θέση 2)"
    named = with_names(text, ["Ann", "Bea"])
    assert str(named) == "Ann sends pirates (R+R) at Bea's ship a"
    assert Translator("it")(named) == "Ann manda i pirati (R+R) contro la nave a di Bea"


def test_nested_texts_lists_and_seats_counted_from_one():
    text = Text("{seat} marks {colours} on {card}", seat=Seat(0),
                colours=(Text("red"), Text("purple")), card="X12")
    assert str(text) == "seat 1 marks red, purple on X12"
    assert Translator("pl")(text) == "miejsce 1 zaznacza czerwony, fioletowy na karcie X12"
    assert str(with_names(text, ["Ann"])) == "Ann marks red, purple on X12"
    assert text.msgids() == {"{seat} marks {colours} on {card}", "red", "purple", "seat {number}"}
    assert Text("a", x=1) == Text("a", x=1) and hash(Text("a", x=1)) == hash(Text("a", x=1))
    assert str(Seat(-1)) == "seat ?"                        # a bad seat never reads "seat 0"


def test_plural_forms_follow_each_languages_rule():
    """Polish has three forms (1 karta, 2–4 karty, 5+ kart; 22 karty, 25 kart), Greek and
    Italian two; English picks by n == 1."""
    def full(count: int) -> Text:
        return Text("{count} card", "{count} cards", count=count)
    assert [str(full(n)) for n in (1, 2)] == ["1 card", "2 cards"]
    assert [Translator("pl")(full(n)) for n in (1, 2, 5, 12, 22, 25)] == \
        ["1 karta", "2 karty", "5 kart", "12 kart", "22 karty", "25 kart"]
    assert [Translator("el")(full(n)) for n in (1, 3)] == ["1 κάρτα", "3 κάρτες"]
    assert [Translator("it")(full(n)) for n in (1, 3)] == ["1 carta", "3 carte"]
    with pytest.raises(TypeError):
        Text("{count} card", "{count} cards")              # a plural needs its count


def test_texts_round_trip_through_json_for_the_journal():
    text = Text("{seat} draws {count} card, not {drawn}", "{seat} draws {count} cards, not {drawn}",
                seat=Seat(2), count=3, drawn=(Text("red"), 1))
    again = Text.from_dict(json.loads(json.dumps(text.to_dict())))
    assert str(again) == str(text) == "seat 3 draws 3 cards, not red, 1"
    assert Translator("pl")(text.to_dict()) == Translator("pl")(again)
    assert Translator("el")("plain English label") == "plain English label"   # sheets saved before


def test_illegal_action_shows_the_rulebook_heading_and_keeps_the_digest_code_for_the_log():
    exc = IllegalAction(Text("row {row} has no cards to take", row=2), "§4.3 B")
    assert exc.explanation == exc.reason and "§" not in Translator("el")(exc.explanation)
    assert str(exc) == "row 2 has no cards to take [§4.3 B]"          # the log keeps the code
    cited = exc.citing({"§4": Text("How to play"), "§4.3 B": Text("B. Taking a row")})
    assert str(cited.explanation) == "row 2 has no cards to take (rulebook: “B. Taking a row”)"
    assert Translator("el")(cited.explanation).endswith("(κανόνες: «Β. Πάρσιμο μίας γραμμής»)")
    assert cited.rule == "§4.3 B" and exc.citing({"§5": Text("Scoring")}) is exc
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
    return translations(catalogue_path(lang, domain))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_each_game_translates_its_own_texts_in_its_own_catalogue(game, lang):
    used: set[str] = set()
    for path in sorted(_package(game).glob("*.py")):
        used |= py_messages(path)
    own = _domain_catalogue(lang, game)
    assert len(used) > 30
    assert sorted(m for m in used if not own.get(m)) == []
    assert [m for m in used if any(placeholders(m) != placeholders(form) for form in _forms(own[m]))] == []


def _forms(translation: str | tuple[str, ...]) -> tuple[str, ...]:
    return translation if isinstance(translation, tuple) else (translation,)


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
