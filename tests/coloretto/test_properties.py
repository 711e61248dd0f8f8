"""Random legal playouts (seeded) checking the digest's invariants (§4.4) at every
step.  Replay, undo, JSON round trips and sampled draws being legal are checked for
every game by tests/conformance."""
from __future__ import annotations

import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.coloretto import GAME
from companion.coloretto.actions import Reveal, Take
from companion.coloretto.data import LAST_ROUND
from companion.coloretto.state import OVER, PLAY_PHASES

from tests.coloretto.helpers import config, total_cards
from tests.conformance.playout import play


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


#: random games per player count; LONG_PROPERTIES=1 plays 500 (2,000 in all)
GAMES_PER_COUNT = 500 if os.environ.get("LONG_PROPERTIES") else 200


def test_hundreds_of_random_games_keep_the_invariants():
    games = 0
    for players in (2, 3, 4, 5):
        for seed in range(GAMES_PER_COUNT):
            options = {}
            if seed % 3 == 1:
                options = {"side": "grey", "after_last_round_card": "choose_again"}
            elif seed % 3 == 2:
                options = {"joker_colours": "optional", "start_cards": "chosen",
                           "start_colours_all_distinct": False}
            final = play(GAME, config(players, **options), seed, each=check_step,
                         keep_states=False).final
            assert final.last_round and final.phase == OVER
            sheet = GAME.score_sheet(final)
            assert sheet.final and len(sheet.totals) == players
            assert sheet.winners == tuple(s for s, t in enumerate(sheet.totals)
                                          if t == max(sheet.totals))
            games += 1
    assert games == 4 * GAMES_PER_COUNT


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_summary_agrees_with_the_sheet_and_the_collections(players, seed):
    states = play(GAME, config(players), seed).states
    for state in states[::7] + [states[-1]]:
        data = json.loads(json.dumps(GAME.summary(state)))
        assert data["scores"] == list(GAME.score_sheet(state).totals)
        assert sum(p["cards"] for p in data["players"]) == sum(c.size for c in state.collections)
