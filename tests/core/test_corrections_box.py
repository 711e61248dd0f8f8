"""Corrections never record more than the box holds: "the app may warn, never block,
but it never records 10 cards of a colour that has 9".  The bound counts every place
on the table together (players' cards, rows, pile; warehouses, ports, bag, ships,
hands, discard), not only the field corrected."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.coloretto.actions import CorrectCards
from companion.coloretto.data import CATALOGUE, JOKER, PLUS2
from companion.coloretto.rules import on_the_table
from companion.engine import GameConfig
from companion.errors import IllegalAction
from companion.games import load_game
from companion.golden_horn.actions import Correct
from companion.golden_horn.corrections import cards_on_the_table, cubes_on_the_table
from companion.golden_horn.data import CARDS_PER_COLOUR, COLOURS, CUBES_PER_COLOUR
from companion.i18n import Translator
from tools.catalogues import catalogue
from tests.conformance.playout import play
from tests.coloretto.helpers import G, set_up

GREEN = "green"
NAMES = ("Ann", "Bea", "Cy", "Dan")


def refused(game, state, action) -> str:
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, action)
    reason = caught.value.explanation
    for lang in ("el", "it", "pl"):      # readable in every language, no placeholder left
        assert all(catalogue(lang).get(msgid) for msgid in reason.msgids()), (lang, reason)
        assert "{" not in Translator(lang)(reason)
    return str(reason)


# -- Coloretto: 9 cards a colour, 3 jokers, 10 "+2" -----------------------------------------

def test_coloretto_refuses_a_tenth_green_card():
    game, state = load_game("coloretto"), set_up(4)
    count = state.collections[0].count(GREEN)
    assert "The box holds only 9 (green cards)" in refused(game, state, CorrectCards(0, GREEN, count, 10))
    assert game.apply(state, CorrectCards(0, GREEN, count, 9)).collections[0].count(GREEN) == 9


def test_coloretto_counts_every_players_cards_together():
    game, state = load_game("coloretto"), set_up(4)
    a, b = state.collections[0].count(GREEN), state.collections[1].count(GREEN)
    state = game.apply(state, CorrectCards(0, GREEN, a, 5))
    assert "would have 10" in refused(game, state, CorrectCards(1, GREEN, b, 5))
    assert game.apply(state, CorrectCards(1, GREEN, b, 4)).collections[1].count(GREEN) == 4


def test_coloretto_refuses_a_fourth_joker_and_an_eleventh_plus2():
    game, state = load_game("coloretto"), set_up(4)
    assert "only 3 (jokers)" in refused(game, state, CorrectCards(2, JOKER, 0, 4))
    assert "only 10 (+2 cards)" in refused(game, state, CorrectCards(2, PLUS2, 0, 11))
    golden = set_up(4, jokers="golden")          # two jokers and the golden one: still three
    assert "only 3 (jokers)" in refused(game, golden, CorrectCards(2, JOKER, 0, 4))
    assert game.apply(golden, CorrectCards(2, JOKER, 0, 3)).collections[2].jokers == 3


def test_coloretto_refuses_cards_of_a_colour_taken_out_of_a_3_player_game():
    game, state = load_game("coloretto"), set_up(3)
    assert G in state.removed
    assert "was removed from this game" in refused(game, state, CorrectCards(0, G, 0, 1))


# -- Golden Horn: 15 cubes a colour, 54 cards ------------------------------------------------

def golden_horn(**options):
    game = load_game("golden_horn")
    run = play(game, GameConfig.build("golden_horn", NAMES[:3], **options), 5)
    return game, run.states[len(run.states) // 2]


def test_golden_horn_refuses_a_16th_cube_and_a_bag_of_99():
    game, state = golden_horn()
    red = COLOURS.index("R")
    assert cubes_on_the_table(state, "R") == CUBES_PER_COLOUR
    reason = refused(game, state, Correct("warehouse", "0", "R", state.warehouses[0][red], 16))
    assert "The box holds only 15 (red cubes)" in reason
    assert "only 15" in refused(game, state, Correct("bag", "", "R", state.bag[red], 99))
    # the cube taken off the bag first, the warehouse may have it
    if state.bag[red]:
        fewer = game.apply(state, Correct("bag", "", "R", state.bag[red], state.bag[red] - 1))
        more = game.apply(fewer, Correct("warehouse", "0", "R", state.warehouses[0][red],
                                         state.warehouses[0][red] + 1))
        assert cubes_on_the_table(more, "R") == CUBES_PER_COLOUR


def test_golden_horn_refuses_a_hand_of_60_cards():
    game, state = golden_horn()
    assert "only 54 (cards)" in refused(game, state, Correct("hand", "1", "", state.hand_sizes[1], 60))
    game, state = golden_horn(**{"cards.hands": "open"})
    green = COLOURS.index("G")
    assert "only 9 (green cards)" in refused(
        game, state, Correct("hand", "1", "G", state.hands[1][green], 10))


# -- properties: whatever the table enters, the box is never exceeded ---------------------------

def coloretto_within_the_box(state) -> None:
    for kind in CATALOGUE.colours + (JOKER, PLUS2):
        assert on_the_table(state, kind) <= CATALOGUE.copies(kind), kind
        if kind not in state.colours_in_play + (JOKER, PLUS2):
            assert not any(hand.count(kind) for hand in state.collections), kind


def golden_horn_within_the_box(state) -> None:
    for colour in COLOURS:
        assert cubes_on_the_table(state, colour) <= CUBES_PER_COLOUR, colour
        if state.hands is not None:
            assert cards_on_the_table(state, colour) <= CARDS_PER_COLOUR, colour
    assert cards_on_the_table(state) <= CARDS_PER_COLOUR * len(COLOURS)


CHECKS = {"coloretto": coloretto_within_the_box, "golden_horn": golden_horn_within_the_box}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(CHECKS)), players=st.integers(2, 4), seed=st.integers(0, 10**6),
       cut=st.floats(0, 1), hands=st.sampled_from(("hidden", "open")),
       entries=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 99)), min_size=1, max_size=25))
def test_corrections_never_create_more_than_the_box_holds(name, players, seed, cut, hands, entries):
    game = load_game(name)
    options = {"cards.hands": hands} if name == "golden_horn" else {}
    run = play(game, GameConfig.build(name, NAMES[:players], **options), seed)
    state = run.states[int(cut * (len(run.states) - 1))]
    check = CHECKS[name]
    check(state)
    for pick, after in entries:
        items = game.counted(state)
        item = items[pick % len(items)]
        try:
            state = game.apply(state, item.correct(after))
        except IllegalAction:
            continue
        check(state)
