"""The camera path end to end: the simulated Coloretto mat is rendered, read by the real
vision pipeline (TableReader), and the session turns the reading into proposals."""
from __future__ import annotations

import json
import random

import pytest

from companion.coloretto.actions import Draw, Place, Reveal, Take
from companion.coloretto.data import CATALOGUE, LAST_ROUND
from companion.engine import TABLE, GameConfig
from companion.session import TableSession
from companion.signals import FinalRound
from vision.games.coloretto.camera import (PROFILE_NAME, lay_random_card, load_board_profile,
                                       profile_document, simulated_table)
from vision.profiles import PROFILE_DIR
from vision.reader import TableReader

CONFIG = GameConfig.build("coloretto", ["Ann", "Ben", "Cat"])


def read(table):
    """One full read of the current simulated frame."""
    return TableReader(table.profile).read(table.render())


def dealt(session: TableSession, seed: int = 3) -> None:
    """Play the setup chance actions (colour removed, start cards, start player)."""
    rng = random.Random(seed)
    while session.to_act == (TABLE,):
        session.submit(session.game.sample_chance(session.state, rng))


@pytest.fixture
def session(journal):
    s = TableSession.new(journal, CONFIG)
    s.events = []
    s.add_listener(s.events.append)
    dealt(s)
    return s


def follow(session: TableSession, reading) -> list:
    """Confirm the camera's proposal for the reading: one Confirm explains it; the actions confirmed."""
    assert session.propose_from_reading(reading) is not None
    confirmed = list(session.confirm())
    assert session.pending is None, "one physical change, one Confirm"
    return confirmed


def test_shipped_profile_is_the_generated_one():
    shipped = json.loads((PROFILE_DIR / f"{PROFILE_NAME}.json").read_text(encoding="utf-8"))
    assert shipped == profile_document()
    profile = load_board_profile()
    assert [t.name for t in profile.trays] == ["row:0", "row:1", "row:2", "row:3", "row:4", "side"]
    assert {face for face, _ in profile.trays[0].dice.colours} == set(CATALOGUE.card_kinds)


def test_every_card_kind_is_read_by_its_face_colour(session):
    state = session.state
    table = simulated_table(state)
    kinds = [k for k in CATALOGUE.card_kinds if k != LAST_ROUND]
    for index, kind in enumerate(kinds):
        table.set_die(f"row:{index // 3}:{index % 3 + 1}", f"row:{index // 3}", kind,
                      (140.0 + 150.0 * (index % 3), 52.0 + 76.0 * (index // 3)))
    table.set_die("side:1", "side", LAST_ROUND, (615.0, 205.0))
    reading = read(table)
    assert reading.board_found
    seen = {d.die: d.face for d in reading.dice if d.face is not None}
    expected = {f"row:{i // 3}:{i % 3 + 1}": kind for i, kind in enumerate(kinds)}
    expected["side:1"] = LAST_ROUND
    assert seen == expected


def test_card_laid_at_a_row_proposes_draw_reveal_place(session):
    seat = session.state.current
    table = simulated_table(session.state)
    colour = session.state.colours_in_play[2]
    table.lay_card(session.state, colour, 1)
    confirmed = follow(session, read(table))
    assert confirmed == [Draw(seat), Reveal(colour), Place(seat, 1)]
    assert session.state.rows[1].cards == (colour,)
    table.sync(session.state)
    assert table.loose == []
    # the mat now matches the state: nothing more to propose
    assert session.propose_from_reading(read(table)) is None


def test_second_card_in_a_row_and_a_row_taken(session):
    rng = random.Random(5)
    table = simulated_table(session.state)
    for _ in range(3):
        card, row = lay_random_card(table, session.state, rng)
        assert row is not None
        seat = session.state.current
        assert follow(session, read(table)) == [Draw(seat), Reveal(card), Place(seat, row)]
        table.sync(session.state)
    full = [i for i, r in enumerate(session.state.rows) if r.cards]
    taker, row = session.state.current, full[0]
    for slot in range(len(session.state.rows[row].cards)):
        table.remove_die(f"row:{row}:{slot + 1}")  # the player picks the row up
    assert follow(session, read(table)) == [Take(taker, row)]


def test_last_round_card_in_the_side_box_is_proposed(journal):
    session = TableSession.new(journal, CONFIG)
    dealt(session)
    rng = random.Random(11)
    while session.state.draws_until_last_round != 0 or session.state.phase != "turn" \
            or not any(r.can_place for r in session.state.rows):
        legal = session.legal_actions()
        draws = [a for a in legal if isinstance(a, (Draw, Place))]
        if session.to_act == (TABLE,):
            session.submit(session.game.sample_chance(session.state, rng))
        else:
            session.submit(rng.choice(draws or legal))
    events = []
    session.add_listener(events.append)
    seat = session.state.current
    table = simulated_table(session.state)
    assert lay_random_card(table, session.state, rng) == (LAST_ROUND, None)
    assert follow(session, read(table)) == [Draw(seat), Reveal(LAST_ROUND)]
    assert any(isinstance(e.payload, FinalRound) for e in events if e.kind == "signal")
    # the same player draws again: the next card laid is revealed and placed
    card, row = lay_random_card(table, session.state, rng)
    assert follow(session, read(table)) == [Reveal(card), Place(seat, row)]


def test_every_colour_laid_on_the_mat_is_seen_by_the_change_gate(session):
    """The gate compares colour frames in colour: a blue card changes the mat's grey
    level too little to be seen in grey (it was missed before), yet it is a change."""
    from vision.gate import ChangeGate

    for colour in session.state.colours_in_play:
        table = simulated_table(session.state)
        before = table.render()
        table.lay_card(session.state, colour, 1)
        after = table.render()
        gate, settled = ChangeGate(), []
        for frame in [before] * 4 + [after] * 6:
            found = gate.update(frame)
            if found is not None:
                settled.append(found)
        assert len(settled) == 2 and settled[0].regions is None, colour   # the first look, then the card
        assert settled[1].regions, f"a {colour} card laid at row 2 was not seen"
