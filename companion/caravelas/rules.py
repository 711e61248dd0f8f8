"""Caravelas rules: setup, bidding, turns, upkeep, Lisbon and the end (digest §2,
§3, §4.8, §8, §9).  Sailing and events are in ``companion.caravelas.sailing``, the turn cycle in
``companion.caravelas.turns``.

Refusals cite the rulebook section by its English heading (the digest's rule ids
stay in comments).
"""
from __future__ import annotations

from dataclasses import replace

from companion.caravelas import sailing
from companion.caravelas.rulebook import END_RULE, LISBON_RULE, SAILING, TURN_ORDER
from companion.caravelas.sailing import check
from companion.caravelas.turns import after_order, draw_cards, end_turn, start_turn
from companion.caravelas.actions import (Bid, BonusStep, ChooseWreck, CrossCape, DrawEvent, DrawOrder,
                                         EndBonus, EndTurn, EnterEvent, Load, PassBid, PassLisbon,
                                         PlayCard, Pirate, Reach, RevealCard, RollDice, RollDie, Sail,
                                         Step, StopInLisbon, TakePosition)
from companion.caravelas.data import (CAPACITY_UPGRADED, DESTINATIONS_EACH, FIRST_DEAL,
                                      PEPPER, PORT_IDS, TILES)
from companion.caravelas.state import (BID, DICE, OVER, ORDER, PLACE, REVEAL, TURN, CaravelasState,
                                       PlayerState, Rules)
from companion.actions import Action, Handlers, SeatAction
from companion.caravelas.texts import who
from companion.engine import TABLE
from companion.errors import IllegalAction, InvalidAction
from companion.messages import Text



# -- setup -----------------------------------------------------------------------------

def initial_state(players: int, rules: Rules) -> CaravelasState:
    """SETUP-01..08: capacity 9, ship 4 locked, destination cards dealt (counts),
    tiles by player count; the table then draws the first turn order."""
    dests = 0 if rules.variant == DICE else DESTINATIONS_EACH[players]
    start = rules.mapped_board.lisbon if rules.mapped else "lisbon"
    deck = sum(n for _, n in rules.deck) if rules.variant != DICE else 0
    return CaravelasState(
        rules=rules, players=tuple(PlayerState(where=start, destinations=dests) for _ in range(players)),
        tiles_left=TILES[players], deck=deck,
        boxed=32 - dests * players if dests else 32, totals=(0,) * players)


# -- who acts --------------------------------------------------------------------------

def to_act(state: CaravelasState) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    if state.phase in (ORDER, REVEAL):
        return (TABLE,)
    if state.phase == BID:
        return (state.order[state.cursor],)
    if state.phase == PLACE:
        return (next_placer(state),)
    if state.pending in ("die", "draw", "dice"):
        return (TABLE,)
    if state.pending == "bonus":
        return (state.bonus_mover,)
    return (state.active,)


def next_placer(state: CaravelasState) -> int:
    placed = {seat for seat, _ in state.positions}
    bidders = sorted((s for s in state.order if state.totals[s] > 0), key=lambda s: -state.totals[s])
    return next(s for s in bidders if s not in placed)


def revealing_seat(state: CaravelasState) -> int:
    return next(i for i, p in enumerate(state.players) if len(p.revealed) < p.destinations)


# -- bidding (BID-01..08) -------------------------------------------------------------

def apply_draw_order(state: CaravelasState, action: DrawOrder) -> CaravelasState:
    check(sorted(action.order) == list(range(len(state.players))),
          Text("the turn order must list every player once"), TURN_ORDER)
    return after_order(state, action.order)


def apply_bid(state: CaravelasState, action: Bid) -> CaravelasState:
    seat = action.seat
    raise_by = action.total - state.totals[seat]
    check(action.total > state.high,
          Text("a bid must beat the highest bid so far ({count} marker in all)",
               "a bid must beat the highest bid so far ({count} markers in all)", count=state.high), TURN_ORDER)
    check(raise_by <= state.available(seat),
          Text("{seat} has only {count} marker available", "{seat} has only {count} markers available",
               seat=who(seat), count=state.available(seat)), TURN_ORDER)
    totals = list(state.totals)
    totals[seat] = action.total
    p = state.players[seat]
    state = state.with_player(seat, spent=p.spent + raise_by, bid=p.bid + raise_by)
    return _next_bidder(replace(state, totals=tuple(totals), high=action.total, quiet=0))


def apply_pass_bid(state: CaravelasState, action: PassBid) -> CaravelasState:
    return _next_bidder(replace(state, quiet=state.quiet + 1))


def _next_bidder(state: CaravelasState) -> CaravelasState:
    n = len(state.players)
    if state.quiet < n:                      # AMB-02: a whole lap without a raise ends it
        return replace(state, cursor=(state.cursor + 1) % n)
    if state.high == 0:                      # BID-05: nobody spent, the order stays
        return _order_fixed(state, state.order)
    return replace(state, phase=PLACE, positions=())


def apply_take_position(state: CaravelasState, action: TakePosition) -> CaravelasState:
    taken = {pos for _, pos in state.positions}
    check(action.position < len(state.players) and action.position not in taken,
          Text("turn-order space {position} is not free", position=action.position + 1), TURN_ORDER)
    positions = state.positions + ((action.seat, action.position),)
    state = replace(state, positions=positions)
    placed = {s for s, _ in positions}
    if any(state.totals[s] > 0 and s not in placed for s in state.order):
        return state
    # AMB-03: those who spent nothing take the lowest free spaces in their old order
    free = sorted(set(range(len(state.players))) - {pos for _, pos in positions})
    rest = [s for s in state.order if s not in placed]
    track = dict(positions) | dict(zip(rest, free))
    return _order_fixed(state, tuple(sorted(track, key=track.__getitem__)))


def _order_fixed(state: CaravelasState, order: tuple[int, ...]) -> CaravelasState:
    state = replace(state, order=order, phase=TURN, turn=0, positions=())
    if state.round == 1 and state.rules.hands:      # BID-08: the round-1 deal 4/5/6/7
        for position, seat in enumerate(order):
            state = draw_cards(state, seat, FIRST_DEAL[position])
    return start_turn(state)


# -- ending a turn (upkeep and the next turn are in companion.caravelas.turns) -----------

def apply_end_turn(state: CaravelasState, action: EndTurn) -> CaravelasState:
    check(not state.pending, Text("finish what the cell asks first"))
    return end_turn(state)


# -- Lisbon (§12, LIS-01..04) -------------------------------------------------------------

def apply_stop_in_lisbon(state: CaravelasState, action: StopInLisbon) -> CaravelasState:
    seat = action.seat
    p = state.players[seat]
    rules = state.rules
    free = state.pending in ("bonus", "compass")
    if free:                             # AMB-14: a free move reaching Lisbon
        check(rules.lisbon_in_free_move,
              Text("a bonus move or a compass storm passes through Lisbon without stopping"), LISBON_RULE)
        check(not rules.mapped or p.where == rules.mapped_board.lisbon,
              Text("the ship must sail into Lisbon to stop there"), LISBON_RULE)
        check(state.pending == "compass" or not action.exchange,
              Text("the hand is exchanged at the end of one's own turn"), LISBON_RULE)
    elif rules.mapped:
        check(state.pending == "lisbon", Text("the ship must sail into Lisbon to stop there"), LISBON_RULE)
    else:
        check(not state.pending, Text("finish what the cell asks first"))
    upgrade = action.upgrade
    if upgrade:
        check(not p.upgraded, Text("the fleet can be upgraded only once"), LISBON_RULE)
        check(len(upgrade) == 3 and len(set(upgrade)) == 3 and set(upgrade) <= set(p.cargo),
              Text("the upgrade takes 3 different goods from the cargo"), LISBON_RULE)
        check(rules.upgrade_with_pepper or PEPPER not in upgrade,
              Text("pepper does not count towards the upgrade (table option)"), LISBON_RULE)
        check(list(upgrade) == sorted(upgrade), Text("list the upgrade goods in order"), LISBON_RULE)
    has_pepper = PEPPER in p.cargo and PEPPER not in upgrade
    if action.tile:
        check(has_pepper, Text("a monastery tile is paid with pepper"), LISBON_RULE)
        check(bool(state.tiles_left), Text("no monastery tile is left"), LISBON_RULE)
    elif has_pepper and state.tiles_left:
        check(rules.pepper_may_be_sold, Text("pepper must buy a monastery tile (table option)"), LISBON_RULE)
    check(not action.exchange or rules.hands, Text("no hand of event cards in this variant"), LISBON_RULE)
    sold = [g for g in p.cargo if g not in upgrade and not (action.tile and g == PEPPER)]
    changes: dict = dict(wrecks=(), cargo=(), voyage=(), where=rules.mapped_board.lisbon if rules.mapped else "lisbon",
                         part="WEST", sales=p.sales + sum(rules.good_vp(g) for g in sold))
    if upgrade:
        changes.update(upgraded=True, capacity=CAPACITY_UPGRADED if rules.variant != DICE else p.capacity)
    if action.tile:
        tile, rest = state.tiles_left[0], state.tiles_left[1:]
        changes["tiles"] = p.tiles + (tile,)
        state = replace(state, tiles_left=rest, last_tile_round=state.last_tile_round or not rest)
    state = state.with_player(seat, **changes)
    if state.pending == "bonus":         # a bonus move ends in Lisbon; the next mover goes on
        return sailing.next_mover(state)
    return end_turn(state, exchange=action.exchange)


def apply_pass_lisbon(state: CaravelasState, action: PassLisbon) -> CaravelasState:
    rules = state.rules
    if rules.mapped:
        check(state.pending == "lisbon", Text("the ship is not in Lisbon"), LISBON_RULE)
        state = replace(state, pending="")
    else:
        check(not state.pending, Text("finish what the cell asks first"))
        state = state.with_player(action.seat, where="lisbon", part="WEST")
    if rules.repair_on_pass:             # AMB-30 option: passing through repairs
        state = state.with_player(action.seat, wrecks=())
    return sailing.after_effects(state)


# -- the end: destination cards (DEST-03) ------------------------------------------------

def apply_reveal_card(state: CaravelasState, action: RevealCard) -> CaravelasState:
    check(action.seat == revealing_seat(state),
          Text("destination cards are shown one player at a time"), END_RULE)
    shown = {port for p in state.players for port in p.revealed}
    check(action.port not in shown, Text("that destination card has been shown already"), END_RULE)
    p = state.players[action.seat]
    state = state.with_player(action.seat, revealed=p.revealed + (action.port,))
    if all(len(q.revealed) == q.destinations for q in state.players):
        return replace(state, phase=OVER)
    return state


def reveal_candidates(state: CaravelasState) -> tuple[RevealCard, ...]:
    seat = revealing_seat(state)
    shown = {port for p in state.players for port in p.revealed}
    return tuple(RevealCard(seat, port) for port in PORT_IDS if port not in shown)


# -- dispatch ---------------------------------------------------------------------------

_APPLY = (Handlers[CaravelasState]()
          .on(DrawOrder, apply_draw_order)
          .on(Bid, apply_bid)
          .on(PassBid, apply_pass_bid)
          .on(TakePosition, apply_take_position)
          .on(StopInLisbon, apply_stop_in_lisbon)
          .on(PassLisbon, apply_pass_lisbon)
          .on(EndTurn, apply_end_turn)
          .on(RevealCard, apply_reveal_card)
          .on(Step, sailing.apply_step)
          .on(Sail, sailing.apply_sail)
          .on(Pirate, sailing.apply_pirate)
          .on(Reach, sailing.apply_reach)
          .on(CrossCape, sailing.apply_cross_cape)
          .on(EnterEvent, sailing.apply_enter_event)
          .on(Load, sailing.apply_load)
          .on(PlayCard, sailing.apply_play_card)
          .on(RollDie, sailing.apply_roll_die)
          .on(DrawEvent, sailing.apply_draw_event)
          .on(RollDice, sailing.apply_roll_dice)
          .on(ChooseWreck, sailing.apply_choose_wreck)
          .on(BonusStep, sailing.apply_bonus_step)
          .on(EndBonus, sailing.apply_end_bonus))
CHANCE = (DrawOrder, RollDie, DrawEvent, RollDice, RevealCard)
#: which actions each phase / pending state accepts (besides the seat check)
_WHEN: dict[tuple[str, str], tuple[type, ...]] = {
    (ORDER, ""): (DrawOrder,), (BID, ""): (Bid, PassBid), (PLACE, ""): (TakePosition,),
    (REVEAL, ""): (RevealCard,),
    (TURN, "die"): (RollDie,), (TURN, "draw"): (DrawEvent,), (TURN, "dice"): (RollDice,),
    (TURN, "blue"): (PlayCard,), (TURN, "wreck"): (ChooseWreck,),
    (TURN, "lisbon"): (StopInLisbon, PassLisbon),
    (TURN, "compass"): (BonusStep, EndBonus, StopInLisbon),
    (TURN, "bonus"): (BonusStep, EndBonus, Reach, Load, CrossCape, StopInLisbon),
    (TURN, ""): (Step, Sail, Pirate, Reach, CrossCape, EnterEvent, Load, PlayCard, StopInLisbon,
                 PassLisbon, EndTurn),
}
#: actions that exist only with a board file, and only without one
MAPPED_ONLY = (Step, BonusStep)
BOOKKEEPING_ONLY = (Sail, Pirate, Reach, CrossCape, EnterEvent, Load)


def apply(state: CaravelasState, action: Action) -> CaravelasState:
    kind = type(action)
    if not _APPLY.handles(action):
        raise InvalidAction(f"{action!r} is not a Caravelas action")
    # (if/raise rather than check(): legal_actions tries many actions, Texts cost)
    if state.phase == OVER:
        raise IllegalAction(Text("the game is over"))
    if kind not in _WHEN.get((state.phase, state.pending if state.phase == TURN else ""), ()):
        raise IllegalAction(Text("that is not possible now"))
    mapped = state.rules.mapped
    if mapped and kind in BOOKKEEPING_ONLY:
        raise IllegalAction(Text("with a board file, sail cell by cell"), SAILING)
    if not mapped and kind in MAPPED_ONLY:
        raise IllegalAction(Text("without a board file, enter what happened"), SAILING)
    acting = to_act(state)
    if kind in CHANCE:
        if acting != (TABLE,):
            raise IllegalAction(Text("that is for the table to tell"))
    else:
        seat = action.seat if isinstance(action, SeatAction) else TABLE
        if seat not in acting or seat == TABLE:
            raise IllegalAction(Text("it is not {seat}'s turn", seat=who(seat)) if 0 <= seat < len(state.players)
                                else Text("no such player"))
    return _APPLY.apply(state, action)
