"""A pawn moved further than the session's default follow (8 steps) is still one
proposal and one Confirm: the camera tells the session how long the path is
(companion/caravelas/camera.py step_limit); the session keeps a safety cap."""
from __future__ import annotations

import json

from companion import proposals
from companion.caravelas import camera
from companion.caravelas.actions import DrawOrder, PassBid, Step
from companion.caravelas.board import SHIPPED
from companion.engine import GameConfig
from companion.readings import TableReading
from companion.session import TableSession

#: ten plain cells in a row from Lisbon, the first edge a current: 10 steps for 9 markers (all Ann has)
CHAIN = ("L",) + tuple(f"X{i}" for i in range(10))


def chain_board(tmp_path) -> str:
    """The digest's mini-board with a lane of 10 plain cells off Lisbon."""
    data = json.loads(SHIPPED["mini"].read_text(encoding="utf-8"))
    data["cells"] += [{"id": cid, "part": "WEST", "symbols": []} for cid in CHAIN[1:]]
    data["adjacency"] += [[a, b] for a, b in zip(CHAIN, CHAIN[1:])]
    data["freeEdges"] += [{"from": "X0", "to": "X1", "current": "lane"}]
    path = tmp_path / "chain-board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def at_the_lane(journal, tmp_path) -> TableSession:
    session = TableSession.new(journal, GameConfig.build("caravelas", ["Ann", "Bea"],
                                                          **{"board.file": chain_board(tmp_path)}))
    for action in (DrawOrder((0, 1)), PassBid(0), PassBid(1)):
        session.submit(action)
    return session


def test_a_ten_cell_path_is_one_proposal_and_one_confirm(journal, tmp_path):
    session = at_the_lane(journal, tmp_path)
    assert session.state.available(0) == 9 and session.state.players[0].where == "L"
    reading = TableReading(1.0, pieces=(camera.pawn(0, CHAIN[-1]),), board_found=True)
    assert camera.step_limit(session.state, reading) == 11          # the path and the die after it
    proposal = session.propose_from_reading(reading)
    assert len(CHAIN) - 1 > proposals.MAX_STEPS
    assert proposal.steps == tuple(Step(0, cell) for cell in CHAIN[1:])
    before = len(session.actions)
    session.confirm()
    assert len(session.actions) == before + 10
    assert session.state.players[0].where == CHAIN[-1] and session.pending is None
    assert session.state.active == 1                   # the last marker ended Ann's turn


def test_the_session_caps_what_a_game_asks(journal, tmp_path, monkeypatch):
    session = at_the_lane(journal, tmp_path)
    monkeypatch.setattr(proposals, "STEP_CAP", 9)
    proposal = session.propose_from_reading(TableReading(1.0, pieces=(camera.pawn(0, CHAIN[-1]),),
                                                         board_found=True))
    assert len(proposal.steps) == 9
