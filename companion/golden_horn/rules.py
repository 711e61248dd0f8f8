"""Golden Horn's rules over a state: who acts now, the legal actions, and applying one
(each action class by its own function in :mod:`~companion.golden_horn.turns` and
:mod:`~companion.golden_horn.chance`), with the rule that refuses it."""
from __future__ import annotations

from companion.actions import Action, Handlers, SeatAction
from companion.engine import TABLE
from companion.errors import IllegalAction, InvalidAction
from companion.golden_horn import chance, turns
from companion.golden_horn.actions import (Attack, Correct, DeclareEnd, DrawCards, DrawCubes, EndTurn, Move,
                                           PlaceFleet, TurnAround)
from companion.golden_horn.chance import pending_text
from companion.golden_horn.corrections import apply_correct
from companion.golden_horn.cubes import counts
from companion.golden_horn.movement import load_choices, may_reverse, reaches
from companion.golden_horn.rulebook import HEADINGS
from companion.golden_horn.state import AFTER_MOVE, OVER, PLAY, SETUP, TURN_AROUND, GoldenHornState
from companion.golden_horn.texts import ship_words
from companion.messages import Seat, Text

_APPLY = (Handlers[GoldenHornState]()
          .on(DrawCubes, chance.apply_draw_cubes)
          .on(DrawCards, chance.apply_draw_cards)
          .on(PlaceFleet, turns.apply_place_fleet)
          .on(Attack, turns.apply_attack)
          .on(Move, turns.apply_move)
          .on(TurnAround, turns.apply_turn_around)
          .on(DeclareEnd, turns.apply_declare)
          .on(EndTurn, turns.apply_end_turn)
          .on(Correct, apply_correct))


def to_act(state: GoldenHornState) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    if state.pending:
        return (TABLE,)
    if state.phase == SETUP:
        if state.rules.random_placement:
            return (TABLE,)
        order = [(state.start_seat + i) % state.players for i in range(state.players)]
        return tuple(seat for seat in order if not state.placed[seat])
    if state.phase == TURN_AROUND and state.turn_around_ship is not None:
        return (state.turn_around_ship[0],)
    return (state.current,)


def actor(state: GoldenHornState, action: Action) -> int:
    """Who performs ``action``: a seat, or TABLE for chance."""
    if isinstance(action, (DrawCubes, DrawCards)):
        return TABLE
    if isinstance(action, PlaceFleet):
        return TABLE if state.rules.random_placement else action.owner
    if isinstance(action, Correct):
        return TABLE
    if isinstance(action, SeatAction):
        return action.seat
    raise InvalidAction(f"{action!r} is not a Golden Horn action")


def legal_actions(state: GoldenHornState, seat: int | None = None) -> tuple[Action, ...]:
    acting = to_act(state)
    seats = acting if seat is None else tuple(s for s in acting if s == seat)
    result: list[Action] = []
    for who in seats:
        if who == TABLE:
            result.extend(chance.outcomes(state))
        elif state.phase == SETUP:
            result.extend(PlaceFleet(who, ports) for ports in chance.PORT_CHOICES)
        elif state.phase == TURN_AROUND and state.turn_around_ship is not None:
            ship_id = f"{state.turn_around_ship[0]}{state.turn_around_ship[1]}"
            result.extend(TurnAround(who, ship_id, r) for r in (False, True))
        else:
            result.extend(_turn_actions(state, who))
    return tuple(result)


def _turn_actions(state: GoldenHornState, seat: int) -> list[Action]:
    result: list[Action] = []
    if turns.why_cannot_declare(state, seat) is None:
        result.append(DeclareEnd(seat))
    if state.phase == AFTER_MOVE:
        result.append(EndTurn(seat))
        return result
    if state.phase != PLAY or state.moved:
        return result
    limit = state.rules.max_attacks
    if limit is None or state.attacks < limit:
        for target in state.ships:
            if turns.why_not_target(state, seat, target) is None:
                for cards in turns.pirate_pairs(state, target):
                    if turns.why_cannot_pay(state, seat, counts(cards)) is None:
                        result.append(Attack(seat, target.label, cards))
    for ship in state.fleet(seat):
        for reverse in (False, True) if may_reverse(ship) else (False,):
            stops = [r for r in reaches(state, ship, reverse) if r.affordable]
            for load in load_choices(state, ship):
                result.extend(Move(seat, ship.label, r.to, load, reverse, r.wind) for r in stops)
    return result


def apply(state: GoldenHornState, action: Action) -> GoldenHornState:
    if not _APPLY.handles(action):
        raise InvalidAction(f"{action!r} is not a Golden Horn action")
    if isinstance(action, Correct):
        return apply_correct(state, action)   # at any moment: the table always wins
    try:
        if state.phase == OVER:
            raise IllegalAction(Text("the game is over"), "§7")
        acting = to_act(state)
        who = actor(state, action)
        if who not in acting:
            emptied = state.turn_around_ship
            if state.phase == TURN_AROUND and emptied is not None and acting == (emptied[0],):
                raise IllegalAction(_turning_around(state, emptied), "§5.1 D3")
            raise IllegalAction(_whose_turn(state, acting), "§3")
        return turns.settle(_APPLY.apply(state, action))
    except IllegalAction as exc:
        raise exc.citing(HEADINGS) from None


def _turning_around(state: GoldenHornState, emptied: tuple[int, str]) -> Text:
    """The attack emptied a ship (``emptied``: its owner and letter; option "at once"):
    its owner decides before the attacker goes on with the turn."""
    owner, name = emptied
    return Text("the pirates emptied {ship}: first {seat} decides whether it turns around, then "
                "{attacker} goes on", ship=ship_words(f"{owner}{name}"), seat=Seat(owner),
                attacker=Seat(state.current))


def _whose_turn(state: GoldenHornState, acting: tuple[int, ...]) -> Text:
    if acting == (TABLE,):
        if state.pending:
            return Text("the table must first {task}", task=pending_text(state, state.pending[0]))
        return Text("the ships are placed at random by the table")
    return Text("it is the turn of {seats}", seats=tuple(Seat(s) for s in acting))
