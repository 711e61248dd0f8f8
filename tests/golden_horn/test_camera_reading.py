"""Ships read by the camera: the simulated Golden Horn table is rendered, read by
the real pipeline (TableReader, or the VisionWorker on a SimulatedSource), and
the session proposes the move that explains what was seen."""
from __future__ import annotations

import json
import random

import pytest

from companion.engine import TABLE, GameConfig
from companion.golden_horn import GAME
from companion.golden_horn.actions import Move, PlaceFleet
from companion.golden_horn.texts import colour_word
from companion.golden_horn.state import SETUP
from companion.session import TableSession
from vision.games.golden_horn.camera import (PROFILE_NAME, load_board_profile, profile_document, ship_identity,
                                         simulated_table)
from vision.games.golden_horn.route import GoldenHornReader
from vision.profiles import PROFILE_DIR


def new_session(journal, players: int, seed: int = 3, ports: str = "VVC") -> TableSession:
    """A session past setup: ports filled by a seeded bag, fleets placed ``ports``."""
    config = GameConfig.build("golden_horn", ["Ann", "Bea", "Cy", "Dov"][:players])
    session = TableSession.new(journal, config)
    rng = random.Random(seed)
    while session.state.phase == SETUP:
        if session.to_act == (TABLE,):
            session.submit(GAME.sample_chance(session.state, rng))
        else:
            session.submit(PlaceFleet(session.to_act[0], ports))
    return session


def reader_for(table):
    return GoldenHornReader(table.profile, table.players)


def read(table, reader=None):
    return (reader or reader_for(table)).read(table.render())


def test_the_shipped_profile_is_the_generated_one():
    path = PROFILE_DIR / f"{PROFILE_NAME}.json"
    assert json.loads(path.read_text()) == json.loads(json.dumps(profile_document()))
    profile = load_board_profile()
    assert len(profile.all_anchor_ids()) == len(set(profile.all_anchor_ids())) == 12
    for tile in profile.tiles:           # a tile's spaces never overlap: a tag maps to one space
        for a in tile.spaces:
            for b in tile.spaces:
                if a is not b:
                    assert not a.contains(b.center)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_node_of_the_simulated_table_reads_as_the_engines_node(players):
    state = GAME.setup(GameConfig.build("golden_horn", ["A", "B", "C", "D"][:players]))
    table = simulated_table(state)
    centres = table.node_centres()
    assert sorted(centres) == sorted(node.id for node in state.route)
    reader = reader_for(table)
    read(table, reader)
    assert reader.route.complete
    for node, mm in centres.items():
        assert table.node_at(mm) == node
        if node in ("V", "C", "M"):
            continue
        assert reader.route.spaces[_space_under(table, mm)] == node


@pytest.mark.parametrize("players", [2, 4])
def test_every_ship_is_read_where_the_game_has_it(journal, players):
    session = new_session(journal, players)
    table = simulated_table(session.state)
    reading = read(table)
    assert reading.board_found
    seen = {p.tag: p.space for p in reading.pieces}
    for ship in session.state.ships:
        assert seen[ship_identity(ship.label)] == session.state.route[ship.at].id
    # nothing moved: nothing to propose
    assert session.propose_from_reading(reading) is None
    assert session.pending is None


def test_ship_dragged_to_a_square_proposes_the_move_with_its_load(journal):
    session = new_session(journal, 2)
    state = session.state
    seat = state.current
    table = simulated_table(state)
    reader = reader_for(table)
    read(table, reader)
    table.move_piece(ship_identity(f"{seat}a"), table.node_centres()["s2"])
    reading = read(table, reader)
    assert {p.tag: p.space for p in reading.pieces}[ship_identity(f"{seat}a")] == "s2"
    proposal = session.propose_from_reading(reading)
    assert proposal is not None
    expected = GAME.actions_for_reading(state, reading)
    assert proposal.choices == tuple((move,) for move in expected)   # one move each: one Confirm
    move = proposal.action
    assert isinstance(move, Move) and (move.ship, move.to) == (f"{seat}a", "s2")
    assert move.load == GAME.load_choices(state, f"{seat}a")[0]        # the biggest load first
    assert move.wind == next(r.wind for r in GAME.reachable(state, f"{seat}a") if r.to == "s2")
    assert {m.load for (m,) in proposal.choices} == set(GAME.load_choices(state, f"{seat}a"))
    words = str(proposal.text)
    session.confirm()
    after = session.state
    cargo = after.ship_by_id(f"{seat}a").cargo      # the whole move in table words, cubes counted
    assert cargo > 0 and words == f"seat {seat + 1}'s ship a to square 2, loading {cargo} {colour_word(move.load)}"
    assert after.route[after.ship_by_id(f"{seat}a").at].id == "s2"
    assert session.pending is None        # the same reading is now explained


def test_a_position_no_legal_move_explains_is_never_applied(journal):
    session = new_session(journal, 2)
    seat = session.state.current
    table = simulated_table(session.state)
    reader = reader_for(table)
    read(table, reader)
    # ship c starts in Constantinople: a square none of its moves ends on
    reachable = {r.to for r in GAME.reachable(session.state, f"{seat}c")}
    unreachable = next(n.id for n in session.state.route if n.kind == "square" and n.id not in reachable)
    table.move_piece(ship_identity(f"{seat}c"), table.node_centres()[unreachable])
    before = len(session.actions)
    assert session.propose_from_reading(read(table, reader)) is None
    assert session.pending is None and len(session.actions) == before
    # ... and shown as such: which ship, where the camera sees it, where it belongs
    [note] = session.unexplained
    ship = session.state.ship_by_id(f"{seat}c")
    assert str(note) == (f"seat {seat + 1}'s ship c stands on square {unreachable[1:]}, where no legal move ends: "
                         f"put it back on {'Constantinople' if session.state.route[ship.at].id == 'C' else 'Venice'}, "
                         "or play the move by touch.")
    table.sync(session.state)       # put back: nothing left to show
    session.propose_from_reading(read(table, reader))
    assert session.unexplained == ()


def test_the_vision_worker_reads_a_drag_from_the_simulated_source(journal):
    from vision.sources.simulated import SimulatedSource
    from vision.worker import VisionWorker

    session = new_session(journal, 4, seed=5, ports="VCV")
    seat = session.state.current
    table = simulated_table(session.state)
    with VisionWorker(SimulatedSource(table), reader_for(table)) as worker:
        first = worker.wait_for_reading(0, timeout=30)
        assert first is not None and first.board_found
        count = worker.reading_count
        table.move_piece(ship_identity(f"{seat}a"), table.node_centres()["s1"])
        reading = worker.wait_for_reading(count, timeout=30)
    assert reading is not None
    proposal = session.propose_from_reading(reading)
    assert proposal is not None and proposal.action.to == "s1" and proposal.action.ship == f"{seat}a"


def test_sync_follows_the_game_after_a_move_by_touch(journal):
    session = new_session(journal, 2)
    seat = session.state.current
    table = simulated_table(session.state)
    move = next(a for a in session.legal_actions(seat) if isinstance(a, Move) and a.ship == f"{seat}b")
    session.submit(move)
    table.sync(session.state)
    seen = {p.tag: p.space for p in read(table).pieces}
    assert seen[ship_identity(f"{seat}b")] == move.to
    assert session.propose_from_reading(read(table)) is None


def _space_under(table, mm):
    """The profile space (tile side/slot) under a table point of the simulated table."""
    for side in table.sides:
        for slot in (1, 2, 3):
            xs, ys = zip(*(table.tile_to_table(side, p) for p in table.profile.space(f"{side}/{slot}").polygon))
            if min(xs) <= mm[0] <= max(xs) and min(ys) <= mm[1] <= max(ys):
                return f"{side}/{slot}"
    raise AssertionError(f"no square at {mm}")
