"""Property tests: seeded random games checking the digest's invariants (§4.3) at
every step, and every colour set on every card either listed or refused.  Replay,
undo, JSON round trips, sampled listed-vs-applied and no mutation are checked for
every game by tests/conformance."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.errors import IllegalAction
from companion.alles_auf_1_karte import GAME
from companion.alles_auf_1_karte.actions import Mark
from companion.alles_auf_1_karte.cards import COLOURS
from companion.alles_auf_1_karte.invariants import check_state
from companion.alles_auf_1_karte.state import MARK, OVER, THROW
from tests.alles_auf_1_karte.helpers import config, quick_step
from tests.conformance.playout import play

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
        players = 2 + seed % 3
        rounds_scored: dict[tuple[int, int], int] = {}

        def each(state, action, after):
            check_step(state, action, after)
            for s in range(players):
                gained = len(after.seats[s].scored) - len(state.seats[s].scored)
                key = (after.round, s)
                rounds_scored[key] = rounds_scored.get(key, 0) + gained
                assert rounds_scored[key] <= 1                 # one card per seat per round

        state = play(GAME, config(players, **options), seed * 7919 + len(str(options)),
                     choose=quick_step, each=each, keep_states=False).final
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
def test_every_colour_set_on_every_card_is_listed_or_refused(seed, players, variant, strict):
    states = play(GAME, config(players, variant=variant, must_use_all_fitting_colours=strict), seed).states
    marking = [state for state in states if state.phase == MARK]
    for state in random.Random(seed).sample(marking, min(5, len(marking))):
        mark_subsets_agree_with_legal_actions(state)
