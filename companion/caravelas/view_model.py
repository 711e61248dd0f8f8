"""What the Caravelas table screen shows, as frozen values: whose turn and what
phase, markers, fleet, score with laps, monuments, tiles, hands, the deck, and the
running cost of a tapped path."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.caravelas import rules
from companion.caravelas.data import MONUMENTS_PER_COLOUR
from companion.caravelas.sailing import bonus_targets
from companion.caravelas.scoring import laps, total
from companion.caravelas.state import BID, PLACE, REVEAL, TURN, CaravelasState
from companion.engine import TABLE, GameConfig
from companion.caravelas.texts import who
from companion.messages import Text


@dataclass(frozen=True)
class ShipView:
    number: int
    goods: tuple[str, ...]         # the slots' kinds
    cargo: tuple[str, ...]         # cubes aboard
    wrecked: bool
    locked: bool


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    position: int | None           # turn-order space (0-based)
    available: int
    spent: int
    locked: int                    # markers on ship 4 and in reserve
    bid: int
    capacity: int
    ships: tuple[ShipView, ...]
    score: int                     # running score, unbounded
    track_space: int
    laps: int
    monuments: int
    monuments_left: int
    tiles: tuple[int, ...]
    hand: int
    destinations: int
    where: str
    part: str


@dataclass(frozen=True)
class CaravelasView:
    to_act: tuple[int, ...]
    active_seat: int | None
    phase: str                     # order, bid, place, turn, reveal, over
    pending: str                   # inside a turn: blue, die, wreck, lisbon, bonus, compass, ...
    prompt: Text
    scores_now: tuple[int, ...]
    round: int
    seats: tuple[SeatView, ...]
    tiles_left: tuple[int, ...]
    deck: int
    discard: int
    discovered: tuple[tuple[str, int], ...]
    bonus_range: int
    bonus_seats: tuple[int, ...]   # seats still to take or decline a bonus move (their LEDs blink)
    compass: str | None            # the compass storm's direction during its moves
    mapped: bool
    notices: tuple[Text, ...]      # warnings that never block play (monuments run out)


def view_model(state: CaravelasState, config: GameConfig) -> CaravelasView:
    names = [p.name for p in config.players]
    acting = rules.to_act(state)
    seats = []
    monuments: dict[int, Any] = {}
    for _, owner in state.discovered:
        monuments[owner] = monuments.get(owner, 0) + 1
    for seat, p in enumerate(state.players):
        ships = tuple(ShipView(n, goods, tuple(g for g in p.cargo if g in goods), n in p.wrecks,
                               n == 4 and not p.upgraded)
                      for n, goods in enumerate(state.rules.slots, 1))
        score = p.running_score
        space, lap = laps(score)
        seats.append(SeatView(
            seat, names[seat], state.order.index(seat) if seat in state.order else None,
            state.available(seat), p.spent, p.markers_locked(), p.bid, p.capacity, ships, score, space, lap,
            monuments.get(seat, 0), MONUMENTS_PER_COLOUR - monuments.get(seat, 0), p.tiles, p.hand,
            p.destinations, p.where, p.part))
    active = state.active if state.phase == TURN else None
    return CaravelasView(
        to_act=acting, active_seat=active, phase=state.phase, pending=state.pending,
        prompt=prompt(state), scores_now=tuple(total(state, s) for s in range(len(state.players))),
        round=state.round, seats=tuple(seats), tiles_left=state.tiles_left, deck=state.deck,
        discard=state.discard, discovered=state.discovered,
        bonus_range=state.bonus.range if state.bonus else 0,
        bonus_seats=state.bonus.queue if state.pending == "bonus" and state.bonus else (),
        compass=state.bonus.direction if state.bonus else None, mapped=state.rules.mapped,
        notices=tuple(Text("{seat} has placed all 20 monuments: mark further discoveries with "
                           "something else", seat=who(s.seat))
                      for s in seats if s.monuments_left < 0))


def prompt(state: CaravelasState) -> Text:
    acting = rules.to_act(state)
    if not acting:
        return Text("The game is over")
    if state.phase == BID:
        return Text("Bidding for turn order: raise or pass")
    if state.phase == PLACE:
        return Text("Choose a turn-order space")
    if state.phase == REVEAL:
        return Text("Show the destination cards")
    if acting == (TABLE,):
        return {"die": Text("Roll the red die"), "draw": Text("Draw an event card"),
                "dice": Text("Roll the two dice")}.get(state.pending, Text("Draw the first turn order"))
    return {"blue": Text("Play an event card"), "wreck": Text("Choose the wrecked ship"),
            "lisbon": Text("Stop in Lisbon or sail through"), "bonus": Text("Bonus move: move or decline"),
            "compass": Text("Compass storm: move the ship")}.get(state.pending, Text("Sail"))


@dataclass(frozen=True)
class PathView:
    """What a tapped path does before it is played: from ``before`` (the session's
    state) to ``after`` (the same with the path's steps applied)."""

    cells: tuple[str, ...]         # the ship's cell, then each tapped cell
    cost: int                      # markers the path spends
    available: int                 # markers available when it began
    discovered: tuple[str, ...]    # port ids discovered on the way
    loaded: tuple[str, ...]        # goods loaded on the way
    closed: bool                   # it reached a cell whose effect needs an answer, or the turn's end
    then: Text | None              # what comes next when closed (None: the turn ends)


def path_view(before: CaravelasState, after: CaravelasState, seat: int, cells: tuple[str, ...]) -> PathView:
    ended = after.phase != TURN or after.active != seat      # the upkeep took the markers back
    available = before.available(seat)
    old, new = before.players[seat], after.players[seat]
    return PathView(
        cells=(old.where,) + cells,
        cost=available if ended else new.spent - old.spent, available=available,
        discovered=tuple(port for port, owner in after.discovered if (port, owner) not in before.discovered),
        loaded=tuple(g for g in new.cargo if g not in old.cargo),
        closed=ended or bool(after.pending),
        then=prompt(after) if after.pending and not ended else None)


def path_cost(state: CaravelasState, path: tuple[str, ...]) -> int:
    """Running cost of a tapped path on the board file (before any card is played)."""
    board = state.rules.board
    return board.path_cost(path) if board is not None else 0


def next_cells(state: CaravelasState) -> tuple[str, ...]:
    """The cells a tap may move a ship into now (board file only): a free mover's
    (bonus move, compass storm) or, while sailing, the active ship's neighbours."""
    board = state.rules.board
    if board is None or state.phase != TURN:
        return ()
    if state.pending in ("bonus", "compass"):
        return bonus_targets(state)
    if state.pending:
        return ()
    return board.neighbours[state.players[state.active].where]


def cheapest_path(state: CaravelasState, seat: int, goal: str) -> tuple[str, ...] | None:
    """The camera's proposal: the cheapest path from ``seat``'s cell to ``goal``."""
    board = state.rules.board
    return board.cheapest_path(state.players[seat].where, goal) if board is not None else None


def markers_accounted(state: CaravelasState, seat: int) -> int:
    """Available + spent + ship-4 lock and reserve: always 12 (§1)."""
    p = state.players[seat]
    return (p.capacity - p.spent) + p.spent + p.markers_locked()


