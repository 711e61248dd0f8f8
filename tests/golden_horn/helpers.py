"""Building Golden Horn test tables: the digest's fixtures F2/F3/F4 are the
default routes, ships are arranged by hand on top of a set-up game; a cheap random
move chooser and random configs for playouts (the loop is tests.conformance.playout.play)."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.engine import TABLE, GameConfig
from companion.golden_horn import GAME, GoldenHornState
from companion.golden_horn import cubes
from companion.actions import Action
from companion.golden_horn.actions import Attack, DeclareEnd, EndTurn, Move, PlaceFleet
from companion.golden_horn.movement import load_choices, may_reverse, reaches
from companion.golden_horn.state import AFTER_MOVE, PLAY, SETUP, TO_C, TO_V
from companion.golden_horn.turns import pirate_pairs, why_cannot_declare, why_cannot_pay, why_not_target

NAMES = ("Ann", "Bea", "Cy", "Dov")


def config(players: int, **options: Any) -> GameConfig:
    return GameConfig.build("golden_horn", NAMES[:players], **options)


def table(players: int, seed: int = 0, open_hands: bool = True, **options: Any) -> GoldenHornState:
    """A game past setup: ports filled by a seeded bag, every fleet in Venice."""
    if open_hands:
        options = {"cards.hands": "open", **options}
    state = GAME.setup(config(players, **options))
    rng = random.Random(seed)
    while state.phase == SETUP:
        if GAME.to_act(state) == (TABLE,):
            action = GAME.sample_chance(state, rng)
            if isinstance(action, PlaceFleet):
                action = PlaceFleet(action.owner, "VVV")
        else:
            action = PlaceFleet(GAME.to_act(state)[0], "VVV")
        state = GAME.apply(state, action)
    return state


def put_ship(state: GoldenHornState, ship_id: str, at: str, sails: str | None = None,
             heading: str | None = "C", cargo: str = "", may_turn_around: bool = False) -> GoldenHornState:
    """Stand ``ship_id`` on node ``at`` with a heading ("C" = →C, "V" = →V) and cargo like "Y2"."""
    ship = state.ship_by_id(ship_id)
    assert ship is not None
    index = state.node_index(at)
    assert index is not None, at
    in_port = state.port_of(index) is not None
    ship = replace(ship, at=index, sails=sails or ship.sails,
                   heading=0 if in_port else (TO_C if heading == "C" else TO_V),
                   cargo_colour=cargo[:1], cargo=int(cargo[1:]) if cargo else 0,
                   may_turn_around=may_turn_around)
    return state.with_ship(ship)


def with_hand(state: GoldenHornState, seat: int, hand: str) -> GoldenHornState:
    """Give ``seat`` exactly ``hand`` (open hands), returning surplus cards to the pile."""
    assert state.hands is not None
    old = state.hands[seat]
    new = cubes.counts(hand)
    hands = tuple(new if i == seat else h for i, h in enumerate(state.hands))
    sizes = tuple(sum(h) for h in hands)
    return replace(state, hands=hands, hand_sizes=sizes,
                   deck_size=state.deck_size + sum(old) - sum(new))


def with_port(state: GoldenHornState, port: str, held: str) -> GoldenHornState:
    """Set a main port's cubes (e.g. "B2 P1 G3 Y2 R1"), balancing the bag."""
    index = "VC".index(port)
    new = parse_counts(held)
    bag = cubes.sub(cubes.add(state.bag, state.ports[index]), new)
    assert min(bag) >= 0
    ports = tuple(new if i == index else p for i, p in enumerate(state.ports))
    return replace(state, ports=ports, bag=bag)


def parse_counts(text: str) -> cubes.Counts:
    """"Y4 P2 G1" → counts; "" → none."""
    letters = "".join(part[0] * int(part[1:]) for part in text.split())
    return cubes.counts(letters)


def stops(state: GoldenHornState, ship_id: str, reverse: bool = False) -> dict[str, str]:
    """Legal final nodes of a ship → the wind cards (sorted) they take."""
    return {r.to: "".join(sorted(r.wind)) for r in GAME.reachable(state, ship_id, reverse) if r.affordable}


def move_targets(state: GoldenHornState, ship_id: str) -> dict[tuple[str, str, bool], str]:
    """(to, load, reverse) → wind, from legal_actions."""
    from companion.golden_horn.actions import Move
    return {(a.to, a.load, a.reverse): a.wind for a in GAME.legal_actions(state)
            if isinstance(a, Move) and a.ship == ship_id}


def check_invariants(state: GoldenHornState) -> None:
    """The digest's invariants P1, P3, P4, P6 (and the card count)."""
    total = cubes.add(state.bag, cubes.add(*state.ports))
    for ship in state.ships:
        if ship.cargo:
            total = cubes.add(total, cubes.put(cubes.NONE, ship.cargo_colour, ship.cargo))
            assert ship.cargo_colour not in ship.sail_set, ship           # P3
        else:
            assert ship.cargo_colour == ""
    for held in state.warehouses:
        total = cubes.add(total, held)
    assert total == cubes.each(15), total                                  # P1 cubes
    assert state.deck_size + sum(state.discard) + sum(state.hand_sizes) == 54   # P1 cards
    assert min(state.bag) >= 0 and state.deck_size >= 0 and min(state.hand_sizes) >= 0
    if state.hands is not None:
        held = cubes.add(state.discard, cubes.NONE)
        for hand in state.hands:
            held = cubes.add(held, hand)
        assert all(n <= 9 for n in held)
        assert tuple(sum(h) for h in state.hands) == state.hand_sizes
    for index, node in enumerate(state.route):                             # P4
        here = state.ships_at(index)
        if node.kind == "square":
            assert here <= 1, (node, here)
        elif node.kind == "modone":
            assert here <= node.capacity
    if state.phase != SETUP and not state.pending and state.rules.refill_to_nine and sum(state.bag):
        assert all(sum(p) == 9 for p in state.ports), state.ports          # P6
    for ship in state.ships:                                               # D1
        if ship.at < 0:
            assert state.phase == SETUP and ship.heading == 0
            continue
        on_route = state.port_of(ship.at) is None
        assert (ship.heading != 0) == on_route, ship


# -- random playouts -------------------------------------------------------------------

def quick_choice(state: GoldenHornState, rng: random.Random) -> Action:
    """A random legal action chosen cheaply (one ship's reach, not every action)."""
    seat = state.current
    if state.phase == AFTER_MOVE:
        return DeclareEnd(seat) if rng.random() < 0.3 else EndTurn(seat)
    if state.phase == PLAY and not state.moved:
        if why_cannot_declare(state, seat) is None and rng.random() < 0.1:
            return DeclareEnd(seat)
        if rng.random() < 0.4 and (state.rules.max_attacks is None or state.attacks < state.rules.max_attacks):
            targets = [s for s in state.ships if why_not_target(state, seat, s) is None]
            if targets:
                target = rng.choice(targets)
                pairs = [p for p in pirate_pairs(state, target)
                         if why_cannot_pay(state, seat, cubes.counts(p)) is None]
                if pairs:
                    return Attack(seat, target.label, rng.choice(pairs))
        ship = rng.choice(state.fleet(seat))
        reverse = may_reverse(ship) and rng.random() < 0.5
        stop = rng.choice([r for r in reaches(state, ship, reverse) if r.affordable])
        return Move(seat, ship.label, stop.to, rng.choice(load_choices(state, ship)), reverse, stop.wind)
    return rng.choice(GAME.legal_actions(state))


def config_for(seed: int, players: int | None = None, **options) -> GameConfig:
    rng = random.Random(seed)
    players = players or rng.choice((2, 3, 4))
    chosen = {o.name: rng.choice(o.choices) for o in GAME.options if o.choices and rng.random() < 0.3
              and o.name != "start.seat"}
    chosen["start.seat"] = rng.randrange(players)
    chosen.update(options)
    return GameConfig.build("golden_horn", NAMES[:players], **chosen)
