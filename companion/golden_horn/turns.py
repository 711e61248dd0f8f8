"""Player actions: placing fleets, pirates (§4), moving with loading and
arrival (§5, §6), declaring the end (§7), and how turns and rounds advance."""
from __future__ import annotations

from dataclasses import replace

from companion.errors import IllegalAction, InvalidAction
from companion.golden_horn import cubes
from companion.golden_horn.actions import Attack, DeclareEnd, EndTurn, Move, PlaceFleet, TurnAround
from companion.golden_horn.chance import cards_available, draw_hidden, pending_text
from companion.golden_horn.cubes import Counts
from companion.golden_horn.data import CARDS_PER_COLOUR, COLOURS, PORT_SIZE, SHIP_NAMES
from companion.golden_horn.movement import (draws_on_arrival, heading_for_move, load_choices,
                                            may_reverse, reaches)
from companion.golden_horn.state import (AFTER_MOVE, NO_HEADING, OVER, PLAY, SETUP, TO_C, TURN_AROUND,
                                         EndTrigger, GoldenHornState, Pending, Ship, evolve)
from companion.golden_horn.texts import colour_word, counts_text, letters_text, node_words, ship_words
from companion.messages import Seat, Text


def why_cannot_pay(state: GoldenHornState, seat: int, cards: Counts) -> Text | None:
    """Why ``seat`` cannot play ``cards``, or None when it can."""
    if state.hands is not None:
        if not cubes.contains(state.hands[seat], cards):
            return Text("{seat} does not hold {cards} (hand: {hand})", seat=Seat(seat),
                        cards=counts_text(cards), hand=counts_text(state.hands[seat]))
        return None
    if sum(cards) > state.hand_sizes[seat]:
        return Text("{seat} holds only {count} card", "{seat} holds only {count} cards", seat=Seat(seat),
                    count=state.hand_sizes[seat])
    for colour, n, gone in zip(COLOURS, cards, state.discard):
        if n + gone > CARDS_PER_COLOUR:
            return Text("only {count} {colour} card is not in the discard pile",
                        "only {count} {colour} cards are not in the discard pile",
                        count=CARDS_PER_COLOUR - gone, colour=colour_word(colour))
    return None


def _play_cards(state: GoldenHornState, seat: int, cards: Counts) -> GoldenHornState:
    sizes = tuple(s - sum(cards) if i == seat else s for i, s in enumerate(state.hand_sizes))
    hands = state.hands
    if hands is not None:
        hands = tuple(cubes.sub(h, cards) if i == seat else h for i, h in enumerate(hands))
    return evolve(state, hand_sizes=sizes, hands=hands, discard=cubes.add(state.discard, cards))


def _draw(state: GoldenHornState, seat: int, wanted: int) -> GoldenHornState:
    """Hidden hands draw at once; open hands wait for the table to enter the cards."""
    if state.hands is None:
        return draw_hidden(state, seat, wanted)
    n = cards_available(state, wanted)
    if n == 0:
        return state
    return evolve(state, pending=state.pending + (Pending("cards", seat, n),))


def find_ship(state: GoldenHornState, ship_id: str) -> Ship:
    ship = state.ship_by_id(ship_id)
    if ship is None:
        raise InvalidAction(f"there is no ship {ship_id!r} in this game")
    return ship


def _own_ship(state: GoldenHornState, seat: int, ship_id: str) -> Ship:
    ship = find_ship(state, ship_id)
    if ship.owner != seat:
        raise IllegalAction(Text("{ship} is not yours: you may only move your own ships",
                                 ship=ship_words(ship_id)), "§5.1 O4")
    return ship


# -- setup -------------------------------------------------------------------
def apply_place_fleet(state: GoldenHornState, action: PlaceFleet) -> GoldenHornState:
    if state.pending:
        raise IllegalAction(Text("the table must first {task}", task=pending_text(state, state.pending[0])))
    if not 0 <= action.owner < state.players:
        raise InvalidAction(f"there is no seat {action.owner}")
    if state.placed[action.owner]:
        raise IllegalAction(Text("{seat} has already placed its ships", seat=Seat(action.owner)), "§2.2")
    last = len(state.route) - 1
    ships = tuple(replace(s, at=0 if action.ports[SHIP_NAMES.index(s.name)] == "V" else last)
                  if s.owner == action.owner else s for s in state.ships)
    placed = tuple(True if i == action.owner else p for i, p in enumerate(state.placed))
    return evolve(state, ships=ships, placed=placed)


# -- pirates -----------------------------------------------------------------
def pirate_pairs(state: GoldenHornState, target: Ship) -> tuple[str, ...]:
    """The card colour pairs that may raid ``target`` under the card rule (§4, DIFF-4)."""
    sails = sorted(target.sail_set, key=COLOURS.index)
    if state.rules.pirate_cards_same_colour:
        return tuple(c + c for c in sails)
    return tuple(a + b for i, a in enumerate(sails) for b in sails[i:])


def why_not_target(state: GoldenHornState, seat: int, target: Ship) -> Text | None:
    if target.owner == seat:
        return Text("pirates only raid other players' ships")
    if target.at < 0 or state.route[target.at].kind != "square":
        return Text("{ship} is in port and safe from pirates", ship=ship_words(target.label))
    if target.cargo == 0 and not state.rules.allow_empty_target:
        return Text("{ship} carries no cargo: there is nothing to steal", ship=ship_words(target.label))
    return None


def apply_attack(state: GoldenHornState, action: Attack) -> GoldenHornState:
    if state.phase == AFTER_MOVE or state.moved:
        raise IllegalAction(Text("pirates sail before your move, not after it"), "§3")
    if state.phase == SETUP:
        raise IllegalAction(Text("the game has not begun: pirates sail once every fleet is in port"), "§2.2")
    if state.phase != PLAY:
        raise IllegalAction(Text("first decide whether the emptied ship turns around"), "§5.1 D3")
    limit = state.rules.max_attacks
    if limit is not None and state.attacks >= limit:
        raise IllegalAction(Text("only one pirate attack per turn"), "§4 AMB-A")
    if len(action.cards) != 2:
        raise IllegalAction(Text("a pirate attack takes exactly two cards, not {count}",
                                 count=len(action.cards)), "§4")
    target = find_ship(state, action.ship)
    reason = why_not_target(state, action.seat, target)
    if reason:
        raise IllegalAction(reason, "§4")
    if action.cards not in pirate_pairs(state, target):
        sails = tuple(colour_word(c) for c in sorted(target.sail_set, key=COLOURS.index))
        rule = (Text("with the setup option “{option}: {choice}”, both cards must be one colour of the "
                     "sails",
                     option=Text("Pirate cards"), choice=Text("Both the same sail colour"))
                if state.rules.pirate_cards_same_colour
                else Text("each card must match one of the sails"))
        raise IllegalAction(Text("{cards} cannot raid {ship} (sails: {sails}): {rule}",
                                 cards=letters_text(action.cards), ship=ship_words(target.label), sails=sails,
                                 rule=rule), "§4 DIFF-4")
    cards = cubes.counts(action.cards)
    reason = why_cannot_pay(state, action.seat, cards)
    if reason:
        raise IllegalAction(reason, "§4")
    state = _play_cards(state, action.seat, cards)
    state = evolve(state, attacks=state.attacks + 1)
    if target.cargo == 0:
        return state
    colour = target.cargo_colour
    warehouses = tuple(cubes.add(w, cubes.put(cubes.NONE, colour, 1)) if i == action.seat else w
                       for i, w in enumerate(state.warehouses))
    emptied = target.cargo == 1
    target = replace(target, cargo=target.cargo - 1, cargo_colour="" if emptied else colour,
                     may_turn_around=emptied and not state.rules.turn_around_immediate)
    state = evolve(state.with_ship(target), warehouses=warehouses)
    if emptied and state.rules.turn_around_immediate:
        state = evolve(state, phase=TURN_AROUND, turn_around_ship=target.key)
    return state


def apply_turn_around(state: GoldenHornState, action: TurnAround) -> GoldenHornState:
    ship = find_ship(state, action.ship)
    if state.phase != TURN_AROUND or state.turn_around_ship != ship.key:
        raise IllegalAction(Text("{ship} has no turn-around to decide now", ship=ship_words(action.ship)),
                            "§5.1 D3")
    if ship.owner != action.seat:
        raise IllegalAction(Text("only {seat} may turn {ship} around", seat=Seat(ship.owner),
                                 ship=ship_words(ship.label)), "§5.1 D3")
    heading = -ship.heading if action.reverse else ship.heading
    return evolve(state.with_ship(replace(ship, heading=heading)), phase=PLAY, turn_around_ship=None)


# -- moving ------------------------------------------------------------------
def _why_unreachable(state: GoldenHornState, ship: Ship, index: int, reverse: bool) -> tuple[Text, str]:
    stops = reaches(state, ship, reverse)
    d = heading_for_move(state, ship, reverse)
    node = state.route[index]
    where = tuple(node_words(r.to) for r in stops) or Text("nowhere")
    if index == ship.at:
        return Text("a ship must move at least one step"), "§5.3 M1"
    if (index - ship.at) * d < 0:
        side = Text("Constantinople") if d == TO_C else Text("Venice")
        return (Text("{ship} sails towards {side}; it cannot go back to {node}",
                     ship=ship_words(ship.label), side=side, node=node_words(node.id)), "§5.1 D1-D2")
    if node.kind == "square" and state.ships_at(index):
        return Text("{node} is occupied: only one ship per square", node=node_words(node.id)), "§5.1 O1"
    if node.kind == "modone" and state.ships_at(index) >= node.capacity:
        return (Text("Modone is full: it has room for {count} ship",
                     "Modone is full: it has room for {count} ships",
                     count=node.capacity), "§5.1 O2")
    if stops and state.route[stops[-1].index].is_port:
        return (Text("reaching {port} ends the move; {ship} can stop at {where}",
                     port=node_words(stops[-1].to), ship=ship_words(ship.label), where=where), "§5.3 M6")
    if not state.rules.skip_occupied_on_continuation and _reached_over_occupied(state, ship, index, reverse):
        return (Text("{ship} cannot go on past an occupied square (setup option “{option}”: no); "
                     "it can stop at {where}", ship=ship_words(ship.label), where=where,
                     option=Text("Continuation steps pass over occupied squares")), "§5.3 M3 AMB-D")
    return (Text("{ship} can stop only at {where} (going on from a square needs one of its sail "
                 "colours or a wind card of the square's colour)", ship=ship_words(ship.label), where=where),
            "§5.3 M2-M3")


def _reached_over_occupied(state: GoldenHornState, ship: Ship, index: int, reverse: bool) -> bool:
    """Would the ship reach ``index`` if continuation steps passed over occupied squares?"""
    skipping = evolve(state, rules=replace(state.rules, skip_occupied_on_continuation=True))
    return any(r.index == index for r in reaches(skipping, ship, reverse))


def apply_move(state: GoldenHornState, action: Move) -> GoldenHornState:
    if state.phase == AFTER_MOVE or state.moved:
        raise IllegalAction(Text("you have already moved a ship this turn"), "§3")
    if state.phase != PLAY:
        raise IllegalAction(Text("no ship may move now"), "§3")
    ship = _own_ship(state, action.seat, action.ship)
    index = state.node_index(action.to)
    if index is None:
        raise InvalidAction(f"there is no route space {action.to!r} "
                            f"(spaces: {', '.join(n.id for n in state.route)})")
    port = state.port_of(ship.at)
    if action.reverse and not may_reverse(ship):
        raise IllegalAction(Text("{ship} may not turn around: only a ship emptied by pirates "
                                 "may, before its next move", ship=ship_words(ship.label)), "§5.1 D3")
    _check_load(state, ship, action.load, port)
    stop = next((r for r in reaches(state, ship, action.reverse) if r.index == index), None)
    if stop is None:
        raise IllegalAction(*_why_unreachable(state, ship, index, action.reverse))
    wind = cubes.counts(stop.wind)
    if cubes.counts(action.wind) != wind:
        raise IllegalAction(Text("reaching {to} takes {needed}, not {given} (a wind card matches each "
                                 "non-sail square the ship goes on from)", to=node_words(action.to),
                                 needed=letters_text(stop.wind) if stop.wind else Text("no wind cards"),
                                 given=letters_text(action.wind) if action.wind else Text("none")),
                            "§5.3 M3, M8")
    reason = why_cannot_pay(state, action.seat, wind)
    if reason:
        raise IllegalAction(Text("reaching {to} needs wind cards {cards}: {reason}", to=node_words(action.to),
                                 cards=letters_text(stop.wind), reason=reason), "§5.3 M3")
    heading = heading_for_move(state, ship, action.reverse)
    ship = replace(ship, heading=heading, may_turn_around=False)
    if port is not None and action.load:
        state, ship = _load(state, ship, port, action.load)
    state = _play_cards(state, action.seat, wind)
    ship = replace(ship, at=index)
    arrival = state.port_of(index)
    if arrival is not None:                      # §5.4: unload into the warehouse
        delivered = cubes.put(cubes.NONE, ship.cargo_colour, ship.cargo) if ship.cargo else cubes.NONE
        state = evolve(
            state,
            warehouses=tuple(cubes.add(w, delivered) if i == ship.owner else w
                             for i, w in enumerate(state.warehouses)),
            unloaded=tuple(cubes.add(u, delivered) if i == ship.owner else u
                           for i, u in enumerate(state.unloaded)))
        ship = replace(ship, heading=NO_HEADING, cargo=0, cargo_colour="")
    state = evolve(state.with_ship(ship), moved=True)
    draws = draws_on_arrival(state, ship, index)
    if draws:
        state = _draw(state, ship.owner, draws)
    return state


def _check_load(state: GoldenHornState, ship: Ship, load: str, port: int | None) -> None:
    if port is None:
        if load:
            raise IllegalAction(Text("ships load only when leaving Venice or Constantinople"), "§5.2")
        return
    if load and load in ship.sail_set:
        raise IllegalAction(Text("{ship} cannot load {colour}: it is one of its sail colours",
                                 ship=ship_words(ship.label), colour=colour_word(load)), "§5.2 L1")
    if load and not cubes.get(state.ports[port], load):
        raise IllegalAction(Text("{port} holds no {colour} cubes", port=node_words("VC"[port]),
                                 colour=colour_word(load)), "§5.2 L1")
    if load not in load_choices(state, ship):
        raise IllegalAction(Text("loading is compulsory: choose a colour to load"), "§5.2 L3")


def _load(state: GoldenHornState, ship: Ship, port: int, colour: str) -> tuple[GoldenHornState, Ship]:
    """L2: all cubes of ``colour`` go aboard; L4: the port is refilled to 9 (chance)."""
    amount = cubes.get(state.ports[port], colour)
    left = cubes.put(state.ports[port], colour, 0)
    ports = tuple(left if i == port else p for i, p in enumerate(state.ports))
    state = evolve(state, ports=ports)
    refill = min(PORT_SIZE - sum(left), sum(state.bag)) if state.rules.refill_to_nine else 0
    if refill > 0:
        state = evolve(state, pending=state.pending + (Pending("cubes", port, refill),))
    return state, replace(ship, cargo=amount, cargo_colour=colour)


# -- ending ------------------------------------------------------------------
def why_cannot_declare(state: GoldenHornState, seat: int) -> Text | None:
    if state.phase not in (PLAY, AFTER_MOVE) or seat != state.current:
        return Text("the end may only be declared in your own turn")
    if state.end is not None:
        return Text("the end has already been triggered")
    if state.rules.declare_start_of_turn_only and (state.moved or state.attacks):
        return Text("the end may only be declared at the start of your turn (setup option “{option}”)",
                    option=Text("When the end may be declared"))
    if state.rules.declare_before_move_done and state.moved:
        return Text("your ship has moved, so your turn is over: the end is declared before the move is "
                    "done (setup option “{option}”)", option=Text("When the end may be declared"))
    held = state.unloaded[seat] if state.rules.declare_needs_unloaded else state.warehouses[seat]
    missing = tuple(colour_word(c) for c, n in zip(COLOURS, held) if n == 0)
    if missing:
        if state.rules.declare_needs_unloaded:
            return Text("declaring needs a cube of each colour unloaded; missing: {colours}", colours=missing)
        return Text("declaring needs a cube of each colour in your warehouse; missing: {colours}",
                    colours=missing)
    return None


def apply_declare(state: GoldenHornState, action: DeclareEnd) -> GoldenHornState:
    reason = why_cannot_declare(state, action.seat)
    if reason:
        raise IllegalAction(reason, "§7 E2")
    state = evolve(state, end=EndTrigger("declared", action.seat))
    return end_turn(state) if state.phase == AFTER_MOVE else state


def apply_end_turn(state: GoldenHornState, action: EndTurn) -> GoldenHornState:
    if state.phase != AFTER_MOVE:
        raise IllegalAction(Text("move one of your ships before ending your turn"), "§3")
    return end_turn(state)


def end_turn(state: GoldenHornState) -> GoldenHornState:
    """Pass the turn clockwise, or end the game once the final round is done (§7)."""
    end = state.end
    port_empty = any(sum(port) == 0 for port in state.ports)
    if end is not None and (state.current == state.last_seat or
                            (end.reason == "port_empty" and not state.rules.port_empty_completes_round) or
                            (end.reason == "declared" and port_empty
                             and state.rules.empty_port_ends_declared_round)):
        return evolve(state, phase=OVER)
    nxt = (state.current + 1) % state.players
    return evolve(state, current=nxt, phase=PLAY, turn=state.turn + 1, attacks=0, moved=False,
                   round=state.round + (nxt == state.start_seat))


def settle(state: GoldenHornState) -> GoldenHornState:
    """Advance what follows by itself once no chance input is owed: start play
    after setup, the empty-port trigger (E1), and the end of a turn."""
    if state.pending or state.phase == OVER:
        return state
    if state.phase == SETUP:
        if all(state.placed):
            return evolve(state, phase=PLAY, current=state.start_seat, round=1, turn=1)
        return state
    if state.end is None and any(sum(p) == 0 for p in state.ports):
        state = evolve(state, end=EndTrigger("port_empty", state.current))
    if state.phase == PLAY and state.moved:
        if why_cannot_declare(state, state.current) is None:
            return evolve(state, phase=AFTER_MOVE)
        return end_turn(state)
    return state
