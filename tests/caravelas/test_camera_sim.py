"""Caravelas through the real vision pipeline: the simulated table renders the demo
board with tagged pawns and the red die; the reader names the cell each pawn stands
on (nearest centre) and the die's face, under the vision bench's conditions."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.caravelas import camera
from companion.caravelas.actions import DrawOrder, EnterEvent, PassBid, RollDie, Step
from companion.caravelas.game import GAME
from companion.engine import GameConfig
from companion.readings import DieReading, TableReading
from companion.session import TableSession
from vision.bench import CONDITIONS, _after_optics, _condition_camera
from vision.games.caravelas.camera import SIM_CAMERA, pawn_tag, simulated_table
from vision.reader import TableReader

from tests.caravelas.helpers import started


@pytest.fixture(scope="module")
def table():
    return simulated_table(started(2, board="demo"))


def test_pawns_sharing_lisbon_and_a_pawn_moved_anywhere_are_read_on_their_cells(table):
    reader = TableReader(table.profile)
    table.sync(started(2, board="demo"))
    reading = reader.read(table.render())
    assert reading.board_found
    assert {p.tag: p.space for p in reading.pieces} == {"cv:ship:0:a": "D03", "cv:ship:1:a": "D03"}
    for cell in ("D00", "D06", "D50", "D56", "D14", "D33"):   # corners, the current, a pirate cell
        table.put_pawn(0, cell)
        reading = reader.read(table.render())
        assert reading.piece(pawn_tag(0).identity).space == cell
    table.sync(started(2, board="demo"))


def test_a_pawn_moved_on_the_simulated_table_is_proposed_and_confirmed(journal, table):
    session = TableSession.new(journal, GameConfig.build("caravelas", ["Ann", "Bea"], board="demo"))
    for action in (DrawOrder((0, 1)), PassBid(0), PassBid(1)):
        session.submit(action)
    reader = TableReader(table.profile)
    table.sync(session.state)
    assert session.propose_from_reading(reader.read(table.render())) is None
    table.put_pawn(0, "D14")
    proposal = session.propose_from_reading(reader.read(table.render()))
    assert proposal.steps == (Step(0, "D13"), Step(0, "D14"))
    session.confirm()
    assert session.state.players[0].where == "D14"
    assert session.propose_from_reading(reader.read(table.render())) is None
    table.sync(session.state)


def test_the_vision_worker_reads_a_pawn_moved_on_the_simulated_source():
    """The worker decodes only where the change gate saw something move (the pawn's tag
    must be found there, not by a whole-frame read)."""
    from vision.sources.simulated import SimulatedSource
    from vision.worker import VisionWorker

    table = simulated_table(started(2, board="demo"))
    with VisionWorker(SimulatedSource(table), TableReader(table.profile)) as worker:
        first = worker.wait_for_reading(0, timeout=30)
        assert first is not None and first.piece(pawn_tag(0).identity).space == "D03"
        count = worker.reading_count
        table.put_pawn(0, "D14")                    # between two currents' arrows
        reading = worker.wait_for_reading(count, timeout=30)
    assert reading is not None and reading.piece(pawn_tag(0).identity).space == "D14"


@pytest.mark.parametrize("condition", CONDITIONS)
def test_the_red_die_is_read_under_the_bench_conditions(condition):
    rng = random.Random(CONDITIONS.index(condition))
    state = started(2, board="demo")
    cam = _condition_camera(replace(SIM_CAMERA, tilt_deg=30.0 if condition == "tilt30" else 5.0), condition)
    sim = simulated_table(state, seed=rng.randrange(1000))
    sim.set_camera(cam)
    if condition == "hand":
        sim.set_hand(sim.cell_centre("D33"), 70.0)       # a hand over the board, the tray in view
    for face in ("red", "1"):
        sim.roll_die(rng, face)
        frame = _after_optics(sim, cam, condition, rng) if condition in ("glare", "motion3") else sim.render()
        sim.set_camera(cam)
        reading = TableReader(sim.profile).read(frame)
        [die] = reading.dice
        assert (die.die, die.face) == ("R", face.upper()), reading.notes
        rolling = replace(state, pending="die")
        assert camera.actions_for_reading(rolling, reading) == (RollDie(face),)


def test_the_die_is_proposed_only_while_the_game_waits_for_it():
    state = started(2)                                   # bookkeeping: the red cell entered by hand
    reading = TableReading(1.0, dice=(DieReading("R", "RED"),), board_found=True)
    assert camera.actions_for_reading(state, reading) == ()
    waiting = GAME.apply(state, EnterEvent(0, "red"))
    assert waiting.pending == "die"
    assert camera.actions_for_reading(waiting, reading) == (RollDie("red"),)
    unknown = TableReading(1.0, dice=(DieReading("R", "5"),), board_found=True)
    assert camera.actions_for_reading(waiting, unknown) == ()


def test_a_pawn_let_go_by_a_finger_stands_on_its_cell_or_beside_the_pawns_there():
    """What the camera view's drag does to the simulated table: picked by a point on its
    tag, let go on a cell (off centre) it stands at its centre; on a cell with a pawn,
    both move to its corners; beside the map it stays where it fell.  The reader agrees."""
    table = simulated_table(started(2, board="demo"))
    reader = TableReader(table.profile)
    ann, bea = pawn_tag(0).identity, pawn_tag(1).identity
    pieces = {p.tag.identity: p for p in table.pieces() if p.tag is not None}
    x, y = pieces[ann].position_mm
    assert table.ship_at((x + 10, y - 10)) == ann                  # a finger on the tag, off its centre
    assert table.image_to_board(table.to_image((x, y))) == pytest.approx((x, y), abs=0.01)
    cx, cy = table.cell_centre("D14")
    table.drop_piece(ann, (cx + 15, cy - 12))
    assert {p.tag.identity: p.position_mm for p in table.pieces() if p.tag}[ann] == (cx, cy)
    table.drop_piece(bea, table.cell_centre("D14"))
    spots = {p.tag.identity: p.position_mm for p in table.pieces() if p.tag}
    assert spots[ann] != spots[bea] and {table.cell_at(spots[ann]), table.cell_at(spots[bea])} == {"D14"}
    reading = reader.read(table.render())
    assert {p.tag: p.space for p in reading.pieces} == {ann: "D14", bea: "D14"}
    table.drop_piece(bea, (-60.0, 100.0))                         # beside the map
    assert table.cell_at((-60.0, 100.0)) is None
    assert {p.tag.identity: p.position_mm for p in table.pieces() if p.tag}[bea] == (-60.0, 100.0)
