"""The route read from the tiles on the table (digest §2.1, §11): rendered tables
read by the real pipeline, for every player count, with turned tiles, ships on
squares, odd light and every setup mistake a player can make."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.golden_horn.data import parse_tiles
from tests.golden_horn.test_camera_reading import new_session
from vision.games.golden_horn.camera import (SIM_CAMERA, SIM_PRINTED, SIM_SIDES, GoldenHornTable, TileLay,
                                         ship_identity, simulated_copy, simulated_table, table_layout)
from vision.games.golden_horn.route import GoldenHornReader, match_tile, read_route_from
from vision.sources.simulated import SimulatedSource
from vision.tags import ship as ship_tag

#: the simulated copy's route V→C: the top row read left to right as printed, the
#: bottom row (tiles turned half round) travelled right to left, again as printed
EXPECTED = {2: "BYR OPG", 3: "OPG BYR POG YRB", 4: "OPG BYR POG YRB"}


def route_of(table: GoldenHornTable, reader: GoldenHornReader | None = None):
    reader = reader or GoldenHornReader(table.profile, table.players)
    reader.read(table.render())
    return reader.route


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_simulated_copy_reads_as_laid(players):
    route = route_of(simulated_copy(players))
    assert route.complete, route.problem_text()
    assert route.text == EXPECTED[players]
    parse_tiles(route.text, players)
    modone = {2: ["modone-2"], 3: [], 4: ["modone-3"]}[players]
    sea = list(SIM_SIDES[players])
    half = len(sea) // 2
    assert list(route.order) == ["venice", *sea[:half], *modone, *sea[half:], "constantinople"]


def test_a_tile_laid_the_other_way_round_reads_reversed():
    table = simulated_copy(4)
    # sea tile 3 (bottom right) laid without the half turn: its printed order now runs C→V
    lay = table_layout(4, SIM_SIDES[4])["sea-3b"]
    table.place_tile("sea-3b", (lay.origin[0] - 210.0, lay.origin[1] - 115.0), 0.0)
    route = route_of(table)
    assert route.complete, route.problem_text()
    assert route.text.split()[2] == SIM_PRINTED["sea-3b"][::-1]


def test_the_route_is_followed_from_wherever_venice_lies():
    # Venice and Constantinople swapped: the route now runs along the bottom row first and
    # back along the top, so every tile is travelled against its printed order
    table = simulated_copy(3)
    table.place_tile("venice", (5.0, 215.0))
    table.place_tile("constantinople", (5.0, 10.0))
    route = route_of(table)
    assert route.order == ("venice", "sea-4a", "sea-3b", "sea-2b", "sea-1a", "constantinople")
    assert route.text == "BRY GOP RYB GPO"
    assert route.complete


@pytest.mark.parametrize("camera", [
    replace(SIM_CAMERA, yaw_deg=5.0),
    replace(SIM_CAMERA, tilt_deg=12.0, height_mm=850.0),
    replace(SIM_CAMERA, light_rgb=(1.0, 0.88, 0.7), gradient=0.35),
    replace(SIM_CAMERA, width=1280, height=720, noise_sigma=4.0, jpeg_quality=75),
], ids=["turned", "tilted", "warm-lamp", "720p-noisy"])
def test_reading_holds_under_other_cameras_and_light(camera):
    table = simulated_copy(4)
    table.set_camera(camera)
    route = route_of(table)
    assert route.text == EXPECTED[4], route.problem_text()


def test_squares_under_ships_keep_the_colours_read_before():
    table = simulated_copy(4)
    reader = GoldenHornReader(table.profile, 4)
    route_of(table, reader)
    # ships on 2 of the 3 squares of sea tile 1: too few free squares to read it afresh
    for seat, slot in ((0, 1), (1, 2)):
        mm = table.tile_to_table("sea-1a", ((slot - 0.5) * 70.0, 40.0))
        table.place_piece(ship_tag("golden_horn", seat, "A"), mm, 0.0, 58.0, base_scale=1.1)
    route = route_of(table, reader)
    assert route.text == EXPECTED[4] and route.complete
    reading = reader.read(table.render())
    assert {p.tag: p.space for p in reading.pieces} == {"gh:ship:0:a": "s1", "gh:ship:1:a": "s2"}
    # a fresh reader cannot know that tile's colours yet, and says so
    fresh = route_of(table)
    assert not fresh.complete and fresh.text.split()[0] == "???"


def test_one_covered_square_still_reads_the_tile():
    table = simulated_copy(2)
    mm = table.tile_to_table("sea-2b", (35.0, 40.0))
    table.place_piece(ship_tag("golden_horn", 0, "A"), mm, 0.0, 58.0, base_scale=1.1)
    route = route_of(table)
    assert route.text == EXPECTED[2] and route.complete


@pytest.mark.parametrize("change, message", [
    (lambda t: t.remove_tile("venice"), "The Venice tile is not in view (marker 10)."),
    (lambda t: t.remove_tile("sea-4a"), "With 4 players the route has 4 sea tiles; the camera sees 3."),
    (lambda t: t.remove_tile("modone-3"), "The Modone tile is not in view."),
    (lambda t: (t.remove_tile("modone-3"), t.place_tile("modone-2", (530.0, 145.0))),
     "Turn Modone over: with 4 players, the side with 3 berths is up."),
    (lambda t: t.place_tile("sea-1b", (300.0, 150.0)),
     "Both sides of sea tile 1 are in view: is a second copy on the table?"),
    (lambda t: [t.place_tile(name, origin, turn) for name, origin, turn in (   # 3 tiles on top, Modone last
        ("sea-1a", (345.0, 20.0), 0.0), ("sea-2b", (555.0, 20.0), 0.0), ("sea-3b", (765.0, 20.0), 0.0),
        ("sea-4a", (975.0, 520.0), 180.0), ("modone-3", (400.0, 170.0), 0.0))],
     "Modone belongs in the middle of the route, between sea tiles 2 and 3."),
], ids=["no-venice", "tile-missing", "no-modone", "modone-side", "both-sides", "modone-place"])
def test_setup_mistakes_are_named(change, message):
    table = simulated_copy(4)
    change(table)
    route = route_of(table)
    assert not route.complete
    assert message in route.problem_text()


def test_three_players_take_modone_off_and_two_need_it():
    table = GoldenHornTable(3, SIM_SIDES[3], SIM_PRINTED)
    table.place_tile("modone-3", (530.0, 145.0))
    assert "3 players play without Modone" in route_of(table).problem_text()
    assert "The Modone tile is not in view." in route_of(_without(simulated_copy(2), "modone-2")).problem_text()


def _without(table, tile):
    table.remove_tile(tile)
    return table


def test_tiles_breaking_the_setup_rules_are_not_taken():
    table = GoldenHornTable(3, SIM_SIDES[3], SIM_PRINTED)
    # two tiles of one colour set side by side: the sets must alternate
    swapped = {"sea-1a": TileLay((300.0, 15.0)), "sea-3b": TileLay((510.0, 15.0)),
               "sea-2b": TileLay((720.0, 405.0), 180.0), "sea-4a": TileLay((510.0, 405.0), 180.0)}
    for name, lay in swapped.items():
        table.place_tile(name, lay.origin, lay.rotation)
    table.printed["sea-3b"] = "GOP"
    route = route_of(table)
    assert route.order[1:3] == ("sea-1a", "sea-3b")
    assert "breaks the setup rules" in route.problem_text()


def test_match_tile_needs_two_squares_and_picks_one_set():
    from vision.games.golden_horn.route import _REFERENCE_LAB as lab
    assert match_tile([lab["R"], lab["B"], lab["Y"]])[0] == "RBY"
    assert match_tile([lab["O"], None, lab["G"]])[0] == "OPG"
    assert match_tile([lab["O"], None, None]) is None


def test_the_game_reader_notes_a_route_that_differs_from_the_games(journal):
    session = new_session(journal, 2, seed=1)
    table = simulated_table(session.state)
    reader = GoldenHornReader(table.profile, 2, expected="RBY OPG")
    assert not any("differ" in n or "route is" in n for n in reader.read(table.render()).notes)
    other = GoldenHornReader(table.profile, 2, expected="BYR OPG")
    notes = other.read(table.render()).notes
    assert any("the tiles on the table read RBY OPG, this game's route is BYR OPG" in n for n in notes)
    # ships in both ports, every one where the game has it
    seen = {p.tag: p.space for p in reader.read(table.render()).pieces}
    assert seen == {ship_identity(s.label): session.state.route[s.at].id for s in session.state.ships}


def test_twelve_ships_in_one_port_are_all_read(journal):
    session = new_session(journal, 4, seed=2, ports="VVV")
    table = simulated_table(session.state)
    pieces = GoldenHornReader(table.profile, 4).read(table.render()).pieces
    assert len(pieces) == 12 and {p.space for p in pieces} == {"V"}


def test_read_route_from_a_source_waits_for_two_agreeing_frames():
    with SimulatedSource(simulated_copy(3)) as source:
        route = read_route_from(source, simulated_copy(3).profile, 3)
    assert route.complete and route.text == EXPECTED[3]
    with SimulatedSource(_without(simulated_copy(3), "venice")) as source:
        route = read_route_from(source, simulated_copy(3).profile, 3, frames=3)
    assert not route.complete and "Venice" in route.problem_text()


def test_sim_camera_sees_the_whole_table():
    table = simulated_copy(4)
    w, h = table.profile.size_mm
    for corner in ((0, 0), (w, 0), (w, h), (0, h)):
        x, y = table.to_image(corner)
        assert 0 <= x < SIM_CAMERA.width and 0 <= y < SIM_CAMERA.height
