"""kill -9 at any moment loses at most the action being confirmed (DESIGN.md,
"Non-negotiables").  A child plays real games (Coloretto, Alles auf 1 Karte,
Golden Horn in turn) to their end and on, printing each action only after it
returned; it is killed during start-up, resume, new game, mid-move and at
random moments, and after EVERY kill the journal is checked against what the
child confirmed and against the seeded stream (tests/core/kill_child.py).

SIGKILL keeps the page cache, so these tests see what a crash of the program
leaves; what a power cut leaves is tests/reliability/test_power_cut.py."""
from __future__ import annotations

import random

import pytest

from tests.core.kill_child import DurabilityFailure, Ledger, copy_journal, random_round, run_child

ROUNDS = 40


def play_rounds(tmp_path, seed: int, rounds: list[str] | int, *extra: str) -> Ledger:
    data = tmp_path / "data"
    data.mkdir()
    rng = random.Random(seed)
    ledger = Ledger(seed)
    plan = rounds if isinstance(rounds, list) else None
    for index in range(len(plan) if plan else rounds):
        how = plan[index] if plan else random_round(rng, ledger.has_unfinished)
        result = run_child(data, seed, how, rng, *extra)
        ledger.rounds.append(result)
        ledger.read(result.lines)
        ledger.check(copy_journal(data, tmp_path / "check"), f"after round {index} ({how})")
    return ledger


def test_kill9_at_every_kind_of_moment_loses_nothing_confirmed(tmp_path):
    ledger = play_rounds(tmp_path, 2026, ROUNDS)
    assert ledger.checks == ROUNDS
    assert ledger.finished_games >= 2, "games must be played to their end and on to new ones"
    print(f"{ledger.checks} kills, {ledger.events_checked} events checked, "
          f"{ledger.finished_games} games finished")


@pytest.mark.parametrize("how", ["precise:open:1", "precise:open:3", "precise:open:9",
                                 "precise:resume:1", "precise:resume:9",
                                 "precise:new:1", "precise:new:3", "precise:new:9",
                                 "precise:move:1:1", "precise:move:3:1", "precise:move:4:1",
                                 "precise:move:9:1", "after:1", "after:3"])
def test_kill9_at_each_precise_point_after_a_game_in_progress(tmp_path, how):
    """A game in progress, then a kill at one precise point, then play on."""
    play_rounds(tmp_path, 7, ["precise:move:9:25", how, "precise:move:9:30"])


@pytest.mark.parametrize("statement", [1, 2, 3, 4, 8])
def test_kill9_during_a_game_ending_action(tmp_path, statement):
    """The game-ending action (its append; 8: after it returned): the game is
    either not over, or over and finished, and the child starts the next one."""
    play_rounds(tmp_path, 11, [f"precise:end:{statement}:1", "precise:move:9:3"])


@pytest.mark.parametrize("statement", [5, 6, 7])
def test_kill9_between_the_last_action_and_the_finish(tmp_path, statement):
    """The kill lands after the game-ending action's commit (where older
    versions then marked the game finished in a second transaction): the game
    is over and finished, never offered for resume."""
    play_rounds(tmp_path, 11, [f"precise:end:{statement}:1", "precise:move:9:3"])


def test_the_harness_catches_a_confirmation_shown_before_it_is_durable(tmp_path):
    """Proof that the kill -9 checks can fail: a child that prints each action
    before writing it, killed at the start of a move's transaction."""
    with pytest.raises(DurabilityFailure, match="lost confirmed events"):
        play_rounds(tmp_path, 5, ["precise:move:9:20", "precise:move:1:4"], "--confirm-early")


def test_the_harness_catches_actions_other_than_the_seeded_stream(tmp_path):
    """Proof that the content check can fail: the child plays seed 1, the parent
    expects seed 2 (same configs, other moves)."""
    data = tmp_path / "data"
    data.mkdir()
    run_child(data, 1, "precise:move:9:30", random.Random(0))
    with pytest.raises(DurabilityFailure, match="the seeded stream says"):
        Ledger(2).check(copy_journal(data, tmp_path / "check"), "seed 2")
