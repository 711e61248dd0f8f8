"""The sample finished game in tests/data/records: it replays to the expected scores.

Regenerate it (only when the rules or the action format change) with
``python -m tests.alles_auf_1_karte.test_record``.
"""
from __future__ import annotations

import random
from pathlib import Path

from companion.engine import GameConfig
from companion.record import GameRecord, load_record, replay, replay_record
from companion.alles_auf_1_karte import GAME
from tests.alles_auf_1_karte.helpers import quick_step

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "records" / "alles_auf_1_karte-sample.json"
SEED = 2021
# Anna, Nikos, Eleni: Eleni ends the game in round 20 with her 4th scored card
EXPECTED_TOTALS = (40, 48, 59)
EXPECTED_WINNERS = (2,)
EXPECTED_SCORED = [3, 3, 4]
EXPECTED_ROUNDS = 20


def make_sample_record() -> GameRecord:
    """A seeded 3-player basic game, with the card layouts pinned in the config."""
    cfg = GameConfig.build("alles_auf_1_karte", ["Anna", "Nikos", "Eleni"],
                           ["red", "blue", "green"], cards=GAME.cards_option())
    rng = random.Random(SEED)
    state, actions = GAME.setup(cfg), []
    while not GAME.is_over(state):
        action = quick_step(state, rng)
        actions.append(action)
        state = GAME.apply(state, action)
    return GameRecord(cfg, tuple(actions))


def test_sample_record_replays_to_the_expected_final_scores():
    record = load_record(SAMPLE)
    states = replay_record(record)
    final = states[-1]
    assert GAME.is_over(final)
    sheet = GAME.score_sheet(final)
    assert sheet.final
    assert sheet.totals == EXPECTED_TOTALS
    assert sheet.winners == EXPECTED_WINNERS
    assert [len(s.scored) for s in final.seats] == EXPECTED_SCORED
    assert final.round == EXPECTED_ROUNDS


def test_sample_record_is_what_the_seeded_playout_gives():
    assert load_record(SAMPLE) == make_sample_record()


def test_sample_record_undo_is_replay_without_the_last_action():
    record = load_record(SAMPLE)
    states = replay(GAME, record.config, record.actions)
    assert replay(GAME, record.config, record.actions[:-1])[-1] == states[-2]


if __name__ == "__main__":
    record = make_sample_record()
    SAMPLE.parent.mkdir(parents=True, exist_ok=True)
    SAMPLE.write_text(record.to_json() + "\n", encoding="utf-8")
    final = replay(GAME, record.config, record.actions)[-1]
    sheet = GAME.score_sheet(final)
    print(f"{len(record.actions)} actions; totals {sheet.totals}, winners {sheet.winners}, "
          f"scored {[len(s.scored) for s in final.seats]}, rounds {final.round}")
