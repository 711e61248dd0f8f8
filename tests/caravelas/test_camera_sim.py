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
from vision.games.caravelas_camera import SIM_CAMERA, pawn_tag, simulated_table
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
