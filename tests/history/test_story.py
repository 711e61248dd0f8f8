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
    from companion.errors import RecordError

    p = play_one(journal, "coloretto", random.Random(8))
    journal._db.execute("UPDATE events SET payload = '{\"type\": \"draw\"}' WHERE game_id=? AND seq=3",
                        (p.game_id,))
    with pytest.raises(RecordError, match="entry 3"):
        journal_story(journal, p.game_id)


def test_the_chart_marks_a_signal_as_its_game_declares_it():
    """A game's own signal kind is charted by the LED pattern it declares: Caravelas's
    pirate toll is an alarm on the payer, its wreck is not a pirate attack."""
    from companion.caravelas.signals import PiratesPaid, PiratesWarded, Wrecked
    from companion.games import load_manifest
    from companion.signals import PirateAttack, RoundEnded, SeatScored
    from companion.story import _event

    caravelas, golden_horn = load_manifest("caravelas"), load_manifest("golden_horn")

    def mark(manifest, signal):
        return _event(manifest.signal_spec(signal), signal, 3, 9)

    assert mark(golden_horn, PirateAttack(attacker=0, victim=1)).seats == (0, 1)
    assert (mark(caravelas, PiratesPaid.by(2)).kind, mark(caravelas, PiratesPaid.by(2)).seats) == ("pirates", (2,))
    assert mark(caravelas, Wrecked(1, 3, 2)) is None and mark(caravelas, PiratesWarded(1)) is None
    assert mark(golden_horn, RoundEnded(1)).kind == "round"
    assert mark(golden_horn, SeatScored(2, 5)).points == 5 and mark(golden_horn, SeatScored(2, 0)) is None
