"""The sample records (seeded 2-player playouts, without a board file and on the
demo board) replay to known final scores; ``companion replay`` prints them
(tests/core/test_cli_replay.py picks up every ``*-sample.json``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.caravelas import GAME
from companion.record import GameRecord, load_record, replay_record

from tests.caravelas.helpers import config
from tests.conformance.playout import play

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
SAMPLES = {
    "caravelas-sample.json": (config(2), 2045, 357, (25, 215), (1,)),
    "caravelas-demo-board-sample.json": (config(2, board="demo", **{"end.roundLimit": 10}), 9, 123,
                                         (19, 4), (0,)),
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sample_record_is_the_seeded_playout_and_replays_to_its_scores(name):
    cfg, seed, count, totals, winners = SAMPLES[name]
    run = play(GAME, cfg, seed)
    path = RECORDS / name
    assert path.read_text(encoding="utf-8") == GameRecord(run.config, tuple(run.actions)).to_json() + "\n"
    final = replay_record(load_record(path))[-1]
    assert GAME.is_over(final) and len(run.actions) == count
    sheet = GAME.score_sheet(final)
    assert sheet.final and sheet.totals == GAME.score_sheet(run.final).totals
    assert sheet.totals == totals and sheet.winners == winners
