"""Actions: JSON round trips, readable text, exact error types for bad input."""
from __future__ import annotations

import json

import pytest

from companion.coloretto import GAME
from companion.coloretto.actions import (ACTION_CLASSES, ChooseScoring, CorrectCards, Draw, Place, RemoveColour,
                                         Reveal, StartCard, StartPlayer, Take)
from companion.errors import IllegalAction, InvalidAction

from tests.coloretto.helpers import A, set_up

SAMPLES = (RemoveColour(A), StartCard(1, A), StartPlayer(2), Draw(0), Reveal("joker"),
           Reveal(A), Reveal("last_round"), Place(3, 1), Take(0, 2), CorrectCards(1, "joker", 0, 1),
           ChooseScoring(2, ("green",), ("green", "blue", "pink")))


def test_every_action_type_is_sampled():
    assert {type(a) for a in SAMPLES} == set(ACTION_CLASSES)


@pytest.mark.parametrize("action", SAMPLES, ids=str)
def test_json_round_trip(action):
    data = json.loads(json.dumps(action.to_dict()))
    assert GAME.parse_action(data) == action


def test_readable_text():
    assert str(Place(3, 1)) == "seat 4 places the card on the second row"
    assert str(Take(0, 2)) == "seat 1 takes the third row"
    assert str(Reveal("plus2")) == "drawn: a +2 card"
    assert str(Reveal(A)) == f"drawn: a {A} card"


@pytest.mark.parametrize("data,match", [
    ({"type": "take", "seat": 0}, "missing field 'row'"),
    ({"type": "take", "seat": "0", "row": 1}, "whole number"),
    ({"type": "take", "seat": 0, "row": 1, "x": 1}, "unexpected"),
    ({"type": "reveal", "card": "purple"}, "not a Coloretto card"),
    ({"type": "remove_colour", "colour": "joker"}, "not a Coloretto colour"),
    ({"type": "place", "seat": 0, "row": -1}, "start at 0"),
    ({"type": "draw", "seat": -2}, "start at 0"),
    ({"type": "fly"}, "unknown action type"),
    ([1, 2], "JSON object"),
])
def test_malformed_actions_are_invalid(data, match):
    with pytest.raises(InvalidAction, match=match):
        GAME.parse_action(data)


def test_foreign_action_is_invalid_and_illegal_is_illegal():
    from tests.fake_game import Add
    state = set_up(3)
    with pytest.raises(InvalidAction):
        GAME.apply(state, Add(0, 1))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, Take(0, 0))
    assert not isinstance(err.value, InvalidAction) and err.value.rule == "§4.3 B"
