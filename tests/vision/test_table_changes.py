"""The table as it really is: resting hands, covered and returning markers, a bumped
camera, tiles turned any way, dice still rolling."""
from __future__ import annotations

import math
import random

import numpy as np
import pytest

from vision.bench import bumped_table, read_across_bump
from vision.camera_model import CameraModel
from vision.frames import to_gray
from vision.gate import ChangeGate
from vision.profiles import load_profile
from vision.reader import TableReader
from vision.synthetic import SimulatedTable
from vision.tags import ship
from vision.worker import VisionWorker

from tests.vision.scenes import SHIPS, angle_error, ship_table
from tests.vision.test_gate_worker import ListSource

ALL_SHIPS = {ship("golden_horn", seat, name).identity: space for seat, name, space, _ in SHIPS}


def _read_all(frames, profile, grey_small: bool = False):
    readings = []
    source = ListSource(frames, grey_small)
    with VisionWorker(source, TableReader(profile), on_reading=readings.append) as worker:
        assert worker.wait_until_idle(timeout=60)
    return readings


def test_a_hand_resting_over_pieces_and_a_marker_publishes_nothing(demo_profile):
    table = ship_table(demo_profile, seed=4)
    clear = table.render()
    table.set_hand((70, 60), 75)  # over anchor 0 and the ship on A1, still for many frames
    resting = table.render()
    table.set_hand(None)
    readings = _read_all([clear] * 4 + [resting] * 8 + [table.render()] * 4, demo_profile)
    assert 1 <= len(readings) <= 2  # the first view; where the hand was is read again once it has gone
    for reading in readings:  # never a reading with the pieces under the hand missing
        assert {p.tag: p.space for p in reading.pieces} == ALL_SHIPS


def test_a_hand_that_moved_a_ship_and_rests_is_waited_for(demo_profile):
    table = ship_table(demo_profile, seed=5)
    clear = table.render()
    table.move_piece("gh:ship:1:a", demo_profile.space("E2").center, 200.0)
    table.set_hand((430, 230), 75)  # the hand stays by the ship it moved, covering D2's ship
    resting = table.render()
    table.set_hand(None)
    readings = _read_all([clear] * 4 + [resting] * 8 + [table.render()] * 4, demo_profile)
    assert len(readings) == 2
    assert {p.tag: p.space for p in readings[1].pieces} == {**ALL_SHIPS, "gh:ship:1:a": "E2"}


def test_what_a_hand_left_too_small_for_the_gate_is_read_once_it_has_gone():
    """Dice thrown under the hand change too few of the gate's grey pixels (the Pi camera's
    lores Y plane): the hand's region is read anyway."""
    profile = load_profile("alles_auf_1_karte")
    table = SimulatedTable(profile, seed=9)
    clear = table.render()
    table.set_hand((210, 150), 90)  # over the dice mat
    table.roll_tray("dice", random.Random(9))
    thrown = table.render()
    table.set_hand(None)
    faces = sorted(d.face for d in table.dice())
    gate = ChangeGate()
    grey = to_gray(clear)
    assert gate.update(grey) is None and gate.update(grey) is None and gate.update(grey) is not None
    # the dice alone: the gate sees nothing in grey (in colour it does: tests/coloretto/test_camera_sim.py)
    assert all(gate.update(to_gray(table.render())) is None for _ in range(4))
    readings = _read_all([clear] * 4 + [thrown] * 6 + [table.render()] * 4, profile, grey_small=True)
    assert len(readings) == 2
    assert sorted(d.face for d in readings[1].dice) == faces


def _gate_regions(gate, frame):
    settled = None
    for _ in range(4):
        settled = gate.update(frame) or settled
    return settled


def test_covered_board_marker_is_dropped_then_found_again(demo_profile):
    table = ship_table(demo_profile, seed=6)
    reader, gate = TableReader(demo_profile), ChangeGate()
    reader.read(table.render(), regions=_gate_regions(gate, table.render()).regions)
    table.set_hand((40, 40), 40)  # covers anchor 0 only
    covered = table.render()
    reading = reader.read(covered, regions=_gate_regions(gate, covered).regions)
    assert 0 not in reader.location.board.anchors  # fitted only on what this frame shows
    assert {p.tag: p.space for p in reading.pieces} == ALL_SHIPS
    table.set_hand(None)
    clear = table.render()
    reader.read(clear, regions=_gate_regions(gate, clear).regions)
    assert reader.location.board.anchors == (0, 1, 2, 3)


def _tiles_table(profile, camera=CameraModel(width=1920, height=1080, blur_sigma=0.5)):
    table = SimulatedTable(profile, camera, seed=2)
    table.place_tile("sea-1", (420, 60), 180)     # the first tile of the profile lies turned round
    table.place_tile("sea-2", (40, 60))
    table.place_tile("sea-3", (200, 230), 90)
    table.place_tile("sea-4", (420, 230))
    ships = {}
    for k, (tile, spot, heading) in enumerate((("sea-1", (94, 62), 30.0), ("sea-2", (94, 62), 170.0),
                                               ("sea-4", (56, 62), 300.0), ("sea-2", (56, 62), 95.0))):
        tag = ship("golden_horn", k, "A")
        ships[tag.identity] = (table.tile_to_table(tile, spot), heading, f"{tile}/{2 if spot[0] > 80 else 1}")
        table.place_piece(tag, ships[tag.identity][0], heading, 34)
    return table, ships


def test_tile_profiles_report_table_positions_and_headings(tiles_profile):
    table, ships = _tiles_table(tiles_profile)
    reading = TableReader(tiles_profile).read(table.render())
    for identity, (position, heading, _) in ships.items():
        piece = reading.piece(identity)
        assert angle_error(piece.heading_deg, heading) < 3, identity
        assert np.hypot(piece.position_mm[0] - position[0], piece.position_mm[1] - position[1]) < 5, identity


def test_covered_tile_marker_is_found_again_after_the_hand_leaves(tiles_profile):
    table, ships = _tiles_table(tiles_profile)
    reader, gate = TableReader(tiles_profile), ChangeGate()
    reader.read(table.render(), regions=_gate_regions(gate, table.render()).regions)
    marker = table.tile_to_table("sea-4", (18, 18))
    table.set_hand(marker, 35)
    covered = table.render()
    reading = reader.read(covered, regions=_gate_regions(gate, covered).regions)
    assert "sea-4" not in {t.name for t in reader.location.tiles}
    assert reading.piece("gh:ship:0:a").space == "sea-1/2"  # what can be placed is placed
    table.set_hand(None)
    clear = table.render()
    reading = reader.read(clear, regions=_gate_regions(gate, clear).regions)
    assert "sea-4" in {t.name for t in reader.location.tiles}
    assert {i: reading.piece(i).space for i in ships} == {i: s for i, (_, _, s) in ships.items()}


def test_fresh_reader_with_one_tile_marker_hidden_places_the_rest(tiles_profile):
    table, ships = _tiles_table(tiles_profile)
    table.place_piece(ship("golden_horn", 4, "B"), table.tile_to_table("sea-3", (18, 18)), 0.0, 34)  # parked on the marker
    reading = TableReader(tiles_profile).read(table.render())
    assert {i: reading.piece(i).space for i in ships} == {i: s for i, (_, _, s) in ships.items()}
    assert reading.piece("gh:ship:4:b").position_mm is not None


@pytest.mark.parametrize("seed, scale", [(11, 1.0), (8, 0.06), (9, 0.06), (9, 0.1)])
def test_bumped_camera_places_every_ship_again(demo_profile, seed, scale):
    """Knocks big and small: a small one changes only some of the frame, cutting some tags in two
    (before: such a tag was dropped and not read again, 178 of 180 ships right at scale 0.06)."""
    table, truth, bumped = bumped_table(demo_profile, seed, scale)
    _, first, reading, _ = read_across_bump(table, demo_profile, bumped)
    assert {p.tag: p.space for p in first.pieces} == truth
    assert {p.tag: p.space for p in reading.pieces} == truth


def test_a_bump_reads_every_tag_again_where_it_now_is(demo_profile):
    """After a knock no tag is left where the camera saw it before: the reader's codes are those a
    fresh reader finds in the bumped frame (stale ones put ships up to 2.4 mm off)."""
    table, _, bumped = bumped_table(demo_profile, 3, 0.1)
    reader, _, _, frame = read_across_bump(table, demo_profile, bumped)
    fresh = TableReader(demo_profile)
    fresh.read(frame)
    now = {d.data: d.center for d in fresh.detections()}
    assert {d.data for d in reader.detections()} == set(now)
    assert max(math.dist(d.center, now[d.data]) for d in reader.detections()) < 0.5
    assert reader.location.board.anchors == (0, 1, 2, 3)


def _dice_table(profile, seed):
    table = ship_table(profile, seed=seed)
    table.roll_tray("colour-dice", random.Random(seed))
    return table


def test_dice_still_rolling_are_not_read(demo_profile):
    table = _dice_table(demo_profile, 1)
    reader = TableReader(demo_profile)
    before = table.render()
    table.roll_tray("colour-dice", random.Random(2))  # the next frame: the dice moved on
    now = table.render()
    reading = reader.read(now)
    assert reading.dice_still and all(d.face for d in reading.dice if d.die.startswith("colour-dice"))
    rolling = reader.check_dice_still(reading, now, before, (now.shape[1], now.shape[0]))
    assert not rolling.dice_still
    assert all(d.face is None for d in rolling.dice if d.die.startswith("colour-dice"))
    assert any("still rolling" in n for n in rolling.notes)
    again = table.render()  # the same dice, new sensor noise: still
    assert reader.check_dice_still(reading, again, now, (now.shape[1], now.shape[0])).dice_still


def test_worker_reads_the_dice_once_they_stop(demo_profile):
    table = _dice_table(demo_profile, 3)
    rng = random.Random(4)
    frames = []
    for _ in range(6):
        table.roll_tray("colour-dice", rng)
        frames.append(table.render())
    final = sorted(d.face for d in table.dice())  # dice are numbered by where they lie: compare the faces
    frames += [table.render() for _ in range(4)]
    readings = _read_all(frames, demo_profile)
    assert readings and readings[-1].dice_still
    for reading in readings:
        if reading.dice_still:  # a reading that says the dice lie still shows the final faces
            assert sorted(d.face for d in reading.dice if d.die.startswith("colour-dice")) == final


PALE_HAND_BGR = (185, 200, 240)  # a pale hand under a bright lamp: within 25 grey levels of the lit board


def test_a_pale_hand_over_ships_is_a_hand(demo_profile):
    """A hand whose grey is within 25 levels of the lit board rests over the ship it moved and over
    another: no reading comes from those frames."""
    table = ship_table(demo_profile, seed=6)
    clear = table.render()
    table.move_piece("gh:ship:1:c", demo_profile.space("C2").center, 90.0)
    table.set_hand((300, 170), 60, bgr=PALE_HAND_BGR)  # over the ship it moved (C2) and B2's start
    covered = table.render()
    board = to_gray(clear)[300:340, 560:600].mean()
    hand_px = table.hand_mask()
    assert abs(float(to_gray(covered)[hand_px].mean()) - board) < 25
    table.set_hand(None)
    readings = _read_all([clear] * 4 + [covered] * 8 + [table.render()] * 4, demo_profile)
    assert len(readings) == 2
    assert {p.tag: p.space for p in readings[0].pieces} == ALL_SHIPS
    assert {p.tag: p.space for p in readings[1].pieces} == {**ALL_SHIPS, "gh:ship:1:c": "C2"}


def test_a_hand_resting_at_the_edge_holds_up_no_move(demo_profile):
    """One hand lies still at the board's edge while the other moves ships: every move is read
    (none was: the resting hand held the gate), and what it covers is read once it goes."""
    table = ship_table(demo_profile, seed=7)
    frames = [table.render()] * 4
    table.set_hand((585, 190), 40, key="resting")
    frames += [table.render()] * 4
    moves = (("gh:ship:0:a", "A2"), ("gh:ship:1:c", "C2"), ("gh:ship:0:b", "C1"), ("gh:ship:2:b", "D3"))
    expected = dict(ALL_SHIPS)
    for ident, space in moves:
        x, y = demo_profile.space(space).center
        table.move_piece(ident, (x, y), 90.0)
        table.set_hand((x, y + 40), 45)  # the moving hand puts it down ...
        frames.append(table.render())
        table.set_hand(None)  # ... and goes
        frames += [table.render()] * 4
    table.set_hand(None, key="resting")
    frames += [table.render()] * 4
    readings = _read_all(frames, demo_profile)
    assert len(readings) == 1 + len(moves) + 1  # the first view, each move, where the hand lay
    for reading, (ident, space) in zip(readings[1:], moves):
        expected[ident] = space
        assert {p.tag: p.space for p in reading.pieces} == expected
    assert {p.tag: p.space for p in readings[-1].pieces} == expected


@pytest.mark.parametrize("hand_bgr", [PALE_HAND_BGR, None])
def test_no_reading_from_a_hand_resting_over_the_ship_it_put_down(hand_bgr):
    """12 ships, each move's hand lingers over the ship it put down (pale, or skin-coloured): every
    reading shows every ship where it stands (two of eight showed ships under the hand missing)."""
    from vision.bench import moves_scene, run_latency

    frames, truth, _ = moves_scene(random.Random(3), 6, hand_bgr=hand_bgr, linger=5)
    latency = run_latency(frames, truth, 1000.0, 6)
    assert (latency.right, latency.wrong) == (6, 0)


def test_a_hand_resting_at_the_edge_of_a_full_board_holds_up_no_move():
    from vision.bench import moves_scene, run_latency

    frames, truth, _ = moves_scene(random.Random(4), 4, resting_hand=(300, 420))
    latency = run_latency(frames, truth, 1000.0, 4)
    assert (latency.right, latency.wrong) == (4, 0)  # each move (the hand arriving is no reading)
