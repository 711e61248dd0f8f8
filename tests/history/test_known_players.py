"""Known players for set-up: people from History with their usual colour, most recent first."""
from __future__ import annotations

from companion import stats
from companion.journal import PlayedRow


def row(gid: int, finished: float, players: list[tuple[str, str]], damage: str = "") -> PlayedRow:
    config = {"game": "coloretto", "players": [{"seat": s, "name": n, "colour": c}
                                               for s, (n, c) in enumerate(players)]}
    return PlayedRow(gid, "coloretto", config, finished - 600, finished, (1,) * len(players),
                     (0,), damage=damage)


def test_known_players_most_recent_first_with_their_usual_colour(tmp_path):
    rows = [row(1, 100.0, [("Ann", "red"), ("Bea", "blue")]),
            row(2, 200.0, [("Ann", "red"), ("Cy", "green"), ("Bea", "yellow")]),
            row(3, 300.0, [("Dan", "black"), ("Bea", "blue"), ("annie", "purple")]),
            row(4, 400.0, [("Zed", "white")], damage="its record was altered")]
    names = stats.PlayerNames({"annie": "Ann"})          # players.json: "annie" is Ann
    known = stats.known_players(rows, names)
    assert [k.name for k in known] == ["Dan", "Bea", "Ann", "Cy"]     # Zed's game is damaged
    assert {k.name: k.colour for k in known} == {"Dan": "black", "Bea": "blue", "Ann": "red", "Cy": "green"}
    assert stats.known_players(rows, names, leave_out=lambda n: n == "Dan")[0].name == "Bea"


def test_a_usual_colour_tie_goes_to_the_latest_and_odd_rows_are_skipped():
    rows = [row(1, 100.0, [("Ann", "red")]), row(2, 200.0, [("Ann", "blue")]),
            PlayedRow(3, "coloretto", {"players": "not a list"}, 0.0, 300.0, (), ()),
            PlayedRow(4, "coloretto", {"players": [{"name": 5}, "x", {"name": "  "}]}, 0.0, 400.0, (), ())]
    assert stats.known_players(rows) == [stats.KnownPlayer("Ann", "blue")]
