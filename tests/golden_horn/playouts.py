"""Seeded random games for property tests and the sample record."""
from __future__ import annotations

import random
from typing import Callable

from companion.actions import Action
from companion.engine import TABLE, GameConfig
from companion.golden_horn import GAME, GoldenHornState
from companion.golden_horn.actions import Attack, DeclareEnd, EndTurn, Move
from companion.golden_horn.movement import load_choices, may_reverse, reaches
from companion.golden_horn.state import AFTER_MOVE, PLAY
from companion.golden_horn.turns import pirate_pairs, why_cannot_declare, why_cannot_pay, why_not_target
from companion.golden_horn import cubes

NAMES = ("Ann", "Bea", "Cy", "Dov")


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


def full_choice(state: GoldenHornState, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return rng.choice(GAME.legal_actions(state))


def config_for(seed: int, players: int | None = None, **options) -> GameConfig:
    rng = random.Random(seed)
    players = players or rng.choice((2, 3, 4))
    chosen = {o.name: rng.choice(o.choices) for o in GAME.options if o.choices and rng.random() < 0.3
              and o.name != "start.seat"}
    chosen["start.seat"] = rng.randrange(players)
    chosen.update(options)
    return GameConfig.build("golden_horn", NAMES[:players], **chosen)


def play(config: GameConfig, seed: int, choose: Callable = quick_choice,
         each: Callable[[GoldenHornState, Action, GoldenHornState], None] | None = None,
         limit: int = 5000) -> tuple[list[Action], GoldenHornState]:
    """Play a game to the end; ``each(before, action, after)`` sees every step."""
    rng = random.Random(seed)
    state = GAME.setup(config)
    actions: list[Action] = []
    while not GAME.is_over(state) and len(actions) < limit:
        acting = GAME.to_act(state)
        assert acting, "somebody must act in a game that is not over (P2)"
        action = GAME.sample_chance(state, rng) if acting == (TABLE,) else choose(state, rng)
        after = GAME.apply(state, action)
        if each is not None:
            each(state, action, after)
        actions.append(action)
        state = after
    assert GAME.is_over(state), "the game must end"
    return actions, state
