"""The sample record (a seeded 3-player playout) replays to the expected final scores."""
from __future__ import annotations

from pathlib import Path

from companion.coloretto import GAME
from companion.record import GameRecord, load_record, replay_record

from tests.coloretto.helpers import config
from tests.conformance.playout import play

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "records" / "coloretto-sample.json"


def test_sample_record_replays_to_known_scores():
    record = load_record(SAMPLE)
    states = replay_record(record)
    final = states[-1]
    assert GAME.is_over(final) and len(record.actions) == 186 and final.round == 10
    sheet = GAME.score_sheet(final)
    assert sheet.final and sheet.totals == (29, 9, 43) and sheet.winners == (2,)
    cat = {str(line.label): (line.points, str(line.detail)) for line in sheet.lines_for(2)}
    assert cat["brown: 6 cards"] == (21, "5 cards + 1 joker; one of the 3 scoring colours")
    assert cat["1 joker"] == (0, "joker colours: brown")
    assert cat["3 +2 cards"][0] == 6


def test_sample_record_is_the_seeded_playout():
    run = play(GAME, config(3), 2024)
    assert SAMPLE.read_text(encoding="utf-8") == GameRecord(run.config, tuple(run.actions)).to_json() + "\n"
