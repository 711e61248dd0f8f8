"""Setup, turn flow, signals, camera readings, table-screen data and action JSON."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from companion.engine import TABLE, GameConfig, Game
from companion.errors import ConfigError, IllegalAction, InvalidAction
from companion.readings import DieReading, TableReading
from companion.signals import FinalRound, GameEnded, RoundEnded, SeatScored, TurnStarted
from companion.games import load_game
from companion.alles_auf_1_karte import GAME
from companion.alles_auf_1_karte.actions import (
    ACTION_TYPES, CorrectMarks, DrawCard, EnterCard, KeepCards, Mark, Pass, RevealCard, Reroll, RollDice, TakeDisplayCard)
from companion.alles_auf_1_karte.state import KEEP, MARK, REVEAL, THROW
from tests.alles_auf_1_karte.helpers import (
    X12, X21, config, in_play, marking_state, other_cards, roll)


def dealt(players=2, **options):
    """A basic game after the deal: the state at throw 1 of round 1."""
    state = GAME.setup(config(players, **options))
    while GAME.to_act(state) == (TABLE,) and state.phase != THROW:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def test_game_is_registered_and_follows_the_protocol():
    assert load_game("alles_auf_1_karte") is GAME
    assert isinstance(GAME, Game)
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    defaults = {o.name: o.default for o in GAME.options}
    assert defaults == {"variant": "basic", "must_use_all_fitting_colours": False,
                        "equal_turns": False, "start_player": 1}


@pytest.mark.parametrize("cfg, message", [
    (config(1), "2–4 players"), (config(5), "2–4 players"),
    (config(2, variant="expert"), "option 'variant' must be one of"),
    (config(2, dice=6), "unknown option 'dice'"),
    (GameConfig.build("coloretto", ["A", "B"]), "not 'alles_auf_1_karte'"),
])
def test_setup_refuses_unplayable_configs(cfg, message):
    with pytest.raises(ConfigError, match=message):
        GAME.setup(cfg)


def test_deal_basic_accepts_any_seat_order_but_not_more_than_two():
    state = GAME.setup(config(3))
    assert GAME.to_act(state) == (TABLE,) and len(GAME.legal_actions(state)) == 3 * 30
    state = GAME.apply(state, DrawCard(2, X12))
    with pytest.raises(IllegalAction, match="The pile no longer holds card purple 5, yellow 3, green 2, blue 4, red 6: it is already on the table"):
        GAME.apply(state, DrawCard(1, X12))
    with pytest.raises(IllegalAction, match="This game's card list has no card purple 6"):
        GAME.apply(state, DrawCard(1, "O:P6-Y3s-G2-B4s-R5"))
    state = GAME.apply(state, DrawCard(2, X21))
    with pytest.raises(IllegalAction, match="already has its starting cards"):
        GAME.apply(state, DrawCard(2, state.pile[0]))
    with pytest.raises(IllegalAction, match="no such seat: the seats are numbered 1 to 3"):
        GAME.apply(state, DrawCard(3, state.pile[0]))


def test_advanced_setup_keep_three_of_five_then_display():
    state = GAME.setup(config(2, variant="advanced"))
    for _ in range(10):
        state = GAME.apply(state, DrawCard(GAME.legal_actions(state)[0].seat, state.pile[0]))
    assert state.phase == KEEP and GAME.to_act(state) == (0, 1)
    assert len(GAME.legal_actions(state, 0)) == 10
    hand = [c.id for c in state.seats[1].open]
    with pytest.raises(IllegalAction, match="Keep exactly 3 cards"):
        GAME.apply(state, KeepCards(1, tuple(hand[:2])))
    with pytest.raises(IllegalAction, match="did not draw card"):
        GAME.apply(state, KeepCards(1, (hand[0], hand[1], state.pile[0])))
    state = GAME.apply(state, KeepCards(1, tuple(hand[2:])))          # any order (AMB-A9)
    assert GAME.to_act(state) == (0,) and hand[0] in state.pile and hand[1] in state.pile
    with pytest.raises(IllegalAction, match="already chosen"):
        GAME.apply(state, KeepCards(1, tuple(hand[2:])))
    state = GAME.apply(state, GAME.legal_actions(state, 0)[0])
    assert state.phase == REVEAL and len(state.pile) == 24            # returned before the display
    for _ in range(3):
        state = GAME.apply(state, RevealCard(state.pile[-1]))
    assert state.phase == THROW and len(state.display) == 3 and len(state.pile) == 21


def test_marking_is_simultaneous_and_to_act_lists_the_undecided_in_turn_order():
    state = marking_state([[in_play(X12)], [in_play(X21)], [in_play(other_cards(1, [X12, X21])[0])]],
                          "R2 B2 G1", active=1)
    assert GAME.to_act(state) == (1, 2, 0)
    state = GAME.apply(state, Pass(0))                                 # any order (AMB-A1)
    assert GAME.to_act(state) == (1, 2)
    with pytest.raises(IllegalAction, match="already used this roll"):
        GAME.apply(state, Pass(0))
    with pytest.raises(IllegalAction, match="has no open"):
        GAME.apply(state, Mark(1, X12, ("red",)))


def test_actions_out_of_phase_get_readable_reasons():
    state = dealt()
    with pytest.raises(IllegalAction, match="Marking is not possible now"):
        GAME.apply(state, Pass(1))
    with pytest.raises(IllegalAction, match="Re-rolling is not possible now"):
        GAME.apply(state, Reroll(0, ()))
    state = GAME.apply(state, RollDice(roll("R5")))
    with pytest.raises(IllegalAction, match="Keep the roll first"):
        GAME.apply(state, Pass(0))
    with pytest.raises(IllegalAction, match="A throw is not possible now"):
        GAME.apply(state, RollDice(roll("R5")))
    with pytest.raises(IllegalAction, match="Taking a display card is not possible"):
        GAME.apply(state, TakeDisplayCard(0, X12))


def test_signals_through_a_round_and_end_turn_button():
    state = dealt(3)
    before = GAME.setup(config(3))
    # the last deal starts round 1: seat 1's LED
    deal_actions, deal_states = [], [before]
    while deal_states[-1].phase != THROW:
        action = GAME.legal_actions(deal_states[-1])[0]
        deal_states.append(GAME.apply(deal_states[-1], action))
        deal_actions.append(action)
    assert GAME.signals(deal_states[-2], deal_actions[-1], deal_states[-1]) == (TurnStarted(0),)
    assert GAME.end_turn_action(state) is None
    thrown = GAME.apply(state, RollDice(roll("R2 B2 G1")))
    assert GAME.signals(state, RollDice(roll("R2 B2 G1")), thrown) == ()
    assert GAME.end_turn_action(thrown) == Reroll(0, ())
    marking = GAME.apply(thrown, GAME.end_turn_action(thrown))
    assert marking.phase == MARK and GAME.end_turn_action(marking) is None
    s1 = GAME.apply(marking, Pass(0))
    s2 = GAME.apply(s1, Pass(1))
    s3 = GAME.apply(s2, Pass(2))
    assert GAME.signals(marking, Pass(0), s1) == ()
    assert GAME.signals(s2, Pass(2), s3) == (RoundEnded(1), TurnStarted(1))
    assert s3.active == 1 and s3.round == 2


def test_scoring_and_end_signals():
    fill = other_cards(6, [X12, X21])
    from tests.alles_auf_1_karte.helpers import scored
    state = marking_state([[in_play(X12, [5, 1, 0, 1, 2])], [in_play(X21, [3, 4, 4, 2, 1])]],
                          "Y2 G2 R1", scored_cards=[[scored(c) for c in fill[:3]], []])
    mark = Mark(0, X12, ("yellow", "green"))
    after = GAME.apply(state, mark)
    signals = GAME.signals(state, mark, after)
    assert signals[0] == SeatScored(0, 12)
    assert isinstance(signals[1], FinalRound) and "P1 scored a 4th card" in signals[1].reason
    last = Mark(1, X21, ("red", "green"))
    end = GAME.apply(after, last)
    signals = GAME.signals(after, last, end)
    winners = GAME.score_sheet(end).winners
    assert signals == (SeatScored(1, 21), RoundEnded(None), GameEnded(winners))


def test_equal_turns_option_plays_on_to_the_end_of_the_rotation():
    fill = other_cards(6, [X12, X21])
    from tests.alles_auf_1_karte.helpers import scored
    state = marking_state([[in_play(X12, [5, 1, 0, 1, 2])], [in_play(X21)]], "Y2 G2 R1",
                          scored_cards=[[scored(c) for c in fill[:3]], []], equal_turns=True)
    state = GAME.apply(GAME.apply(state, Mark(0, X12, ("yellow", "green"))), Pass(1))
    assert state.final_round and not GAME.is_over(state)
    state = GAME.apply(state, DrawCard(0, state.pile[0]))
    assert state.phase == THROW and state.active == 1
    state = GAME.apply(GAME.apply(state, RollDice(roll("R5"))), Reroll(1, ()))
    state = GAME.apply(GAME.apply(state, Pass(1)), Pass(0))
    assert GAME.is_over(state)


def test_camera_reading_becomes_the_throw_when_all_dice_are_read_and_still():
    state = dealt()
    dice = tuple(DieReading(f"d{i}", face) for i, face in
                 enumerate(["red", "Blue", "red", "green", "blue"]))
    assert GAME.actions_for_reading(state, TableReading(1.0, dice=dice)) == \
        (RollDice(roll("R2 B2 G1")),)
    assert GAME.actions_for_reading(state, TableReading(1.0, dice=dice, dice_still=False)) == ()
    unread = dice[:4] + (DieReading("d4", None),)
    assert GAME.actions_for_reading(state, TableReading(1.0, dice=unread)) == ()
    assert GAME.actions_for_reading(state, TableReading(1.0, dice=dice[:4])) == ()
    odd = dice[:4] + (DieReading("d4", "pink"),)
    assert GAME.actions_for_reading(state, TableReading(1.0, dice=odd)) == ()
    thrown = GAME.apply(state, RollDice(roll("R2 B2 G1")))
    assert GAME.actions_for_reading(thrown, TableReading(1.0, dice=dice)) == ()   # deciding
    rerolling = GAME.apply(thrown, Reroll(0, ("red", "red")))
    kept_gone = tuple(DieReading(f"d{i}", "yellow") for i in range(5))
    assert GAME.actions_for_reading(rerolling, TableReading(1.0, dice=kept_gone)) == ()
    ok = tuple(DieReading(f"d{i}", f) for i, f in enumerate(["blue", "blue", "green", "purple", "red"]))
    assert GAME.actions_for_reading(rerolling, TableReading(1.0, dice=ok)) == \
        (RollDice(("red", "green", "blue", "blue", "purple")),)


def test_sample_chance_draws_from_what_is_physically_left():
    state = GAME.setup(config(2))
    rng = random.Random(3)
    seen = Counter()
    for _ in range(600):
        action = GAME.sample_chance(state, rng)
        assert isinstance(action, DrawCard) and action.card in state.pile
        seen[action.card] += 1
    assert len(seen) == 30
    state = dealt()
    state = GAME.apply(GAME.apply(state, RollDice(roll("R5"))), Reroll(0, ("red", "red")))
    faces = Counter()
    for _ in range(600):
        action = GAME.sample_chance(state, rng)
        assert Counter(action.faces)["red"] >= 3                       # kept dice stay
        faces.update(action.faces)
    assert all(faces[c] > 0 for c in ("orange", "yellow", "green", "blue", "purple"))
    with pytest.raises(IllegalAction, match="No chance outcome"):
        GAME.sample_chance(GAME.apply(state, RollDice(roll("R5"))), rng)


def test_legal_throws_enumerate_every_outcome():
    state = dealt()
    assert len(GAME.legal_actions(state)) == 252                       # multisets of 5 over 6
    state = GAME.apply(GAME.apply(state, RollDice(roll("R3 B2"))), Reroll(0, ("blue",)))
    assert len(GAME.legal_actions(state)) == 6


def test_summary_has_what_the_table_screen_shows():
    state = marking_state([[in_play(X12, [5, 1, 0, 1, 2]), in_play(X21)], [in_play(other_cards(1, [X12, X21])[0])]],
                          "Y2 G2 P1")
    data = GAME.summary(state)
    json.dumps(data)
    assert data["phase"] == MARK and data["dice_counts"] == {"yellow": 2, "green": 2, "purple": 1}
    seat = data["seats"][0]
    assert seat["name"] == "P1" and not seat["decided"]
    card = seat["open"][0]
    assert card["id"] == X12 and [r["marks"] for r in card["rows"]] == [5, 1, 0, 1, 2]
    option = seat["options"][0]
    assert option["default_colours"] == ["yellow", "green"] and option["would_score"]
    assert option["score"] == 12
    purple = next(c for c in option["colours"] if c["colour"] == "purple")
    assert not purple["fits"] and "already full" in purple["reason"]
    assert seat["hint"]["best_card"] == X12 and seat["hint"]["best_reason"] == "scores 12"
    assert seat["hint"]["closest_card"] == X12 and seat["hint"]["fields_to_score"] == 4
    after = GAME.apply(state, Mark(0, X12, ("yellow", "green")))
    data = GAME.summary(after)
    assert data["seats"][0]["scored"][0]["score"] == 12 and data["seats"][0]["decided"]
    assert data["seats"][0]["score"] == 12 and "options" not in data["seats"][0]


def test_live_score_sheet_before_the_end():
    state = marking_state([[in_play(X12, [5, 3, 0, 0, 0])], [in_play(X21, [4, 0, 0, 0, 0])]], "R5")
    sheet = GAME.score_sheet(state)
    assert not sheet.final and sheet.totals == (8, 4) and sheet.winners == (0,)
    assert str(sheet.lines_for(0)[0].label) == "Open card"
    assert str(sheet.lines_for(0)[0].detail).startswith("purple 5, yellow 3")


ROUND_TRIP_ACTIONS = [DrawCard(1, X12), KeepCards(0, (X12, X21, "O:Y6s-P3-G2-B5s-R4")),
                      RevealCard(X21), RollDice(("blue", "red", "red", "green", "purple")),
                      Reroll(0, ("red", "blue")), Reroll(1, ()), Mark(2, X12, ("yellow", "purple")),
                      Pass(3), TakeDisplayCard(0, X21), CorrectMarks(1, X12, (1, 0, 0, 0, 0), (2, 0, 0, 0, 0)),
                      EnterCard("G:R3s-P4-B5-O6s-Y2", X12)]


@pytest.mark.parametrize("action", ROUND_TRIP_ACTIONS, ids=lambda a: a.type)
def test_every_action_type_round_trips_through_json(action):
    data = json.loads(json.dumps(action.to_dict()))
    assert GAME.parse_action(data) == action
    assert str(action)
    assert {type(a) for a in ROUND_TRIP_ACTIONS} == set(ACTION_TYPES)


@pytest.mark.parametrize("data, message", [
    ({"type": "roll_dice", "faces": ["red"] * 4}, "all 5 dice"),
    ({"type": "roll_dice", "faces": ["red"] * 4 + [3]}, "must be text"),
    ({"type": "mark", "seat": 0, "card": X12}, "missing field 'colours'"),
    ({"type": "pass", "seat": "1"}, "whole number"),
    ({"type": "shout", "seat": 1}, "unknown action type"),
    ({"type": "keep_cards", "seat": 0, "cards": [X12, X12, X21]}, "listed twice"),
])
def test_malformed_actions_are_invalid(data, message):
    with pytest.raises(InvalidAction, match=message):
        GAME.parse_action(data)


def test_readable_action_strings():
    assert str(Mark(0, X12, ("yellow", "purple"))) == \
        "seat 1 marks yellow, purple on card purple 5, yellow 3, green 2, blue 4, red 6"
    assert str(RollDice(roll("R2 B2 G1"))) == "dice show 2 red, 1 green, 2 blue"
    assert str(Reroll(1, ())) == "seat 2 keeps the roll"
    assert str(Pass(0)) == "seat 1 passes"


def test_a_sleeve_tag_names_the_card_to_draw():
    from dataclasses import replace as dc_replace
    from companion.alles_auf_1_karte.catalogue import Catalogue
    base = GAME.catalogue
    cards = tuple(dc_replace(c, tag=f"aa1:{i}") for i, c in enumerate(base.cards))
    game = GAME.with_catalogue(Catalogue(cards, "tagged"))
    state = game.setup(config(2))
    assert game.draw_for_tag(state, "aa1:5") == DrawCard(0, cards[5].id)
    assert game.draw_for_tag(state, "nope") is None
    state = game.apply(state, DrawCard(0, cards[5].id))
    assert game.draw_for_tag(state, "aa1:5") is None                 # no longer in the pile
    assert GAME.summary(state)["pile"] == [c.id for c in cards if c.id != cards[5].id]


def test_preview_of_a_toggled_mark():
    state = marking_state([[in_play(X12, [5, 1, 0, 1, 2])], [in_play(X21)]], "Y2 G2 P1")
    preview = GAME.preview_mark(state, 0, X12, ("green",))
    assert preview.marks_after == (5, 1, 2, 1, 2) and not preview.would_score
    assert preview.score == 7 and preview.fields_gained == 2
    full = GAME.preview_mark(state, 0, X12, ("yellow", "green"))
    assert full.would_score and full.score == 12
    with pytest.raises(IllegalAction, match="already full"):
        GAME.preview_mark(state, 0, X12, ("purple",))
    strict = marking_state([[in_play(X12, [5, 1, 0, 1, 2])], [in_play(X21)]], "Y2 G2 P1",
                           must_use_all_fitting_colours=True)
    assert GAME.summary(strict)["colours_optional"] is False
    with pytest.raises(IllegalAction, match="add yellow"):
        GAME.preview_mark(strict, 0, X12, ("green",))
