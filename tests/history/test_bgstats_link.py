"""BG Stats' "create play" link: what it carries decodes back to the play, with every
boolean there and the BoardGameGeek id a number (BG Stats' Android app fails otherwise)."""
from __future__ import annotations

import json

import pytest

from companion.bgstats_link import (BGG_IDS, LINK, MAX_FULL_LINK, data_of_link, link_for,
                                    play_data, play_link)
from companion.stats import Play

STARTED = 1_767_225_600.0   # 2026-01-01 00:00:00 UTC


def a_play(names=("Ann", "Bea", "Cleo"), totals=(31, 40, 40), winners=(1, 2), game="coloretto",
           start_seat=0) -> Play:
    return Play(7, game, tuple(names), tuple(totals), tuple(winners), STARTED, STARTED + 47 * 60 + 20,
                start_seat)


def test_the_link_decodes_back_to_the_play():
    play = a_play()
    link = play_link(play)
    assert link.startswith(LINK + "?data=")
    data = data_of_link(link)
    assert data == play_data(play)
    assert data["sourceName"] == "Table Companion"
    assert data["playDate"] == "2026-01-01 00:00:00"        # UTC
    assert data["durationMin"] == 47
    assert data["location"] == "Table Companion"
    assert data["game"] == {"name": "Coloretto", "bggId": 5782, "highestWins": True, "noPoints": False,
                            "sourceGameId": "coloretto"}
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Ann", 31, 3, False, True), ("Bea", 40, 1, True, False), ("Cleo", 40, 1, True, False)]
    assert all(p["role"] == "" and p["sourcePlayerId"] for p in data["players"])


@pytest.mark.parametrize("game", ["golden_horn", "caravelas", "coloretto", "alles_auf_1_karte"])
def test_every_boolean_is_there_and_the_bgg_id_is_a_number(game):
    play = a_play(game=game, start_seat=None)      # the start player unknown: still false, never left out
    for full in (True, False):
        data = play_data(play, full=full)
        text = json.dumps(data)
        assert json.loads(text) == data
        assert type(data["game"]["bggId"]) is int
        assert data["game"]["bggId"] == BGG_IDS.get(game, 0)
        assert data["game"]["highestWins"] is True and data["game"]["noPoints"] is False
        for player in data["players"]:
            assert player["winner"] in (True, False) and player["startPlayer"] is False
            assert type(player["score"]) is int and type(player["rank"]) is int


def test_a_long_play_leaves_out_what_is_optional():
    names = ("Αλεξάνδρα Παπαδοπούλου", "Małgorzata Wiśniewska", "Giovanni Battista", "Konstantinos K.", "Zoë")
    play = a_play(names=names, totals=(12, 30, 30, 7, 19), winners=(1, 2))
    full = link_for(play_data(play))
    assert len(full) > MAX_FULL_LINK
    link = play_link(play)
    assert len(link) < len(full)
    data = data_of_link(link)
    assert data == play_data(play, full=False)
    assert "location" not in data and "sourceGameId" not in data["game"]
    assert [p["name"] for p in data["players"]] == list(names)
    assert all(set(p) == {"name", "score", "rank", "winner", "startPlayer"} for p in data["players"])


def test_names_with_reserved_characters_survive_the_link():
    play = a_play(names=('A&B "Jr" +1', "50% #2", "x=y?z/ü"))
    assert data_of_link(play_link(play)) == play_data(play)


def test_a_link_that_is_not_bg_stats_is_refused():
    with pytest.raises(ValueError):
        data_of_link("https://example.org/createPlay.html?data=%7B%7D")
    with pytest.raises(ValueError):
        data_of_link(LINK + "?nothing=1")
