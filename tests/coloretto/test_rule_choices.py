"""Coloretto's remaining rule choices as setup options: the golden joker edition
(AMB-C13), a scoring side per player (AMB-C9) and several games added together
(digest §5).  Each default is the digest's reading, unchanged."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.coloretto import GAME
from companion.coloretto.actions import ChooseScoring, Draw, Place, Reveal, Take
from companion.coloretto.data import GOLDEN_JOKER, JOKER, LAST_ROUND
from companion.match import format_so_far, match_of, next_game_config, parse_so_far
from companion.coloretto.state import DRAW, OVER, TURN, Collection
from companion.engine import TABLE
from companion.errors import ConfigError, IllegalAction
from companion.record import GameRecord, record_from_dict, replay_record
from companion.signals import TableNotice
from tests.coloretto.helpers import A, B, C, D, config, set_up, total_cards, with_rows
from tests.conformance.playout import play

ANTIGONE = Collection(counts=(6, 4, 3, 2, 0, 0, 0), jokers=1, plus2=1)   # digest §6.4, S1


# -- golden joker edition (AMB-C13) ----------------------------------------------------------

def test_the_rulebook_has_three_plain_jokers_and_no_golden_one():
    state = set_up(4)
    assert state.left(JOKER) == 3 and state.left(GOLDEN_JOKER) == 0
    with pytest.raises(IllegalAction, match="every copy is already out of the pile"):
        GAME.apply(GAME.apply(state, Draw(0)), Reveal(GOLDEN_JOKER))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_golden_edition_two_jokers_and_a_golden_one_the_counts_unchanged(players):
    plain, golden = set_up(players), set_up(players, jokers="golden")
    assert (golden.left(JOKER), golden.left(GOLDEN_JOKER)) == (2, 1)
    assert golden.pile_size == plain.pile_size
    assert golden.last_round_draw == plain.last_round_draw   # digest §3.2 draw numbers hold
    assert Reveal(GOLDEN_JOKER) in GAME.legal_actions(GAME.apply(golden, Draw(0)))


def test_taking_the_golden_joker_brings_the_top_card_then_the_turn_passes():
    state = with_rows(set_up(4, jokers="golden"), ["A golden_joker", "", "", ""])
    taken = GAME.apply(state, Take(0, 0))
    assert taken.phase == DRAW and taken.bonus_for == 0 and GAME.to_act(taken) == (TABLE,)
    notices = [s for s in GAME.signals(state, Take(0, 0), taken) if isinstance(s, TableNotice)]
    assert notices and "golden joker" in str(notices[0].message)
    with pytest.raises(IllegalAction, match="golden joker"):
        GAME.apply(taken, Draw(1))
    after = GAME.apply(taken, Reveal(B))
    hand, before = after.collections[0], state.collections[0]
    assert (hand.count(A), hand.count(B), hand.jokers) == (before.count(A) + 1, before.count(B) + 1, 1)
    assert after.phase == TURN and after.current == 1 and after.bonus_for is None
    assert after.draws == taken.draws + 1 and total_cards(after) == total_cards(state)


def test_the_golden_jokers_top_card_comes_before_the_round_ends():
    state = with_rows(set_up(3, jokers="golden"), ["golden_joker", "B", "C"], out={1: 1, 2: 2})
    taken = GAME.apply(state, Take(0, 0))
    assert taken.phase == DRAW and taken.round == state.round
    after = GAME.apply(taken, Reveal("plus2"))
    assert after.collections[0].plus2 == 1
    assert after.round == state.round + 1 and after.current == 0   # the last taker starts


def test_the_last_round_card_as_the_golden_jokers_top_card_goes_aside_and_the_next_one_counts():
    state = with_rows(set_up(4, jokers="golden"), ["golden_joker", "", "", ""])
    state = replace(state, draws=state.last_round_draw - 1)
    taken = GAME.apply(state, Take(0, 0))
    aside = GAME.apply(taken, Reveal(LAST_ROUND))
    assert aside.last_round and aside.phase == DRAW and aside.bonus_for == 0
    after = GAME.apply(aside, Reveal(C))
    assert after.collections[0].count(C) == 1 and after.phase == TURN


def test_a_golden_joker_scores_like_any_joker_antigone_41():
    golden_hand = replace(ANTIGONE, jokers=0).add(GOLDEN_JOKER)
    assert golden_hand == ANTIGONE
    state = replace(set_up(4, jokers="golden"), collections=(golden_hand,) + (Collection(),) * 3)
    assert GAME.summary(state)["players"][0]["score"] == 41


def test_golden_edition_games_play_to_the_end_and_replay():
    for seed in range(6):
        run = play(GAME, config(4, jokers="golden"), seed)
        assert GAME.is_over(run.final)
        record = record_from_dict(json.loads(GameRecord(run.config, run.actions).to_json()))
        assert replay_record(record)[-1] == run.final


# -- a scoring side per player (AMB-C9) ----------------------------------------------------------

def antigone_table(**options) -> object:
    state = set_up(3, **options)
    return replace(state, collections=(ANTIGONE, ANTIGONE, Collection()))


def test_each_player_may_score_with_their_own_side_antigone_41_and_20():
    state = antigone_table(scoring_sides="each_player")
    grey = GAME.apply(state, ChooseScoring(1, side="grey"))
    players = GAME.summary(grey)["players"]
    assert [p["score"] for p in players[:2]] == [41, 20]          # digest S1 brown / grey
    assert [p["side"] for p in players[:2]] == ["brown", "grey"]
    assert players[1]["points_given_away"] == 0                    # the best on her own side
    labels = [str(line.label) for line in GAME.score_sheet(grey).lines if line.seat == 1]
    assert labels[0] == "Scored with the grey side"
    back = GAME.apply(grey, ChooseScoring(1, side="brown"))
    assert back.sides == () and GAME.summary(back)["players"][1]["score"] == 41


def test_a_players_own_side_and_own_colours_together():
    state = antigone_table(scoring_sides="each_player", side="grey")
    brown = GAME.apply(state, ChooseScoring(0, (B,), (A, B, C), side="brown"))
    assert GAME.summary(brown)["players"][0]["score"] == 41
    own = GAME.apply(brown, ChooseScoring(0, (B,), (A, B, D)))     # keeps her side
    player = GAME.summary(own)["players"][0]
    assert player["side"] == "brown" and player["score"] == 21 + 15 + 3 - 6 + 2
    assert player["points_given_away"] == 41 - player["score"]


def test_with_one_side_for_everyone_a_side_of_ones_own_is_refused_naming_the_option():
    state = antigone_table()
    with pytest.raises(IllegalAction, match="Scoring side for each player"):
        GAME.apply(state, ChooseScoring(1, side="grey"))
    assert GAME.apply(state, ChooseScoring(1, side="brown")).sides == ()   # the table's own side


def test_a_side_choice_round_trips_and_old_choices_still_read():
    choice = ChooseScoring(2, side="grey")
    assert GAME.parse_action(json.loads(json.dumps(choice.to_dict()))) == choice
    assert GAME.parse_action({"type": "choose_scoring", "seat": 2, "jokers": [], "positive": []}).side == ""
    with pytest.raises(ValueError, match="not a scoring side"):
        ChooseScoring(0, side="gold")


# -- several games added together (digest §5) ------------------------------------------------

def test_a_single_game_has_no_match():
    assert GAME.summary(set_up(3))["match"] is None


def test_match_totals_parse_and_refuse_with_the_option_named():
    assert parse_so_far("41,30,-3;35,28,40", 3, 3) == ((41, 30, -3), (35, 28, 40))
    assert format_so_far(((41, 30, -3), (35, 28, 40))) == "41,30,-3;35,28,40"
    for text, problem in (("41,30", "2 totals for 3 players"), ("41,x,2", "not a list of whole"),
                          ("1,2,3;4,5,6", "2 earlier games, but the match has only 2")):
        with pytest.raises(ConfigError, match=problem):
            parse_so_far(text, 3, 2)
    with pytest.raises(ConfigError, match="match_so_far"):
        GAME.setup(config(3, match_games=2, match_so_far="1,2"))


def test_a_match_of_three_games_adds_the_scores_and_keeps_each_game_on_its_own():
    first = play(GAME, config(3, match_games=3), 1)
    totals = GAME.score_sheet(first.final).totals
    match = match_of(3, "", totals)
    assert GAME.summary(first.final)["match"] == {
        "games": 3, "number": 1, "earlier": [], "running": list(totals), "is_last": False}
    assert match.running == totals
    second_config = next_game_config(first.config, totals)
    assert second_config.players == first.config.players
    assert second_config.option("match_so_far") == ",".join(map(str, totals))
    second = play(GAME, second_config, 2)
    totals2 = GAME.score_sheet(second.final).totals
    view = GAME.summary(second.final)["match"]
    assert view["number"] == 2 and view["earlier"] == [list(totals)]
    assert view["running"] == [a + b for a, b in zip(totals, totals2)]
    record = record_from_dict(json.loads(GameRecord(second.config, second.actions).to_json()))
    assert record.config == second_config                   # the match link is in the record
    assert GAME.summary(replay_record(record)[-1])["match"] == view     # replay equals play
    third_config = next_game_config(second_config, totals2)
    third = GAME.setup(third_config)
    assert match_of(3, third.rules.match_so_far, (0, 0, 0)).is_last
    with pytest.raises(ConfigError, match="last of its match"):
        next_game_config(third_config, (0, 0, 0))


def test_a_live_match_shows_the_running_total_before_the_game_ends():
    state = GAME.setup(config(2, match_games=2, match_so_far="10,-4"))
    assert state.phase != OVER
    assert GAME.summary(state)["match"]["running"] == [10, -4]


def test_the_history_reads_the_match_from_the_config_and_never_fails_on_a_damaged_one():
    from companion.journal import PlayedRow
    from companion.stats import plays_from_rows

    def row(options):
        config = {"game": "coloretto", "players": [{"name": "Ann"}, {"name": "Bea"}], "options": options}
        return PlayedRow(1, "coloretto", config, 0.0, 60.0, (30, 20), (0,))

    good, single, damaged, wrong_type = plays_from_rows([
        row({"match_games": 3, "match_so_far": "10,25"}), row({}),
        row({"match_games": 2, "match_so_far": "10,x"}), row({"match_games": "3", "match_so_far": 5})])
    assert (good.match.number, good.match.games, good.match.running) == (2, 3, (40, 45))
    assert single.match is None and damaged.match is None and wrong_type.match is None
    assert damaged.totals == (30, 20)                  # the game itself is still counted


def test_a_match_closed_between_two_games_goes_on_from_the_journal(tmp_path):
    """The app closed after game 1 of 3 ended (no game 2 yet): the journal offers game 2
    with the same seats and the totals so far; once game 2 is started it is the game to
    resume, and after the last game, or a different game started since, nothing is offered."""
    import random

    from companion.journal import Journal
    from companion.match import match_to_continue
    from companion.session import TableSession

    def finish(session, seed):
        rng = random.Random(seed)
        while not session.is_over:
            state = session.state
            session.submit(GAME.sample_chance(state, rng) if session.to_act == (TABLE,)
                           else rng.choice(list(GAME.legal_actions(state))))
        return list(session.score_sheet().totals)

    with Journal(tmp_path / "journal.sqlite3") as journal:
        assert match_to_continue(journal) is None
        first = TableSession.new(journal, config(3, match_games=3))
        totals = finish(first, 1)
    with Journal(tmp_path / "journal.sqlite3") as journal:   # a restart between two games
        found = match_to_continue(journal)
        assert found is not None
        second_config, match = found
        assert second_config.players == first.config.players
        assert second_config.option("match_so_far") == ",".join(map(str, totals))
        assert (match.number, match.games, match.running) == (1, 3, tuple(totals))
        second = TableSession.new(journal, second_config)
        assert match_to_continue(journal) is None          # game 2 is resumed instead
        totals2 = finish(second, 2)
        third_config, match = match_to_continue(journal)
        assert match.running == tuple(a + b for a, b in zip(totals, totals2))
        finish(TableSession.new(journal, third_config), 3)
        assert match_to_continue(journal) is None          # the match is over
        TableSession.new(journal, config(3, match_games=2))
        journal.abandon_game(journal.unfinished().id)
        assert match_to_continue(journal) is None          # a newer game was started since
