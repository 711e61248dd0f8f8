from companion.venue.standings import FinishedGame, game_points, places, standings


def test_places_and_points_share_the_better_place():
    assert places([10, 7, 7, 3]) == [1, 2, 2, 4]
    assert game_points([10, 7, 7, 3]) == [4, 3, 3, 1]
    assert game_points([5, 5]) == [2, 2]


def test_standings_across_tables_count_people_and_explain_ties():
    games = [FinishedGame("t1", 1, "Coloretto", ("Ann", "Bo", "Cy"), (30, 20, 10)),
             FinishedGame("t2", 1, "Counter", ("Dee", " Ann ", "Ed"), (1, 9, 5)),
             FinishedGame("t2", 2, "Counter", ("Dee", "Bo"), (4, 2))]
    table = standings(games)
    assert [s.name for s in table] == ["Ann", "Dee", "Bo", "Ed", "Cy"] and [s.place for s in table] == [1, 2, 3, 4, 5]
    ann, = [s for s in table if s.name == "Ann"]
    assert (ann.place, ann.points, ann.wins, ann.games, ann.tables) == (1, 6, 2, 2, ("t1", "t2"))
    dee, = [s for s in table if s.name == "Dee"]
    bo, = [s for s in table if s.name == "Bo"]
    # Dee: 1 + 2 = 3 points, one win; Bo: 2 + 1 = 3 points, no win: Dee ahead on wins
    assert (dee.points, bo.points) == (3, 3) and dee.place < bo.place and dee.tie is None
    cy, = [s for s in table if s.name == "Cy"]
    ed, = [s for s in table if s.name == "Ed"]
    assert (ed.points, cy.points) == (2, 1) and ed.place < cy.place


def test_a_tie_that_stands_is_a_shared_place_with_its_reason():
    table = standings([FinishedGame("t1", 1, "Counter", ("Ann", "Bo"), (5, 1)),
                       FinishedGame("t2", 1, "Counter", ("Cy", "Dee"), (5, 1))])
    assert [(s.place, s.name) for s in table] == [(1, "Ann"), (1, "Cy"), (3, "Bo"), (3, "Dee")]
    assert str(table[0].tie) == "level with Cy on points, wins and games"
