"""The hub: its store counts each (table, game, sequence) once, the standings come from the
finished games of every table, the wall page serves them live; with two tables playing through
a real Mosquitto."""
from __future__ import annotations

import json
import threading
import time
import urllib.request

from companion.engine import GameConfig
from companion.journal import Journal
from companion.session import TableSession
from companion.venue.messages import session_state
from tests.fake_game import Add, Roll
from tests.venue.test_link import credentials_for, settings_for
from venue.hub.listener import HubListener
from venue.hub.page import language_of, render
from venue.hub.server import WallServer
from venue.hub.store import HubStore
from venue.publisher import CONNECTED, VenueLink

#: a game to 10 won by the first seat 6 to 3
WIN_FOR_FIRST = (Add(0, 3), Roll(0), Add(1, 3), Roll(0), Add(0, 3), Roll(1))


def started(table, game, names):
    return {"v": 1, "table": table, "game": game, "seq": -1, "kind": "started", "title": "Counter",
            "seats": [{"seat": i, "name": n, "colour": ""} for i, n in enumerate(names)], "at": 1.0}


def ended(table, game, seq, totals):
    return {"v": 1, "table": table, "game": game, "seq": seq, "kind": "do", "action": {"type": "roll"}, "at": 2.0,
            "result": {"scores": {"final": True, "totals": totals, "winners": [0]}}}


def test_the_store_counts_each_event_once_and_an_undone_end_reopens_the_game(tmp_path):
    store = HubStore(tmp_path / "hub.sqlite3")
    assert store.add_event("t1", started("t1", 1, ["Ann", "Bo"]))
    assert store.add_event("t1", ended("t1", 1, 0, [5, 2]))
    assert not store.add_event("t1", ended("t1", 1, 0, [5, 2]))     # sent again after a lost mark
    assert store.event_count() == 2 and store.duplicates == 1
    assert [(s.name, s.points) for s in store.standings()] == [("Ann", 2), ("Bo", 1)]
    assert store.add_event("t1", {"v": 1, "table": "t1", "game": 1, "seq": 1, "kind": "undo", "at": 3.0})
    assert store.standings() == []
    store.close()
    again = HubStore(tmp_path / "hub.sqlite3")       # the store outlives the hub
    assert again.event_count() == 3
    again.close()


def test_a_number_played_again_after_the_table_set_its_row_aside_replaces_it(tmp_path):
    store = HubStore(tmp_path / "hub.sqlite3")
    assert store.add_event("t1", started("t1", 1, ["Ann", "Bo"]))
    assert store.add_event("t1", ended("t1", 1, 0, [5, 2]))
    assert store.add_event("t1", {"v": 1, "table": "t1", "game": 1, "seq": 1, "kind": "undo", "at": 3.0})
    # the table's journal lost rows 0 and 1 (set aside as damaged); the game went on from 0
    again = {**ended("t1", 1, 0, [2, 5]), "at": 4.0, "result": {"scores": {"final": True, "totals": [2, 5],
                                                                           "winners": [1]}}}
    assert store.add_event("t1", again)
    assert store.replaced == 1 and store.duplicates == 0 and store.event_count() == 2
    assert [(s.name, s.points) for s in store.standings()] == [("Bo", 2), ("Ann", 1)]
    assert not store.add_event("t1", {**again, "history": True})      # the same row from the backlog
    assert store.duplicates == 1
    store.close()


def test_the_page_speaks_the_readers_language():
    assert language_of(None, "el-GR,el;q=0.9,en;q=0.5") == "el"
    assert language_of("pl", "el") == "pl" and language_of("xx", None) == "en"
    assert "Βαθμολογία" in render("el", "club") or "Κατάταξη" in render("el", "club")


def play(path, settings, credentials, actions, names):
    with Journal(path) as journal:
        session = TableSession.new(journal, GameConfig.build("counter", names, target=10))
        with VenueLink(path, settings, credentials) as link:
            assert link.wait_until(lambda s: s.state == CONNECTED, 20)
            for action in actions:
                session.submit(action)
                link.wake()
            assert link.wait_sent(20), link.status


def test_two_tables_play_and_the_hub_shows_them_live_with_the_standings(broker, tmp_path):
    store = HubStore(tmp_path / "hub.sqlite3")
    hub = HubListener(store, "club", "127.0.0.1", broker.port, "hub", broker.passwords["hub"], str(broker.files.ca))
    hub.start()
    assert hub.connected.wait(20)
    server = WallServer(("127.0.0.1", 0), store, "club")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    stream = urllib.request.urlopen(f"{base}/events?lang=en", timeout=20)
    first = stream.readline().decode()
    assert first.startswith("data: ") and json.loads(first[6:])["tables"] == []
    for table, names in (("t1", ["Ann", "Bo"]), ("t2", ["Cy", "Ann"])):
        (tmp_path / table).mkdir()
        play(tmp_path / table / "journal.sqlite3", settings_for(broker, table),
             credentials_for(broker, tmp_path / table, table), WIN_FOR_FIRST, names)
    end = time.monotonic() + 20
    while len(store.standings()) < 3 and time.monotonic() < end:
        with store.changed:
            store.changed.wait(0.5)
    standings = [(s.place, s.name, s.points, s.wins, s.games) for s in store.standings()]
    assert len(store.standings()) == 3, (store.events_of("t1"), store.events_of("t2"), store.tables())
    assert standings == [(1, "Ann", 3, 1, 2), (2, "Cy", 2, 1, 1), (3, "Bo", 1, 0, 1)]
    assert store.events_of("t1") == [(1, seq) for seq in range(-1, 6)]
    live = None
    def settled(snap):     # both links closed cleanly: both tables said offline
        return len(snap["standings"]) == 3 and len(snap["tables"]) == 2 and \
            all(t["status"] == "offline" for t in snap["tables"])

    while live is None or not settled(live):     # the stream sends every change
        line = stream.readline().decode()
        if line.startswith("data: "):
            live = json.loads(line[6:])
    assert {t["table"] for t in live["tables"]} == {"t1", "t2"} and live["tables"][0]["since"] > 0
    assert "first gets N points" in live["rule"]
    snap = json.loads(urllib.request.urlopen(f"{base}/snapshot.json?lang=it", timeout=10).read())
    assert snap["standings"][0]["name"] == "Ann"
    page = urllib.request.urlopen(f"{base}/?lang=pl", timeout=10).read().decode()
    assert 'lang="pl"' in page and "EventSource" in page
    stream.close()
    server.stop()
    hub.close()
    store.close()


def test_a_tournament_round_set_on_the_hub_reaches_each_table(broker, tmp_path):
    from companion.venue.messages import round_message

    store = HubStore(tmp_path / "hub.sqlite3")
    hub = HubListener(store, "club", "127.0.0.1", broker.port, "hub", broker.passwords["hub"], str(broker.files.ca))
    hub.start()
    assert hub.connected.wait(20)
    hub.assign_round(1, {"t1": ["Ann", "Bo", "Cy"]})
    (tmp_path / "hub.password").write_text(broker.passwords["hub"])
    from venue.hub.rounds import main as rounds_main

    assert rounds_main(["--venue", "club", "--broker", f"127.0.0.1:{broker.port}", "--password-file",
                        str(tmp_path / "hub.password"), "--ca", str(broker.files.ca), "--round", "2",
                        "--game", "coloretto", "t2=Dee, Ed"]) == 0
    path = tmp_path / "journal.sqlite3"
    Journal(path).close()
    got = threading.Event()
    link = VenueLink(path, settings_for(broker, "t2"), credentials_for(broker, tmp_path, "t2"))
    link.on_assignment = lambda a: got.set()
    with link:
        assert got.wait(20)      # retained: the table finds its seating when it connects
        assert link.assignment == {"v": 1, "table": "t2", "round": 2, "players": ["Dee", "Ed"], "game": "coloretto"}
    hub.close()
    store.close()
    try:
        round_message("t1", 1, ["Ann", " Ann"])
        raise AssertionError("a player seated twice was taken")
    except ValueError:
        pass


def test_a_game_abandoned_at_a_table_frees_it_on_the_wall_and_counts_in_no_standings(broker, tmp_path):
    store = HubStore(tmp_path / "hub.sqlite3")
    hub = HubListener(store, "club", "127.0.0.1", broker.port, "hub", broker.passwords["hub"], str(broker.files.ca))
    hub.start()
    assert hub.connected.wait(20)
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        finished = TableSession.new(journal, GameConfig.build("counter", ["Ann", "Bo"], target=10))
        given_up = None
        with VenueLink(path, settings_for(broker), credentials_for(broker, tmp_path)) as link:
            assert link.wait_until(lambda s: s.state == CONNECTED, 20)
            for action in WIN_FOR_FIRST:
                finished.submit(action)
            given_up = TableSession.new(journal, GameConfig.build("counter", ["Cy", "Dee"], target=10))
            for action in WIN_FOR_FIRST[:3]:
                given_up.submit(action)
            link.update_state(session_state("t1", given_up))
            link.wake()
            assert link.wait_sent(20), link.status

            def shown_game():
                state = next((t["state"] for t in store.tables() if t["table"] == "t1"), None)
                return (state or {}).get("game")

            end = time.monotonic() + 20
            while (shown_game() or {}).get("number") != given_up.game_id and time.monotonic() < end:
                with store.changed:
                    store.changed.wait(0.5)
            assert (shown_game() or {}).get("number") == given_up.game_id
            given_up.abandon()               # the players give it up (the state is not sent again)
            link.wake()
            assert link.wait_sent(20), link.status
            end = time.monotonic() + 20
            while (given_up.game_id, -2) not in store.events_of("t1") and time.monotonic() < end:
                with store.changed:
                    store.changed.wait(0.5)
    assert (given_up.game_id, -2) in store.events_of("t1")
    assert shown_game() is None                                     # the wall shows the table free
    assert [(s.name, s.games) for s in store.standings()] == [("Ann", 1), ("Bo", 1)]
    hub.close()
    store.close()
