"""The camera in a mapped Caravelas game (companion/caravelas/camera.py): a pawn
settled on a new cell proposes the cheapest legal path as steps for one Confirm;
a cell out of reach is shown, never applied.  Readings built by hand."""
from __future__ import annotations

from companion.caravelas import camera
from companion.caravelas.actions import DrawOrder, PassBid, RollDie, Step
from companion.engine import GameConfig
from companion.readings import PieceReading, TableReading
from companion.session import TableSession

from tests.caravelas.helpers import put, run, started


def seen(*pieces: PieceReading) -> TableReading:
    return TableReading(1.0, pieces=pieces, board_found=True)


def test_a_pawn_on_a_new_cell_proposes_the_cheapest_path_along_the_current():
    state = started(2, board="demo")
    # D03 -> D13 (free current, pirates +1) -> D14 (free current): 1 marker; D03 -> D04 -> D14 costs 2
    assert camera.actions_for_reading(state, seen(camera.pawn(0, "D14"))) == (Step(0, "D13"),)
    # the session asks again after each step: the whole path is one proposal (below)


def test_ties_go_to_the_path_that_triggers_least():
    state = started(2, board="demo")
    # the lane home costs 1 straight to Congo; the current costs 1 too, through pirates and a port
    assert camera.actions_for_reading(state, seen(camera.pawn(0, "D24"))) == (Step(0, "D24"),)


def test_the_steps_stop_at_the_first_cell_that_asks_the_table_something():
    state = put(started(2, board="demo"), 0, where="D20")
    # D20 -> D21 (red event: the die) -> D22: only the step into D21 now
    steps = camera.actions_for_reading(state, seen(camera.pawn(0, "D22")))
    assert steps == (Step(0, "D21"),)
    after = run(state, *steps)
    assert after.pending == "die"
    assert camera.actions_for_reading(after, seen(camera.pawn(0, "D22"))) == ()      # the die first
    rolled = run(after, RollDie("red"))
    assert camera.actions_for_reading(rolled, seen(camera.pawn(0, "D22"))) == (Step(0, "D22"),)


def test_a_cell_out_of_reach_is_shown_and_never_proposed():
    state = put(started(2, board="demo"), 0, spent=8)
    reading = seen(camera.pawn(0, "D33"))        # 3 markers away, 1 available
    assert camera.actions_for_reading(state, reading) == ()
    [note] = camera.unexplained_reading(state, reading)
    assert str(note) == ("seat 1's ship stands on the sea south of S. Lourenço, which it cannot reach "
                         "with 1 marker: put it back on Lisbon, or sail by touch.")


def test_nothing_is_proposed_when_nothing_moved_or_the_pawn_is_not_the_active_one():
    state = started(2, board="demo")
    for reading in (seen(), seen(camera.pawn(0, "D03")), seen(camera.pawn(1, "D14")), seen(camera.pawn(0, None)),
                    seen(PieceReading("gh:ship:0:a", "ship", 0, "a", "D14"))):
        assert camera.actions_for_reading(state, reading) == ()
        # another player's pawn moved, a pawn beside the map: notes (test_camera_notes.py); nothing else here
        noted = reading.pieces in ((camera.pawn(1, "D14"),), (camera.pawn(0, None),))
        assert len(camera.unexplained_reading(state, reading)) == noted


def test_a_bookkeeping_game_has_no_cells_to_sail_to():
    state = started(2)
    assert camera.actions_for_reading(state, seen(camera.pawn(0, "D14"))) == ()


def test_one_confirm_sails_the_whole_proposed_path(journal):
    session = TableSession.new(journal, GameConfig.build("caravelas", ["Ann", "Bea"], board="demo"))
    session.submit(DrawOrder((0, 1)))
    session.submit(PassBid(0))
    session.submit(PassBid(1))
    proposal = session.propose_from_reading(seen(camera.pawn(0, "D14")))
    assert proposal.steps == (Step(0, "D13"), Step(0, "D14"))
    # D13 holds pirates: the camera cannot see Favourable Wind, so the toll is said
    assert str(proposal.text) == "seat 1 sails 2 cells to Cape Verde, paying the pirates 1 marker"
    before = len(session.actions)
    session.confirm()
    assert session.actions[before:] == (Step(0, "D13"), Step(0, "D14"))
    assert session.state.players[0].where == "D14" and session.pending is None


def test_the_proposal_says_only_what_the_path_does():
    state = started(2, board="demo")
    board = state.rules.board

    def said(*steps: Step) -> str | None:
        text = camera.describe_reading(state, tuple(step.named(board) for step in steps))
        return None if text is None else str(text)
    assert said(Step(0, "D24")) is None                                 # one step: its own text
    assert said(Step(0, "D13")) == "seat 1 sails 1 cell to the sea east of Lisbon, paying the pirates 1 marker"
    assert said(Step(0, "D32"), Step(0, "D33")) == (
        f"seat 1 sails 2 cells to {camera.cell_name(board, 'D33')}, paying the pirates 1 marker")
    assert said(Step(0, "D13", defend=True), Step(0, "D14")) == "seat 1 sails 2 cells to Cape Verde"
