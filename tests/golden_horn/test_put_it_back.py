"""The orange "put it back" bar never names a ship that stands where the game
has it: a reading of the table as the game has it explains itself (whatever words the
camera uses for the ports), and a note or proposal said of an earlier state goes when
the game changes, by a move, an undo or a redo."""
from __future__ import annotations

import random

from companion.engine import TABLE, GameConfig
from companion.golden_horn import GAME
from companion.golden_horn.actions import Move
from companion.readings import PieceReading, TableReading
from companion.session import TableSession

PORT_WORDS = {"V": ("V", "venice", "Venezia"), "C": ("C", "constantinople", "c"), "M": ("M", "modone", "methoni")}


def as_the_game_has_it(state, rng: random.Random) -> TableReading:
    """Every placed ship's tag on the node the game has it on (a port named as a camera may)."""
    pieces = []
    for ship in state.ships:
        if ship.at < 0:
            continue
        node = state.route[ship.at].id
        space = rng.choice(PORT_WORDS[node]) if node in PORT_WORDS else node
        pieces.append(PieceReading(tag=f"gh:ship:{ship.owner}:{ship.name}", kind="ship", seat=ship.owner,
                                   piece=ship.name, space=space))
    return TableReading(timestamp=1.0, pieces=tuple(pieces), board_found=True)


def test_a_table_as_the_game_has_it_is_never_noted(journal):
    checked = 0
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        rng = random.Random(seed)
        config = GameConfig.build("golden_horn", ["Ann", "Bea", "Cy", "Dov"][:players],
                                  **{"port.refill": "toNine"})
        state = GAME.setup(config)
        for _ in range(300):
            if GAME.is_over(state):
                break
            acting = GAME.to_act(state)
            action = (GAME.sample_chance(state, rng) if acting == (TABLE,)
                      else rng.choice(GAME.legal_actions(state, acting[0])))
            state = GAME.apply(state, action)
            seen = as_the_game_has_it(state, rng)
            assert GAME.unexplained_reading(state, seen) == (), state
            assert GAME.actions_for_reading(state, seen) == ()
            checked += 1
    assert checked > 300


def first_turn(journal) -> TableSession:
    session = TableSession.new(journal, GameConfig.build("golden_horn", ["Ann", "Bea"]))
    rng = random.Random(4)
    while session.summary()["phase"] != "play":
        if session.to_act == (TABLE,):
            session.submit(session.game.sample_chance(session.state, rng))
        else:
            session.submit(session.game.legal_actions(session.state, session.to_act[0])[0])
    return session


def ship_at(seat: int, letter: str, space: str) -> TableReading:
    return TableReading(timestamp=1.0, board_found=True, pieces=(PieceReading(
        tag=f"gh:ship:{seat}:{letter}", kind="ship", seat=seat, piece=letter, space=space),))


def test_a_note_or_proposal_goes_when_a_redo_changes_the_game(journal):
    session = first_turn(journal)
    seat = session.state.current
    move = next(a for a in session.legal_actions(seat) if isinstance(a, Move) and a.ship == f"{seat}a")
    unreachable = next(n.id for n in reversed(session.state.route) if n.kind == "square" and n.id not in
                       {a.to for a in session.legal_actions(seat) if isinstance(a, Move) and a.ship == move.ship})
    session.submit(move)
    session.undo()
    # the camera sees the ship where no move ends: a note; then the redo puts it on move.to
    session.propose_from_reading(ship_at(seat, "a", unreachable))
    assert session.unexplained and session.pending is None
    session.redo()
    assert session.unexplained == () and session.pending is None
    session.undo()
    # the camera sees the ship where the move ends: a proposal; the redo plays that move
    session.propose_from_reading(ship_at(seat, "a", move.to))
    assert session.pending is not None
    session.redo()
    assert session.pending is None and session.unexplained == ()
