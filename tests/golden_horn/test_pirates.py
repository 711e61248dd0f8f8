"""Digest vectors TV-20 … TV-22: pirates and the turn-around right (§4, D3)."""
from __future__ import annotations

import pytest

from companion.errors import IllegalAction, InvalidAction
from companion.golden_horn import GAME
from companion.golden_horn.actions import Attack, Move, TurnAround
from dataclasses import replace

from companion.golden_horn.state import AFTER_MOVE, TO_C, TO_V, TURN_AROUND
from companion.signals import PirateAttack
from tests.golden_horn.helpers import move_targets, put_ship, stops, table, with_hand


def raid_table(**options):
    """TV-20: Bea's ship 1a {G, R} at s5 with Y2; Ann (seat 0) holds G G R B Y."""
    state = table(4, **options)
    state = put_ship(state, "1a", "s5", sails="GR", cargo="Y2")
    return with_hand(state, 0, "GGRBY")


def attacks(state):
    return {(a.ship, a.cards) for a in GAME.legal_actions(state) if isinstance(a, Attack)}


def test_tv20_legal_pairs():
    state = raid_table()
    assert attacks(state) == {("1a", "GG"), ("1a", "GR")}
    richer = with_hand(state, 0, "GGRRBY")
    assert attacks(richer) == {("1a", "GG"), ("1a", "GR"), ("1a", "RR")}


@pytest.mark.parametrize("cards", ["GB", "YR", "YY"])
def test_tv20_illegal_pairs(cards):
    with pytest.raises(IllegalAction):
        GAME.apply(raid_table(), Attack(0, "1a", cards))


@pytest.mark.parametrize("cards", ["G", "GGR"])
def test_tv20_two_cards_exactly(cards):
    with pytest.raises(IllegalAction, match="exactly two"):
        GAME.apply(raid_table(), Attack(0, "1a", cards))


def test_tv20_effect():
    state = raid_table()
    action = Attack(0, "1a", "RG")
    assert action.cards == "GR"                      # canonical order
    after = GAME.apply(state, action)
    assert after.warehouses[0] == (1, 0, 0, 0, 0, 0)
    target = after.ship_by_id("1a")
    assert (target.cargo_colour, target.cargo, target.may_turn_around) == ("Y", 1, False)
    assert after.hands[0] == (1, 0, 1, 0, 0, 1)      # {G, B, Y}
    assert after.discard == (0, 0, 1, 1, 0, 0)
    assert PirateAttack(0, 1) in GAME.signals(state, action, after)
    with pytest.raises(IllegalAction, match="one pirate attack"):
        GAME.apply(after, Attack(0, "1a", "GY"))


@pytest.mark.parametrize("where", ["M", "V", "C"])
def test_tv20_ports_are_safe(where):
    state = put_ship(raid_table(), "1a", where, sails="GR", cargo="Y2")
    with pytest.raises(IllegalAction, match="safe from pirates"):
        GAME.apply(state, Attack(0, "1a", "GG"))


def test_tv20_other_illegal_targets():
    state = put_ship(raid_table(), "0b", "s7", sails="GR", cargo="Y2")
    with pytest.raises(IllegalAction, match="other players"):
        GAME.apply(state, Attack(0, "0b", "GG"))
    empty = put_ship(raid_table(), "1a", "s5", sails="GR")
    with pytest.raises(IllegalAction, match="nothing to steal"):
        GAME.apply(empty, Attack(0, "1a", "GG"))
    six = raid_table()
    six = replace(six, warehouses=((1, 1, 1, 1, 1, 1),) + six.warehouses[1:])
    moved = GAME.apply(six, Move(0, "0a", "s1"))
    assert moved.phase == AFTER_MOVE                     # still Ann's turn, after the move
    with pytest.raises(IllegalAction, match="before your move"):
        GAME.apply(moved, Attack(0, "1a", "GG"))
    with pytest.raises(InvalidAction):
        GAME.apply(raid_table(), Attack(0, "9a", "GG"))


def test_tv20_both_same_colour_rule():
    state = raid_table(**{"pirates.cardRule": "bothSameSailColour"})
    assert attacks(state) == {("1a", "GG")}
    with pytest.raises(IllegalAction, match="“Pirate cards: Both the same sail colour”, both cards must be one colour"):
        GAME.apply(state, Attack(0, "1a", "GR"))


def test_unlimited_attacks_option():
    state = raid_table(**{"pirates.maxAttacksPerTurn": "unlimited"})
    state = GAME.apply(state, Attack(0, "1a", "GR"))
    state = GAME.apply(with_hand(state, 0, "GGB"), Attack(0, "1a", "GG"))
    assert state.warehouses[0][0] == 2 and state.ship_by_id("1a").cargo == 0


def test_empty_target_option_wastes_the_cards():
    state = put_ship(raid_table(**{"pirates.allowEmptyTarget": True}), "1a", "s5", sails="GR")
    after = GAME.apply(state, Attack(0, "1a", "GG"))
    assert after.warehouses[0] == state.warehouses[0] and after.hand_sizes[0] == 3
    assert not after.ship_by_id("1a").may_turn_around


def emptied_table(**options):
    """TV-21: Bea's ship 1a {O} at s8 →C with Y1; Ann plays O+O."""
    state = table(4, **options)
    state = put_ship(state, "1a", "s8", sails="O", cargo="Y1")
    state = with_hand(state, 0, "OO")
    return GAME.apply(state, Attack(0, "1a", "OO"))


def bea_to_move(state):
    """Ann moves a ship out of Venice; the others pass with a step too, until Bea."""
    import random
    rng = random.Random(5)
    while state.current != 1 or state.moved:
        if GAME.to_act(state) == (-1,):
            state = GAME.apply(state, GAME.sample_chance(state, rng))
        else:
            move = next(a for a in GAME.legal_actions(state) if isinstance(a, Move) and a.ship != "1a")
            state = GAME.apply(state, move)
    return state


def test_tv21_emptied_ship_may_turn_around():
    state = emptied_table()
    assert state.warehouses[0] == (1, 0, 0, 0, 0, 0)
    assert state.ship_by_id("1a").may_turn_around
    state = bea_to_move(state)
    state = with_hand(state, 1, "")
    assert stops(state, "1a", reverse=True) == {"s7": "", "M": ""}
    assert stops(state, "1a") == {"s9": ""}
    assert ("M", "", True) in move_targets(state, "1a")
    back = GAME.apply(state, Move(1, "1a", "M", reverse=True))
    ship = back.ship_by_id("1a")
    assert ship.heading == TO_V and not ship.may_turn_around
    assert back.pending[0].count == 3
    on = GAME.apply(state, Move(1, "1a", "s9"))
    assert on.ship_by_id("1a").heading == TO_C and not on.ship_by_id("1a").may_turn_around


def test_tv21_immediate_turn_around_option():
    state = emptied_table(**{"pirates.turnAroundTiming": "immediateOnly"})
    assert state.phase == TURN_AROUND and GAME.to_act(state) == (1,)
    assert set(GAME.legal_actions(state)) == {TurnAround(1, "1a", False), TurnAround(1, "1a", True)}
    with pytest.raises(IllegalAction):
        GAME.apply(state, Move(0, "0a", "s1"))
    turned = GAME.apply(state, TurnAround(1, "1a", True))
    assert turned.ship_by_id("1a").heading == TO_V and GAME.to_act(turned) == (0,)
    assert not turned.ship_by_id("1a").may_turn_around


def test_tv22_turning_without_the_pirate_exception():
    state = table(4)
    state = put_ship(state, "0a", "s8", sails="O", cargo="Y2")
    with pytest.raises(IllegalAction, match="turn around"):
        GAME.apply(state, Move(0, "0a", "s7", reverse=True))
    state = put_ship(state, "0a", "s8", sails="O")          # left port empty by choice
    with pytest.raises(IllegalAction, match="turn around"):
        GAME.apply(state, Move(0, "0a", "s7", reverse=True))
    state = put_ship(state, "0a", "M", sails="O")
    with pytest.raises(IllegalAction, match="turn around"):
        GAME.apply(state, Move(0, "0a", "s6", reverse=True))
    kept = raid_table()
    kept = GAME.apply(kept, Attack(0, "1a", "GR"))           # 1 cube left: no right
    assert not kept.ship_by_id("1a").may_turn_around


def test_hidden_hands_pirates_need_two_cards_and_undiscarded_colours():
    state = table(4, open_hands=False)
    state = put_ship(state, "1a", "s5", sails="GR", cargo="Y2")
    assert attacks(state) == {("1a", "GG"), ("1a", "GR"), ("1a", "RR")}
    state = replace(state, discard=(0, 0, 8, 0, 0, 0))      # one green card left unseen
    assert attacks(state) == {("1a", "GR"), ("1a", "RR")}
    with pytest.raises(IllegalAction, match="green"):
        GAME.apply(state, Attack(0, "1a", "GG"))
    poor = replace(state, hand_sizes=(1,) + state.hand_sizes[1:])
    with pytest.raises(IllegalAction, match="only 1 card"):
        GAME.apply(poor, Attack(0, "1a", "RR"))


def test_the_attacker_waits_for_the_turn_around_and_is_told_why():
    """Option "at once": after emptying Bea's ship the attacker (Ann) is not told "it is
    the turn of seat 2": Bea decides about her ship, then Ann goes on; names, not seats."""
    from companion.i18n import Translator
    from tools.catalogues import catalogue
    from companion.messages import with_names

    state = emptied_table(**{"pirates.turnAroundTiming": "immediateOnly"})
    for action in (Move(0, "0a", "s1"), Attack(0, "1a", "GG")):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, action)
        shown = with_names(refused.value.explanation, ("Ann", "Bea", "Cy", "Dan"))
        assert str(shown) == ("the pirates emptied Bea's ship a: first Bea decides whether it turns "
                              "around, then Ann goes on (rulebook: “Moving a ship”)")
        for lang in ("el", "it", "pl"):
            assert all(catalogue(lang).get(m) for m in shown.msgids())
            assert "{" not in Translator(lang)(shown) and "Bea" in Translator(lang)(shown)
