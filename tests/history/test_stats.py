"""Statistics checked against a direct count over the games that were played."""
from __future__ import annotations

import time
from collections import defaultdict

import pytest

from companion import stats
from tests.conformance.playout import registered_games


def test_every_registered_game_is_in_the_journal(filled):
    journal, played = filled
    assert {journal.game(p.game_id).game for p in played} == set(registered_games())


def test_players_match_a_direct_count(filled):
    journal, played = filled
    count = defaultdict(lambda: {"plays": 0, "wins": 0, "scores": [], "margins": []})
    for p in played:
        for seat, player in enumerate(p.config.players):
            c = count[player.name]
            c["plays"] += 1
            c["wins"] += seat in p.winners
            c["scores"].append(p.totals[seat])
            c["margins"].append(p.totals[seat] - max(t for s, t in enumerate(p.totals) if s != seat))
    found = {s.name: s for s in stats.players(stats.plays_from_rows(journal.played()))}
    assert set(found) == set(count)
    for name, c in count.items():
        s = found[name]
        assert (s.plays, s.wins, s.best) == (c["plays"], c["wins"], max(c["scores"])), name
        assert s.average == pytest.approx(sum(c["scores"]) / c["plays"])
        assert s.average_margin == pytest.approx(sum(c["margins"]) / c["plays"])
        assert s.win_rate == pytest.approx(c["wins"] / c["plays"])


def test_one_player_per_game_and_head_to_head_match_a_direct_count(filled):
    journal, played = filled
    plays = stats.plays_from_rows(journal.played())
    first, second = stats.players(plays)[0].name, stats.players(plays)[1].name
    overall, by_game = stats.player(plays, first)
    assert overall.plays == sum(first in [x.name for x in p.config.players] for p in played)
    for game, figures in by_game.items():
        assert figures.plays == sum(p.config.game == game and first in [x.name for x in p.config.players]
                                    for p in played)
    together = ahead = behind = 0
    for p in played:
        names = [x.name for x in p.config.players]
        if first in names and second in names:
            together += 1
            a, b = p.totals[names.index(first)], p.totals[names.index(second)]
            ahead += a > b or (a == b and names.index(first) in p.winners
                               and names.index(second) not in p.winners)
            behind += b > a or (a == b and names.index(second) in p.winners
                                and names.index(first) not in p.winners)
    h2h = stats.head_to_head(plays, first, second)
    assert (h2h.together, h2h.first_ahead, h2h.second_ahead) == (together, ahead, behind)
    assert h2h.level == together - ahead - behind


def test_games_match_a_direct_count(filled):
    journal, played = filled
    found = {g.game: g for g in stats.games(stats.plays_from_rows(journal.played()))}
    for name in registered_games():
        mine = [p for p in played if p.config.game == name]
        assert found[name].plays == len(mine)
        assert found[name].average_winning_score == pytest.approx(
            sum(max(p.totals) for p in mine) / len(mine))
    # Golden Horn's summary names the start seat: its win rate is known
    golden = found["golden_horn"]
    assert golden.start_seat_plays == 3 and golden.start_seat_win_rate is not None


def test_filter_by_game_and_period(filled):
    journal, _played = filled
    plays = stats.plays_from_rows(journal.played())
    now = time.time()
    old = [p if i % 2 else stats.Play(p.id, p.game, p.names, p.totals, p.winners, p.started - 90 * 86400,
                                       p.finished - 90 * 86400) for i, p in enumerate(plays)]
    assert len(stats.select(old, period="month", now=now)) == len(plays) // 2
    assert len(stats.select(old, period="all", now=now)) == len(plays)
    assert {p.game for p in stats.select(plays, game="coloretto")} == {"coloretto"}


def test_rename_and_merge_people(tmp_path, filled):
    journal, _played = filled
    names = stats.PlayerNames.load(tmp_path)
    before = {s.name: s.plays for s in stats.players(stats.plays_from_rows(journal.played()))}
    names.rename("Ann", "Annie")
    names.rename("Annie", "Bea")          # Annie was Bea all along: merged
    again = stats.PlayerNames.load(tmp_path)
    after = {s.name: s.plays for s in stats.players(stats.plays_from_rows(journal.played(), again))}
    assert "Ann" not in after and "Annie" not in after
    assert after["Bea"] == before.get("Ann", 0) + before.get("Bea", 0)


def test_an_unreadable_names_file_is_reported_and_kept(tmp_path):
    (tmp_path / stats.PLAYERS_FILE).write_text("{not json")
    names = stats.PlayerNames.load(tmp_path)
    assert "cannot be read" in names.problem and names.person("Ann") == "Ann"
    assert (tmp_path / stats.PLAYERS_FILE).read_text() == "{not json"


def test_a_rename_while_the_names_file_is_unreadable_sets_it_aside_first(tmp_path):
    (tmp_path / stats.PLAYERS_FILE).write_text("{not json")
    names = stats.PlayerNames.load(tmp_path)
    names.rename("Ann", "Annie")
    assert names.set_aside is not None and names.set_aside.read_text() == "{not json"
    assert names.set_aside.name.startswith(stats.PLAYERS_FILE + ".damaged-")
    again = stats.PlayerNames.load(tmp_path)
    assert again.problem == "" and again.person("Ann") == "Annie"


def test_a_damaged_row_is_left_out_of_the_figures(tmp_path):
    from companion.journal import Journal
    from tests.history.games import fast, play_one
    import random

    with Journal(tmp_path / "j.sqlite3") as journal:
        fast(journal)
        a = play_one(journal, "counter", random.Random(1))
        play_one(journal, "counter", random.Random(2))
        journal._db.execute("UPDATE games SET result = replace(result, 'totals', 'totalz') WHERE id=?",
                            (a.game_id,))
        rows = journal.played()
        assert [r.damage != "" for r in rows] == [True, False]
        assert len(stats.plays_from_rows(rows)) == 1


@pytest.mark.parametrize("text, why", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"aliases": ' * 50_000 + "{}" + "}" * 50_000, "nested too deeply"),
    ('{"aliases": {"Ann": ["Bea"]}}', "'aliases' must map names to names"),
    ('{"aliases": [1, 2]}', "'aliases' must map names to names"),
    ("\xff\xfe not text", "cannot be read"),
])
def test_a_names_file_that_cannot_be_used_is_named_and_the_journal_names_are_shown(
        tmp_path, text, why):
    """players.json is checked at the door: nesting too deep, a wrong shape, bytes that
    are not text give a problem naming the file, never an exception; names stay as typed."""
    path = tmp_path / stats.PLAYERS_FILE
    path.write_bytes(text.encode("latin-1") if text.startswith("\xff") else text.encode())
    names = stats.PlayerNames.load(tmp_path)
    assert str(path) in names.problem and why in names.problem, names.problem
    assert names.aliases == {} and names.person("Ann") == "Ann"


def test_a_names_file_that_is_too_large_is_not_read_in_full(tmp_path):
    path = tmp_path / stats.PLAYERS_FILE
    with path.open("w") as out:
        out.write('{"aliases": {"Ann": "' + "x" * (stats.MAX_NAMES_BYTES + 10) + '"}}')
    names = stats.PlayerNames.load(tmp_path)
    assert str(path) in names.problem and "too large" in names.problem


@pytest.mark.timeout(20)
def test_a_names_file_that_is_a_fifo_or_a_device_is_refused_at_once(tmp_path):
    import os

    os.mkfifo(tmp_path / stats.PLAYERS_FILE)
    names = stats.PlayerNames.load(tmp_path)
    assert "not a regular file" in names.problem
    os.unlink(tmp_path / stats.PLAYERS_FILE)
    os.symlink("/dev/zero", tmp_path / stats.PLAYERS_FILE)
    names = stats.PlayerNames.load(tmp_path)
    assert "not a regular file" in names.problem


def _play(number: int, names: tuple[str, ...], winners: tuple[int, ...]) -> stats.Play:
    return stats.Play(id=number, game="coloretto", names=names, totals=tuple(10 for _ in names),
                      winners=winners, started=1_700_000_000.0 + number, finished=1_700_000_600.0 + number)


def test_most_wins_counts_wins_not_plays():
    """Ann and Bea play most; Cy and Dov win more: the leaders are by wins, and a tie with
    the last one shown is shown too (History's "Most wins")."""
    plays = [_play(i, ("Ann", "Bea"), (0,)) for i in range(2)] + [_play(9, ("Ann", "Bea"), ())] * 3
    plays += [_play(10 + i, ("Cy", "Eve"), (0,)) for i in range(4)] + [_play(20 + i, ("Dov", "Fay"), (0,)) for i in range(3)]
    plays += [_play(30, ("Fay", "Eve"), (0,)), _play(31, ("Bea", "Eve"), (0,)), _play(32, ("Fay", "Bea"), (1,))]
    assert [(s.name, s.wins) for s in stats.most_wins(plays)] == [("Cy", 4), ("Dov", 3), ("Ann", 2), ("Bea", 2)]
    assert [s.name for s in stats.most_wins(plays[:2])] == ["Ann", "Bea"]


def test_compare_with_lists_only_those_who_played_together():
    plays = [_play(1, ("Ann", "Bea", "Cy"), (0,)), _play(2, ("Ann", "Cy"), (1,)), _play(3, ("Dov", "Eve"), (0,))]
    assert stats.played_with(plays, "Ann") == ["Cy", "Bea"]
    assert stats.played_with(plays, "Dov") == ["Eve"]
    assert stats.played_with(plays, "Zed") == []
