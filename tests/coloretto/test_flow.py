"""Digest §9.1 flow, legality and round vectors F1–F16 (and the rules they encode)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.coloretto import GAME
from companion.coloretto.actions import Draw, Place, Reveal, Take
from companion.coloretto.data import CATALOGUE, JOKER, LAST_ROUND, PILE_KINDS, PLUS2
from companion.coloretto.rules import foretold_reveals
from companion.coloretto.state import DRAW, OVER, PLACE, TURN
from companion.engine import TABLE
from companion.errors import IllegalAction, InvalidAction
from companion.signals import FinalRound, GameEnded, RoundEnded, TableNotice

from tests.coloretto.helpers import A, B, C, D, E, set_up, with_rows


def draw_and_place(state, card, row):
    seat = state.current
    state = GAME.apply(state, Draw(seat))
    state = GAME.apply(state, Reveal(card))
    return GAME.apply(state, Place(seat, row))


def test_F1_setup_four_players():
    state = set_up(4)
    assert [r.capacity for r in state.rows] == [3, 3, 3, 3]
    assert all(r.cards == () and r.taken_by is None for r in state.rows)
    starts = [c for _, c in state.start_cards]
    assert len(starts) == 4 and len(set(starts)) == 4
    assert all(col.size == 1 and sum(col.counts) == 1 for col in state.collections)
    assert state.pile_size == 73
    assert state.last_round_draw == 58            # 57 cards above it, 15 below
    assert state.draws_until_last_round == 57
    assert state.pile_size - state.last_round_draw == 15
    assert len(CATALOGUE.rows_for(4)) == 4        # one brown row card and the greens stay boxed


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_F2_round_start_only_draw(players):
    state = set_up(players, starter=1)
    assert GAME.legal_actions(state) == (Draw(1),)
    for row in range(len(state.rows)):
        with pytest.raises(IllegalAction, match="has no cards"):
            GAME.apply(state, Take(1, row))


def test_F3_placement_and_take_targets():
    state = with_rows(set_up(4), ["A B +2", "C", "", "J D D"], current=0)
    assert set(GAME.legal_actions(state)) == {Draw(0), Take(0, 0), Take(0, 1), Take(0, 3)}
    with pytest.raises(IllegalAction, match="no cards"):
        GAME.apply(state, Take(0, 2))
    state = GAME.apply(GAME.apply(state, Draw(0)), Reveal(E))
    assert state.phase == PLACE and state.drawn == E
    assert set(GAME.legal_actions(state)) == {Place(0, 1), Place(0, 2)}
    for full in (0, 3):
        with pytest.raises(IllegalAction, match="full") as err:
            GAME.apply(state, Place(0, full))
        assert err.value.rule == "§4.3 A"


def test_F4_all_rows_full_must_take():
    state = with_rows(set_up(4), ["A B C", "D E A", "B C D", "E A B"], current=2)
    assert set(GAME.legal_actions(state)) == {Take(2, r) for r in range(4)}
    with pytest.raises(IllegalAction, match="must take a row"):
        GAME.apply(state, Draw(2))


def test_F5_forced_takes_and_last_taker_starts():
    state = with_rows(set_up(4), ["A B C", "", "D E A", ""], out={0: 1, 2: 3}, current=1)
    assert set(GAME.legal_actions(state)) == {Take(1, 0), Take(1, 2)}
    with pytest.raises(IllegalAction):
        GAME.apply(state, Draw(1))
    state = GAME.apply(state, Take(1, 0))
    assert state.current == 3                      # P3 is out, so P4 is next
    assert GAME.legal_actions(state) == (Take(3, 2),)
    before = state
    state = GAME.apply(state, Take(3, 2))
    assert state.round == before.round + 1 and state.current == 3 and state.out == ()
    assert all(r.cards == () and r.is_open for r in state.rows)
    assert RoundEnded(3) in GAME.signals(before, Take(3, 2), state)


def test_F6_out_players_are_skipped():
    state = with_rows(set_up(5), ["", "", "", "", ""], current=0)
    state = replace(state, rows=tuple(replace(r, taken_by=s) if s in (1, 3) else r
                                      for s, r in enumerate(state.rows)), out=(1, 3))
    order = []
    for card, row in ((A, 0), (B, 2), (C, 4), (D, 0)):
        state = draw_and_place(state, card, row)
        order.append(state.current)
    assert order == [2, 4, 0, 2]


def test_F7_last_active_player_keeps_drawing():
    state = with_rows(set_up(4), ["", "", "", "A"], out={0: 0, 1: 1, 2: 2}, current=3)
    assert set(GAME.legal_actions(state)) == {Draw(3), Take(3, 3)}
    state = draw_and_place(state, B, 3)
    assert state.current == 3
    state = draw_and_place(state, C, 3)
    assert GAME.legal_actions(state) == (Take(3, 3),)
    state = GAME.apply(state, Take(3, 3))
    assert state.current == 3 and state.round == 2 and state.phase == TURN
    assert all(r.cards == () and r.is_open for r in state.rows)
    assert state.collections[3].count(A) == 1 and state.collections[3].count(C) == 1


def test_F8_last_player_with_empty_row_must_draw():
    state = with_rows(set_up(3), ["", "", ""], out={0: 0, 1: 1}, current=2)
    assert GAME.legal_actions(state) == (Draw(2),)
    state = draw_and_place(state, D, 2)
    assert state.current == 2
    assert set(GAME.legal_actions(state)) == {Draw(2), Take(2, 2)}


def test_F9_last_taker_starts_next_round():
    state = set_up(3, starter=2)
    state = draw_and_place(state, A, 0)            # P3
    state = draw_and_place(state, B, 1)            # P1
    state = GAME.apply(state, Take(1, 0))          # P2 takes first
    state = GAME.apply(state, Take(2, 1))          # P3
    assert state.current == 0
    state = draw_and_place(state, C, 2)            # P1 alone may still draw
    state = GAME.apply(state, Take(0, 2))          # P1 takes last
    assert state.round == 2 and state.current == 0


def at_last_round_draw(players=4, **options):
    state = set_up(players, starter=1, **options)
    return replace(state, draws=state.last_round_draw - 1)


def test_F10_last_round_card_then_draw_again():
    state = at_last_round_draw()
    state = GAME.apply(state, Draw(1))
    assert foretold_reveals(state) == (LAST_ROUND,) and Reveal(LAST_ROUND) in GAME.legal_actions(state)
    before = state
    state = GAME.apply(state, Reveal(LAST_ROUND))
    assert state.last_round and state.phase == DRAW and GAME.to_act(state) == (TABLE,)
    assert FinalRound in {type(s) for s in GAME.signals(before, Reveal(LAST_ROUND), state)}
    with pytest.raises(IllegalAction, match="which card was drawn"):
        GAME.apply(state, Take(1, 0))
    assert LAST_ROUND not in {a.card for a in GAME.legal_actions(state)}
    state = GAME.apply(state, Reveal(A))
    state = GAME.apply(state, Place(1, 0))
    assert state.rows[0].cards == (A,)             # rows never hold the last-round card
    for seat, row in ((2, 0), (3, 1), (0, 2)):
        state = draw_and_place(state, B, row) if row else GAME.apply(state, Take(seat, 0))
    while not GAME.is_over(state):
        last = state
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    assert state.phase == OVER and state.round == last.round and GAME.to_act(state) == ()
    signals = GAME.signals(last, Take(last.current, 0), state)
    assert isinstance(signals[-1], GameEnded) and RoundEnded(None) in signals


def test_F10_option_choose_again_allows_take():
    state = at_last_round_draw(after_last_round_card="choose_again")
    state = with_rows(state, ["A", "", "", ""], current=1)
    state = GAME.apply(GAME.apply(state, Draw(1)), Reveal(LAST_ROUND))
    assert state.phase == TURN and state.current == 1
    assert set(GAME.legal_actions(state)) == {Draw(1), Take(1, 0)}
    state = GAME.apply(state, Take(1, 0))
    assert state.last_round and state.current == 2


def play_to_the_end(state):
    """Play on (first listed action, draws as a counted table would) until the game is over."""
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        action = Reveal(foretold_reveals(state)[0]) if state.phase == DRAW else legal[0]
        state = GAME.apply(state, action)
    return state


def notices(before, action, after):
    return [s.message for s in GAME.signals(before, action, after) if isinstance(s, TableNotice)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_miscounted_pile_last_round_card_comes_early(players):
    state = GAME.apply(set_up(players), Draw(0))
    assert Reveal(LAST_ROUND) in GAME.legal_actions(state)
    after = GAME.apply(state, Reveal(LAST_ROUND))
    assert after.last_round and after.miscount == 1 - state.last_round_draw
    said = notices(state, Reveal(LAST_ROUND), after)
    assert [m.msgid for m in said] == [
        "The last-round card came up sooner than counted: the pile was miscounted. This round is the last."]
    final = play_to_the_end(after)
    assert final.phase == OVER and final.round == 1 and GAME.score_sheet(final).final


@pytest.mark.parametrize("players", [2, 5])
def test_miscounted_pile_last_round_card_comes_late(players):
    state = GAME.apply(at_last_round_draw(players), Draw(1))
    colour = state.colours_in_play[0]
    after = GAME.apply(state, Reveal(colour))      # a real colour card where the count said otherwise
    assert not after.last_round and after.last_round_overdue and after.draws_until_last_round == 0
    assert "should have come up now" in str(notices(state, Reveal(colour), after)[0])
    after = GAME.apply(after, GAME.legal_actions(after)[0])
    # two draws later than counted the last-round card really comes up
    while after.draws < state.last_round_draw + 1:
        after = GAME.apply(after, Draw(after.current)) if after.phase == TURN else after
        after = GAME.apply(after, Reveal(colour if after.left(colour) else foretold_reveals(after)[0]))
        after = GAME.apply(after, GAME.legal_actions(after)[0])
    turn = after if after.phase == TURN else None
    assert turn is not None and Draw(turn.current) in GAME.legal_actions(turn)
    drawn = GAME.apply(turn, Draw(turn.current))
    came = GAME.apply(drawn, Reveal(LAST_ROUND))
    assert came.last_round and came.miscount == 2
    assert "later than counted" in str(notices(drawn, Reveal(LAST_ROUND), came)[0])
    final = play_to_the_end(came)
    assert final.phase == OVER


def test_last_round_card_as_the_very_last_card_ends_the_game():
    """Miscounted by all 15: the last-round card is the last card of the pile; with
    nothing left to draw the players take rows, empty ones too, and the game ends."""
    state = at_last_round_draw(3)
    state = replace(state, pile=tuple(int(kind == LAST_ROUND) for kind in PILE_KINDS),
                    rows=tuple(replace(row, cards=()) for row in state.rows))
    state = GAME.apply(GAME.apply(state, Draw(1)), Reveal(LAST_ROUND))
    assert state.phase == TURN and state.pile_size == 0
    assert set(GAME.legal_actions(state)) == {Take(1, i) for i in range(len(state.rows))}
    assert play_to_the_end(state).phase == OVER


def test_F11_five_players_pile_ends_exactly_empty():
    state = at_last_round_draw(5)
    pile = tuple(3 if i < 5 else int(kind == LAST_ROUND) for i, kind in enumerate(PILE_KINDS))
    state = replace(state, pile=pile)              # 15 cards under the last-round card
    placements = 0
    while Draw(state.current) in GAME.legal_actions(state):
        seat = state.current
        state = GAME.apply(state, Draw(seat))
        while state.phase == DRAW:
            state = GAME.apply(state, Reveal(foretold_reveals(state)[0]))
        state = GAME.apply(state, GAME.legal_actions(state)[0])
        placements += 1
    assert placements == 15 and state.pile_size == 0
    assert all(len(r.cards) == 3 for r in state.rows)
    while not GAME.is_over(state):
        assert all(isinstance(a, Take) for a in GAME.legal_actions(state))
        state = GAME.apply(state, GAME.legal_actions(state)[0])


def test_F12_take_joker_plus2_colour():
    state = with_rows(set_up(4), ["J +2 A", "", "", ""], current=2)
    before = state.collections[2]
    state = GAME.apply(state, Take(2, 0))
    after = state.collections[2]
    assert (after.jokers, after.plus2, after.count(A)) == (1, 1, before.count(A) + 1)
    # the joker's colour is not decided during the game: there is no action for it
    with pytest.raises(InvalidAction, match="unknown action type"):
        GAME.parse_action({"type": "assign_joker", "seat": 2, "colour": A})
    assert JOKER not in after.by_colour() and PLUS2 not in after.by_colour()


def test_F13_green_rows_capacities():
    state = with_rows(set_up(2), ["B", "C", ""], current=0)
    assert [r.capacity for r in state.rows] == [1, 2, 3]
    assert set(GAME.legal_actions(state)) == {Draw(0), Take(0, 0), Take(0, 1)}
    state = GAME.apply(GAME.apply(state, Draw(0)), Reveal(D))
    assert set(GAME.legal_actions(state)) == {Place(0, 1), Place(0, 2)}
    with pytest.raises(IllegalAction, match="the first row is full: it holds only 1 card"):
        GAME.apply(state, Place(0, 0))


def test_F14_two_players_take_ends_round_nothing_discarded():
    state = with_rows(set_up(2), ["", "", "A B"], out={0: 1}, current=1)
    assert set(GAME.legal_actions(state)) == {Draw(1), Take(1, 2)}
    with pytest.raises(IllegalAction, match="no cards"):
        GAME.apply(state, Take(1, 0))
    drawn = GAME.apply(GAME.apply(state, Draw(1)), Reveal(C))
    assert set(GAME.legal_actions(drawn)) == {Place(1, 0), Place(1, 2)}
    state = GAME.apply(state, Take(1, 2))
    assert state.discarded == () and state.round == 2 and state.current == 1


def test_F15_two_players_third_row_leaves_the_game():
    state = with_rows(set_up(2), ["J", "", "A B C"], out={0: 1}, current=1)
    with pytest.raises(IllegalAction, match="must take"):
        GAME.apply(state, Draw(1))
    assert set(GAME.legal_actions(state)) == {Take(1, 0), Take(1, 2)}
    jokers = state.collections[1].jokers
    state = GAME.apply(state, Take(1, 0))
    assert state.collections[1].jokers == jokers + 1
    assert sorted(state.discarded) == sorted((A, B, C))
    assert all(r.cards == () and r.is_open for r in state.rows)
    assert state.current == 1 and state.round == 2


def test_F16_two_player_setup():
    state = set_up(2)
    assert state.pile_size == 55 and state.last_round_draw == 40
    assert len(state.colours_in_play) == 5
    for seat in (0, 1):
        assert len(set(state.start_colours(seat))) == 2
    assert len({c for _, c in state.start_cards}) == 4


def test_out_player_and_wrong_seat_are_refused():
    state = with_rows(set_up(4), ["A", "", "", ""], out={1: 1}, current=2)
    with pytest.raises(IllegalAction, match="sits out"):
        GAME.apply(state, Take(1, 0))
    with pytest.raises(IllegalAction, match="Cat's turn, not Dan's"):
        GAME.apply(state, Take(3, 0))
    with pytest.raises(IllegalAction, match="already taken this round by Ben"):
        GAME.apply(state, Take(2, 1))
    with pytest.raises(IllegalAction, match="no such row: this game has 4 rows"):
        GAME.apply(state, Take(2, 8))
    with pytest.raises(IllegalAction, match="no such seat: the seats are numbered 1 to 4"):
        GAME.apply(state, Take(7, 0))


def test_actions_after_the_end_are_refused():
    state = replace(set_up(3), phase=OVER, current=-1)
    assert GAME.to_act(state) == () and GAME.legal_actions(state) == ()
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.apply(state, Draw(0))


def test_exhausted_card_kind_cannot_be_revealed():
    state = GAME.apply(set_up(4), Draw(0))
    state = replace(state, pile=state.without_from_pile(JOKER, 3))
    assert Reveal(JOKER) not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="every copy"):
        GAME.apply(state, Reveal(JOKER))
    removed = GAME.apply(set_up(3), Draw(0))
    with pytest.raises(IllegalAction, match="removed from this game"):
        GAME.apply(removed, Reveal(removed.removed[0]))
