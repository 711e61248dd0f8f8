"""Signals, END TURN, the live score sheet and the table summary."""
from __future__ import annotations

from dataclasses import replace

from companion.coloretto import GAME
from companion.coloretto.actions import Draw, Place, Reveal, StartPlayer, Take
from companion.coloretto.data import LAST_ROUND
from companion.signals import FinalRound, GameEnded, RoundEnded, SeatScored, TurnStarted

from tests.coloretto.helpers import A, B, C, E, config, set_up, with_rows


def test_turn_started_when_seat_changes_only():
    before = GAME.setup(config(4))
    while before.phase != "start_player":
        before = GAME.apply(before, GAME.legal_actions(before)[0])
    after = GAME.apply(before, StartPlayer(2))
    assert GAME.signals(before, StartPlayer(2), after) == (TurnStarted(2),)
    drawn = GAME.apply(after, Draw(2))
    assert GAME.signals(after, Draw(2), drawn) == ()
    revealed = GAME.apply(drawn, Reveal(A))
    assert GAME.signals(drawn, Reveal(A), revealed) == ()
    placed = GAME.apply(revealed, Place(2, 0))
    assert GAME.signals(revealed, Place(2, 0), placed) == (TurnStarted(3),)


def test_take_scores_round_end_and_next_starter():
    state = with_rows(set_up(3), ["A A A", "", ""], out={1: 1, 2: 2}, current=0)
    before_score = GAME.score_sheet(state).totals[0]
    after = GAME.apply(state, Take(0, 0))
    signals = GAME.signals(state, Take(0, 0), after)
    gained = GAME.score_sheet(after).totals[0] - before_score
    assert signals == (SeatScored(0, gained), RoundEnded(0), TurnStarted(0))
    assert gained > 0


def test_final_round_and_game_end_signals():
    state = replace(set_up(3), draws=49)
    state = GAME.apply(state, Draw(0))
    after = GAME.apply(state, Reveal(LAST_ROUND))
    assert GAME.signals(state, Reveal(LAST_ROUND), after) == (
        FinalRound("the last-round card was drawn: this round is the last"),)
    last = with_rows(replace(after, phase="turn"), ["B", "", ""], out={1: 1, 2: 2}, current=0)
    over = GAME.apply(last, Take(0, 0))
    signals = GAME.signals(last, Take(0, 0), over)
    assert signals[-2:] == (RoundEnded(None), GameEnded(GAME.score_sheet(over).winners))
    assert GAME.score_sheet(over).final and not GAME.score_sheet(last).final


def test_end_turn_button():
    assert GAME.end_turn_action(set_up(4)) is None                          # draw or nothing
    forced = with_rows(set_up(3), ["", "", "A B C"], out={0: 0, 1: 1}, current=2)
    assert GAME.end_turn_action(forced) == Take(2, 2)
    choice = with_rows(set_up(3), ["", "", "A"], out={0: 0, 1: 1}, current=2)
    assert GAME.end_turn_action(choice) is None
    one_row = GAME.apply(GAME.apply(choice, Draw(2)), Reveal(B))
    assert GAME.end_turn_action(one_row) == Place(2, 2)
    assert GAME.end_turn_action(GAME.apply(choice, Draw(2))) is None       # table's move


def test_live_score_sheet_and_summary():
    state = with_rows(set_up(4), ["J +2 A", "B", "", ""], current=0)
    state = GAME.apply(state, Take(0, 0))
    sheet = GAME.score_sheet(state)
    assert not sheet.final and len(sheet.totals) == 4
    labels = [str(line.label) for line in sheet.lines_for(0)]
    assert "1 +2 card" in labels and "1 joker" in labels
    summary = GAME.summary(state)
    ann = summary["players"][0]
    assert ann["out"] and ann["took_row"] == 0 and ann["jokers"] == 1 and ann["plus2"] == 1
    assert ann["score"] == sheet.totals[0] and ann["joker_colours"]
    assert summary["current"] == 1 and summary["to_act"] == [1]
    assert summary["take_targets"] == [1]
    assert summary["rows"][0]["taken_by"] == 0 and summary["rows"][1]["cards"] == [B]
    assert summary["draws_until_last_round"] == 57 and not summary["final_round"]
    assert summary["pile"]["size"] == state.pile_size
    placing = GAME.apply(GAME.apply(state, Draw(1)), Reveal(C))
    assert GAME.summary(placing)["place_targets"] == [1, 2, 3]
    assert GAME.summary(placing)["drawn_card"] == C


def test_grey_side_live_score_uses_grey_table():
    state = with_rows(set_up(3, side="grey"), ["D D D", "", ""], current=0)
    state = replace(state, collections=tuple(
        replace(c, counts=(0,) * 7) if s == 0 else c for s, c in enumerate(state.collections)))
    state = GAME.apply(state, Take(0, 0))
    assert GAME.score_sheet(state).totals[0] == 8       # 3 cards = 8 on the grey side
    assert E not in GAME.summary(state)["players"][0]["colours"]
