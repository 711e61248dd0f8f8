"""Property tests: seeded random games checking the digest's invariants (§4.3) at
every step, legal_actions agreeing with apply, replay, undo and record round-trips."""
from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.engine import IllegalAction
from companion.record import GameRecord, record_from_dict, replay
from companion.alles_auf_1_karte import GAME
from companion.alles_auf_1_karte.actions import Mark
from companion.alles_auf_1_karte.cards import COLOURS
from companion.alles_auf_1_karte.invariants import check_state
from companion.alles_auf_1_karte.state import MARK, OVER, THROW
from tests.alles_auf_1_karte.helpers import config, playout, quick_step

GAMES_PER_CONFIG = 330
CONFIGS = [dict(variant=v, must_use_all_fitting_colours=strict, equal_turns=equal)
           for v in ("basic", "advanced") for strict in (False, True) for equal in (False, True)
           if not (strict and equal)]


def check_step(before, action, after):
    """The invariants that relate two consecutive states (check_state covers marks
    within fields and at most 2 complete rows on open cards)."""
    check_state(after)
    assert after.card_count() == 30                          # pile+open+scored+display
    for seat_before, seat_after in zip(before.seats, after.seats):
        if seat_after is seat_before:
            continue
        # scored cards never change and are never marked again
        assert seat_after.scored[:len(seat_before.scored)] == seat_before.scored
        # at most one card is scored per seat and action
        assert len(seat_after.scored) - len(seat_before.scored) <= 1
        # marks never exceed fields and never go backwards
        old = {c.id: c.marks for c in seat_before.open}
        for card in seat_after.open:
            if card.id in old:
                assert all(a >= b for a, b in zip(card.marks, old[card.id]))
    if after.dice:
        assert len(after.dice) == 5 and set(after.dice) <= set(COLOURS)
    assert (GAME.to_act(after) == ()) == (after.phase == OVER)
    if isinstance(action, Mark):
        changed = [s for s in range(after.player_count) if after.seats[s] != before.seats[s]]
        assert changed in ([], [action.seat])                  # one card of one seat
    if after.phase == THROW and after.throws == 0 and not after.rules.equal_turns:
        # the pile never runs out before the end (basic), so everyone holds a full hand
        assert all(len(s.open) == after.rules.open_cards for s in after.seats)
        if after.rules.advanced:
            assert len(after.display) == 3
    if after.phase == OVER:
        scored = [len(s.scored) for s in after.seats]
        assert max(scored) >= 4
        if not after.rules.equal_turns:
            assert max(scored) <= 4                            # the game ends with that round
            assert before.phase == MARK                        # right after the marking


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_random_games_keep_the_invariants_at_every_step(options):
    finished = 0
    for seed in range(GAMES_PER_CONFIG):
        rng = random.Random(seed * 7919 + len(str(options)))
        players = 2 + seed % 3
        state = GAME.setup(config(players, **options))
        rounds_scored: dict[tuple[int, int], int] = {}
        while state.phase != OVER:
            action = quick_step(state, rng)
            after = GAME.apply(state, action)
            check_step(state, action, after)
            for s in range(players):
                gained = len(after.seats[s].scored) - len(state.seats[s].scored)
                key = (after.round, s)
                rounds_scored[key] = rounds_scored.get(key, 0) + gained
                assert rounds_scored[key] <= 1                 # one card per seat per round
            state = after
        sheet = GAME.score_sheet(state)
        assert sheet.final
        for seat in range(players):
            assert sheet.totals[seat] == sum(l.points for l in sheet.lines_for(seat))
            assert all(0 <= l.points <= 25 for l in sheet.lines_for(seat))
        assert sheet.winners == tuple(s for s, t in enumerate(sheet.totals) if t == max(sheet.totals))
        finished += 1
    assert finished == GAMES_PER_CONFIG


def mark_subsets_agree_with_legal_actions(state):
    """Every colour set on every card is either listed as legal or refused with IllegalAction."""
    counts = state.dice_counts()
    rolled = [c for c in COLOURS if counts.get(c)]
    for seat in GAME.to_act(state):
        legal = set(GAME.legal_actions(state, seat))
        for card in state.seats[seat].open:
            for k in range(1, len(rolled) + 1):
                for colours in itertools.combinations(rolled, k):
                    action = Mark(seat, card.id, colours)
                    try:
                        GAME.apply(state, action)
                    except IllegalAction:
                        assert action not in legal
                    else:
                        assert action in legal


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 4),
       variant=st.sampled_from(["basic", "advanced"]), strict=st.booleans())
def test_legal_action_playouts_replay_and_undo(seed, players, variant, strict):
    cfg = config(players, variant=variant, must_use_all_fitting_colours=strict)
    actions, states = playout(cfg, seed)
    rng = random.Random(seed)
    for index in rng.sample(range(len(states)), 5):
        state = states[index]
        if state.phase == MARK:
            mark_subsets_agree_with_legal_actions(state)
        for action in rng.sample(list(GAME.legal_actions(state)), min(5, len(GAME.legal_actions(state)))):
            GAME.apply(state, action)                         # every listed action applies
    # replay reproduces every state; undo = replay without the last action
    assert replay(GAME, cfg, actions) == states
    cut = rng.randrange(1, len(actions) + 1)
    assert replay(GAME, cfg, actions[:cut - 1])[-1] == states[cut - 1]
    # the record survives JSON
    record = GameRecord(cfg, tuple(actions))
    again = record_from_dict(json.loads(record.to_json()))
    assert again.actions == tuple(actions) and again.config == cfg
    # the summary is JSON at every stage we look at
    for index in (0, cut - 1, len(states) - 1):
        json.dumps(GAME.summary(states[index]))


def test_applying_never_mutates_the_state():
    actions, states = playout(config(3, variant="advanced"), 11)
    copies = [repr(s) for s in states[:60]]
    for state, action in zip(states[:60], actions[:60]):
        GAME.apply(state, action)
    assert [repr(s) for s in states[:60]] == copies
