"""actions_for_reading: a drawn card seen beside a row becomes the due step."""
from __future__ import annotations

from dataclasses import replace

from companion.coloretto import GAME
from companion.coloretto.actions import Draw, Place, Reveal, Take
from companion.coloretto.data import LAST_ROUND
from companion.readings import PieceReading, TableReading

from tests.coloretto.helpers import A, B, C, D, config, set_up, with_rows


def card(piece, row=None, confidence=1.0):
    space = None if row is None else f"row:{row}"
    return PieceReading(tag=f"co:card:{piece}", kind="card", piece=piece, space=space,
                        confidence=confidence)


def reading(*pieces, board=True):
    return TableReading(timestamp=1.0, pieces=tuple(pieces), board_found=board)


def follow(state, seen):
    """Confirm the first proposal until the reading is explained; the actions taken."""
    taken = []
    while proposals := GAME.actions_for_reading(state, seen):
        taken.append(proposals[0])
        state = GAME.apply(state, proposals[0])
    return state, taken


def test_new_card_at_row_proposes_draw_reveal_place():
    state = with_rows(set_up(4), ["A", "", "", ""], current=1)
    seen = reading(card(A, 0), card(C, 2))
    assert GAME.actions_for_reading(state, seen) == (Draw(1),)
    after, taken = follow(state, seen)
    assert taken == [Draw(1), Reveal(C), Place(1, 2)]
    assert after.rows[2].cards == (C,) and after.current == 2


def test_known_cards_alone_explain_nothing():
    state = with_rows(set_up(4), ["A B", "", "", ""], current=0)
    assert GAME.actions_for_reading(state, reading(card(A, 0), card(B, 0))) == ()
    assert GAME.actions_for_reading(state, reading(card(A, 0), card(B, 0), card("tag", 1))) == ()


def test_mismatching_colour_is_not_explained():
    state = GAME.apply(GAME.apply(set_up(4), Draw(0)), Reveal(B))
    assert GAME.actions_for_reading(state, reading(card(C, 1))) == ()
    assert GAME.actions_for_reading(state, reading(card(B, 1))) == (Place(0, 1),)


def test_full_row_placement_is_not_proposed():
    state = with_rows(set_up(4), ["A B C", "", "", ""], current=0)
    state = GAME.apply(GAME.apply(state, Draw(0)), Reveal(D))
    seen = reading(card(A, 0), card(B, 0), card(C, 0), card(D, 0))
    assert GAME.actions_for_reading(state, seen) == ()


def test_ambiguous_reveal_ranked_by_confidence():
    state = GAME.apply(set_up(4), Draw(0))
    seen = reading(card(A, 0, 0.4), card("joker", 1, 0.9))
    assert GAME.actions_for_reading(state, seen) == (Reveal("joker"), Reveal(A))


def test_last_round_card_seen_aside():
    state = set_up(4)
    state = replace(state, draws=state.last_round_draw - 1)
    seen = reading(card(LAST_ROUND), card(B, 3))
    after, taken = follow(state, seen)
    assert taken == [Draw(0), Reveal(LAST_ROUND), Reveal(B), Place(0, 3)]
    assert after.last_round


def test_emptied_row_proposes_take_only_when_board_found():
    state = with_rows(set_up(4), ["A B", "C", "", ""], current=2)
    assert GAME.actions_for_reading(state, reading(card(C, 1))) == (Take(2, 0),)
    assert GAME.actions_for_reading(state, reading(card(C, 1), board=False)) == ()


def test_reading_during_setup_or_end_explains_nothing():
    state = GAME.setup(config(3))
    assert GAME.actions_for_reading(state, reading(card(A, 0))) == ()
