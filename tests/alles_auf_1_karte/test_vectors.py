"""Every worked example (§6) and test vector (§10) of the rules digest."""
from __future__ import annotations

import pytest

from companion.engine import TABLE
from companion.errors import IllegalAction, InvalidAction
from companion.alles_auf_1_karte import GAME
from companion.alles_auf_1_karte.actions import (
    DrawCard, Mark, Pass, RevealCard, Reroll, RollDice, TakeDisplayCard)
from companion.alles_auf_1_karte.invariants import InconsistentState, check_state
from companion.alles_auf_1_karte.state import (
    DECIDE, MARK, OVER, REPLACE, REVEAL, THROW)
from tests.alles_auf_1_karte.helpers import (
    X9, X12, X21, X25, config, in_play, marking_state, other_cards, roll, scored)


def one_seat(card_id, marks, dice, **rules):
    """Seat 1 holds the card (plus a filler card); seat 2 holds two fillers."""
    fillers = other_cards(3, [card_id])
    return marking_state([[in_play(card_id, marks), in_play(fillers[0])],
                          [in_play(fillers[1]), in_play(fillers[2])]], dice, **rules)


def marks_after(state, seat, card_id):
    card = state.seats[seat].open_card(card_id)
    if card is not None:
        return list(card.marks)
    return list(next(s for s in state.seats[seat].scored if s.id == card_id).card.marks)


def legal_colour_sets(state, seat, card_id):
    return {m.colours for m in GAME.legal_actions(state, seat)
            if isinstance(m, Mark) and m.card == card_id and m.colours}


# -- §6 worked examples -----------------------------------------------------------
def test_E_MARK_1_and_A1_seed_marking_example():
    state = one_seat(X12, [0, 0, 0, 0, 0], "P2 Y2 O1")
    assert legal_colour_sets(state, 0, X12) == {("yellow",), ("purple",), ("yellow", "purple")}
    GAME.apply(state, Mark(0, X12, ()))                  # {} is legal (same as passing)
    assert Mark(0, X12, ()) in GAME.legal_actions(state, 0)   # ... and listed as legal
    for colours in [("orange",), ("purple", "orange"), ("purple", "yellow", "orange")]:
        with pytest.raises(IllegalAction, match="no orange row"):
            GAME.apply(state, Mark(0, X12, colours))
    after = GAME.apply(state, Mark(0, X12, ("purple", "yellow")))
    assert marks_after(after, 0, X12) == [2, 2, 0, 0, 0]


def test_E_MARK_2_and_A2_same_roll_later():
    state = one_seat(X12, [2, 2, 0, 0, 0], "P2 Y2 O1")
    assert marks_after(GAME.apply(state, Mark(0, X12, ("purple",))), 0, X12) == [4, 2, 0, 0, 0]
    for colours in [("yellow",), ("purple", "yellow")]:
        with pytest.raises(IllegalAction, match="2 yellow dice but only 1 free yellow field"):
            GAME.apply(state, Mark(0, X12, colours))
    assert legal_colour_sets(state, 0, X12) == {("purple",)}


def test_A3_partial_colour_is_illegal():
    state = one_seat(X12, [0, 0, 0, 0, 0], "Y2 R3")
    with pytest.raises(IllegalAction, match="1 of 2 yellow dice marked"):
        GAME.infer_mark(state, 0, X12, (0, 1, 0, 0, 0))
    assert GAME.infer_mark(state, 0, X12, (0, 2, 0, 0, 0)) == Mark(0, X12, ("yellow",))
    assert GAME.infer_mark(state, 0, X12, (0, 2, 0, 0, 3)) == Mark(0, X12, ("yellow", "red"))


def test_A4_split_roll_over_two_cards_is_impossible():
    state = marking_state([[in_play(X12), in_play(X21)], [in_play(X9), in_play(X25)]], "P2 Y2 O1")
    after = GAME.apply(state, Mark(0, X12, ("purple",)))
    with pytest.raises(IllegalAction, match="already used this roll"):
        GAME.apply(after, Mark(0, X21, ("orange",)))
    assert marks_after(GAME.apply(state, Mark(0, X21, ("orange",))), 0, X21) == [0, 1, 0, 0, 0]
    assert marks_after(GAME.apply(state, Mark(0, X12, ("purple", "yellow"))), 0, X12) == \
        [2, 2, 0, 0, 0]


def test_E_SCORE_12_and_A5_seed_example_12():
    state = one_seat(X12, [5, 1, 0, 1, 2], "Y2 G2 P1")
    with pytest.raises(IllegalAction, match="purple row of .* is already full"):
        GAME.apply(state, Mark(0, X12, ("purple",)))
    after = GAME.apply(state, Mark(0, X12, ("yellow", "green")))
    seat = after.seats[0]
    assert seat.open_card(X12) is None                   # leaves play
    assert [s.id for s in seat.scored] == [X12]
    assert list(seat.scored[0].card.marks) == [5, 3, 2, 1, 2]
    assert (seat.scored[0].row_points, seat.scored[0].bonus, seat.scored[0].score) == (10, 2, 12)
    after = GAME.apply(after, Pass(1))
    assert after.phase == REPLACE and after.replacements == (0,)   # draws a replacement
    drawn = GAME.apply(after, DrawCard(0, after.pile[0]))
    assert len(drawn.seats[0].open) == 2 and drawn.phase == THROW


def test_E_SCORE_21_and_A6_seed_example_21():
    state = one_seat(X21, [2, 4, 2, 3, 1], "R2 B2 G1")
    after = GAME.apply(state, Mark(0, X21, ("red", "blue", "green")))
    card = after.seats[0].scored[0]
    assert list(card.card.marks) == [4, 4, 4, 4, 1]
    assert len(card.card.complete_rows) == 4
    assert (card.row_points, card.bonus, card.score) == (16, 5, 21)


def test_E_END_9_and_A7_unfinished_card_at_game_end():
    state = marking_state([[in_play(X9, [6, 3, 1, 4, 0])], [in_play(X12)]], "R5",
                          scored_cards=[[scored(c) for c in other_cards(4, [X9, X12])], []])
    state = GAME.apply(GAME.apply(state, Pass(0)), Pass(1))
    assert GAME.is_over(state)
    sheet = GAME.score_sheet(state)
    line = next(l for l in sheet.lines_for(0) if str(l.label) == "Open card")
    assert line.points == 9 and "no sun bonus" in str(line.detail)
    assert sheet.totals[0] == sum(s.score for s in state.seats[0].scored) + 9


def test_A8_maximum_25():
    state = one_seat(X25, [1, 1, 2, 5, 6], "G1 R2 B2")
    after = GAME.apply(state, Mark(0, X25, ("red", "green", "blue")))
    card = after.seats[0].scored[0]
    assert list(card.card.marks) == [2, 3, 4, 5, 6]
    assert (card.row_points, card.bonus, card.score) == (20, 5, 25)


def test_A9_holding_back_a_colour_default_rule():
    state = one_seat(X12, [5, 3, 0, 0, 0], "G2 B3")
    both = GAME.apply(state, Mark(0, X12, ("green", "blue")))
    assert list(both.seats[0].scored[0].card.marks) == [5, 3, 2, 3, 0]
    assert both.seats[0].scored[0].score == 12
    held = GAME.apply(state, Mark(0, X12, ("blue",)))
    assert marks_after(held, 0, X12) == [5, 3, 0, 3, 0] and not held.seats[0].scored
    assert GAME.apply(state, Mark(0, X12, ("green",))).seats[0].scored[0].score == 12


def test_A9_holding_back_is_illegal_under_strict_option():
    state = one_seat(X12, [5, 3, 0, 0, 0], "G2 B3", must_use_all_fitting_colours=True)
    for colours in [("blue",), ("green",)]:
        with pytest.raises(IllegalAction, match="“Use every fitting colour”, every colour that fits must be used") as exc:
            GAME.apply(state, Mark(0, X12, colours))
        assert "must_use_all_fitting_colours" in exc.value.rule
    assert GAME.apply(state, Mark(0, X12, ("green", "blue"))).seats[0].scored[0].score == 12
    assert legal_colour_sets(state, 0, X12) == {("green", "blue")}
    GAME.apply(state, Pass(0))                            # passing stays allowed


def test_A10_too_many_dice_of_a_colour():
    state = one_seat(X12, [0, 0, 0, 2, 0], "B3 R2")
    with pytest.raises(IllegalAction, match="3 blue dice but only 2 free blue fields"):
        GAME.apply(state, Mark(0, X12, ("blue",)))
    assert marks_after(GAME.apply(state, Mark(0, X12, ("red",))), 0, X12) == [0, 0, 0, 2, 2]


def test_A11_pass_changes_nothing_even_for_the_active_player():
    state = one_seat(X12, [1, 0, 0, 0, 0], "B3 R2")
    after = GAME.apply(state, Pass(0))                    # seat 1 is the active player
    assert after.seats == state.seats and after.decisions[0] is not None
    assert GAME.to_act(after) == (1,)


def test_A12_a_scored_card_is_read_only():
    state = one_seat(X12, [5, 1, 0, 1, 2], "Y2 G2 P1")
    after = GAME.apply(GAME.apply(state, Mark(0, X12, ("yellow", "green"))), Pass(1))
    after = GAME.apply(after, DrawCard(0, after.pile[0]))
    after = GAME.apply(after, RollDice(roll("B2 R3")))
    after = GAME.apply(after, Reroll(1, ()))
    with pytest.raises(IllegalAction, match="are final: it is already scored"):
        GAME.apply(after, Mark(0, X12, ("blue",)))
    assert after.seats[0].scored[0].score == 12


def test_A13_two_sun_rows_on_an_unscored_card_give_no_bonus():
    state = marking_state([[in_play(X12, [0, 3, 0, 4, 0])], [in_play(X9)]], "R5",
                          scored_cards=[[scored(c) for c in other_cards(4, [X9, X12])], []])
    state = GAME.apply(GAME.apply(state, Pass(0)), Pass(1))
    line = next(l for l in GAME.score_sheet(state).lines_for(0) if str(l.label) == "Open card")
    assert line.points == 7


def test_A14_exactly_three_rows_no_sun_bonus():
    state = one_seat(X9, [0, 3, 2, 0, 2], "R2 B1 O2")
    after = GAME.apply(state, Mark(0, X9, ("red",)))
    card = after.seats[0].scored[0]
    assert list(card.card.marks) == [0, 3, 2, 0, 4]
    assert (card.row_points, card.bonus, card.score) == (9, 0, 9)




def test_A15_several_scorers_draw_in_turn_order_from_the_active_player():
    fill = other_cards(8, [X12, X21])
    open_cards = [[in_play(X12, [5, 1, 0, 1, 2]), in_play(fill[0])],
                  [in_play(fill[1]), in_play(fill[2])],
                  [in_play(fill[3]), in_play(fill[4])],
                  [in_play(X21, [2, 4, 2, 3, 1]), in_play(fill[5])]]
    open_cards[3][0] = in_play(X21, [3, 4, 4, 2, 1])
    state = marking_state(open_cards, "Y2 G2 R1", active=2)
    assert GAME.to_act(state) == (2, 3, 0, 1)              # processing order P3, P4, P1, P2
    state = GAME.apply(state, Mark(0, X12, ("yellow", "green")))    # P1 scores X12
    state = GAME.apply(state, Mark(3, X21, ("red", "green")))       # P4 scores X21
    state = GAME.apply(GAME.apply(state, Pass(1)), Pass(2))
    assert state.phase == REPLACE and state.replacements == (3, 0)
    assert GAME.to_act(state) == (TABLE,)
    with pytest.raises(IllegalAction, match="Seat 4 draws next"):
        GAME.apply(state, DrawCard(0, state.pile[0]))
    top, second = state.pile[0], state.pile[1]
    state = GAME.apply(state, DrawCard(3, top))
    assert state.replacements == (0,)
    state = GAME.apply(state, DrawCard(0, second))
    assert state.phase == THROW and state.active == 3
    assert state.seats[3].open[-1].id == top and state.seats[0].open[-1].id == second


def test_A16_several_scorers_choose_from_the_display_in_turn_order():
    fill = other_cards(12, [X12, X21])
    open_cards = [[in_play(X12, [5, 1, 0, 1, 2]), in_play(fill[0]), in_play(fill[6])],
                  [in_play(fill[1]), in_play(fill[2]), in_play(fill[7])],
                  [in_play(fill[3]), in_play(fill[4]), in_play(fill[8])],
                  [in_play(X21, [3, 4, 4, 2, 1]), in_play(fill[5]), in_play(fill[9])]]
    state = marking_state(open_cards, "Y2 G2 R1", active=2, advanced=True)
    display = tuple(GAME.catalogue.card(c) for c in state.pile[:3])
    state = state.evolve(display=display, pile=state.pile[3:])
    for action in [Mark(0, X12, ("yellow", "green")), Mark(3, X21, ("red", "green")),
                   Pass(1), Pass(2)]:
        state = GAME.apply(state, action)
    assert state.phase == REPLACE and GAME.to_act(state) == (3,)
    with pytest.raises(IllegalAction, match="Seat 4 chooses next"):
        GAME.apply(state, TakeDisplayCard(0, display[0].id))
    with pytest.raises(IllegalAction, match="taken from the display"):
        GAME.apply(state, DrawCard(3, state.pile[0]))
    state = GAME.apply(state, TakeDisplayCard(3, display[1].id))
    assert state.phase == REVEAL and GAME.to_act(state) == (TABLE,)
    refill = state.pile[0]
    state = GAME.apply(state, RevealCard(refill))
    assert [c.id for c in state.display] == [display[0].id, display[2].id, refill]
    assert GAME.to_act(state) == (0,)                      # P1 chooses from the refreshed display
    state = GAME.apply(state, TakeDisplayCard(0, refill))
    state = GAME.apply(state, RevealCard(state.pile[0]))
    assert state.phase == THROW and len(state.display) == 3
    assert state.seats[0].open[-1].id == refill


def test_A17_end_timing_the_round_is_finished():
    fill = other_cards(9, [X12, X21])
    open_cards = [[in_play(X21, [3, 4, 4, 2, 1]), in_play(fill[0])],
                  [in_play(fill[1]), in_play(fill[2])],
                  [in_play(X12, [5, 1, 0, 1, 2]), in_play(fill[3])]]
    scored_cards = [[], [], [scored(c) for c in fill[4:7]]]
    state = marking_state(open_cards, "Y2 G2 R1", active=1, scored_cards=scored_cards)
    assert GAME.to_act(state) == (1, 2, 0)                 # order P2, P3, P1
    state = GAME.apply(state, Pass(1))
    before = state
    state = GAME.apply(state, Mark(2, X12, ("yellow", "green")))    # P3's 4th card
    assert state.final_round and not GAME.is_over(state)
    assert any(s.kind == "FinalRound" for s in GAME.signals(before, Mark(2, X12, ("yellow", "green")), state))
    assert GAME.to_act(state) == (0,)                      # P1 still marks and may score
    state = GAME.apply(state, Mark(0, X21, ("red", "green")))
    assert GAME.is_over(state) and state.phase == OVER and GAME.to_act(state) == ()
    sheet = GAME.score_sheet(state)
    assert sheet.final
    assert sheet.totals[0] == 21 + state.seats[0].open[0].row_points
    assert sheet.totals[2] == sum(s.score for s in state.seats[2].scored) + \
        state.seats[2].open[0].row_points
    with pytest.raises(IllegalAction, match="The game is over"):
        GAME.apply(state, RollDice(roll("R5")))


def test_A18_throw_limit_and_rerolling():
    state = GAME.setup(config(2))
    for seat, card in [(0, 0), (0, 1), (1, 2), (1, 3)]:
        state = GAME.apply(state, DrawCard(seat, state.pile[0]))
    assert state.phase == THROW and GAME.to_act(state) == (TABLE,)
    throw1 = GAME.apply(state, RollDice(roll("R2 B2 G1")))
    assert throw1.phase == DECIDE and GAME.to_act(throw1) == (0,)
    with pytest.raises(IllegalAction, match="Only the active player"):
        GAME.apply(throw1, Reroll(1, ("red",)))
    final1 = GAME.apply(throw1, Reroll(0, ()))            # empty re-roll: throw 1 is final
    assert final1.phase == MARK and final1.dice == roll("R2 B2 G1")
    s = GAME.apply(throw1, Reroll(0, ("red", "red")))
    with pytest.raises(IllegalAction, match="kept dice .* must still show"):
        GAME.apply(s, RollDice(roll("Y5")))
    s = GAME.apply(s, RollDice(roll("Y2 B2 G1")))          # throw 2: kept B2 G1
    assert s.throws == 2 and s.phase == DECIDE
    s = GAME.apply(s, Reroll(0, ("blue", "green")))        # re-roll dice kept at throw 2
    s = GAME.apply(s, RollDice(roll("Y2 B1 O2")))          # throw 3 is final
    assert s.throws == 3 and s.phase == MARK
    with pytest.raises(IllegalAction, match="third throw is final"):
        GAME.apply(s, Reroll(0, ("yellow",)))
    with pytest.raises(IllegalAction):
        GAME.apply(s, RollDice(roll("Y5")))                # no 4th throw
    with pytest.raises(IllegalAction, match="Cannot re-roll 3 red: the dice show 2 red"):
        GAME.apply(throw1, Reroll(0, ("red", "red", "red")))


@pytest.mark.parametrize("variant, drawn, display, pile", [("basic", 8, 0, 22),
                                                            ("advanced", 20, 3, 15)])
def test_A19_setup_counts_four_players(variant, drawn, display, pile):
    state = GAME.setup(config(4, variant=variant))
    draws = 0
    while state.phase not in (THROW,):
        if GAME.to_act(state) == (TABLE,):
            action = GAME.legal_actions(state)[0]
            draws += isinstance(action, DrawCard)
        else:
            action = GAME.legal_actions(state, GAME.to_act(state)[0])[0]
        state = GAME.apply(state, action)
    assert draws == drawn
    assert len(state.display) == display and len(state.pile) == pile
    assert all(len(s.open) == (3 if variant == "advanced" else 2) for s in state.seats)


def test_A20_deck_sufficiency_last_refill_is_skipped():
    fill = other_cards(28, [X12, X21, X9, X25])
    open_cards = [[in_play(X12, [5, 1, 0, 1, 2])], [in_play(X21, [3, 4, 4, 2, 1])],
                  [in_play(X9, [6, 3, 0, 4, 2])], [in_play(X25, [2, 2, 4, 1, 0])]]
    scored_cards = [[scored(c) for c in fill[i * 3:i * 3 + 3]] for i in range(4)]
    state = marking_state(open_cards, "Y2 G2 R1", scored_cards=scored_cards, advanced=True)
    # put 3 of the remaining cards in the display, the pile is what is left
    display = tuple(GAME.catalogue.card(c) for c in state.pile[:3])
    state = state.evolve(display=display, pile=state.pile[3:])
    assert state.card_count() == 30
    # a final round with all four scoring and no refill: the game simply ends
    for action in [Mark(0, X12, ("yellow", "green")), Mark(1, X21, ("red", "green")),
                   Mark(2, X9, ("green",)), Mark(3, X25, ("red",))]:
        state = GAME.apply(state, action)
    assert GAME.is_over(state) and all(len(s.scored) == 4 for s in state.seats)
    # an empty pile during a replacement: the refill is skipped (display 2)
    mid = marking_state([[in_play(X12, [5, 1, 0, 1, 2])], [in_play(X21)]], "Y2 G2 R1",
                        advanced=True)
    mid = mid.evolve(display=tuple(GAME.catalogue.card(c) for c in mid.pile[:3]), pile=())
    mid = GAME.apply(GAME.apply(mid, Mark(0, X12, ("yellow", "green"))), Pass(1))
    mid = GAME.apply(mid, TakeDisplayCard(0, mid.display[0].id))
    assert mid.phase == THROW and len(mid.display) == 2


def test_A20_basic_pile_never_runs_out_in_random_four_player_games():
    from tests.conformance.playout import play
    for seed in range(30):
        states = play(GAME, config(4), seed).states
        assert min(len(s.pile) for s in states) >= 22 - 16


def test_A21_open_card_with_three_complete_rows_is_a_state_error():
    state = one_seat(X12, [5, 3, 2, 0, 0], "R5")
    with pytest.raises(InconsistentState, match="should have been scored"):
        check_state(state)
    check_state(one_seat(X12, [5, 3, 0, 0, 0], "R5"))


def test_A22_colour_without_dice_is_rejected():
    state = one_seat(X12, [0, 0, 0, 0, 0], "R5")
    with pytest.raises(IllegalAction, match="no yellow die in this roll"):
        GAME.apply(state, Mark(0, X12, ("red", "yellow")))
    with pytest.raises(InvalidAction, match="listed twice"):
        Mark(0, X12, ("red", "red"))
    with pytest.raises(InvalidAction, match="not a colour"):
        GAME.parse_action({"type": "mark", "seat": 0, "card": X12, "colours": ["pink"]})
