"""Setup (§3): options, player counts, colour removal, start cards, start player."""
from __future__ import annotations

import json
import random

import pytest

from companion.coloretto import GAME
from companion.coloretto.actions import RemoveColour, StartCard, StartPlayer
from companion.coloretto.data import CATALOGUE, load_catalogue
from companion.engine import TABLE, Game, GameConfig
from companion.errors import ConfigError, IllegalAction
from companion.games import load_game

from tests.coloretto.helpers import A, B, C, G, config, set_up

EXPECTED = {5: (71, 57), 4: (72, 58), 3: (64, 50), 2: (54, 40)}   # digest §3.2


def test_game_implements_the_protocol():
    assert isinstance(GAME, Game)
    assert load_game("coloretto") is GAME
    assert {o.name: o.default for o in GAME.options} == {
        "side": "brown", "joker_colours": "in_play", "start_cards": "dealt",
        "start_colours_all_distinct": True, "after_last_round_card": "draw_again",
        "jokers": "three", "scoring_sides": "together", "match_games": 1, "match_so_far": ""}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_derived_counts(players):
    pile_without_last, last_round_draw = EXPECTED[players]
    state = set_up(players)
    assert state.pile_size == pile_without_last + 1
    assert state.last_round_draw == last_round_draw
    assert len(state.colours_in_play) == 7 - CATALOGUE.removed_for(players)
    assert len(state.rows) == (3 if players == 2 else players)


@pytest.mark.parametrize("players", [1, 6])
def test_player_count_refused(players):
    with pytest.raises(ConfigError, match="2–5 players"):
        GAME.setup(GameConfig.build("coloretto", [f"p{i}" for i in range(players)]))


def test_bad_options_refused():
    with pytest.raises(ConfigError, match="unknown option"):
        GAME.setup(config(3, golden_joker=True))
    with pytest.raises(ConfigError, match="'side' must be one of"):
        GAME.setup(config(3, side="green"))
    with pytest.raises(ConfigError, match="for 'golden_horn', not 'coloretto'"):
        GAME.setup(GameConfig.build("golden_horn", ["a", "b"]))


def test_setup_sequence_three_players():
    state = GAME.setup(config(3))
    assert state.phase == "remove_colours" and GAME.to_act(state) == (TABLE,)
    assert len(GAME.legal_actions(state)) == 7
    state = GAME.apply(state, RemoveColour(G))
    assert state.phase == "start_cards" and state.left(G) == 0
    assert StartCard(0, G) not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="removed"):
        GAME.apply(state, StartCard(0, G))
    with pytest.raises(IllegalAction, match="next start card goes to Ann"):
        GAME.apply(state, StartCard(1, A))
    state = GAME.apply(state, StartCard(0, A))
    with pytest.raises(IllegalAction, match="already starts with"):
        GAME.apply(state, StartCard(1, A))
    state = GAME.apply(GAME.apply(state, StartCard(1, B)), StartCard(2, C))
    assert state.phase == "start_player" and len(GAME.legal_actions(state)) == 3
    with pytest.raises(IllegalAction, match="choose who starts"):
        GAME.apply(state, RemoveColour(A))
    state = GAME.apply(state, StartPlayer(2))
    assert GAME.to_act(state) == (2,) and state.round == 1


def test_remove_same_colour_twice_refused():
    state = GAME.apply(GAME.setup(config(2)), RemoveColour(A))
    with pytest.raises(IllegalAction, match="already out"):
        GAME.apply(state, RemoveColour(A))


def test_two_players_start_cards_may_share_when_option_off():
    state = GAME.setup(config(2, start_colours_all_distinct=False))
    state = GAME.apply(GAME.apply(state, RemoveColour(G)), RemoveColour(A))
    state = GAME.apply(GAME.apply(state, StartCard(0, B)), StartCard(1, B))
    with pytest.raises(IllegalAction, match="two start cards differ"):
        GAME.apply(state, StartCard(0, B))
    state = GAME.apply(GAME.apply(state, StartCard(0, C)), StartCard(1, C))
    assert state.phase == "start_player"
    strict = GAME.setup(config(2))
    strict = GAME.apply(GAME.apply(strict, RemoveColour(G)), RemoveColour(A))
    strict = GAME.apply(strict, StartCard(0, B))
    with pytest.raises(IllegalAction, match="must all differ"):
        GAME.apply(strict, StartCard(1, B))


def test_chosen_start_cards_are_the_seats_turn():
    state = GAME.setup(config(4, start_cards="chosen"))
    assert GAME.to_act(state) == (0,)
    assert GAME.legal_actions(state, TABLE) == ()
    state = GAME.apply(state, StartCard(0, A))
    assert GAME.to_act(state) == (1,)
    with pytest.raises(IllegalAction):
        GAME.sample_chance(state, random.Random(1))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sampled_setup_is_valid(players):
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.setup(config(players))
        while GAME.to_act(state) == (TABLE,):
            state = GAME.apply(state, GAME.sample_chance(state, rng))
        starts = [c for _, c in state.start_cards]
        assert len(set(starts)) == len(starts) == (4 if players == 2 else players)
        assert not set(starts) & set(state.removed)
        assert state.phase == "turn"


def write(tmp_path, data):
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def test_catalogue_errors_name_file_and_problem(tmp_path):
    good = json.loads(open(CATALOGUE_PATH()).read())
    assert load_catalogue(write(tmp_path, good)) == CATALOGUE
    with pytest.raises(ConfigError, match="catalogue.json: not valid JSON"):
        load_catalogue(write(tmp_path, "{"))
    with pytest.raises(ConfigError, match="no such catalogue"):
        load_catalogue(tmp_path / "missing.json")
    bad = dict(good, colours=good["colours"][:6])
    with pytest.raises(ConfigError, match="7 colours"):
        load_catalogue(write(tmp_path, bad))
    bad = dict(good, scoring_tables={"brown": [1, 3], "grey": "x"})
    with pytest.raises(ConfigError, match="scoring_tables.grey"):
        load_catalogue(write(tmp_path, bad))
    bad = dict(good, row_cards=good["row_cards"][:6])
    with pytest.raises(ConfigError, match="3 green"):
        load_catalogue(write(tmp_path, bad))


def CATALOGUE_PATH():
    from companion.coloretto.data import CATALOGUE_PATH as path
    return path
