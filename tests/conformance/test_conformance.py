"""One conformance suite over every game in the registry (companion/games.py):
seeded random playouts to the end, checking the engine protocol at every step.

A game added to the registry is included without touching this file.  The
``counter`` test game (tests/fake_game.py, registered by tests/conftest.py) is
included in the protocol checks; it is left out of the translation checks only,
as every game not shipped in companion/ is (it brings no catalogue).
"""
from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, given, reject, settings, strategies as st

from companion.engine import GameConfig
from companion.errors import ConfigError
from companion.games import registered_games as registry_names
from companion.i18n import LANGUAGE_NAMES, Translator
from tools.catalogues import catalogue
from companion.messages import Text
from tests.conformance.checks import Findings, check_playout
from tests.conformance.playout import (NAMES, declared_options, load, play, random_config,
                                       registered_games, ships_a_catalogue)

GAMES = registered_games()

#: Random configs and seeds per game and test (derandomized: the same ones on every run,
#: so a strict xfail stays strict); the whole folder takes ~12 s of CPU.
EXAMPLES = 12


@st.composite
def configs(draw, game) -> GameConfig:
    """A declared player count and a declared choice for every option with choices."""
    players = draw(st.integers(game.min_players, game.max_players))
    options = {name: draw(st.sampled_from(choices)) for name, choices in declared_options(game).items()}
    config = GameConfig.build(game.name, NAMES[:players], **options)
    try:
        game.setup(config)
    except ConfigError:
        reject()              # e.g. a start seat beyond the player count
    return config


def test_every_registered_game_is_checked():
    """Every registry entry has its engine installed, so none is silently left out."""
    assert set(GAMES) == set(registry_names()) and len(GAMES) >= 4


@pytest.mark.parametrize("name", GAMES)
def test_every_declared_player_count_and_option_value_sets_up(name):
    """Defaults at every declared count; each option value alone at the largest count;
    one seat fewer or more than declared is a ConfigError."""
    game = load(name)
    for players in range(game.min_players, game.max_players + 1):
        game.setup(GameConfig.build(name, NAMES[:players]))
    for option, choices in declared_options(game).items():
        for value in choices:
            game.setup(GameConfig.build(name, NAMES[:game.max_players], **{option: value}))
    for players in (game.min_players - 1, game.max_players + 1):
        if players >= 1:
            with pytest.raises(ConfigError):
                game.setup(GameConfig.build(name, NAMES[:players]))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_random_playouts_keep_the_engine_protocol(name, data):
    """To the end; to_act agrees with is_over; listed actions apply and sampled others
    are refused precisely; actions, config and record round-trip through JSON; replay
    equals play; undo restores; summaries and score sheets are JSON-safe."""
    game = load(name)
    config = data.draw(configs(game), label="config")
    seed = data.draw(st.integers(0, 2 ** 32 - 1), label="seed")
    check_playout(game, play(game, config, seed), seed)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_actions_not_listed_are_refused(name, data):
    """Sampled actions that legal_actions does not list (played elsewhere in the game,
    or a listed one with a field changed) raise IllegalAction or InvalidAction, never
    apply and never crash."""
    game = load(name)
    config = data.draw(configs(game), label="config")
    seed = data.draw(st.integers(0, 2 ** 32 - 1), label="seed")
    findings = check_playout(game, play(game, config, seed), seed, unlisted=True)
    assert findings.refused > 0


# -- player-facing texts ------------------------------------------------------------------

TRANSLATED_GAMES = tuple(name for name in GAMES if ships_a_catalogue(name))
LANGS = tuple(lang for lang in LANGUAGE_NAMES if lang != "en")
TEXT_SEEDS = 6


@functools.lru_cache(maxsize=None)
def _findings(name: str) -> Findings:
    """Texts met in a few seeded playouts of random declared configs, with sampled
    illegal attempts at every deep-checked state."""
    game = load(name)
    met = Findings()
    for seed in range(TEXT_SEEDS):
        found = check_playout(game, play(game, random_config(game, random.Random(seed)), seed), seed,
                              unlisted=True)
        met.described |= found.described
        met.refusals |= found.refusals
        met.sheets += found.sheets
    return met


def _untranslated(msgids: set[str]) -> dict[str, list[str]]:
    missing = {lang: sorted(m for m in msgids if not catalogue(lang).get(m)) for lang in LANGS}
    return {lang: found for lang, found in missing.items() if found}


@pytest.mark.parametrize("name", TRANSLATED_GAMES)
def test_action_descriptions_and_refusals_are_translated(name):
    """Every action met (played, listed or attempted) describes itself with msgids that
    el, it and pl translate; so does every refusal met; each renders in each language."""
    met = _findings(name)
    texts = met.described | met.refusals
    assert len(met.refusals) >= 5, "the playouts must really refuse things"
    msgids = set().union(*(text.msgids() for text in texts))
    assert _untranslated(msgids) == {}
    for lang in LANGS:
        translate = Translator(lang)
        for text in texts:
            assert translate(text)          # every placeholder of the translation can be filled


@pytest.mark.parametrize("name", TRANSLATED_GAMES)
def test_score_sheet_lines_are_translated(name):
    """The scores screen shows each line's label and detail through the catalogue
    (ui/screens/scores.py app.tr(...)): every line met mid-game and at the end is a Text
    whose msgids el, it and pl translate."""
    texts = {text for sheet in _findings(name).sheets for line in sheet.lines
             for text in (line.label, line.detail) if text}
    assert texts and all(isinstance(text, Text) for text in texts)
    assert _untranslated(set().union(*(text.msgids() for text in texts))) == {}
