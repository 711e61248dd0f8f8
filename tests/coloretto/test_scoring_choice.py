"""Players' own joker and positive colours (AMB-C5): the optimum by default, a
player's choice scored as chosen, with the points given away shown."""
from __future__ import annotations

import json

import pytest

from companion.coloretto import GAME
from companion.coloretto.actions import ChooseScoring
from companion.coloretto.scoring import score_assignment
from companion.engine import GameConfig
from companion.errors import IllegalAction
from companion.record import GameRecord, record_from_dict, replay_record
from tests.conformance.playout import play

CONFIG = GameConfig.build("coloretto", ["Ann", "Bea", "Cy"])


def finished():
    """A finished game where Ann holds at least four colours and a joker."""
    for seed in range(40):
        run = play(GAME, CONFIG, seed)
        hand = run.final.collections[0]
        if len(hand.by_colour()) >= 4 and hand.jokers:
            return run
    raise AssertionError("no such game in 40 seeds")


def test_a_players_own_positive_colours_are_scored_with_the_points_given_away():
    run = finished()
    final = run.final
    best = GAME.summary(final)["players"][0]
    assert best["points_given_away"] == 0
    held = list(final.collections[0].by_colour())
    negative = next(c for c in held if c not in best["positive_colours"])
    positive = tuple(best["positive_colours"][:2]) + (negative,)
    jokers = tuple(best["joker_colours"])
    choice = ChooseScoring(0, jokers, positive)
    chosen = GAME.apply(final, choice)
    assert GAME.is_over(chosen)
    mine = GAME.summary(chosen)["players"][0]
    assert sorted(mine["positive_colours"]) == sorted(positive)
    assert mine["best_score"] == best["score"] and mine["score"] < best["score"]
    assert mine["points_given_away"] == best["score"] - mine["score"]
    assert GAME.score_sheet(chosen).totals[0] == mine["score"]
    # replayed from the record, and back to the optimum by choosing nothing
    record = record_from_dict(json.loads(GameRecord(CONFIG, tuple(run.actions) + (choice,)).to_json()))
    assert replay_record(record)[-1] == chosen
    assert GAME.apply(chosen, ChooseScoring(0)).scoring == ()
    assert "chooses" in str(choice) and "Ann" not in str(choice)


def test_a_joker_colour_chosen_by_the_player():
    run = finished()
    final = run.final
    hand = final.collections[0]
    colour = min(hand.by_colour(), key=hand.by_colour().get)      # the smallest colour gets them
    jokers = (colour,) * hand.jokers
    held = set(hand.by_colour()) | {colour}
    positive = tuple(sorted(held, key=lambda c: -hand.by_colour().get(c, 0)))[:3]
    chosen = GAME.apply(final, ChooseScoring(0, jokers, positive))
    expected = score_assignment(hand.counts, hand.plus2, jokers, final.rules.side, positive).total
    assert GAME.score_sheet(chosen).totals[0] == expected


@pytest.mark.parametrize("change, message", [
    (lambda j, p: (j + ("green",), p), "jokers?: give"),
    (lambda j, p: (j, p[:2]), "Choose 3 positive colours"),
])
def test_impossible_choices_are_refused(change, message):
    final = finished().final
    best = GAME.summary(final)["players"][0]
    jokers, positive = change(tuple(best["joker_colours"]), tuple(best["positive_colours"]))
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(final, ChooseScoring(0, jokers, positive))
