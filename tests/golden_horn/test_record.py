"""The recorded sample game replays to its known final scores."""
from __future__ import annotations

from pathlib import Path

from companion.engine import GameConfig
from companion.golden_horn import GAME
from companion.record import GameRecord, load_record, replay, replay_record
from tests.conformance.playout import play

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "records" / "golden_horn-sample.json"


def test_sample_record_replays_to_its_final_scores():
    record = load_record(SAMPLE)
    states = replay_record(record)
    final = states[-1]
    assert GAME.is_over(final)
    sheet = GAME.score_sheet(final)
    assert sheet.final and sheet.totals == (7, 29, 8) and sheet.winners == (1,)
    assert final.end is not None and final.end.reason == "declared" and final.round == 25
    assert len(record.actions) == 104


def test_sample_record_is_the_seeded_playout():
    """The file is the uniform playout ``play(GAME, config, 2024)`` (regenerate it with that)."""
    config = GameConfig.build("golden_horn", ["Ann", "Bea", "Cy"])
    actions = play(GAME, config, 2024).actions
    assert GameRecord(config, tuple(actions)).to_json() + "\n" == SAMPLE.read_text(encoding="utf-8")


def test_undo_is_replaying_one_action_less():
    record = load_record(SAMPLE)
    states = replay(GAME, record.config, record.actions)
    for cut in (1, 10, 50, len(record.actions)):
        assert replay(GAME, record.config, record.actions[:cut - 1])[-1] == states[cut - 1]
