"""A freshly started Golden Horn reader with a route tile's marker hidden (a ship
parked on it): the ships on the tiles whose place on the route is certain are
placed, and the reading names those it could not place."""
from __future__ import annotations

import random

from companion.engine import TABLE, GameConfig
from companion.golden_horn import GAME
from companion.golden_horn.actions import PlaceFleet
from companion.golden_horn.state import SETUP
from vision.games.golden_horn.camera import (MODONE_STRIP_MM, MODONE_TILE_MM, PORT_TILE_MM, SEA_TILE_MM, SQUARE_MM,
                                         ship_identity, simulated_table)
from vision.games.golden_horn.route import GoldenHornReader


def _table(players: int, moves: dict[int, str]):
    """A simulated table after setup (fleets V, V, C) with ship number k moved to node ``moves[k]``;
    returns the table and where each ship stands (engine node id)."""
    config = GameConfig.build("golden_horn", ["Ann", "Bea", "Cy", "Dov"][:players])
    state, rng = GAME.setup(config), random.Random(3)
    while state.phase == SETUP:
        to_act = GAME.to_act(state)
        state = GAME.apply(state, GAME.sample_chance(state, rng) if to_act == (TABLE,) else PlaceFleet(to_act[0], "VVC"))
    table = simulated_table(state)
    truth = {ship_identity(s.label): state.route[s.at].id for s in state.ships}
    labels = [s.label for s in state.ships]
    centres = table.node_centres()
    for k, node in moves.items():
        table.move_piece(ship_identity(labels[k]), centres[node])
        truth[ship_identity(labels[k])] = node
    return table, truth, labels


def _park(table, label: str, tile: str, spot: tuple[float, float]) -> str:
    """Park ship ``label`` on a tile's marker; its identity."""
    identity = ship_identity(label)
    table.move_piece(identity, table.tile_to_table(tile, spot))
    return identity


def _read_fresh(table):
    reader = GoldenHornReader(table.profile, table.players)
    reading = reader.read(table.render())
    return reader, reading, {p.tag: p.space for p in reading.pieces}


def _unplaced_note(reading) -> set[str]:
    [note] = [n for n in reading.notes if n.startswith("not placed")]
    return set(note.partition(": ")[2].split(", "))


def test_modone_marker_under_a_ship_leaves_the_other_ships_placed():
    for players in (2, 4):
        table, truth, labels = _table(players, {0: "s1", 1: "s2", 2: "s4", 3: "s5", 4: "M"})
        parked = _park(table, labels[5], table.modone, (MODONE_STRIP_MM / 2, MODONE_TILE_MM[1] / 2))
        reader, reading, seen = _read_fresh(table)
        assert table.modone not in {t.name for t in reader.location.tiles}
        assert not reader.route.complete and "The Modone tile is not in view." in reader.route.problem_text()
        lost = {parked, ship_identity(labels[4])}          # parked on the strip, and on Modone's berths
        assert {t: s for t, s in seen.items() if t not in lost} == {t: s for t, s in truth.items() if t not in lost}
        assert all(seen[t] is None for t in lost)
        assert _unplaced_note(reading) == lost, players


def test_a_port_marker_under_a_ship_reads_the_route_from_the_other_port():
    table, truth, labels = _table(4, {0: "s1", 1: "s6", 2: "s7", 3: "s12", 4: "M"})
    parked = _park(table, labels[5], "venice", (20.0, PORT_TILE_MM[1] / 2))
    reader, reading, seen = _read_fresh(table)
    assert "venice" not in {t.name for t in reader.location.tiles}
    in_venice = {t for t, s in truth.items() if s == "V"}
    assert in_venice and all(seen[t] is None for t in in_venice | {parked})
    placed = {t: s for t, s in truth.items() if t not in in_venice and t != parked}
    assert {t: seen[t] for t in placed} == placed
    assert _unplaced_note(reading) == in_venice | {parked}


def test_a_sea_tile_marker_hidden_places_the_tiles_whose_number_is_certain():
    """Sea tile 2 hidden: tile 1 might be the first or the second before Modone, so its
    ship stays unplaced; the two tiles after Modone are certain."""
    table, truth, labels = _table(4, {0: "s2", 1: "s8", 2: "s10"})
    side = table.sides[1]
    parked = _park(table, labels[5], side, (SEA_TILE_MM[0] / 2, (SQUARE_MM[1] + SEA_TILE_MM[1]) / 2))
    reader, reading, seen = _read_fresh(table)
    assert side not in {t.name for t in reader.location.tiles}
    assert seen[ship_identity(labels[0])] is None
    assert (seen[ship_identity(labels[1])], seen[ship_identity(labels[2])]) == ("s8", "s10")
    assert ship_identity(labels[0]) in _unplaced_note(reading) and parked in _unplaced_note(reading)


def test_a_setup_mistake_still_places_nothing_on_the_sea():
    """Modone turned to the wrong side is a mistake, not a hidden marker: the route is not taken."""
    table, truth, labels = _table(4, {0: "s2", 1: "s8"})
    origin = table.tile_to_table("modone-3", (0.0, 0.0))
    table.remove_tile("modone-3")
    table.place_tile("modone-2", origin)
    reader, reading, seen = _read_fresh(table)
    assert "Turn Modone over" in reader.route.problem_text()
    assert seen[ship_identity(labels[0])] is None and seen[ship_identity(labels[1])] is None


def test_nothing_hidden_notes_nothing_unplaced():
    table, truth, _ = _table(2, {0: "s1", 1: "M"})
    reader, reading, seen = _read_fresh(table)
    assert reader.route.complete and seen == truth
    assert not any(n.startswith("not placed") for n in reading.notes)
