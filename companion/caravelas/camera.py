"""What the camera's reading means in a mapped Caravelas game (issue #16).

The active player's ship pawn (tag ``cv:ship:<seat>:a``) seen settled on a cell other
than the one the game has it on: the session proposes the cheapest path there
(``Board.cheapest_path``: ties go to the path that triggers least, then the
shortest) as the steps to confirm together.  The steps stop at the first cell that
asks the table something (a blue card, the red die, Lisbon) or ends the turn; the
rest is proposed again once that is settled.  A cell no legal path reaches with the
markers available is shown, never applied.  While the game waits for the red die, the
face the camera reads in the die's tray is proposed as the roll (with or without a
board file).  Bookkeeping games propose no path; other moments that wait for an
answer propose nothing.
"""
from __future__ import annotations

from typing import Any

from companion.caravelas.actions import RollDie, Step
from companion.caravelas.names import cell_name
from companion.caravelas.state import TURN, CaravelasState
from companion.engine import CompanionError
from companion.i18n import Seat, Text
from companion.readings import PieceReading, TableReading, pieces_of_game

GAME_CODE = "cv"
DIE = "R"          # the red die's tag id (``TC1:CV:D:R:<face>``)


def _moved_pawn(state: CaravelasState, reading: TableReading) -> tuple[int, str] | None:
    """(active seat, the cell its pawn was seen on) when it stands somewhere new."""
    board = state.rules.board
    if board is None or state.phase != TURN or state.pending:
        return None
    seat = state.active
    pawns = [p for p in pieces_of_game(reading, GAME_CODE, "ship") if p.seat == seat]
    if len(pawns) != 1 or pawns[0].space is None:
        return None
    cell = pawns[0].space
    if cell == state.players[seat].where or cell not in board.cells:
        return None
    return seat, cell


def sailing_for(state: CaravelasState, seat: int, goal: str) -> tuple[Step, ...]:
    """The steps of the cheapest path from ``seat``'s cell to ``goal`` that can be
    confirmed together: up to the first cell that asks something or ends the turn;
    () when the path is blocked (too dear for the markers, or refused by the rules)."""
    from companion.caravelas.game import GAME

    board = state.rules.board
    path = board.cheapest_path(state.players[seat].where, goal)
    if path is None or board.path_cost(path) > state.available(seat):
        return ()
    steps: list[Step] = []
    for cell in path[1:]:
        step = Step(seat, cell).named(board)
        try:
            state = GAME.apply(state, step)
        except CompanionError:
            return ()
        steps.append(step)
        if state.pending or state.phase != TURN or state.active != seat:
            break
    return tuple(steps)


def die_roll(state: CaravelasState, reading: TableReading) -> RollDie | None:
    """The red die's face when the game waits for it and the tray shows one of the
    board file's faces (tag faces are upper case: ``RED`` is ``red``)."""
    if state.phase != TURN or state.pending != "die":
        return None
    labels = {label.upper(): label for label in (state.rules.board.die if state.rules.board else None)
              or state.rules.die}
    faces = [d.face for d in reading.dice if d.die.upper() == DIE and d.face is not None]
    if len(faces) != 1 or faces[0].upper() not in labels:
        return None
    return RollDie(labels[faces[0].upper()])


def actions_for_reading(state: Any, reading: TableReading) -> tuple[Any, ...]:
    """The red die's face when it is awaited; else the next step sailed towards the pawn
    (empty: nothing to do).  The session asks again after each step, so the whole path is
    one proposal, confirmed by one Confirm (companion.session: propose_from_reading)."""
    roll = die_roll(state, reading)
    if roll is not None:
        return (roll,)
    moved = _moved_pawn(state, reading)
    if moved is None:
        return ()
    steps = sailing_for(state, *moved)
    return steps[:1]


def unexplained_reading(state: Any, reading: TableReading) -> tuple[Text, ...]:
    """The pawn on a cell no legal path reaches now: what to do about it."""
    moved = _moved_pawn(state, reading)
    if moved is None or sailing_for(state, *moved):
        return ()
    seat, cell = moved
    board = state.rules.board
    return (Text("{seat}'s ship stands on {place}, which it cannot reach with {count} marker: "
                 "put it back on {here}, or sail by touch.",
                 "{seat}'s ship stands on {place}, which it cannot reach with {count} markers: "
                 "put it back on {here}, or sail by touch.",
                 seat=Seat(seat), place=cell_name(board, cell), count=state.available(seat),
                 here=cell_name(board, state.players[seat].where)),)


def step_limit(state: Any, reading: TableReading) -> int:
    """How many steps the reading may take to explain: the whole path the pawn was
    moved along (as many cells as the markers, free edges and a bonus move allow) and
    the answer its last cell asks (the red die in the tray); 0 when nothing moved."""
    moved = _moved_pawn(state, reading)
    return len(sailing_for(state, *moved)) + 1 if moved is not None else 0


def describe_reading(state: Any, steps: tuple[Any, ...]) -> Text | None:
    """A path sailed, in table words: "Ann sails 3 cells to Luanda" (None: the steps' own texts)."""
    if len(steps) < 2 or not all(isinstance(s, Step) and s.seat == steps[0].seat for s in steps):
        return None
    return Text("{seat} sails {count} cell to {place}", "{seat} sails {count} cells to {place}",
                seat=Seat(steps[0].seat), count=len(steps), place=steps[-1].place())


def pawn(seat: int, cell: str | None) -> PieceReading:
    """The reading of seat's ship pawn on ``cell``, as the reader reports it (readings built by hand)."""
    return PieceReading(f"{GAME_CODE}:ship:{seat}:a", "ship", seat, "a", cell)
