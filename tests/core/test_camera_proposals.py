"""One camera proposal per physical change: a card laid beside a Coloretto row
is drawn, revealed and placed by one Confirm, said in table words, and taken back by one
Undo; "Other reading" only when another reading ends in a different game."""
from __future__ import annotations

import pytest

from companion.coloretto.actions import Draw, Place, RemoveColour, Reveal, StartPlayer, Take
from companion.coloretto.texts import colour_word
from companion.coloretto.data import CATALOGUE, LAST_ROUND
from companion.i18n import Translator
from companion.messages import with_names
from companion.readings import PieceReading, TableReading
from companion.session import TableSession
from tests.coloretto.helpers import A, B, F, G, config


def card(piece, row=None):
    space = None if row is None else f"row:{row}"
    return PieceReading(tag=f"co:card:{piece}", kind="card", piece=piece, space=space, confidence=1.0)


def reading(*pieces):
    return TableReading(timestamp=1.0, pieces=tuple(pieces), board_found=True)


def words(session, text) -> str:
    return Translator("en")(with_names(text, [p.name for p in session.config.players]))


@pytest.fixture
def session(journal):
    s = TableSession.new(journal, config(3))
    for colour in (G, F)[:CATALOGUE.removed_for(3)]:
        s.submit(RemoveColour(colour))
    while s.state.phase == "start_cards":
        s.submit(s.legal_actions()[0])
    s.submit(StartPlayer(0))
    return s


def test_a_card_laid_at_a_row_is_one_proposal_in_table_words(session):
    before = session.state
    proposal = session.propose_from_reading(reading(card(A, 1)))
    assert proposal.steps == (Draw(0), Reveal(A), Place(0, 1))
    assert proposal.alternatives == ()        # nothing else explains it: no "Other reading"
    colour = Translator("en")(colour_word(A))
    assert words(session, proposal.text) == f"Ann draws a {colour} card and places it on the second row"
    assert session.confirm() == (Draw(0), Reveal(A), Place(0, 1))
    assert session.pending is None and session.state.rows[1].cards == (A,)
    # one Undo takes the whole card back, one Redo plays it again
    assert session.undo_turn() == (Draw(0), Reveal(A), Place(0, 1))
    assert session.state == before
    assert session.redo_turn() == (Draw(0), Reveal(A), Place(0, 1))
    assert session.state.rows[1].cards == (A,)
    assert session.undo_turn() == (Draw(0), Reveal(A), Place(0, 1))


def test_touch_play_still_undoes_one_tap_at_a_time(session):
    session.submit_all([Draw(0), Reveal(A)])
    session.submit(Place(0, 1))
    assert session.undo_turn() == (Place(0, 1),)     # the row can be chosen again
    assert session.undo_turn() == (Draw(0), Reveal(A))


def test_a_confirmed_group_undone_one_by_one_leaves_nothing_joined(session):
    session.propose_from_reading(reading(card(A, 1)))
    session.confirm()
    session.undo()
    session.undo()        # the Place and the Reveal; the Draw stays
    session.submit(Reveal(B))
    session.submit(Place(0, 2))
    assert session.undo_turn() == (Place(0, 2),)


def test_two_new_cards_seen_in_the_reveal_are_two_readings(session):
    session.submit(Draw(0))
    seen = reading(card(A, 0), card(B, 2))
    proposal = session.propose_from_reading(seen)
    assert proposal.choices == ((Reveal(A), Place(0, 0)), (Reveal(B), Place(0, 2)))
    other = session.other_reading()
    assert other.steps == (Reveal(B), Place(0, 2)) and other.alternatives == ((Reveal(A), Place(0, 0)),)
    assert "places it on the third row" in words(session, other.text)
    session.confirm()
    assert session.state.rows[2].cards == (B,)


def test_a_proposal_stops_where_the_next_player_acts(session):
    """Two cards laid while the camera was covered: the first player's card is one proposal,
    the next player's the next one."""
    seen = reading(card(A, 0), card(B, 2))
    first = session.propose_from_reading(seen)
    assert len(first.steps) == 3 and first.steps[0] == Draw(0)
    session.confirm()
    assert session.pending is not None and session.pending.steps[0] == Draw(1)


def test_a_taken_row_is_said_by_the_take_itself(session):
    session.propose_from_reading(reading(card(A, 1)))
    session.confirm()
    taken = session.propose_from_reading(reading())
    assert taken.steps == (Take(1, 1),) and taken.words is None
    assert words(session, taken.text) == "Ben takes the second row"


def test_last_round_card_and_the_card_after_it(session):
    text = session.game.describe_reading(session.state, (Draw(0), Reveal(LAST_ROUND), Reveal(A), Place(0, 0)))
    assert str(text).startswith("seat 1 draws the last-round card, then a ")
    assert str(text).endswith(" card, and places it on the first row")
    alone = session.game.describe_reading(session.state, (Draw(0), Reveal(LAST_ROUND)))
    assert str(alone) == "seat 1 draws the last-round card (the final round begins) and draws again"
