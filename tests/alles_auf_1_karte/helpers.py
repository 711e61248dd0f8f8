"""Building states for the digest's vectors with its synthetic cards (§6), and a
cheap random move chooser for playouts (the loop is tests.conformance.playout.play)."""
from __future__ import annotations

import random
from typing import Sequence

from companion.engine import TABLE, GameConfig
from companion.alles_auf_1_karte import GAME
from companion.alles_auf_1_karte.cards import COLOURS, INITIALS
from companion.alles_auf_1_karte.state import (
    MARK, CardInPlay, GameState, Rules, ScoredCard, SeatState)

X12 = "O:P5-Y3s-G2-B4s-R6"
X21 = "Y:R4s-O4-B4s-G4-P4"
X9 = "O:Y6s-P3-G2-B5s-R4"
X25 = "O:G2s-R3-B4-Y5s-P6"
_BY_INITIAL = {v: k for k, v in INITIALS.items()}


def roll(spec: str) -> tuple[str, ...]:
    """``"P2 Y2 O1"`` -> the five faces."""
    faces: list[str] = []
    for part in spec.split():
        faces += [_BY_INITIAL[part[0]]] * int(part[1:])
    assert len(faces) == 5, spec
    return tuple(sorted(faces, key=COLOURS.index))


def in_play(card_id: str, marks: Sequence[int] = (0, 0, 0, 0, 0)) -> CardInPlay:
    return CardInPlay(GAME.catalogue.card(card_id), tuple(marks))


def scored(card_id: str) -> ScoredCard:
    """A card scored with its first three rows complete."""
    card = GAME.catalogue.card(card_id)
    marks = tuple(r.fields if i < 3 else 0 for i, r in enumerate(card.rows))
    cip = CardInPlay(card, marks)
    return ScoredCard(cip, cip.row_points, cip.sun_bonus)


def other_cards(count: int, exclude: Sequence[str]) -> list[str]:
    """``count`` catalogue ids not in ``exclude`` (stand-ins for unimportant cards)."""
    return [c for c in GAME.catalogue.ids if c not in exclude][:count]


def marking_state(open_cards: Sequence[Sequence[CardInPlay]], dice: str, active: int = 0,
                  scored_cards: Sequence[Sequence[ScoredCard]] = (), **rules: bool) -> GameState:
    """A state in the marking phase: each seat's open (and scored) cards, the final roll."""
    n = len(open_cards)
    scored_cards = list(scored_cards) or [()] * n
    used = {c.id for seat in open_cards for c in seat} | {s.id for seat in scored_cards for s in seat}
    seats = tuple(SeatState(tuple(o), tuple(s)) for o, s in zip(open_cards, scored_cards))
    return GameState(
        names=tuple(f"P{i + 1}" for i in range(n)), rules=Rules(**rules),
        cards=GAME.catalogue.cards, seats=seats,
        pile=tuple(c for c in GAME.catalogue.ids if c not in used),
        phase=MARK, round=1, active=active, throws=1, dice=roll(dice),
        decisions=(None,) * n, final_round=any(len(s) >= 4 for s in scored_cards),
        kept=(True,) * n)


def config(players: int = 2, **options) -> GameConfig:
    return GameConfig.build("alles_auf_1_karte", [f"P{i + 1}" for i in range(players)], **options)


def quick_step(state: GameState, rng: random.Random):
    """A random legal action chosen without listing every legal action (fast playouts).

    Players mostly mark every fitting colour on some card, sometimes a random
    part of it, sometimes pass; the roller re-rolls a random handful or stops.
    """
    from companion.alles_auf_1_karte.actions import KeepCards, Mark, Pass, Reroll, TakeDisplayCard
    from companion.alles_auf_1_karte.marking import fitting_colours
    from companion.alles_auf_1_karte.state import DECIDE, KEEP, MARK, REPLACE

    actors = GAME.to_act(state)
    if actors == (TABLE,):
        return GAME.sample_chance(state, rng)
    seat = rng.choice(actors)
    if state.phase == DECIDE:
        if rng.random() < 0.3:
            return Reroll(seat, ())
        return Reroll(seat, tuple(d for d in state.dice if rng.random() < 0.5))
    if state.phase == MARK:
        cards = state.seats[seat].open
        if not cards or rng.random() < 0.1:
            return Pass(seat)
        card = rng.choice(cards)
        fitting = fitting_colours(card, state.dice_counts())
        if rng.random() < 0.2 and not state.rules.must_use_all_fitting_colours:
            fitting = tuple(c for c in fitting if rng.random() < 0.5)
        return Mark(seat, card.id, fitting)
    if state.phase == KEEP:
        ids = [c.id for c in state.seats[seat].open]
        return KeepCards(seat, tuple(rng.sample(ids, state.rules.open_cards)))
    if state.phase == REPLACE:
        return TakeDisplayCard(seat, rng.choice(state.display).id)
    raise AssertionError(f"no quick move in phase {state.phase}")
