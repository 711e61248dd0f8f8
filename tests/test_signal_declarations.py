"""Every signal a game emits is declared in its manifest (banner text and LED
pattern), its banner is translated, and Caravelas's bonus moves keep the seats
still to answer blinking (AnswersAwaited), also after an undo."""
from __future__ import annotations

import functools
import random

import pytest

from companion.caravelas.signals import answering
from companion.caravelas.manifest import MANIFEST as CARAVELAS
from companion.caravelas.signals import PiratesPaid
from companion.engine import TABLE, GameConfig
from companion.games import available_games, load_game, load_manifest
from tools.catalogues import catalogue
from companion.manifest import GameManifest, ManifestError
from companion.session import TableSession
from companion.signals import (BLINK_UNTIL_ANSWERED, FLASH, PATTERNS, AnswersAwaited, Cue, FinalRound,
                               PirateAttack, SeatScored, SignalSpec, TurnStarted, generic)
from tests.conformance.playout import play, random_config

SEEDS = 2
LANGS = ("el", "it", "pl")


@functools.lru_cache(maxsize=None)
def emitted(name: str) -> tuple:
    """Every signal met in a few seeded random playouts of ``name``."""
    game = load_game(name)
    found: list = []
    for seed in range(SEEDS):
        play(game, random_config(game, random.Random(seed)), seed, keep_states=False,
             each=lambda before, action, after: found.extend(game.signals(before, action, after)))
    return tuple(found)


@pytest.mark.parametrize("name", available_games())
def test_every_signal_a_game_emits_is_declared(name):
    manifest = load_manifest(name)
    undeclared = sorted({type(s).__name__ for s in emitted(name) if not manifest.declares(type(s))})
    assert not undeclared, f"{name} emits {undeclared} but its manifest does not declare them " \
                           f"(GameManifest.signals, docs/adding-a-game.md)"


@pytest.mark.parametrize("name", [g for g in available_games() if load_manifest(g).translated])
def test_every_signal_banner_is_translated(name):
    manifest = load_manifest(name)
    missing = set()
    for signal in emitted(name):
        spec = manifest.signal_spec(signal)
        assert spec.pattern in PATTERNS
        text = spec.text(signal)
        for msgid in text.msgids() if text is not None else ():
            missing |= {f"{lang}: {msgid}" for lang in LANGS if not catalogue(lang).get(msgid)}
    assert not missing


def test_a_games_declaration_wins_over_the_generic_one():
    toll = PiratesPaid.by(1)                  # a PirateAttack, declared by Caravelas for itself
    assert CARAVELAS.signal_spec(toll).cue(toll).seats == (1,)
    assert str(CARAVELAS.signal_spec(toll).text(toll)) == "seat 2 pays the pirates 1 marker"
    golden_horn = load_manifest("golden_horn")
    raid = PirateAttack(0, 2)
    assert golden_horn.signal_spec(raid).cue(raid).seats == (0, 2)
    assert str(golden_horn.signal_spec(raid).text(raid)) == "Pirates! seat 1 raids seat 3"
    assert CARAVELAS.signal_spec(TurnStarted(2)).cue(TurnStarted(2)).seats == (2,)   # a session kind
    assert load_manifest("counter").signal_spec(SeatScored(0, 3)).pattern == "none"  # undeclared


def test_a_manifest_with_a_malformed_signal_declaration_is_refused():
    engine = load_game("counter")
    with pytest.raises(ManifestError, match="SignalSpecs"):
        GameManifest(engine=engine, signals=(SeatScored,))
    with pytest.raises(ManifestError, match="twice"):
        GameManifest(engine=engine,
                     signals=generic(SeatScored) + (SignalSpec(SeatScored, FLASH),))
    with pytest.raises(ValueError, match="unknown LED pattern"):
        SignalSpec(FinalRound, "strobe")


def test_caravelas_bonus_moves_blink_the_seats_still_to_answer():
    """In random playouts each offer shrinks seat by seat to () (every answer in), and the
    signal always equals the seats the rules still wait for."""
    game = load_game("caravelas")
    offers: list[tuple[int, ...]] = []

    def each(before, action, after):
        for signal in game.signals(before, action, after):
            if isinstance(signal, AnswersAwaited):
                assert signal.seats == answering(after)
                offers.append(signal.seats)

    play(game, GameConfig.build("caravelas", ["A", "B", "C"]), 1, each=each, keep_states=False)
    assert offers and offers[-1] == ()
    assert any(len(seats) > 1 for seats in offers), "no offer to several seats met"
    for earlier, later in zip(offers, offers[1:]):
        assert later == () or earlier == () or later == earlier[1:], (earlier, later)
    cue = CARAVELAS.signal_spec(AnswersAwaited((1, 2))).cue(AnswersAwaited((1, 2)))
    assert cue == Cue(BLINK_UNTIL_ANSWERED, (1, 2))
    assert CARAVELAS.signal_spec(AnswersAwaited(())).text(AnswersAwaited(())) is None


def test_an_undo_sends_the_resting_blink_again(journal):
    """After an undo (or on resume) the session sends what the state shows at rest: the
    seats blink again when the undo reopens an offer, and stop when it takes one back."""
    game = load_game("caravelas")
    session = TableSession.new(journal, GameConfig.build("caravelas", ["A", "B", "C"]))
    rng = random.Random(4)
    while not answering(session.state):
        acting = game.to_act(session.state)
        session.submit(game.sample_chance(session.state, rng) if acting == (TABLE,)
                       else rng.choice(game.legal_actions(session.state)))
        assert not game.is_over(session.state), "no bonus move offered in this game"
    offered = answering(session.state)
    heard: list = []
    session.add_listener(lambda e: heard.append(e.payload) if e.kind == "signal" else None)
    session.undo()
    assert AnswersAwaited(()) in heard
    heard.clear()
    session.redo()
    assert AnswersAwaited(offered) in heard   # the redo plays the offer again
    heard.clear()
    resumed = TableSession.resume(journal, session.game_id)   # after a power cut
    resumed.add_listener(lambda e: heard.append(e.payload) if e.kind == "signal" else None)
    resumed.announce_turn()
    assert AnswersAwaited(offered) in heard
