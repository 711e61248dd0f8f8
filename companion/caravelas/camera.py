"""What the camera's reading means in a mapped Caravelas game.

The active player's ship pawn (tag ``cv:ship:<seat>:a``) seen settled on a cell other
than the one the game has it on: the session proposes the cheapest path there
(``Board.cheapest_path``: ties go to the path that triggers least, then the
shortest) as the steps to confirm together.  The steps stop at the first cell that
asks the table something (a blue card, the red die, Lisbon) or ends the turn; the
rest is proposed again once that is settled.  A cell no legal path reaches with the
markers available is shown, never applied.  While the game waits for the red die, the
face the camera reads in the die's tray is proposed as the roll (with or without a
board file).  During bonus moves and compass storms the free mover's pawn is
followed: its free steps are proposed.  Bookkeeping games propose no path; other
moments that wait for an answer propose nothing.  What no action explains becomes a
note (``unexplained_reading``): a ship's tag seen twice, a cell out of reach (of the
markers, of a free move's cells left, off a compass storm's way), another player's pawn
moved out of turn, a pawn beside the map, and monuments that disagree with the
discoveries.  Cells are named as on the board
(companion.caravelas.names).
"""
from __future__ import annotations

from typing import Any

from companion.caravelas.actions import BonusStep, RollDie, Step
from companion.caravelas.texts import port_name
from companion.caravelas.names import cell_name
from companion.caravelas.sailing import bonus_targets
from companion.caravelas.state import TURN, CaravelasState
from companion.errors import CompanionError
from companion.messages import Seat, Text
from companion.readings import PieceReading, TableReading, pieces_of_game

GAME_CODE = "cv"
DIE = "R"          # the red die's tag id (``TC1:CV:D:R:<face>``)
MONUMENT = "m"     # monument tags: ``TC1:CV:P:<seat>:M<n>`` (read as ``cv:piece:<seat>:m<n>``)
FREE_MOVES = ("bonus", "compass")


def _pawns(reading: TableReading, seat: int) -> list[PieceReading]:
    return [p for p in pieces_of_game(reading, GAME_CODE, "ship") if p.seat == seat]


def _mover(state: CaravelasState) -> int | None:
    """Whose pawn the camera follows now: the active player's while sailing, the free
    mover's during bonus moves and compass storms (board file only)."""
    if state.rules.board is None or state.phase != TURN:
        return None
    if state.pending in FREE_MOVES and state.bonus is not None and state.bonus.queue:
        return state.bonus.queue[0]
    return None if state.pending else state.active


def _moved_pawn(state: CaravelasState, reading: TableReading) -> tuple[int, str] | None:
    """(the mover's seat, the cell its pawn was seen on) when it stands somewhere new."""
    seat = _mover(state)
    if seat is None:
        return None
    pawns = _pawns(reading, seat)
    if len(pawns) != 1 or pawns[0].space is None:
        return None
    cell = pawns[0].space
    if cell == state.players[seat].where or cell not in state.rules.mapped_board.cells:
        return None
    return seat, cell


def free_moves_for(state: CaravelasState, seat: int, goal: str) -> tuple[BonusStep, ...]:
    """The first free step towards ``goal`` when the bonus move (or compass storm) left
    reaches it (the fewest cells; pirates and events cost nothing, BON-07); () when not."""
    board, bonus = state.rules.mapped_board, state.bonus
    if bonus is None:
        return ()
    left = bonus.range - bonus.steps
    paths: dict[str, tuple[str, ...]] = {state.players[seat].where: ()}
    todo = [state.players[seat].where]
    while todo and goal not in paths:
        here = todo.pop(0)
        for nxt in board.neighbours[here]:
            if nxt not in paths and len(paths[here]) < left:
                paths[nxt] = paths[here] + (nxt,)
                todo.append(nxt)
    path = paths.get(goal, ())
    if not path or path[0] not in bonus_targets(state):
        return ()
    return (BonusStep(seat, path[0]).named(board),)


def sailing_for(state: CaravelasState, seat: int, goal: str) -> tuple[Step, ...]:
    """The steps of the cheapest path from ``seat``'s cell to ``goal`` that can be
    confirmed together: up to the first cell that asks something or ends the turn;
    () when the path is blocked (too dear for the markers, or refused by the rules)."""
    from companion.caravelas.game import GAME

    board = state.rules.mapped_board
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
    if state.pending in FREE_MOVES:
        return free_moves_for(state, *moved)
    steps = sailing_for(state, *moved)
    return steps[:1]


def unexplained_reading(state: Any, reading: TableReading) -> tuple[Text, ...]:
    """What the camera sees that the game does not explain, as notes (never applied): a
    ship's tag seen twice, the pawn on a cell no legal path (or free move) reaches now,
    another player's pawn moved out of turn, a pawn beside the map, monuments that
    disagree with the game's discoveries."""
    return (twice_seen(state, reading) + _unreachable(state, reading) + out_of_turn(state, reading)
            + off_the_board(state, reading) + monument_notes(state, reading))


def twice_seen(state: Any, reading: TableReading) -> tuple[Text, ...]:
    """A ship pawn's tag seen on two cells (a copied tag): which ship, nothing moved."""
    board = state.rules.board
    if board is None:
        return ()
    notes = []
    for seat in range(len(state.players)):
        pawns = _pawns(reading, seat)
        cells = sorted({p.space for p in pawns if p.space is not None})
        if len(pawns) > 1 and cells:
            notes.append(Text("{seat}'s ship tag is seen twice ({places}): take the copy off the board; "
                              "nothing is moved.", seat=Seat(seat),
                              places=tuple(cell_name(board, c) for c in cells)))
    return tuple(notes)


def _unreachable(state: Any, reading: TableReading) -> tuple[Text, ...]:
    """The mover's pawn on a cell it cannot reach now: beyond the markers it has,
    beyond the cells its bonus move has left, or off a compass storm's way."""
    moved = _moved_pawn(state, reading)
    if moved is None:
        return ()
    seat, cell = moved
    board = state.rules.board
    here = cell_name(board, state.players[seat].where)
    if state.pending in FREE_MOVES:
        if free_moves_for(state, seat, cell):
            return ()
        if state.bonus.direction is not None:
            return (Text("{seat}'s ship stands on {place}, off the compass storm's way ({direction}): "
                         "put it back on {here}, or move it by touch.", seat=Seat(seat),
                         place=cell_name(board, cell), direction=state.bonus.direction, here=here),)
        left = state.bonus.range - state.bonus.steps
        return (Text("{seat}'s ship stands on {place}, further than the free move's {count} cell left: "
                     "put it back on {here}, or move it by touch.",
                     "{seat}'s ship stands on {place}, further than the free move's {count} cells left: "
                     "put it back on {here}, or move it by touch.",
                     seat=Seat(seat), place=cell_name(board, cell), count=left, here=here),)
    if sailing_for(state, seat, cell):
        return ()
    return (Text("{seat}'s ship stands on {place}, which it cannot reach with {count} marker: "
                 "put it back on {here}, or sail by touch.",
                 "{seat}'s ship stands on {place}, which it cannot reach with {count} markers: "
                 "put it back on {here}, or sail by touch.",
                 seat=Seat(seat), place=cell_name(board, cell), count=state.available(seat), here=here),)


def out_of_turn(state: Any, reading: TableReading) -> tuple[Text, ...]:
    """A pawn seen off the cell the game has it on while no move of that ship is under
    way (a pawn knocked, or moved out of turn): put it back; nothing moves.  The active
    player's pawn and those with a free move to make may stand ahead of the game (a path
    waiting for an answer, the free moves to come)."""
    board = state.rules.board
    if board is None or state.phase != TURN:
        return ()
    moving = {state.active}
    if state.pending in FREE_MOVES and state.bonus is not None:
        moving.update(state.bonus.queue)
    notes = []
    for seat, player in enumerate(state.players):
        pawns = _pawns(reading, seat)
        if seat in moving or len(pawns) != 1 or player.where not in board.cells:
            continue
        cell = pawns[0].space
        if cell is not None and cell != player.where and cell in board.cells:
            notes.append(Text("{seat}'s ship stands on {place}, but it is not {seat}'s move: "
                              "put it back on {here}.", seat=Seat(seat), place=cell_name(board, cell),
                              here=cell_name(board, player.where)))
    return tuple(notes)


def off_the_board(state: Any, reading: TableReading) -> tuple[Text, ...]:
    """A ship pawn seen beside the map (on no cell) while its ship is at sea on it."""
    board = state.rules.board
    if board is None or state.phase != TURN or not reading.board_found:
        return ()
    notes = []
    for seat, player in enumerate(state.players):
        pawns = _pawns(reading, seat)
        if len(pawns) == 1 and pawns[0].space is None and player.where in board.cells:
            notes.append(Text("{seat}'s ship is seen beside the map: put it back on {here}.", seat=Seat(seat),
                              here=cell_name(board, player.where)))
    return tuple(notes)


def monuments_seen(reading: TableReading, board: Any) -> dict[str, set[int]] | None:
    """Port id -> the seats whose monument the camera sees on it (tags ``cv:piece:<seat>:m…``);
    None when no monument tag is seen at all (a table that does not use them)."""
    monuments = [p for p in pieces_of_game(reading, GAME_CODE, "piece")
                 if p.piece.startswith(MONUMENT) and p.seat is not None]
    if not monuments:
        return None
    seen: dict[str, set[int]] = {}
    for piece in monuments:
        port = board.port_at.get(piece.space or "")
        if port is not None and piece.seat is not None:
            seen.setdefault(port, set()).add(piece.seat)
    return seen


def monument_notes(state: Any, reading: TableReading) -> tuple[Text, ...]:
    """Monuments as the camera sees them against the discoveries in the game: a
    discovered port without its discoverer's monument, a monument on a port nobody
    discovered or of another player.  Only when the table uses monument tags (one is
    seen) and the board was found; a port under a ship pawn is not judged (the pawn
    may hide it).  Notes only: the game is never changed by them."""
    board = state.rules.board
    seen = monuments_seen(reading, board) if board is not None and reading.board_found else None
    if seen is None:
        return ()
    hidden = {board.port_at.get(p.space or "") for p in pieces_of_game(reading, GAME_CODE, "ship")}
    owners = dict(state.discovered)
    notes = []
    for port in sorted(set(owners) | set(seen)):
        if port in hidden:
            continue
        name, owner, seats = port_name(port), owners.get(port), seen.get(port, set())
        if owner is None:
            notes.append(Text("{port} has a monument on the board but was not discovered in the game",
                              port=name))
        elif not seats:
            notes.append(Text("{port} was discovered by {seat} in the game but has no monument on the board",
                              port=name, seat=Seat(owner)))
        elif owner not in seats:
            notes.append(Text("{port} has {others}'s monument on the board but {seat} discovered it in the game",
                              port=name, others=tuple(Seat(s) for s in sorted(seats)), seat=Seat(owner)))
    return tuple(notes)


def step_limit(state: Any, reading: TableReading) -> int:
    """How many steps the reading may take to explain: the whole path the pawn was
    moved along (as many cells as the markers and free edges allow) and the answer
    its last cell asks (the red die in the tray); 0 when nothing moved."""
    moved = _moved_pawn(state, reading)
    return len(sailing_for(state, *moved)) + 1 if moved is not None else 0


def describe_reading(state: Any, steps: tuple[Any, ...]) -> Text | None:
    """A path sailed, in table words: "Ann sails 3 cells to Luanda", and what the camera
    cannot see decided for the player: "…, paying the pirates 1 marker" (Reject, then
    sail by touch, to play Favourable Wind).  None: the step's own text."""
    if not steps or not all(isinstance(s, Step) and s.seat == steps[0].seat for s in steps):
        return None
    board = state.rules.board
    paid = sum(1 for s in steps if not s.defend and board is not None and board.cells[s.cell].pirate)
    if len(steps) < 2 and not paid:
        return None
    sailed = Text("{seat} sails {count} cell to {place}", "{seat} sails {count} cells to {place}",
                  seat=Seat(steps[0].seat), count=len(steps), place=steps[-1].place())
    if not paid:
        return sailed
    return Text("{sailed}, paying the pirates {markers}", sailed=sailed,
                markers=Text("{count} marker", "{count} markers", count=paid))


def pawn(seat: int, cell: str | None) -> PieceReading:
    """The reading of seat's ship pawn on ``cell``, as the reader reports it (readings built by hand)."""
    return PieceReading(f"{GAME_CODE}:ship:{seat}:a", "ship", seat, "a", cell)
