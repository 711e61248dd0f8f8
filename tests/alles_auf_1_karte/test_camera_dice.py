"""Dice read by the camera: rendered frames of the dice mat, read by the real
pipeline, become a proposed roll in the table session (issue: "a test feeds
rendered dice frames and gets the roll")."""
from __future__ import annotations

import json
import random

import pytest

from companion.engine import GameConfig
from companion.session import TableSession
from companion.alles_auf_1_karte.actions import DrawCard, Reroll, RollDice
from companion.alles_auf_1_karte.state import DECIDE, THROW
from vision.games.alles_auf_1_karte.camera import (
    PROFILE_NAME, TRAY, clear_dice, lift_hand, load_dice_profile, profile_document, set_dice,
    simulated_dice_table, throw_dice)
from vision.camera_model import CameraModel
from vision.profiles import PROFILE_DIR
from vision.reader import TableReader
from vision.sources.simulated import SimulatedSource
from vision.worker import VisionWorker

CONFIG = GameConfig.build("alles_auf_1_karte", ["Ana", "Bo"])


@pytest.fixture(scope="module")
def profile():
    return load_dice_profile()


@pytest.fixture
def session(journal):
    """A 2-player game dealt and waiting for the first throw."""
    s = TableSession.new(journal, CONFIG)
    pile = list(s.state.pile)
    for seat in (0, 0, 1, 1):
        s.submit(DrawCard(seat, pile.pop(0)))
    assert s.state.phase == THROW
    return s


def test_shipped_profile_is_the_generated_one(profile):
    shipped = json.loads((PROFILE_DIR / f"{PROFILE_NAME}.json").read_text(encoding="utf-8"))
    assert shipped == profile_document()
    assert [t.name for t in profile.trays] == [TRAY]
    assert profile.trays[0].dice.count == 5


@pytest.mark.parametrize("camera", [
    CameraModel(),
    CameraModel(light_rgb=(1.0, 0.85, 0.65), gradient=0.35, tilt_deg=8),   # warm lamp
    CameraModel(light_rgb=(0.85, 0.92, 1.0), gradient=0.2, yaw_deg=4),    # cool daylight
], ids=["neutral", "warm-lamp", "cool-light"])
def test_rendered_throw_is_proposed_as_the_roll(session, profile, camera):
    for seed in range(3):
        table = simulated_dice_table(profile, seed=seed, camera=camera)
        faces = throw_dice(table, [], random.Random(seed))
        reading = TableReader(profile).read(table.render())
        proposal = session.propose_from_reading(reading)
        assert proposal is not None, reading.notes
        assert proposal.action == RollDice(tuple(faces))
        session.reject()


def test_second_throw_keeps_the_kept_dice(session, profile):
    table = simulated_dice_table(profile, seed=3)
    rng = random.Random(3)
    set_dice(table, ["red", "red", "blue", "green", "yellow"], rng)
    session.propose_from_reading(TableReader(profile).read(table.render()))
    session.confirm()
    assert session.state.phase == DECIDE
    session.submit(Reroll(0, ("green", "yellow")))
    # the re-thrown dice land; the two reds and the blue stay
    faces = set_dice(table, ["red", "red", "blue", "purple", "purple"], rng)
    proposal = session.propose_from_reading(TableReader(profile).read(table.render()))
    assert proposal is not None and proposal.action == RollDice(tuple(faces))
    # a reading that changed a kept die is not a throw of the picked-up dice
    set_dice(table, ["orange", "red", "blue", "purple", "purple"], rng)
    assert session.propose_from_reading(TableReader(profile).read(table.render())) is None
    assert session.pending is None


def test_incomplete_tray_proposes_nothing(session, profile):
    table = simulated_dice_table(profile, seed=5)
    throw_dice(table, [], random.Random(5))
    table.remove_die(f"{TRAY}:4")
    reading = TableReader(profile).read(table.render())
    assert sum(d.face is None for d in reading.dice) == 1
    assert session.propose_from_reading(reading) is None
    clear_dice(table)
    assert session.propose_from_reading(TableReader(profile).read(table.render())) is None


def test_no_roll_is_proposed_outside_a_throw(session, profile):
    table = simulated_dice_table(profile, seed=6)
    throw_dice(table, [], random.Random(6))
    reading = TableReader(profile).read(table.render())
    assert session.propose_from_reading(reading) is not None
    session.confirm()
    assert session.state.phase == DECIDE
    assert session.propose_from_reading(reading) is None


def test_worker_with_simulated_source_proposes_the_roll(session, profile):
    """The path the app takes: frames from the simulated source through the change
    gate; the thrower's hand over the mat (no reading while it rests there), then the
    settled dice are read."""
    table = simulated_dice_table(profile, seed=7)
    with VisionWorker(SimulatedSource(table), TableReader(profile)) as worker:
        empty = worker.wait_for_reading(0, timeout=20)
        assert empty is not None and session.propose_from_reading(empty) is None
        faces = throw_dice(table, [], random.Random(7), hand=True)
        lift_hand(table)
        reading = worker.wait_for_reading(1, timeout=20)
    assert reading is not None
    proposal = session.propose_from_reading(reading)
    assert proposal is not None and proposal.action == RollDice(tuple(faces))
    session.confirm()
    assert session.state.dice == RollDice(tuple(faces)).faces
