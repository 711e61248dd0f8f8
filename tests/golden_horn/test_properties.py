"""Random legal playouts: invariants P1–P7 at every step (digest §9).  Replay,
undo, JSON round trips and listed-vs-applied are checked for every game by
tests/conformance."""
from __future__ import annotations

import json
import os
import random

from hypothesis import given, settings, strategies as st

from companion.golden_horn import GAME, cubes
from companion.golden_horn.actions import ACTION_TYPES, Move
from companion.golden_horn.state import OVER
from companion.signals import GameEnded, TurnStarted
from tests.conformance.playout import play
from tests.golden_horn.helpers import check_invariants, config_for, quick_choice


def monotonic(before, action, after) -> None:
    """P5 (bag never grows, warehouses never shrink), P7 and signal sanity."""
    check_invariants(after)
    assert all(a <= b for a, b in zip(after.bag, before.bag))
    for old, new in zip(before.warehouses, after.warehouses):
        assert cubes.contains(new, old)
    if isinstance(action, Move) and after.deck_size <= before.deck_size:    # no reshuffle
        assert after.discard == cubes.add(before.discard, cubes.counts(action.wind))       # P7
        drawn = before.deck_size - after.deck_size
        assert after.hand_sizes[action.seat] == before.hand_sizes[action.seat] - len(action.wind) + drawn
    signals = GAME.signals(before, action, after)
    assert (GameEnded in {type(s) for s in signals}) == (after.phase == OVER and before.phase != OVER)
    starts = [s for s in signals if isinstance(s, TurnStarted)]
    assert len(starts) <= 1 and all(s.seat == after.current for s in starts)


#: random games per run; LONG_PROPERTIES=1 plays 1,500 (the conformance suite adds its own playouts)
QUICK_GAMES = 1500 if os.environ.get("LONG_PROPERTIES") else 500


def test_hundreds_of_quick_random_games_keep_the_invariants():
    games = 0
    lengths = []
    for seed in range(QUICK_GAMES):
        run = play(GAME, config_for(seed), seed, choose=quick_choice, each=monotonic, keep_states=False)
        sheet = GAME.score_sheet(run.final)
        assert sheet.final and sheet.winners
        lengths.append(len(run.actions))
        games += 1
    assert games == QUICK_GAMES and min(lengths) > 10


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_uniform_random_games_keep_the_invariants(seed):
    """Uniform choice over every legal action reaches what the quick chooser skips."""
    seen_types = set()

    def each(before, action, after):
        monotonic(before, action, after)
        seen_types.add(type(action))

    play(GAME, config_for(seed), seed, each=each)
    assert Move in seen_types


def test_every_sampled_legal_action_keeps_the_invariants():
    rng = random.Random(4)
    for seed in range(30):
        def each(before, action, after):
            legal = GAME.legal_actions(before)
            for other in rng.sample(legal, min(8, len(legal))):
                check_invariants(GAME.apply(before, other))
        play(GAME, config_for(seed), seed, choose=quick_choice, each=each, keep_states=False)


def test_every_action_type_round_trips_through_json():
    from companion.golden_horn.actions import (Attack, Correct, DeclareEnd, DrawCards, DrawCubes,
                                               EndTurn, PlaceFleet, TurnAround)
    samples = [DrawCubes("V", "YYPGROBBB"), DrawCards(2, "GRB"), PlaceFleet(1, "VCV"),
               Attack(0, "1b", "RG"), Move(1, "1a", "s5", "B", True, "GR"), Move(0, "0c", "V"),
               TurnAround(1, "1a", True), DeclareEnd(3), EndTurn(2), Correct("cargo", "1b", "R", 1, 2)]
    assert {type(a) for a in samples} == set(ACTION_TYPES)
    for action in samples:
        data = json.loads(json.dumps(action.to_dict()))
        assert GAME.parse_action(data) == action
        assert str(action) and "(" not in str(action)[:3]


def test_malformed_actions_are_invalid():
    import pytest
    from companion.errors import InvalidAction
    bad = [{"type": "move", "seat": 0, "ship": "0d", "to": "s1"},
           {"type": "move", "seat": 0, "ship": "0a", "to": "s1", "wind": "X"},
           {"type": "attack", "seat": 0, "ship": "1a"},
           {"type": "draw_cubes", "port": "M", "cubes": "YY"},
           {"type": "place_fleet", "owner": 0, "ports": "VVM"},
           {"type": "sail", "seat": 0},
           {"type": "end_turn", "seat": "0"}]
    for data in bad:
        with pytest.raises(InvalidAction):
            GAME.parse_action(data)
