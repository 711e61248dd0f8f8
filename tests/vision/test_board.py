"""Board profiles, anchors -> homography -> board mm, spaces and headings, tiles."""
from __future__ import annotations

import json
import math

import cv2
import pytest

from vision.board import find_anchors, locate_board, shortest_route, tile_centres
from vision.camera_model import CameraModel
from vision.errors import BoardNotFound, ProfileError
from vision.profiles import FORMAT, load_profile, parse_profile
from vision.reader import TableReader
from vision.synthetic import SimulatedTable
from vision.tags import ship

from tests.vision.scenes import SHIPS, TAG_MM, angle_error, ship_table


def _minimal() -> dict:
    return {"format": FORMAT, "version": 1, "name": "t", "size_mm": [300, 200],
            "anchors": {"markers": [{"id": 0, "center": [20, 20]}, {"id": 1, "center": [280, 180]}]},
            "spaces": [{"name": "a", "polygon": [[50, 50], [100, 50], [100, 100]]}]}


@pytest.mark.parametrize("change, problem", [
    (lambda d: d.update(format="x"), "'format' must be"),
    (lambda d: d.update(version=2), "unsupported 'version' 2"),
    (lambda d: d.pop("name"), "name must be a non-empty string"),
    (lambda d: d.update(size_mm=[300]), "size_mm must be [x, y]"),
    (lambda d: d.update(colour="red"), "unknown field 'colour'"),
    (lambda d: d["anchors"]["markers"].append({"id": 0, "center": [50, 50]}), "anchor id 0 is used twice"),
    (lambda d: d["anchors"]["markers"].append({"id": 5, "center": [900, 50]}), "lies outside the board"),
    (lambda d: d["anchors"]["markers"].append({"id": True, "center": [5, 5]}), "markers[2].id must be an integer"),
    (lambda d: d["spaces"].append({"name": "b", "polygon": [[0, 0], [1, 1]]}), "spaces[1].polygon needs at least 3"),
    (lambda d: d["spaces"].append({"name": "a", "point": [0, 0], "radius": 3}), "space name 'a' is used twice"),
    (lambda d: d["spaces"].append({"name": "c", "point": [0, 0]}), "spaces[1].radius must be a number"),
    (lambda d: d["spaces"].append({"name": "d", "point": [0, 0], "polygon": [[0, 0], [1, 0], [0, 1]]}), "exactly one of"),
    (lambda d: d.update(anchors={"dictionary": "DICT_9X9", "markers": []}), "anchors.dictionary 'DICT_9X9'"),
    (lambda d: d.update(trays=[{"name": "t", "polygon": [[0, 0], [9, 0], [9, 9]], "dice": {"kind": "colour", "count": 5, "colours": {"red": "red", "blue": "#0000ff"}}}]),
     "trays[0].dice.colours.red must be a colour"),
    (lambda d: d.update(trays=[{"name": "t", "polygon": [[0, 0], [9, 0], [9, 9]], "dice": {"kind": "qr", "ids": []}}]), "must name at least one die"),
])
def test_bad_profiles_name_the_file_and_the_problem(tmp_path, change, problem):
    doc = _minimal()
    change(doc)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(ProfileError) as err:
        load_profile(path)
    assert str(path) in str(err.value)
    assert problem in str(err.value)


def test_unreadable_profile_files(tmp_path):
    with pytest.raises(ProfileError, match="cannot read"):
        load_profile(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(ProfileError, match=r"bad.json: not valid JSON \(line 1"):
        load_profile(bad)


def test_shipped_profiles_load(demo_profile, tiles_profile):
    assert len(demo_profile.spaces) == 19 and len(demo_profile.trays) == 2
    assert parse_profile(_minimal()).space("a").contains((90, 60))
    assert tiles_profile.all_anchor_ids() == (10, 11, 12, 13)


@pytest.mark.parametrize("camera", [
    CameraModel(),
    CameraModel(tilt_deg=12, yaw_deg=4, gradient=0.4, noise_sigma=3.0),
    CameraModel(width=1920, height=1080, tilt_deg=15, blur_sigma=1.0, yaw_deg=-3),
], ids=["straight-720p", "tilted-720p", "tilted-1080p"])
def test_ships_map_to_spaces_positions_and_headings(demo_profile, camera):
    reading = TableReader(demo_profile).read(ship_table(demo_profile, camera).render())
    assert reading.board_found
    assert len(reading.pieces) == len(SHIPS)
    for seat, name, space, heading in SHIPS:
        piece = reading.piece(ship("golden_horn", seat, name).identity)
        assert piece is not None, (seat, name)
        assert piece.space == space
        assert math.dist(piece.position_mm, demo_profile.space(space).center) < 3.0
        assert angle_error(piece.heading_deg, heading) < 3.0
        assert piece.confidence == 1.0


def test_piece_off_the_mapped_spaces_has_no_space(demo_profile):
    table = ship_table(demo_profile)
    table.place_piece(ship("golden_horn", 2, "C"), (560, 200), 90, TAG_MM)  # right margin, no space there
    piece = TableReader(demo_profile).read(table.render()).piece("gh:ship:2:c")
    assert piece is not None and piece.space is None and piece.confidence < 1.0
    assert math.dist(piece.position_mm, (560, 200)) < 3.0


def test_hidden_anchors_mean_board_not_found(demo_profile):
    table = ship_table(demo_profile)
    image = table.render()
    for anchor in demo_profile.anchors[1:]:
        x, y = table.to_image(anchor.center)
        cv2.circle(image, (int(x), int(y)), 45, (80, 110, 140), -1)
    with pytest.raises(BoardNotFound, match="board corners not visible"):
        locate_board(find_anchors(image), demo_profile)
    reading = TableReader(demo_profile).read(image)
    assert not reading.board_found
    assert "board corners not visible" in reading.notes[0]
    assert len(reading.pieces) == len(SHIPS) and all(p.space is None for p in reading.pieces)


def test_anchor_white_is_measured(demo_profile):
    camera = CameraModel(light_rgb=(1.0, 0.9, 0.7), gradient=0.0, jpeg_quality=None)
    image = ship_table(demo_profile, camera).render()
    location = locate_board(find_anchors(image), demo_profile, gray_or_bgr=image)
    b, g, r = location.white_bgr
    assert r > g > b  # warm lamp: the paper looks orange


def test_tile_route_is_assembled_from_tile_anchors(tiles_profile):
    table = SimulatedTable(tiles_profile, CameraModel(width=1920, height=1080))
    table.place_tile("sea-3", (20, 60))
    table.place_tile("sea-1", (200, 160), 10)
    table.place_tile("sea-4", (380, 230), -5)
    table.place_tile("sea-2", (540, 120), 90)
    table.place_piece(ship("golden_horn", 0, "A"), table.tile_to_table("sea-1", (94, 62)), 90, 34)
    reader = TableReader(tiles_profile)
    reading = reader.read(table.render())
    centres = tile_centres(reader.location, tiles_profile)
    assert shortest_route(centres, "sea-3", "sea-2") == ("sea-3", "sea-1", "sea-4", "sea-2")
    assert reading.piece("gh:ship:0:a").space == "sea-1/2"



def test_shortest_route_beats_nearest_first():
    # from A the nearest tile is B, but the shortest route to E takes C first (16 mm, not 18)
    centres = {"A": (0.0, 0.0), "B": (1.0, 0.0), "C": (-3.0, 0.0), "E": (10.0, 0.0)}
    assert shortest_route(centres, "A", "E") == ("A", "C", "B", "E")
