"""The chart's series are the engine's running scores after replaying the record."""
from __future__ import annotations

import random

import pytest

from companion.games import load_game
from companion.record import replay
from companion.story import EVENT_LABELS, journal_story
from tests.conformance.playout import registered_games
from tests.history.games import play_one


def test_each_point_is_the_engines_score_after_replay(filled):
    journal, played = filled
    for p in played:
        story = journal_story(journal, p.game_id)
        states = replay(load_game(p.config.game), p.config, p.actions)
        game = load_game(p.config.game)
        assert story.points[0].step == 0 and story.points[-1].step == len(p.actions)
        for point in story.points:
            assert point.totals == tuple(game.score_sheet(states[point.step]).totals), (p.config.game, point)
        assert [pt.turn for pt in story.points] == list(range(len(story.points)))
        assert story.points[-1].totals == p.totals
        assert story.sheet.winners == p.winners and story.sheet.final
        for event in story.events:
            assert event.kind in EVENT_LABELS and 0 <= event.turn <= story.turns
            assert story.points[event.turn].step >= event.step


@pytest.mark.parametrize("name", registered_games())
def test_the_game_being_played_has_a_story_too(journal, name):
    p = play_one(journal, name, random.Random(5), finish=False)
    story = journal_story(journal, p.game_id)
    assert story.points[-1].step == len(p.actions)
    assert story.points[-1].totals == p.totals


def test_golden_horn_marks_pirate_attacks_and_rounds(filled):
    journal, played = filled
    kinds = set()
    for p in played:
        if p.config.game == "golden_horn":
            kinds |= {e.kind for e in journal_story(journal, p.game_id).events}
    assert {"round", "final", "pirates"} <= kinds


def test_a_damaged_entry_is_said_not_cut_short(journal):
    from companion.record import RecordError

    p = play_one(journal, "coloretto", random.Random(8))
    journal._db.execute("UPDATE events SET payload = '{\"type\": \"draw\"}' WHERE game_id=? AND seq=3",
                        (p.game_id,))
    with pytest.raises(RecordError, match="entry 3"):
        journal_story(journal, p.game_id)
