"""Caravelas turn cycle: a turn begins, ends with upkeep (UPK-1..3), and hands over to the
next player, the next round's order or the end (digest §9).  Both the bidding rules
(``companion.caravelas.rules``) and sailing (``companion.caravelas.sailing``) end turns
through here.
"""
from __future__ import annotations

from dataclasses import replace

from companion.caravelas.data import HAND_SIZE
from companion.caravelas.state import BID, DICE, OVER, REVEAL, TURN, CaravelasState


def start_turn(state: CaravelasState) -> CaravelasState:
    """A player's turn begins: variant 2 rolls the dice; a player with nothing
    available ends at once (AMB-09, unless free steps are allowed)."""
    state = replace(state, pending="", points=0, last_cost=0)
    if state.rules.variant == DICE:
        return replace(state, pending="dice")
    if state.available(state.active) == 0 and not state.rules.zero_start_free_steps:
        return end_turn(state)
    return state


def draw_cards(state: CaravelasState, seat: int, count: int) -> CaravelasState:
    """``seat`` draws ``count`` cards (counts only); an empty deck takes the discard
    pile reshuffled (AMB-26, unless the table turned that off)."""
    deck, discard = state.deck, state.discard
    drawn = 0
    for _ in range(count):
        if deck == 0 and state.rules.reshuffle:
            deck, discard = discard, 0
        if deck == 0:
            break
        deck -= 1
        drawn += 1
    state = replace(state, deck=deck, discard=discard)
    return state.with_player(seat, hand=state.players[seat].hand + drawn)


def end_turn(state: CaravelasState, exchange: bool = False) -> CaravelasState:
    """UPK-1..3, then the next player's turn, the next round or the end (§9)."""
    seat = state.active
    state = state.with_player(seat, spent=0, bid=0)
    state = replace(state, pending="", bonus=None, wrecks_due=0, last_cost=0, points=0)
    if state.rules.hands:
        hand = state.players[seat].hand
        if exchange:
            state = replace(state, discard=state.discard + hand).with_player(seat, hand=0)
            hand = 0
        state = draw_cards(state, seat, max(0, HAND_SIZE - hand))
    if state.turn + 1 < len(state.order):
        return start_turn(replace(state, turn=state.turn + 1))
    limit = state.rules.round_limit
    if state.last_tile_round or (limit and state.round >= limit):
        if any(p.destinations for p in state.players):
            return replace(state, phase=REVEAL)
        return replace(state, phase=OVER)
    state = replace(state, round=state.round + 1)
    if state.rules.variant == DICE:
        return after_order(state, state.order[1:] + state.order[:1])
    return after_order(state, state.order)


def after_order(state: CaravelasState, order: tuple[int, ...]) -> CaravelasState:
    state = replace(state, order=order)
    if state.rules.variant == DICE:       # AMB-31: no bidding, the track order rotates
        return start_turn(replace(state, phase=TURN, turn=0))
    return replace(state, phase=BID, cursor=0, high=0, quiet=0, totals=(0,) * len(state.players),
                   positions=())
