"""Each engine bug the conformance suite tolerates, reproduced on purpose: these
fail (xfail, strict) while the bug lasts; once an engine is fixed the test passes,
strict xfail turns that into a failure, and the entry in known_bugs.py must go."""
from __future__ import annotations

import random

import pytest

from tests.conformance.known_bugs import KNOWN_BUGS, reproduce
from tests.conformance.playout import load, play, random_config, registered_games

SEEDS = 20


@pytest.mark.parametrize("bug", [pytest.param(bug, id=bug.game, marks=pytest.mark.xfail(strict=True, reason=bug.reason))
                                 for bug in KNOWN_BUGS])
def test_known_engine_bug_is_gone(bug):
    assert bug.game in registered_games()
    game = load(bug.game)
    for seed in range(SEEDS):
        run = play(game, random_config(game, random.Random(seed)), seed)
        action = reproduce(game, bug, run.states)
        assert action is None, f"{action!r} applies but legal_actions does not list it"
