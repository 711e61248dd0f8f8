"""The Caravelas game object: the engine protocol over the rules."""
from __future__ import annotations

import itertools
import random
from typing import Any

from companion.actions import Action
from companion.caravelas import rules, sailing
from companion.caravelas.actions import (CODEC, Bid, BonusStep, ChooseWreck, CrossCape, DrawEvent,
                                         DrawOrder, EndBonus, EndTurn, EnterEvent, Load, PassBid,
                                         PassLisbon, PlayCard, Pirate, Reach, RollDice, RollDie, Sail,
                                         Step, StopInLisbon, TakePosition)
from companion.caravelas.data import GOODS, KNOWN_PORT_VP, PORT_IDS, SHIELD_VALUES
from companion.caravelas.rulebook import HEADINGS
from companion.caravelas.scoring import score_sheet
from companion.caravelas.setup import OPTIONS, rules_from_options
from companion.caravelas.signals import signals
from companion.caravelas.state import BID, ORDER, OVER, PLACE, REVEAL, TURN, CaravelasState
from companion.caravelas.summary import summary
from companion.engine import TABLE, Engine, GameConfig, ScoreSheet
from companion.errors import CompanionError, IllegalAction
from companion.messages import Text
from companion.signals import Signal


class Caravelas(Engine[CaravelasState]):
    """Caravelas (Gil d'Orey, MESAboardgames 2011), with or without a board file."""

    name = "caravelas"
    title = "Caravelas"
    min_players = 2
    max_players = 4
    options = OPTIONS
    codec = CODEC

    def setup(self, config: GameConfig) -> CaravelasState:
        return rules.initial_state(config.player_count, rules_from_options(self.checked_options(config)))

    def to_act(self, state: CaravelasState) -> tuple[int, ...]:
        return rules.to_act(state)

    def apply(self, state: CaravelasState, action: Action) -> CaravelasState:
        try:
            return rules.apply(state, action)
        except IllegalAction as exc:
            raise exc.citing(HEADINGS) from None

    def is_over(self, state: CaravelasState) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: CaravelasState, seat: int | None = None) -> tuple[Action, ...]:
        """Every candidate that ``apply`` accepts (one code path decides legality)."""
        acting = rules.to_act(state)
        if seat is not None and seat not in acting:
            return ()
        found = []
        sure, maybe = candidates(state)
        for action in maybe:
            try:
                rules.apply(state, action)
            except CompanionError:
                continue
            found.append(action)
        return tuple(sure) + tuple(found)

    def score_sheet(self, state: CaravelasState) -> ScoreSheet:
        return score_sheet(state)

    def summary(self, state: CaravelasState) -> dict[str, Any]:
        return summary(state)

    def signals(self, before: CaravelasState, action: Action, after: CaravelasState) -> tuple[Signal, ...]:
        return signals(before, action, after)

    def sample_chance(self, state: CaravelasState, rng: random.Random) -> Action:
        """As the table would: the first order by lot, the die by its faces, the card
        drawn weighted by the deck's composition, two dice, destination cards at random."""
        if state.phase == ORDER:
            order = list(range(len(state.players)))
            rng.shuffle(order)
            return DrawOrder(tuple(order))
        if state.phase == REVEAL:
            return rng.choice(rules.reveal_candidates(state))
        if state.pending == "die":
            return RollDie(rng.choice(state.rules.die))
        if state.pending == "draw":
            cards = [card for card, count in state.rules.deck for _ in range(count)]
            return DrawEvent(rng.choice(cards))
        if state.pending == "dice":
            return RollDice(rng.randint(1, 6) + rng.randint(1, 6))
        raise IllegalAction(Text("no chance outcome is due now"))

    def end_turn_action(self, state: CaravelasState) -> Action | None:
        """END TURN: pass in bidding, end a free move, sail on through Lisbon, or end the turn."""
        acting = rules.to_act(state)
        if not acting or acting == (TABLE,):
            return None
        seat = acting[0]
        if state.phase == BID:
            return PassBid(seat)
        if state.phase != TURN:
            return None
        button = {"": EndTurn(seat), "bonus": EndBonus(seat), "lisbon": PassLisbon(seat),
                  "compass": EndBonus(seat)}.get(state.pending)
        return button if button in self.legal_actions(state) else None


def candidates(state: CaravelasState) -> tuple[list[Action], list[Action]]:
    """Actions legal by construction (ports reached, sailing within the markers
    available: checked by the conformance suite), and a superset of the others,
    which ``apply`` filters."""
    return _sure(state), _candidates(state)


def _sure(state: CaravelasState) -> list[Action]:
    acting = rules.to_act(state)
    if state.phase != TURN or state.rules.mapped or not acting or acting == (TABLE,):
        return []
    if state.pending not in ("", "bonus"):
        return []
    seat = acting[0]
    where = state.players[seat].where
    found: list[Action] = [CrossCape(seat)]
    for port in PORT_IDS:
        if port == where:
            continue
        if state.owner(port) is not None or state.rules.discovery_may_decline:
            found.append(Reach(seat, port, 0))
        if state.owner(port) is None:
            found += [Reach(seat, port, vp) for vp in ((KNOWN_PORT_VP[port],) if port in KNOWN_PORT_VP
                                                       else SHIELD_VALUES)]
    if state.pending == "":
        found += [Sail(seat, k) for k in range(1, state.available(seat) + 1)]
    return found


def _candidates(state: CaravelasState) -> list[Action]:
    acting = rules.to_act(state)
    if not acting:
        return []
    seat = acting[0]
    n = len(state.players)
    if state.phase == ORDER:
        return [DrawOrder(order) for order in itertools.permutations(range(n))]
    if state.phase == BID:
        top = state.totals[seat] + state.available(seat)
        return [PassBid(seat)] + [Bid(seat, t) for t in range(state.high + 1, top + 1)]
    if state.phase == PLACE:
        return [TakePosition(seat, pos) for pos in range(n)]
    if state.phase == REVEAL:
        return list(rules.reveal_candidates(state))
    pending = state.pending
    kinds = sailing.card_kinds(state)
    if pending == "die":
        return [RollDie(face) for face in sorted(set(state.rules.die))]
    if pending == "draw":
        return [DrawEvent(card) for card in kinds]
    if pending == "dice":
        return [RollDice(total) for total in range(2, 13)]
    if pending == "blue":
        return [PlayCard(seat, card) for card in kinds]
    if pending == "wreck":
        return [ChooseWreck(seat, ship) for ship in (1, 2, 3, 4)]
    if pending == "lisbon":
        return _lisbon(state, seat) + [PassLisbon(seat)]
    if pending in ("bonus", "compass"):
        if state.rules.mapped:
            return [BonusStep(seat, cell, decline).named(state.rules.board) for cell in sailing.bonus_targets(state)
                    for decline in _declines(state)] + [EndBonus(seat)]
        return [Load(seat, good) for good in GOODS] + [EndBonus(seat)]
    found: list[Action] = [EndTurn(seat)]
    if state.rules.mapped:
        here = state.players[seat].where
        for cell in state.rules.mapped_board.neighbours[here]:
            found += [Step(seat, cell, defend, decline).named(state.rules.board) for defend in (False, True)
                      for decline in _declines(state)]
        return found
    found += [Pirate(seat), Pirate(seat, True), EnterEvent(seat, "red"), EnterEvent(seat, "blue"),
              PassLisbon(seat)]
    found += [PlayCard(seat, card) for card in kinds]
    found += [Load(seat, good) for good in GOODS]
    return found + _lisbon(state, seat)


def _declines(state: CaravelasState) -> tuple[bool, ...]:
    return (False, True) if state.rules.discovery_may_decline else (False,)


def _lisbon(state: CaravelasState, seat: int) -> list[Action]:
    cargo = state.players[seat].cargo
    upgrades = [()] + list(itertools.combinations(cargo, 3))
    return [StopInLisbon(seat, up, tile, exchange)
            for up in upgrades for tile in (False, True) for exchange in (False, True)]


GAME = Caravelas()
