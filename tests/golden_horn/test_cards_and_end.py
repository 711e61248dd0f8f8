"""Digest vectors TV-17 … TV-19, TV-23, TV-24: refill, end triggers, card draws,
other illegal actions (§5.2, §6, §7)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.errors import IllegalAction, InvalidAction
from companion.golden_horn import GAME, cubes
from companion.golden_horn.actions import DeclareEnd, DrawCards, DrawCubes, EndTurn, Move
from companion.golden_horn.state import AFTER_MOVE, OVER, PLAY
from companion.signals import FinalRound, GameEnded, RoundEnded, TurnStarted
from tests.golden_horn.helpers import parse_counts, put_ship, table, with_hand, with_port

RNG = random.Random(11)


def finish(state):
    """Apply chance until a seat must act (or the game is over)."""
    while GAME.to_act(state) == (-1,):
        state = GAME.apply(state, GAME.sample_chance(state, RNG))
    return state


def plain_move(state, seat=None, avoid_ports=True):
    """A move of ``seat`` that loads nothing and ends on a square."""
    seat = state.current if seat is None else seat
    return next(a for a in GAME.legal_actions(state) if isinstance(a, Move) and a.load == ""
                and (not avoid_ports or a.to not in ("V", "C", "M")))


def spread(state, cubes_left):
    """Put cubes into warehouses colour by colour, so no seat holds all six colours."""
    houses = [cubes.NONE] * state.players
    for index, colour in enumerate("YPGROB"):
        seat = index % state.players
        houses[seat] = cubes.put(houses[seat], colour, cubes.get(cubes_left, colour))
    return replace(state, warehouses=tuple(houses))


def test_tv17_short_bag_refill():
    state = table(4)
    # C holds Y2 O3 + 4 blue, V holds G9, the bag only O1: the rest is in a warehouse.
    everything = cubes.total(state.bag, *state.ports)
    ports = (parse_counts("G9"), parse_counts("Y2 O3 B4"))
    rest = cubes.sub(everything, cubes.total(parse_counts("O1"), *ports))
    state = spread(replace(state, bag=parse_counts("O1"), ports=ports), rest)
    state = put_ship(state, "0a", "C", sails="R")
    after = GAME.apply(state, Move(0, "0a", "s12", load="B"))
    assert after.pending[0].count == 1
    assert GAME.legal_actions(after) == (DrawCubes("C", "O"),)
    with pytest.raises(IllegalAction, match="bag does not hold"):
        GAME.apply(after, DrawCubes("C", "Y"))
    done = GAME.apply(after, DrawCubes("C", "O"))
    assert done.ports[1] == parse_counts("Y2 O4") and sum(done.bag) == 0
    assert done.end is None
    later = put_ship(done, "1a", "C", sails="R")
    later = GAME.apply(later, Move(1, "1a", "s11", load="Y"))
    assert later.pending == () and later.ports[1] == parse_counts("O4")   # no more refills


def emptying_table(trigger_seat: int, **options):
    """TV-18: 4 players, empty bag, C holds O2, ``trigger_seat`` sails out of C with {B}."""
    state = table(4, **options)
    everything = cubes.total(state.bag, *state.ports)
    state = spread(replace(state, bag=cubes.NONE, ports=(parse_counts("Y9"), parse_counts("O2"))),
                   cubes.sub(everything, parse_counts("Y9 O2")))
    while state.current != trigger_seat:
        state = finish(GAME.apply(state, plain_move(state)))
    ship = f"{trigger_seat}a"
    state = put_ship(state, ship, "C", sails="B")
    return GAME.apply(state, Move(trigger_seat, ship, "s12", load="O"))


@pytest.mark.parametrize("trigger_seat, more_turns", [(1, [2, 3]), (3, []), (0, [1, 2, 3])])
def test_tv18_empty_port_completes_the_round(trigger_seat, more_turns):
    state = emptying_table(trigger_seat)
    assert state.end is not None and state.end.reason == "port_empty"
    seen = []
    while state.phase != OVER:
        seen.append(state.current)
        if state.phase == AFTER_MOVE:
            state = GAME.apply(state, EndTurn(state.current))
            continue
        move = plain_move(state, avoid_ports=False)
        before = state
        state = finish(GAME.apply(state, move))
        if state.phase == OVER:
            assert GameEnded(GAME.score_sheet(state).winners) in GAME.signals(before, move, state)
    assert list(dict.fromkeys(seen)) == more_turns


def test_tv18_final_round_signal_and_empty_departure():
    before = emptying_table(1)
    assert before.current == 2
    state = before
    c_ship = put_ship(state, "2a", "C", sails="B")
    loads = {a.load for a in GAME.legal_actions(c_ship) if isinstance(a, Move) and a.ship == "2a"}
    assert loads == {""}                                  # C is empty: nothing to load


def test_tv18_signal_when_port_empties():
    state = table(4)
    everything = cubes.total(state.bag, *state.ports)
    state = spread(replace(state, bag=cubes.NONE, ports=(parse_counts("Y9"), parse_counts("O2"))),
                   cubes.sub(everything, parse_counts("Y9 O2")))
    state = put_ship(state, "0a", "C", sails="B")
    action = Move(0, "0a", "s12", load="O")
    after = GAME.apply(state, action)
    signals = GAME.signals(state, action, after)
    assert FinalRound("Constantinople ran out of cubes") in signals
    assert TurnStarted(1) in signals


def test_port_empty_without_completing_the_round():
    state = emptying_table(1, **{"end.portEmptyCompletesRound": False})
    assert state.phase == OVER


def declaring_table(held: str, **options):
    state = table(4, **options)
    return replace(state, warehouses=(parse_counts(held),) + state.warehouses[1:])


def test_tv19_declaring_the_end():
    state = declaring_table("Y1 P2 G1 R3 O1")
    with pytest.raises(IllegalAction, match="blue"):
        GAME.apply(state, DeclareEnd(0))
    state = put_ship(state, "0a", "s11", sails="Y", cargo="B2")
    state = with_hand(state, 0, "")
    after = GAME.apply(state, Move(0, "0a", "C"))
    after = finish(after)
    assert after.phase == AFTER_MOVE and DeclareEnd(0) in GAME.legal_actions(after)
    declared = GAME.apply(after, DeclareEnd(0))
    assert declared.end.reason == "declared" and declared.current == 1
    assert FinalRound("seat 0 declared the end") in GAME.signals(after, DeclareEnd(0), declared)
    with pytest.raises(IllegalAction, match="already"):
        GAME.apply(declared, DeclareEnd(1))
    passed = GAME.apply(after, EndTurn(0))             # not obliged to declare
    assert passed.end is None and passed.current == 1


def test_tv19_pirated_cube_counts_by_default_but_not_unloaded_only():
    state = declaring_table("Y1 P2 G1 R3 O1 B1")
    assert DeclareEnd(0) in GAME.legal_actions(state)
    strict = declaring_table("Y1 P2 G1 R3 O1 B1", **{"end.declareCondition": "unloadedAllSix"})
    with pytest.raises(IllegalAction, match="unloaded"):
        GAME.apply(strict, DeclareEnd(0))


def test_tv19_declare_before_moving_and_round_completion():
    state = declaring_table("Y1 P1 G1 R1 O1 B1")
    state = GAME.apply(state, DeclareEnd(0))
    assert state.phase == PLAY and state.current == 0          # must still move
    turns = []
    while state.phase != OVER:
        turns.append(state.current)
        state = finish(GAME.apply(state, plain_move(state)))
    assert turns == [0, 1, 2, 3]


def test_declare_timing_start_of_turn_only():
    state = declaring_table("Y1 P1 G1 R1 O1 B1", **{"end.declareTiming": "startOfTurnOnly"})
    assert DeclareEnd(0) in GAME.legal_actions(state)
    moved = finish(GAME.apply(state, plain_move(state)))
    assert moved.current == 1                                  # no waiting after the move


def test_tv23_draw_with_reshuffle_and_no_hand_limit():
    state = table(4, open_hands=False)
    state = put_ship(state, "0a", "s6", sails="GR")
    # 1 card in the pile, 4 discarded, 20 in hand: the other 29 in the other hands
    state = replace(state, deck_size=1, discard=parse_counts("Y1 P1 B2"), hand_sizes=(20, 10, 10, 9))
    after = GAME.apply(state, Move(0, "0a", "M"))
    assert after.hand_sizes[0] == 22 and after.deck_size == 3 and sum(after.discard) == 0


def test_tv23_open_hands_reshuffle_and_empty_piles():
    state = table(4)
    state = put_ship(state, "0a", "s6", sails="GR")
    hands = state.hands
    deck_left = "G"
    # move all but one pile card into seat 3's hand, 4 cards (Y P B B) into the discard
    pile = cubes.sub(cubes.each(9), cubes.total(*hands))
    discard = parse_counts("Y1 P1 B2")
    keep = cubes.counts(deck_left)
    seat3 = cubes.add(hands[3], cubes.sub(cubes.sub(pile, discard), keep))
    state = replace(state, hands=hands[:3] + (seat3,), hand_sizes=state.hand_sizes[:3] + (sum(seat3),),
                    discard=discard, deck_size=1)
    after = GAME.apply(state, Move(0, "0a", "M"))
    assert after.pending[0].count == 2
    legal = GAME.legal_actions(after)
    assert set(legal) == {DrawCards(0, "YG"), DrawCards(0, "PG"), DrawCards(0, "GB")}
    with pytest.raises(IllegalAction, match="reshuffled"):
        GAME.apply(after, DrawCards(0, "YP"))
    drawn = GAME.apply(after, DrawCards(0, "GB"))
    assert drawn.deck_size == 3 and sum(drawn.discard) == 0
    dry = replace(state, discard=cubes.NONE, deck_size=0,
                  hands=state.hands[:3] + (cubes.add(seat3, cubes.add(discard, keep)),),
                  hand_sizes=state.hand_sizes[:3] + (sum(seat3) + 5,))
    assert GAME.apply(dry, Move(0, "0a", "M")).pending == ()      # AMB-E: nothing to draw


def test_tv24_other_illegal_actions():
    state = table(4)
    state = with_port(state, "V", "B2 P1 G3 Y2 R1")
    state = put_ship(state, "0a", "M", sails="O", cargo="Y2")
    with pytest.raises(IllegalAction, match="only when leaving"):          # loading in Modone
        GAME.apply(state, Move(0, "0a", "s7", load="B"))
    sea = put_ship(state, "0b", "s11", sails="R")
    with pytest.raises(IllegalAction, match="only when leaving"):          # loading on arrival
        GAME.apply(sea, Move(0, "0b", "C", load="B"))
    port = put_ship(state, "0c", "V", sails="GYR")
    with pytest.raises(IllegalAction, match="sail colours"):               # loading a sail colour
        GAME.apply(port, Move(0, "0c", "s1", load="G"))
    port = with_hand(port, 0, "B")
    with pytest.raises(IllegalAction, match="takes no wind"):              # wind on a sail square
        GAME.apply(put_ship(port, "0b", "s4", sails="RB"), Move(0, "0b", "s5", wind="B"))
    with pytest.raises(IllegalAction):                                     # wind after reaching port
        GAME.apply(put_ship(port, "0b", "s12", sails="Y"), Move(0, "0b", "C", wind="B"))
    moved = GAME.apply(replace(state, warehouses=((1,) * 6,) + state.warehouses[1:]),
                       Move(0, "0a", "s7"))
    with pytest.raises(IllegalAction, match="already moved"):              # two ships in one turn
        GAME.apply(moved, Move(0, "0b", "s1"))
    with pytest.raises(IllegalAction, match="only move your own"):         # an opponent's ship
        GAME.apply(state, Move(0, "1a", "s1"))
    blocked = put_ship(port, "1a", "s1")
    with pytest.raises(IllegalAction, match="occupied"):                   # ending on an occupied square
        GAME.apply(blocked, Move(0, "0c", "s1"))
    room = put_ship(state, "0b", "s6", sails="O")
    with pytest.raises(IllegalAction, match="ends the move"):              # through a Modone with room
        GAME.apply(room, Move(0, "0b", "s7"))
    with pytest.raises(IllegalAction, match="at least one step"):          # moving 0 steps
        GAME.apply(state, Move(0, "0a", "M"))
    with pytest.raises(IllegalAction, match="turn of seat 1"):             # out of turn (seats counted from 1)
        GAME.apply(state, Move(1, "1a", "s1"))
    with pytest.raises(IllegalAction, match="before ending"):
        GAME.apply(state, EndTurn(0))
    with pytest.raises(InvalidAction):
        GAME.apply(state, Move(0, "0a", "s99"))


def test_round_and_turn_signals():
    state = table(2)
    first = GAME.apply(state, plain_move(state))
    assert GAME.signals(state, plain_move(state), first) == (TurnStarted(1),)
    second = GAME.apply(first, plain_move(first))
    assert GAME.signals(first, plain_move(first), second) == (RoundEnded(0), TurnStarted(0))
    assert second.round == 2


def test_declare_timing_before_the_move_is_done():
    """Both rulebooks: the turn ends when the ship has moved, so the end is declared before."""
    state = declaring_table("Y1 P1 G1 R1 O1 B1", **{"end.declareTiming": "beforeMoveDone"})
    assert DeclareEnd(0) in GAME.legal_actions(state)
    moved = finish(GAME.apply(state, plain_move(state)))
    assert moved.current == 1 and moved.end is None             # the turn ended with the move
    after_move = replace(state, moved=True, phase=AFTER_MOVE)
    with pytest.raises(IllegalAction, match="before the move is done"):
        GAME.apply(after_move, DeclareEnd(0))
    declared = GAME.apply(state, DeclareEnd(0))                 # before the move: the round completes
    assert declared.end.reason == "declared" and declared.phase == PLAY


@pytest.mark.parametrize("reading, ends", [("roundCompletes", False), ("gameEnds", True)])
def test_empty_port_during_a_declared_final_round(reading, ends):
    state = emptying_table(1, **{"end.emptyPortInDeclaredRound": reading})
    state = replace(state, end=replace(state.end, reason="declared"))   # declared before the port emptied
    state = GAME.apply(state, EndTurn(state.current)) if state.phase == AFTER_MOVE else state
    if ends:       # seat 2's turn ends: the game with it
        assert GAME.apply(replace(state, phase=AFTER_MOVE, moved=True), EndTurn(2)).phase == OVER
    else:
        seen = []
        while state.phase != OVER:
            seen.append(state.current)
            state = finish(GAME.apply(state, plain_move(state, avoid_ports=False))) \
                if state.phase == PLAY else GAME.apply(state, EndTurn(state.current))
        assert list(dict.fromkeys(seen)) == [2, 3]
