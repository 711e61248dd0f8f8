"""Sailing (digest §4-§7): the step costs and triggers on a board file, the same
effects entered by hand without one (bookkeeping), event cards, the red die,
wrecks and bonus moves.  Order of effects on a cell (AMB-24): cost, discovery,
loading, Lisbon, event; the turn-end check after them (AMB-08).
"""
from __future__ import annotations

from dataclasses import replace

from companion.caravelas.actions import (BonusStep, ChooseWreck, CrossCape, DrawEvent, EndBonus, EnterEvent,
                                         Load, PlayCard, Pirate, Reach, RollDice, RollDie, Sail, Step)
from companion.caravelas.texts import card_text, good_word, port_name, who
from companion.caravelas.data import (KNOWN_PORT_VP, PORT_BY_ID, SHIELD_VALUES, face_wrecks, storm_n)
from companion.caravelas.names import cell_name
from companion.caravelas.rulebook import DISCOVERY, EVENTS, GOODS_RULE, SAILING
from companion.caravelas.state import DICE, DRAWN_EVENTS, STANDARD, Bonus, CaravelasState
from companion.caravelas.turns import end_turn
from companion.errors import IllegalAction
from companion.messages import Text



def check(condition: bool, reason: Text, rule: str | None = None) -> None:
    """IllegalAction(reason, rule) unless ``condition``: ``rule`` is a rulebook section
    (:mod:`companion.caravelas.rulebook`), named to players by its heading."""
    if not condition:
        raise IllegalAction(reason, rule)


# -- the turn-end check after a cell's effects -------------------------------------------

def after_effects(state: CaravelasState) -> CaravelasState:
    """TURN-END-3 on a board file: the last marker spent ends the turn at once (after
    the cell's effects).  Without a board the player ends the turn (the last cell's
    effects are entered after the markers)."""
    if state.pending or not state.rules.mapped:
        return state
    if state.available(state.active) <= 0 and (state.last_cost > 0 or not state.rules.zero_start_free_steps):
        return end_turn(state)
    return state


# -- entering cells and ports -----------------------------------------------------------

def discover(state: CaravelasState, seat: int, port: str, vp: int) -> CaravelasState:
    """DISC-02: the first ship in a port places a monument and scores its shield."""
    if state.owner(port) is not None:
        return state
    found = tuple(sorted(state.discovered + ((port, seat),)))
    p = state.players[seat]
    return replace(state, discovered=found).with_player(seat, discoveries=p.discoveries + vp)


def load_refusal(state: CaravelasState, seat: int, good: str) -> Text | None:
    """GOODS-03: why ``seat`` cannot load ``good`` now, or None."""
    p = state.players[seat]
    ship = state.rules.ship_of(good)
    if good in p.voyage:
        return Text("{good} has already been loaded on this voyage", good=good_word(good))
    if ship in p.wrecks:
        return Text("{seat}'s ship {ship} is wrecked until the next Lisbon stop", seat=who(seat), ship=ship)
    if ship == 4 and not p.upgraded:
        return Text("ship 4 is locked until the fleet is upgraded in Lisbon")
    return None


def load(state: CaravelasState, seat: int, good: str) -> CaravelasState:
    p = state.players[seat]
    return state.with_player(seat, cargo=tuple(sorted(p.cargo + (good,))),
                             voyage=tuple(sorted(p.voyage + (good,))))


def check_decline(state: CaravelasState, port: str | None) -> None:
    """AMB-19: a discovery may be declined only by table option, on a port nobody found."""
    if not state.rules.discovery_may_decline or port is None or state.owner(port) is not None:
        raise IllegalAction(Text("only a port nobody has discovered can be left without a monument "
                                 "(table option)"), DISCOVERY)


def enter_cell(state: CaravelasState, seat: int, cell: str, decline: bool = False) -> CaravelasState:
    """Move ``seat`` into ``cell`` on the board: discovery (unless declined), then
    loading (automatic when the rules allow it)."""
    board = state.rules.mapped_board
    port = board.port_at.get(cell)
    if decline:
        check_decline(state, port)
    state = state.with_player(seat, where=cell, part=board.cells[cell].part)
    if port is not None:
        if not decline:
            state = discover(state, seat, port, board.port_vp[port])
        good = next((g for g, pid in state.rules.goods_ports if pid == port), None)
        if good is not None and load_refusal(state, seat, good) is None:
            state = load(state, seat, good)
    return state


def apply_step(state: CaravelasState, action: Step) -> CaravelasState:
    board = state.rules.mapped_board
    seat, cell = action.seat, action.cell
    p = state.players[seat]
    check(cell in board.cells and cell in board.neighbours[p.where],
          Text("{place} is not next to the ship ({here})", place=cell_name(board, cell),
               here=cell_name(board, p.where)), SAILING)
    target = board.cells[cell]
    if action.defend:
        check(target.pirate, Text("Favourable Wind defends only against pirates"), EVENTS)
        check(state.rules.hands and p.hand >= 1, Text("{seat} has no card to play", seat=who(seat)), EVENTS)
    cost = board.step_cost(p.where, cell, action.defend)
    available = state.available(seat)
    check(cost <= available, Text("that step costs {count} marker, {seat} has {available}",
                                  "that step costs {count} markers, {seat} has {available}",
                                  count=cost, seat=who(seat), available=available), SAILING)
    events = state.rules.variant != DICE
    # AMB-08 option: the last marker ends the turn at once, before the cell's event
    ends_now = state.rules.last_marker_ends_turn and 0 < cost == available
    if "eventBlue" in target.symbols and state.rules.hands and not ends_now:
        check(p.hand - action.defend >= 1,
              Text("a blue event cell needs a card to play, and {seat} has none", seat=who(seat)), EVENTS)
    state = state.with_player(seat, spent=p.spent + cost, hand=p.hand - action.defend)
    state = replace(state, last_cost=cost, discard=state.discard + action.defend)
    state = enter_cell(state, seat, cell, action.decline)
    if cell == board.lisbon:
        return replace(state, pending="lisbon")
    if ends_now:
        return after_effects(state)
    return _event(state, "eventBlue" in target.symbols and events, "eventRed" in target.symbols and events)


def can_draw(state: CaravelasState) -> bool:
    """Variant 1: a card can be drawn (the discard pile refills the deck unless the
    table turned that off; with no card left a blue cell does nothing)."""
    return state.deck > 0 or (state.rules.reshuffle and state.discard > 0)


def _event(state: CaravelasState, blue: bool, red: bool) -> CaravelasState:
    if blue and state.rules.variant == DRAWN_EVENTS and not can_draw(state):
        return after_effects(state)
    if blue:
        return replace(state, pending="blue" if state.rules.variant == STANDARD else "draw")
    if red:
        return replace(state, pending="die")
    return after_effects(state)


# -- bookkeeping: what happened, entered by hand ------------------------------------------

def apply_sail(state: CaravelasState, action: Sail) -> CaravelasState:
    available = state.available(action.seat)
    check(action.markers <= available,
          Text("{seat} has only {count} marker available", "{seat} has only {count} markers available",
               seat=who(action.seat), count=available),
          SAILING)
    p = state.players[action.seat]
    return replace(state.with_player(action.seat, spent=p.spent + action.markers, where="sea"),
                   last_cost=action.markers)


def apply_pirate(state: CaravelasState, action: Pirate) -> CaravelasState:
    seat = action.seat
    p = state.players[seat]
    if action.defend:
        check(state.rules.hands and p.hand >= 1, Text("{seat} has no card to play", seat=who(seat)), EVENTS)
        return replace(state.with_player(seat, hand=p.hand - 1), discard=state.discard + 1)
    check(state.available(seat) >= 1,
          Text("the pirates cost 1 marker and {seat} has none left", seat=who(seat)), SAILING)
    return state.with_player(seat, spent=p.spent + 1)


def _mover(state: CaravelasState, seat: int) -> None:
    """During bonus moves only the mover reports; otherwise only the active player."""
    expected = state.bonus_mover if state.pending == "bonus" else state.active
    check(seat == expected, Text("it is not {seat}'s turn", seat=who(seat)))


def apply_reach(state: CaravelasState, action: Reach) -> CaravelasState:
    seat, port = action.seat, action.port
    _mover(state, seat)
    name = port_name(port)
    check(state.players[seat].where != port, Text("the ship is already in {port}", port=name), SAILING)
    if state.owner(port) is None and action.vp == 0:
        check_decline(state, port)
    elif state.owner(port) is None:
        shields = (KNOWN_PORT_VP[port],) if port in KNOWN_PORT_VP else SHIELD_VALUES
        check(action.vp in shields, Text("enter the number on {port}'s shield", port=name), DISCOVERY)
    else:
        check(action.vp == 0, Text("{port} was discovered already: no points", port=name), DISCOVERY)
    state = state.with_player(seat, where=port, part=PORT_BY_ID[port].part)
    return discover(state, seat, port, action.vp) if action.vp else state


def apply_cross_cape(state: CaravelasState, action: CrossCape) -> CaravelasState:
    _mover(state, action.seat)
    part = state.players[action.seat].part
    return state.with_player(action.seat, where="sea", part="EAST" if part == "WEST" else "WEST")


def apply_enter_event(state: CaravelasState, action: EnterEvent) -> CaravelasState:
    check(state.rules.variant != DICE, Text("event cells are ignored in this variant"), EVENTS)
    if action.colour == "blue":
        check(state.rules.variant == DRAWN_EVENTS,
              Text("on a blue event cell, enter the card played"), EVENTS)
        return replace(state, pending="draw" if can_draw(state) else "", last_cost=0)
    return replace(state, pending="die", last_cost=0)


def apply_load(state: CaravelasState, action: Load) -> CaravelasState:
    seat, good = action.seat, action.good
    _mover(state, seat)
    where = state.players[seat].where
    if where not in PORT_BY_ID:
        raise IllegalAction(Text("goods are loaded in a port"), GOODS_RULE)
    port = state.rules.good_port(good)
    if port is not None and port != where:
        raise IllegalAction(Text("{good} is loaded in {port}", good=good_word(good), port=port_name(port)),
                            GOODS_RULE)
    if port is None and any(pid == where for _, pid in state.rules.goods_ports):
        raise IllegalAction(Text("{port} is the port of another good", port=port_name(where)),
                            GOODS_RULE)
    refusal = load_refusal(state, seat, good)
    if refusal is not None:
        raise IllegalAction(refusal, GOODS_RULE)
    return load(state, seat, good)


# -- event cards and bonus moves (§4.6, §4.7) --------------------------------------------

def card_kinds(state: CaravelasState) -> tuple[str, ...]:
    return tuple(card for card, count in state.rules.deck if count)


def apply_play_card(state: CaravelasState, action: PlayCard) -> CaravelasState:
    seat, card = action.seat, action.card
    check(state.rules.hands, Text("no hand of event cards in this variant"), EVENTS)
    check(not state.rules.mapped or state.pending == "blue",
          Text("a card is played when the ship enters a blue event cell"), EVENTS)
    check(card in card_kinds(state), Text("this copy's event deck has no {card}", card=card_text(card)),
          EVENTS)
    p = state.players[seat]
    check(p.hand >= 1, Text("{seat} has no card to play", seat=who(seat)), EVENTS)
    n = storm_n(card)
    # PL §10: with only 3 markers a "4" cannot be played.  The storm's markers are spent
    # after the step's, so whichever moment the table checks (AMB-11 option) the markers
    # left now must pay it: a card never spends markers the player does not have.
    available = state.available(seat)
    check(n <= available, Text("{card} needs {count} marker available, {seat} has {available}",
                               "{card} needs {count} markers available, {seat} has {available}",
                               card=card_text(card), count=n, seat=who(seat), available=available), EVENTS)
    state = replace(state.with_player(seat, hand=p.hand - 1), discard=state.discard + 1, pending="")
    return resolve_card(state, card)


def apply_draw_event(state: CaravelasState, action: DrawEvent) -> CaravelasState:
    check(action.card in card_kinds(state),
          Text("this copy's event deck has no {card}", card=card_text(action.card)), EVENTS)
    deck, discard = (state.deck, state.discard) if state.deck else (state.discard, 0)
    state = replace(state, deck=deck - 1, discard=discard + 1, pending="")
    return resolve_card(state, action.card)


def resolve_card(state: CaravelasState, card: str) -> CaravelasState:
    """EVB-04: bonus moves for the others first, then the active player's effect."""
    if card == "calm":                                   # TURN-END-4
        return end_turn(state)
    active = state.active
    part = state.players[active].part
    order = state.order
    if state.rules.bonus_after_active:                   # AMB-13 option
        order = order[state.turn + 1:] + order[:state.turn]
    queue = tuple(s for s in order if s != active and state.players[s].part == part)
    if card.startswith("compass-"):
        rng, direction = 2, card[8:]
    else:
        rng, direction = (state.rules.wind_range if card == "wind" else storm_n(card)), None
    if not queue:
        return finish_card(replace(state, bonus=Bonus(card, rng, direction, ())))
    return replace(state, pending="bonus", bonus=Bonus(card, rng, direction, queue))


def finish_card(state: CaravelasState) -> CaravelasState:
    """The active player's own effect, after every bonus move."""
    bonus = state.bonus
    assert bonus is not None
    seat = state.active
    p = state.players[seat]
    state = replace(state, pending="", bonus=None)
    if bonus.card == "wind":                             # AMB-04: recover min(2, spent)
        recoverable = p.spent if state.rules.fw_recovers_bids else p.spent - p.bid
        back = min(2, max(0, recoverable))
        spent = p.spent - back
        return after_effects(state.with_player(seat, spent=spent, bid=min(p.bid, spent)))
    if bonus.direction is not None:
        if state.rules.mapped and _compass_target(state, seat, bonus.direction) is not None:
            return replace(state, pending="compass", bonus=Bonus(bonus.card, 2, bonus.direction, (seat,)))
        return after_effects(state)
    n = storm_n(bonus.card)
    if state.rules.variant == DRAWN_EVENTS:              # AMB-32: spend what is there
        n = min(n, state.available(seat))
    state = replace(state.with_player(seat, spent=p.spent + n), last_cost=n)
    return after_effects(state)


def _compass_target(state: CaravelasState, seat: int, direction: str) -> str | None:
    board = state.rules.mapped_board
    return board.compass.get(state.players[seat].where, {}).get(direction)


def bonus_targets(state: CaravelasState) -> tuple[str, ...]:
    """Cells the current free mover may enter next (board file only)."""
    bonus = state.bonus
    if bonus is None or bonus.steps >= bonus.range:
        return ()
    seat = bonus.queue[0]
    if bonus.direction is not None:
        target = _compass_target(state, seat, bonus.direction)
        return (target,) if target else ()
    return state.rules.mapped_board.neighbours[state.players[seat].where]


def apply_bonus_step(state: CaravelasState, action: BonusStep) -> CaravelasState:
    bonus = state.bonus
    assert bonus is not None
    check(action.seat == bonus.queue[0], Text("it is not {seat}'s turn", seat=who(action.seat)))
    check(action.cell in bonus_targets(state),
          Text("a free move of up to {count} cell cannot enter {place}",
               "a free move of up to {count} cells cannot enter {place}", count=bonus.range,
               place=cell_name(state.rules.board, action.cell)),
          EVENTS)
    state = enter_cell(state, action.seat, action.cell, action.decline)   # BON-07: events, pirates ignored
    state = replace(state, bonus=replace(bonus, steps=bonus.steps + 1))
    in_lisbon = state.rules.lisbon_in_free_move and action.cell == state.rules.mapped_board.lisbon
    if not bonus_targets(state) and not in_lisbon:      # AMB-14 option: the mover may stop there
        return next_mover(state)
    return state


def apply_end_bonus(state: CaravelasState, action: EndBonus) -> CaravelasState:
    if state.pending == "compass":
        check(state.rules.compass_may_stop or not bonus_targets(state),
              Text("a compass storm moves the ship 2 cells if it can"), EVENTS)
    return next_mover(state)


def next_mover(state: CaravelasState) -> CaravelasState:
    bonus = state.bonus
    assert bonus is not None
    if state.pending == "compass":
        return after_effects(replace(state, pending="", bonus=None))
    rest = bonus.queue[1:]
    if rest:
        return replace(state, bonus=replace(bonus, queue=rest, steps=0))
    return finish_card(state)


# -- the red die and wrecks (§4.5) ---------------------------------------------------------

def wreckable(state: CaravelasState, seat: int) -> tuple[int, ...]:
    """AMB-20: own ships not wrecked, ship 4 only once unlocked; empty ones too by default."""
    p = state.players[seat]
    ships = []
    for ship in (1, 2, 3, 4):
        if ship in p.wrecks or (ship == 4 and not p.upgraded):
            continue
        if not state.rules.wreck_empty_ships and not set(state.rules.slots[ship - 1]) & set(p.cargo):
            continue
        ships.append(ship)
    return tuple(ships)


def apply_roll_die(state: CaravelasState, action: RollDie) -> CaravelasState:
    check(action.face in state.rules.die, Text("this copy's red die has no face {face}", face=action.face),
          SAILING)
    due = face_wrecks(action.face)
    state = replace(state, pending="")
    if due and wreckable(state, state.active):
        return replace(state, pending="wreck", wrecks_due=due)
    return after_effects(state)


def apply_choose_wreck(state: CaravelasState, action: ChooseWreck) -> CaravelasState:
    seat = action.seat
    check(action.ship in wreckable(state, seat),
          Text("{seat}'s ship {ship} cannot take a wreck marker", seat=who(seat), ship=action.ship), SAILING)
    p = state.players[seat]
    lost = set(state.rules.slots[action.ship - 1])
    state = state.with_player(seat, wrecks=tuple(sorted(p.wrecks + (action.ship,))),
                              cargo=tuple(g for g in p.cargo if g not in lost))
    due = state.wrecks_due - 1
    if due and wreckable(state, seat):
        return replace(state, wrecks_due=due)
    return after_effects(replace(state, pending="", wrecks_due=0))


def apply_roll_dice(state: CaravelasState, action: RollDice) -> CaravelasState:
    check(2 <= action.total <= 12, Text("two dice show 2 to 12, not {total}", total=action.total))
    return replace(state, pending="", points=action.total)
