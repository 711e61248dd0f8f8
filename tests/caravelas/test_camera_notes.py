"""What the camera sees that the game does not explain becomes a note in table words,
never a change: a ship's tag seen twice, monuments that disagree with the discoveries
(companion/caravelas/camera.py).  And bonus moves: the free mover's pawn moved is
proposed as its bonus move.  Readings built by hand, and one rendered frame."""
from __future__ import annotations

from dataclasses import replace

from companion.caravelas import camera
from companion.caravelas.actions import BonusStep, DrawOrder, PassBid, PlayCard, Step
from companion.engine import GameConfig
from companion.readings import PieceReading, TableReading
from companion.session import TableSession
from vision.games.caravelas.camera import simulated_table
from vision.reader import TableReader

from tests.caravelas.helpers import discovered, put, run, started


def seen(*pieces: PieceReading) -> TableReading:
    return TableReading(1.0, pieces=pieces, board_found=True)


def monument(seat: int, cell: str, number: int = 1) -> PieceReading:
    return PieceReading(f"cv:piece:{seat}:m{number}", "piece", seat, f"m{number}", cell)


# -- a ship's tag seen twice --------------------------------------------------------------

def test_a_ship_tag_seen_twice_names_the_players_ship_and_moves_nothing():
    state = started(2, board="demo")
    reading = seen(camera.pawn(0, "D14"), camera.pawn(0, "D22"), camera.pawn(1, "D03"))
    assert camera.actions_for_reading(state, reading) == ()
    assert [str(n) for n in camera.unexplained_reading(state, reading)] == [
        "seat 1's ship tag is seen twice (Cape Verde, Luanda): take the copy off the board; nothing is moved."]


def test_the_session_shows_the_copied_tag_and_proposes_nothing(journal):
    session = TableSession.new(journal, GameConfig.build("caravelas", ["Ann", "Bea"], board="demo"))
    for action in (DrawOrder((0, 1)), PassBid(0), PassBid(1)):
        session.submit(action)
    assert session.propose_from_reading(seen(camera.pawn(1, "D14"), camera.pawn(1, "D03"))) is None
    assert [str(n) for n in session.unexplained] == [
        "seat 2's ship tag is seen twice (Lisbon, Cape Verde): take the copy off the board; nothing is moved."]
    assert session.state.players[1].where == "D03"


# -- monuments against discoveries ---------------------------------------------------------

def test_monuments_that_agree_with_the_discoveries_say_nothing():
    state = discovered(started(2, board="demo"), luanda=0, congo=1)
    assert camera.monument_notes(state, seen(monument(0, "D22"), monument(1, "D24", 2))) == ()
    assert camera.monument_notes(state, seen()) == ()          # no monument tags on this table: no check


def test_a_monument_on_an_undiscovered_port_and_a_discovery_without_one_are_notes_only():
    state = discovered(started(2, board="demo"), luanda=0, congo=1)
    reading = seen(monument(0, "D22"), monument(1, "D30"))       # Mozambique: nobody discovered it
    notes = [str(n) for n in camera.monument_notes(state, reading)]
    assert notes == ["Congo River was discovered by seat 2 in the game but has no monument on the board",
                     "Mozambique has a monument on the board but was not discovered in the game"]
    assert camera.actions_for_reading(state, reading) == ()     # never applied
    assert [str(n) for n in camera.unexplained_reading(state, reading)] == notes


def test_another_players_monument_is_named_and_a_port_under_a_pawn_is_not_judged():
    state = discovered(started(2, board="demo"), luanda=0, congo=1)
    reading = seen(monument(1, "D22"), camera.pawn(1, "D24"), camera.pawn(0, "D03"))
    assert [str(n) for n in camera.monument_notes(state, reading)] == [
        "Luanda has seat 2's monument on the board but seat 1 discovered it in the game"]


def test_a_rendered_monument_on_a_port_nobody_discovered_is_noted():
    state = discovered(started(2, board="demo"), luanda=0)
    table = simulated_table(state)
    table.put_monument(0, 1, "luanda")
    table.put_monument(1, 1, "mozambique")
    reading = TableReader(table.profile).read(table.render())
    assert {p.tag: p.space for p in reading.pieces if p.kind == "piece"} == {"cv:piece:0:m1": "D22",
                                                                           "cv:piece:1:m1": "D30"}
    assert [str(n) for n in camera.monument_notes(state, reading)] == [
        "Mozambique has a monument on the board but was not discovered in the game"]


# -- bonus moves ----------------------------------------------------------------------------

def bonus_for_bea():
    """Ann on the blue cell D23 plays Storm 2: Bea (in Lisbon, same part) may move 2 cells free."""
    state = put(put(started(2, board="demo"), 0, where="D24"), 1, where="D05")
    return run(state, Step(0, "D23"), PlayCard(0, "storm2"))


def test_the_free_movers_pawn_moved_one_cell_proposes_that_bonus_move():
    state = bonus_for_bea()
    assert state.pending == "bonus" and state.bonus.queue == (1,)
    assert camera.actions_for_reading(state, seen(camera.pawn(1, "D04"))) == (BonusStep(1, "D04"),)
    assert camera.actions_for_reading(state, seen(camera.pawn(0, "D13"))) == ()   # Ann is not moving now


def test_a_bonus_move_of_two_cells_is_one_proposal_and_beyond_its_range_nothing(journal):
    session = TableSession.new(journal, GameConfig.build("caravelas", ["Ann", "Bea"], board="demo"))
    for action in (DrawOrder((0, 1)), PassBid(0), PassBid(1), Step(0, "D13"), Step(0, "D23")):
        session.submit(action)
    session.submit(PlayCard(0, "storm2"))
    assert session.state.bonus.queue == (1,)                 # Bea, in Lisbon
    assert session.propose_from_reading(seen(camera.pawn(1, "D00"))) is None   # 3 cells: out of range
    assert [str(t) for t in session.unexplained] == [
        "seat 2's ship stands on Labrador, further than the free move's 2 cells left: "
        "put it back on Lisbon, or move it by touch."]
    proposal = session.propose_from_reading(seen(camera.pawn(1, "D01")))
    assert proposal.steps == (BonusStep(1, "D02"), BonusStep(1, "D01"))
    assert "Terra Nova" in str(proposal.text)
    session.confirm()
    assert session.state.players[1].where == "D01"


# -- a pawn moved out of turn ---------------------------------------------------------------

def test_another_players_pawn_moved_is_a_note_naming_where_it_belongs():
    state = started(2, board="demo")                      # Ann sails; Bea waits in Lisbon
    reading = seen(camera.pawn(0, "D03"), camera.pawn(1, "D14"))
    assert camera.actions_for_reading(state, reading) == ()
    assert [str(t) for t in camera.unexplained_reading(state, reading)] == [
        "seat 2's ship stands on Cape Verde, but it is not seat 2's move: put it back on Lisbon."]


def test_the_active_players_pawn_ahead_of_a_path_waiting_for_the_die_is_no_note():
    state = put(started(2, board="demo"), 0, where="D20")
    state = run(state, Step(0, "D21"))                       # a red event cell: the die first
    assert state.pending == "die"
    assert camera.unexplained_reading(state, seen(camera.pawn(0, "D22"), camera.pawn(1, "D03"))) == ()


def test_during_a_bonus_move_the_active_player_and_the_free_mover_are_not_noted():
    state = bonus_for_bea()
    reading = seen(camera.pawn(0, "D13"), camera.pawn(1, "D04"))
    assert camera.unexplained_reading(state, reading) == ()


def test_a_pawn_beside_the_map_is_a_note_for_any_player():
    state = started(2, board="demo")
    reading = seen(camera.pawn(0, None), camera.pawn(1, "D03"))
    assert [str(t) for t in camera.unexplained_reading(state, reading)] == [
        "seat 1's ship is seen beside the map: put it back on Lisbon."]
    assert camera.unexplained_reading(state, replace(reading, board_found=False)) == ()   # no board, no map


def test_a_pawn_off_the_compass_storms_way_is_named_so():
    """Compass storm N (TV-10a): Yellow may only go north; a pawn moved east is not
    "too far" but off the storm's way."""
    state = put(started(4, order=(0, 1, 2, 3), board="demo"), 0, where="D24")
    state = put(put(put(state, 1, where="D11"), 2, where="D20"), 3, where="D50", part="EAST")
    state = run(state, Step(0, "D23"), PlayCard(0, "compass-N"))
    assert state.bonus.queue[0] == 1 and state.bonus.direction == "N"
    assert camera.actions_for_reading(state, seen(camera.pawn(1, "D10"))) == (BonusStep(1, "D10"),)
    [note] = camera.unexplained_reading(state, seen(camera.pawn(1, "D12")))
    assert str(note) == ("seat 2's ship stands on Guinea, off the compass storm's way (N): put it back on "
                         f"{camera.cell_name(state.rules.board, 'D11')}, or move it by touch.")
