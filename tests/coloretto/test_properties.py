"""Random legal playouts (seeded) checking the digest's invariants (§4.4) at every
step, plus replay and undo round trips through companion.record."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.coloretto import GAME
from companion.coloretto.actions import Reveal, Take
from companion.coloretto.data import LAST_ROUND
from companion.coloretto.state import OVER, PLAY_PHASES
from companion.engine import TABLE
from companion.record import GameRecord, record_from_dict, replay

from tests.coloretto.helpers import playout, total_cards


def check_step(before, action, after):
    """The invariants every step must keep."""
    assert total_cards(after) == 77
    assert all(0 <= len(r.cards) <= r.capacity for r in after.rows)
    assert all(LAST_ROUND not in r.cards for r in after.rows)
    assert all(n >= 0 for n in after.pile)
    n = after.players
    if after.phase in PLAY_PHASES:
        extra = 1 if n == 2 else 0
        assert len(after.open_rows) == len(after.active) + extra
        assert after.current in after.active
        assert GAME.legal_actions(after), "the legal-action set is never empty"
    if isinstance(action, Take):
        if len(before.out) + 1 == n:               # everyone has taken a row
            if after.phase == OVER:
                assert before.last_round and sorted(after.out) == list(range(n))
            else:
                assert after.out == () and after.round == before.round + 1
                assert after.current == action.seat and not before.last_round
        else:
            assert after.out == before.out + (action.seat,) and after.round == before.round
    elif after.phase != OVER:
        assert after.round == before.round or before.round == 0
    if isinstance(action, Reveal) and action.card == LAST_ROUND:
        assert after.pile_size == 15 and after.last_round
    assert GAME.is_over(after) == (after.phase == OVER)
    assert (GAME.to_act(after) == ()) == GAME.is_over(after)


def test_thousands_of_random_games_keep_the_invariants():
    games = 0
    for players in (2, 3, 4, 5):
        for seed in range(500):
            options = {}
            if seed % 3 == 1:
                options = {"side": "grey", "after_last_round_card": "choose_again"}
            elif seed % 3 == 2:
                options = {"joker_colours": "optional", "start_cards": "chosen",
                           "start_colours_all_distinct": False}
            _, actions, states = playout(players, seed, check_step, **options)
            final = states[-1]
            assert final.last_round and final.phase == OVER
            sheet = GAME.score_sheet(final)
            assert sheet.final and len(sheet.totals) == players
            assert sheet.winners == tuple(s for s, t in enumerate(sheet.totals)
                                          if t == max(sheet.totals))
            games += 1
    assert games == 2000


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), cut=st.floats(0, 1))
def test_replay_and_undo_round_trip(players, seed, cut):
    cfg, actions, states = playout(players, seed)
    assert replay(GAME, cfg, actions) == states
    k = int(cut * (len(actions) - 1)) + 1
    assert replay(GAME, cfg, actions[:k - 1])[-1] == states[k - 1]    # undo of action k
    record = record_from_dict(json.loads(GameRecord(cfg, tuple(actions)).to_json()))
    assert record.actions == tuple(actions) and record.config == cfg


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_summary_and_sheet_are_json_at_every_step(players, seed):
    _, _, states = playout(players, seed)
    for state in states[::7] + [states[-1]]:
        data = json.loads(json.dumps(GAME.summary(state)))
        assert data["scores"] == list(GAME.score_sheet(state).totals)
        assert sum(p["cards"] for p in data["players"]) == sum(c.size for c in state.collections)
        json.dumps(GAME.score_sheet(state).to_dict())


@settings(max_examples=20, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_sampled_draws_follow_the_pile(players, seed):
    """sample_chance only offers what is left, and only legal outcomes."""
    rng = random.Random(seed)
    _, _, states = playout(players, seed)
    for state in states:
        if GAME.to_act(state) == (TABLE,):
            action = GAME.sample_chance(state, rng)
            assert action in GAME.legal_actions(state)
