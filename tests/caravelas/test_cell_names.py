"""Cells named as a player finds them on the board (companion/caravelas/names.py):
a port by its name, Lisbon, and a sea cell by its way from the nearest of those.
No text a player reads in a seeded playout on the demo board shows a file id."""
from __future__ import annotations

import random
import re

from companion.caravelas import GAME, camera
from companion.caravelas.actions import BonusStep, Step
from companion.caravelas.board import load_board, parse_board
from companion.caravelas.view_model import prompt
from companion.engine import TABLE, GameConfig
from companion.errors import CompanionError
from companion.i18n import LANGUAGE_NAMES, Translator
from companion.messages import Text
from companion.readings import TableReading

from tests.caravelas.helpers import started

RAW_ID = re.compile(r"\bD\d\d\b")          # the demo board's cell ids (D00 … D56)


def test_ports_lisbon_and_the_sea_cells_have_table_names():
    board = load_board("demo")
    assert str(board.names["D22"]) == "Luanda" and str(board.names["D03"]) == "Lisbon"
    assert str(board.names["D13"]) == "the sea east of Lisbon"       # D13 (160,360), Lisbon (60,360)
    assert str(board.names["D23"]) == "the sea south of Luanda"
    assert Translator("it")(board.names["D23"]) == "il mare a sud di Luanda"
    assert Translator("pl")(board.names["D13"]) == "morze na wschód od portu Lizbona"
    assert len({str(name) for name in board.names.values()}) == len(board.cells)   # never two alike


def test_two_cells_the_same_way_from_one_port_take_the_next_landmark_and_far_cells_count_cells():
    cells = [{"id": i, "part": "WEST", "center": c} for i, c in
             (("L", [0, 0]), ("A", [100, 0]), ("B", [100, 20]), ("C", [200, 0]), ("P", [300, 0]))]
    board = parse_board({"schema": "caravelas-board/1", "purpose": "testVectors", "cells": cells,
                         "adjacency": [["L", "A"], ["L", "B"], ["A", "C"], ["C", "P"]],
                         "lisbonCell": "L", "ports": [{"id": "ceuta", "cell": "P", "vp": 1}]})
    names = {cid: str(name) for cid, name in board.names.items()}
    assert names["A"] == "the sea east of Lisbon"
    assert names["B"] == "4 cells west of Ceuta"         # east of Lisbon too (A has it): the next landmark
    assert names["C"] == "the sea west of Ceuta"


def _shown(text: Text) -> list[str]:
    return [str(text)] + [Translator(lang)(text) for lang in LANGUAGE_NAMES if lang != "en"]


def _texts_at(state) -> list[Text]:
    """What the table reads in ``state``: every legal action, the refusals of a move to a
    cell out of reach, the camera's proposal or note for the pawn on each cell."""
    board = state.rules.board
    texts = [prompt(state)] + [a.text() for a in GAME.legal_actions(state) if a is not None]
    seat = state.active
    far = next(c for c in sorted(board.cells) if c not in board.neighbours[state.players[seat].where])
    for refused in (Step(seat, far), BonusStep(seat, far)):
        try:
            GAME.apply(state, refused)
        except CompanionError as exc:
            texts.append(exc.reason)
    if state.phase == "turn" and not state.pending:
        for cell in sorted(board.cells)[::5]:
            reading = TableReading(1.0, pieces=(camera.pawn(seat, cell),), board_found=True)
            texts += camera.unexplained_reading(state, reading)
            steps = camera.sailing_for(state, seat, cell)
            texts += [s.text() for s in steps]
            words = camera.describe_reading(state, steps)
            texts += [words] if words is not None else []
    return texts


def test_no_text_a_player_reads_in_a_seeded_playout_names_a_cell_by_its_file_id():
    rng = random.Random(7)
    state = started(3, board="demo")
    seen: list[str] = []
    for _ in range(250):
        if GAME.is_over(state):
            break
        for text in _texts_at(state):
            seen += _shown(text)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert len(seen) > 2000 and any("the sea" in t for t in seen) and GAME.to_act(state) != (TABLE, TABLE)
    assert [t for t in seen if RAW_ID.search(t)] == []


def test_moves_read_back_from_the_journal_keep_their_table_names(journal):
    """After a restart the undo banner and the history say "the sea east of Lisbon" as
    during play: the journal keeps the cell's id, the manifest names it again."""
    from companion.session import TableSession

    session = TableSession.new(journal, GameConfig.build("caravelas", ["Ann", "Bea"], board="demo"))
    rng = random.Random(11)
    while not any(isinstance(a, Step) for a in session.actions):
        choices = session.legal_actions()
        steps = [a for a in choices if isinstance(a, Step)]
        session.submit(steps[0] if steps else rng.choice(choices))
    played = [str(a.text()) for a in session.actions]
    resumed = TableSession.resume(journal, session.game_id)
    assert [str(a.text()) for a in resumed.actions] == played
    assert not [t for t in played if RAW_ID.search(t)] and any("sails to" in t for t in played)
