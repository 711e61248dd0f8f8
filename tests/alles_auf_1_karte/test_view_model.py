"""The typed view model agrees with the rules at every step of random games:
who deals, which dice stay on the mat, who gets a new card, what may be marked."""
from __future__ import annotations

from dataclasses import FrozenInstanceError, fields

import pytest

from companion.alles_auf_1_karte import GAME
from companion.alles_auf_1_karte.actions import DrawCard, Mark, RollDice, TakeDisplayCard
from companion.alles_auf_1_karte.view_model import AllesViewModel, view_model
from companion.view_model import SHARED_FIELDS, TableViewModel
from tests.alles_auf_1_karte.helpers import X12, X21, config, in_play, marking_state, quick_step
from tests.conformance.playout import play


def check(state, action=None) -> AllesViewModel:
    """``state``'s view model, checked against the rules (and against ``action``,
    the next action played from ``state``)."""
    vm = view_model(state)
    assert vm.to_act == GAME.to_act(state)
    assert vm.is_over == GAME.is_over(state)
    assert vm.scores_now == GAME.score_sheet(state).totals
    if vm.phase == "deal":
        seats = {a.seat for a in GAME.legal_actions(state) if isinstance(a, DrawCard)}
        assert vm.seat_to_deal == min(seats)   # the view deals seat by seat
    if isinstance(action, RollDice):   # a throw keeps the dice left on the mat
        kept = list(vm.kept_dice)
        assert all(action.faces.count(f) >= kept.count(f) for f in set(kept))
        assert len(kept) == (5 - len(state.picked_up) if state.throws else 0)
    if vm.phase == "replace":
        assert vm.replacing_seat == state.replacements[0]
        if vm.variant == "advanced":
            takes = {a.seat for a in GAME.legal_actions(state) if isinstance(a, TakeDisplayCard)}
            assert takes == {vm.replacing_seat}
    if vm.phase == "mark":
        for seat in vm.seats:
            if seat.seat in vm.to_act:
                # a card is usable when some colour can be marked on it (an empty Mark, the
                # same as passing, is listed for every card)
                legal = {a.card for a in GAME.legal_actions(state, seat.seat)
                         if isinstance(a, Mark) and a.colours}
                usable = {o.card for o in seat.options if o.default_colours}
                assert usable == legal
            else:
                assert seat.options == () and seat.hint is None
    return vm


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_the_view_model_agrees_with_the_rules_through_a_game(seed, variant):
    cfg = config(2 + seed % 3, variant=variant)
    phases = set()

    def each(before, action, after):
        phases.add(check(before, action).phase)
        check(after)

    play(GAME, cfg, seed, choose=quick_step, each=each)
    assert {"deal", "throw", "decide", "mark", "replace"} <= phases


def test_kept_dice_are_the_roll_less_the_dice_picked_up():
    from companion.alles_auf_1_karte.actions import Reroll

    state = marking_state([[in_play(X12)], [in_play(X21)]], "P2 Y2 O1")
    state = state.evolve(phase="decide", decisions=())
    after = GAME.apply(state, Reroll(0, ("purple", "yellow")))
    vm = view_model(after)
    assert vm.phase == "throw" and vm.active_seat == 0
    assert vm.kept_dice == ("orange", "yellow", "purple")
    assert view_model(state).kept_dice == ()   # nothing is kept outside a re-throw


def test_every_game_shares_the_common_fields():
    names = {f.name for f in fields(AllesViewModel)}
    assert set(SHARED_FIELDS) <= names
    assert issubclass(AllesViewModel, TableViewModel)
    vm = view_model(GAME.setup(config(2)))
    with pytest.raises(FrozenInstanceError):
        vm.phase = "over"  # type: ignore[misc]
    assert vm.table_to_act and vm.seat_to_deal == 0 and vm.name(1) == "P2"
